"""tf.matmul of operands of two dtypes, or with an ``output_type`` other than theirs.

TF 2.21's matmul sends those to kernels other than MatMul / BatchMatMulV2:
- ``output_type`` differing from either operand's dtype: BatchMatMulV3, whose CPU kernels multiply
  int8 / uint8 operands into int32 (quantized products) and int8 / uint8 with bfloat16 into bfloat16;
  any other combination (float32 into float64, float16 into float32) has no kernel: NotFoundError.
- a bfloat16 operand beside a float32 one (no ``output_type``): SparseMatMul, which widens the bfloat16
  values and returns float32.
It also words the refusals of one-dtype products that MatMul / BatchMatMulV2 have no kernel for.
"""
import numpy as np

from .. import backend, dtypes
from ..deprecation import deprecated
from ..errors import NotFoundError, kernel_error
from ..tensor import Tensor, convert_to_tensor

# BatchMatMulV3's CPU kernels, (Ta, Tb, Tout), as TF 2.21's NotFoundError lists them
_V3_CPU = [('uint8', 'bfloat16', 'bfloat16'), ('int8', 'bfloat16', 'bfloat16'), ('bfloat16', 'uint8', 'bfloat16'),
           ('bfloat16', 'int8', 'bfloat16'), ('uint8', 'uint8', 'int32'), ('int8', 'uint8', 'int32'),
           ('uint8', 'int8', 'int32'), ('int8', 'int8', 'int32'), ('int64', 'int64', 'int64'),
           ('int32', 'int32', 'int32'), ('int16', 'int16', 'int16'), ('float64', 'float64', 'float64'),
           ('float32', 'float32', 'float32'), ('bfloat16', 'bfloat16', 'bfloat16'),
           ('complex128', 'complex128', 'complex128'), ('complex64', 'complex64', 'complex64')]
_KERNEL_NAMES = {'float32': 'FLOAT', 'float64': 'DOUBLE', 'float16': 'HALF'}
_XLA_LINE = ("  device='XLA_CPU_JIT'; Tout in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT16, DT_COMPLEX64, DT_INT64, "
             "DT_BFLOAT16, DT_COMPLEX128, DT_HALF]; Tb in [DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, "
             "DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]; Ta in [DT_FLOAT, DT_DOUBLE, DT_INT32, "
             "DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF]")


def _dt(name):
    return 'DT_' + _KERNEL_NAMES.get(name, name.upper())


def operands(a, b):
    """``a`` and ``b`` converted as TF's matmul converts them: ``a`` alone, ``b`` with a's dtype as a hint."""
    a = a if isinstance(a, Tensor) else convert_to_tensor(a)
    b = b if isinstance(b, Tensor) else convert_to_tensor(b, dtype_hint=a.dtype)
    return a, b


def takes_other_kernel(a, b, output_type):
    """Whether TF's matmul runs BatchMatMulV3 or SparseMatMul for these converted operands."""
    ta, tb = a._data.dtype.name, b._data.dtype.name
    if output_type is not None:
        out = np.dtype(dtypes.numpy_dtype(output_type)).name
        return out != ta or out != tb
    # TF's test: a bfloat16 side beside anything but itself, int8 or uint8
    return ta != tb and (ta == 'bfloat16' and tb not in _QUANTIZED or tb == 'bfloat16' and ta not in _QUANTIZED)


_QUANTIZED = ('int8', 'uint8')
_SPARSE_SIGNATURE = ('a:Ta, b:Tb -> product:float; attr=transpose_a:bool,default=false; attr=transpose_b:bool,'
                     'default=false; attr=a_is_sparse:bool,default=false; attr=b_is_sparse:bool,default=false; '
                     'attr=Ta:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_BFLOAT16]; attr=Tb:type,default=DT_FLOAT,'
                     'allowed=[DT_FLOAT, DT_BFLOAT16]')


def sparse_matmul_notice():
    """TF's deprecation notice, logged once, as its matmul calls SparseMatMul (a bfloat16 operand beside a
    float32 one, or a_is_sparse / b_is_sparse with float32 / bfloat16 operands)."""


sparse_matmul_notice = deprecated('sparse_mat_mul', 'tensorflow.python.ops.gen_math_ops',
                                  'Use `tf.linalg.matmul` instead')(sparse_matmul_notice)


def matmul(a, b, transpose_a, transpose_b, output_type):
    """The product of converted (and, for an adjoint, already conjugated) ``a`` and ``b`` by the kernel
    TF picks for their dtypes and ``output_type``."""
    ta, tb = a._data.dtype.name, b._data.dtype.name
    da, db = a._data, b._data
    if output_type is None:         # SparseMatMul: both sides as float32, a float32 product
        kernel, out = 'SparseMatMul', np.dtype(np.float32)
        sparse_matmul_notice()
        for attribute, name in (('Ta', ta), ('Tb', tb)):
            if name not in ('float32', 'bfloat16'):
                from ..errors import InvalidArgumentError
                shown = {'float64': 'double', 'float16': 'half'}.get(name, name)
                error = InvalidArgumentError("Value for attr '%s' of %s is not in the list of allowed values: float, "
                                             "bfloat16\n\t; NodeDef: {{node SparseMatMul}}; Op<name=SparseMatMul; "
                                             "signature=%s> [Op:SparseMatMul] name: "
                                             % (attribute, shown, _SPARSE_SIGNATURE))
                error.add_note('matmul: a bfloat16 operand multiplies a float32 or bfloat16 one; cast the %s one'
                               % name)
                raise error
    else:
        kernel, out = 'BatchMatMulV3', np.dtype(dtypes.numpy_dtype(output_type))
        if (ta, tb, out.name) not in _V3_CPU:
            raise _not_found(ta, tb, out.name, transpose_a, transpose_b)
    xa = da.swapaxes(-1, -2) if transpose_a else da
    xb = db.swapaxes(-1, -2) if transpose_b else db
    if da.ndim < 2 or db.ndim < 2 or xa.shape[-1] != xb.shape[-2]:
        raise kernel_error(kernel, 'Matrix size-incompatible: In[0]: [%s], In[1]: [%s]'
                           % (','.join(map(str, da.shape)), ','.join(map(str, db.shape))), named=True,
                           note='matmul: inner dimensions differ: %s @ %s' % (tuple(da.shape), tuple(db.shape)))
    # int8 / uint8 into int32 is exact in int32 arithmetic; bfloat16 sides widen to float32 first
    wide = np.int32 if out == np.int32 else np.float32
    xp = backend.array_module(da)
    product = xp.matmul(xa.astype(wide), xb.astype(wide))
    return Tensor(product.astype(out, copy=False))


def _not_found(ta, tb, out, transpose_a, transpose_b):
    listed = ''.join("\n  device='CPU'; Ta in [%s]; Tb in [%s]; Tout in [%s]" % tuple(map(_dt, kernel))
                     for kernel in _V3_CPU)
    error = NotFoundError('Could not find device for node: {{node BatchMatMulV3}} = BatchMatMulV3[Ta=%s, Tb=%s, '
                          'Tout=%s, adj_x=%s, adj_y=%s, grad_x=false, grad_y=false]\nAll kernels registered for op '
                          'BatchMatMulV3:\n%s%s\n [Op:BatchMatMulV3] name: '
                          % (_dt(ta), _dt(tb), _dt(out), str(bool(transpose_a)).lower(),
                             str(bool(transpose_b)).lower(), _XLA_LINE, listed))
    error.add_note('matmul: output_type=%s for %s @ %s has no CPU kernel; cast the operands (int8 / uint8 '
                   'operands can give int32) or leave output_type out' % (out, ta, tb))
    return error


# MatMul / BatchMatMulV2 (one dtype): the dtypes their op definitions refuse, and those they take with no CPU kernel
_BATCH_ALLOWED = ('bfloat16, half, float, double, int16, int32, int64, uint8, uint16, uint32, uint64, complex64, '
                  'complex128')
_BATCH_SIGNATURE = ('x:T, y:T -> output:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT16, '
                    'DT_INT32, DT_INT64, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; '
                    'attr=adj_x:bool,default=false; attr=adj_y:bool,default=false; attr=grad_x:bool,default=false; '
                    'attr=grad_y:bool,default=false')
_NO_CPU_KERNEL = ('uint8', 'uint16', 'uint32', 'uint64')
_CPU_LINES = ''.join("\n  device='CPU'; T in [DT_%s]" % t for t in
                     ('INT64', 'INT32', 'INT16', 'DOUBLE', 'FLOAT', 'BFLOAT16', 'HALF', 'COMPLEX128', 'COMPLEX64'))
_XLA_TYPES = {'MatMul': 'DT_FLOAT, DT_DOUBLE, DT_INT32, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, DT_COMPLEX128, DT_HALF',
              'BatchMatMulV2': 'DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_COMPLEX64, DT_INT64, DT_BFLOAT16, '
                               'DT_UINT16, DT_COMPLEX128, DT_HALF, DT_UINT32, DT_UINT64'}


def one_dtype_refusal(dtype_name, batched, transpose_a, transpose_b):
    """TF's error for a product of two ``dtype_name`` tensors that MatMul (matrices) or BatchMatMulV2
    (``batched``: an operand of rank 3 or more) cannot compute, or None where its kernel runs."""
    if dtype_name == 'int16' and batched:       # BatchMatMulV2 has an int16 CPU kernel, MatMul none
        return None
    if dtype_name in _NO_CPU_KERNEL:
        kernel = 'BatchMatMulV2' if batched else 'MatMul'
        flags = (('adj_x=%s, adj_y=%s, grad_x=false, grad_y=false' if batched else
                  'grad_a=false, grad_b=false, transpose_a=%s, transpose_b=%s')
                 % (str(bool(transpose_a)).lower(), str(bool(transpose_b)).lower()))
        error = NotFoundError('Could not find device for node: {{node %s}} = %s[T=%s, %s]\nAll kernels registered for '
                              "op %s:\n  device='XLA_CPU_JIT'; T in [%s]%s\n [Op:%s] name: "
                              % (kernel, kernel, _dt(dtype_name), flags, kernel, _XLA_TYPES[kernel], _CPU_LINES, kernel))
    elif batched and dtype_name in ('bool', 'int8'):
        from ..errors import InvalidArgumentError
        error = InvalidArgumentError("Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: "
                                     "{{node BatchMatMulV2}}; Op<name=BatchMatMulV2; signature=%s> [Op:BatchMatMulV2] "
                                     "name: " % (dtype_name, _BATCH_ALLOWED, _BATCH_SIGNATURE))
    else:
        return None
    error.add_note('matmul: TensorFlow has no %s kernel for %s; cast the operands first, e.g. tf.cast(x, tf.int32)'
                   % ('BatchMatMulV2' if batched else 'MatMul', dtype_name))
    return error
