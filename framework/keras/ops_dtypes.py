"""Keras 3's dtype rules for ``keras.ops``, on top of tapeflow's ops.

tapeflow's ops follow TensorFlow: mixing int32 and float32 tensors is an
error. Keras 3 programs rely on its promotion instead (``ops.add(int32, float32)``
is float32, ``ops.mean`` of ints and ``ops.divide`` of ints are float32, a
Python float meeting an int tensor gives floatx). These helpers apply those
rules, so each ``keras.ops`` function stays a thin adapter.
"""
import numpy as np

from framework import ops as _ops
from framework.errors import InvalidArgumentError
from framework.ops.graph_input_errors import eager_input_error
from framework.ops.operands import as_tensor
from framework.tensor import Tensor

_PY_NUMBERS = (bool, int, float)
# Keras 3's promotion narrows these results on every backend, TensorFlow's included (dtype_lattice.NARROWED)
_NARROWED = {np.dtype('uint64'): np.dtype('uint32'), np.dtype('complex128'): np.dtype('complex64')}


def floatx_dtype():
    """``keras.config.floatx()`` as a numpy dtype: Keras 3's default of its creation ops (ones, zeros, full,
    eye, tri, empty), one_hot and ``cast(x, None)``, read when called (set_floatx('float64') makes them float64)."""
    from framework import dtypes
    from .backend import floatx
    return dtypes.numpy_dtype(floatx())


def weak_int_dtype():
    """The dtype Keras 3's lattice gives a weak Python int where nothing stronger meets it (add(1, 2), bool tensor
    + 1): an int of floatx's width, int64 under set_floatx('float64'), int16 under 'float16'."""
    return np.dtype('int' + floatx_dtype().name[-2:]) if floatx_dtype().name != 'bfloat16' else np.dtype('int16')


def tensor(x, op):
    """``x`` as a Tensor; Python ints become int32 and floats float32, numpy arrays keep their dtype."""
    return x if isinstance(x, Tensor) else as_tensor(x, 'keras.ops.' + op)


def floating(x, op, compute=None):
    """``x`` as a floating tensor: ints and bools become floatx read when called (Keras 3's math ops ask
    ``result_type(x.dtype, float)``), or ``compute`` where Keras asks ``result_type(x.dtype, compute)``
    (mean and nanmean: 'float32' whatever floatx is)."""
    t = tensor(x, op)
    kind = t._data.dtype.kind
    if _floating_kind(t._data.dtype):
        return t
    if kind not in 'iub':
        raise _not_numeric(op, t)
    return _ops.cast(t, compute or floatx_dtype())


def float_result_dtype(t):
    """The dtype of Keras 3's ``result_type(t.dtype, float)``: floatx for integer and bool tensors."""
    return t._data.dtype if _floating_kind(t._data.dtype) else floatx_dtype()


def floating_weak(x, op):
    """``x`` in the dtype Keras 3 computes as ``result_type(x.dtype, float)`` (sqrt, log, the trig ops,
    angle, ...): ``floating``'s, except that complex128 meeting the weak Python float is complex64."""
    t = floating(x, op)
    return _ops.cast(t, 'complex64') if t._data.dtype == np.complex128 else t


def linalg_input(x, op):
    """``x`` as TensorFlow's matrix kernels take it, float or complex: Keras 3 on TensorFlow casts nothing,
    so an integer or bool matrix is the kernel's op-registry refusal (numpy would cast it)."""
    t = tensor(x, op)
    if t._data.dtype.kind in 'OSU':
        raise _not_numeric(op, t)
    if t._data.dtype.kind not in 'iub':
        return t
    from framework.ops import float_kernels
    kernel_op = 'cholesky' if op == 'logdet' else op      # Keras's logdet runs a Cholesky first
    error = float_kernels.refusal(kernel_op, t.dtype.name)
    if error is None:           # pinv, matrix_rank: TensorFlow's Python check
        error = TypeError('Input `a` must have `float`-like `dtype` (saw %s).' % t.dtype.name)
    elif op == 'cholesky':      # Keras wraps the kernel's error
        error = ValueError('Cholesky decomposition failed: %s' % error)
    error.add_note('keras.ops.%s: a matrix of dtype %s; cast it first, e.g. keras.ops.cast(x, "float32")'
                   % (op, t.dtype.name))
    raise error


def same_dtype_operand(a, b, op, kernel):
    """``b`` as a tensor of ``a``'s dtype, or TensorFlow's error for a kernel's second operand of another
    dtype (Keras 3 on TF casts neither: solve(float32, int32) is MatrixSolve's refusal)."""
    t = tensor(b, op)
    if t._data.dtype != a._data.dtype:
        error = eager_input_error(kernel.replace('_MklNative', ''), 1, a.dtype, t.dtype, runs=kernel)
        error.add_note('keras.ops.%s: both operands must have one dtype, got %s and %s; cast one first'
                       % (op, a.dtype.name, t.dtype.name))
        raise error
    return t


def numeric(x, op):
    """``x`` as a tensor that arithmetic accepts: bools become int32, as Keras 3 sums them."""
    t = tensor(x, op)
    if t._data.dtype.kind == 'b':
        return _ops.cast(t, 'int32')
    if t._data.dtype.kind not in 'fciu' and not _floating_kind(t._data.dtype):
        raise _not_numeric(op, t)
    return t


def _not_numeric(op, t):
    """A string (or object) tensor where Keras 3 on TF needs numbers: TF's kernel refuses it with its registry's
    InvalidArgumentError (Keras's type promotion with a ValueError, which InvalidArgumentError also is; it is a
    TypeError too, the class tapeflow raised here before). Where _STRING_KERNELS names the kernel Keras 3's op
    meets first, the text is that kernel's registry text; tapeflow's sentence is then a note."""
    words = ('keras.ops.%s: expected a numeric tensor, got dtype %s; convert the strings first '
             '(e.g. tf.strings.to_number)' % (op, t.dtype.name))
    if op in _PROMOTION_FIRST and t._data.dtype.kind in 'OSU':
        error = ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
        error.add_note(words)
        return error
    from framework.ops import float_kernels
    kernel = _STRING_KERNELS.get(op)
    error = float_kernels.refusal(kernel, 'string') if kernel and t._data.dtype.kind in 'OSU' else None
    if error is None:
        return InvalidArgumentError(words)
    error.add_note(words)
    return error


# keras.ops -> the float_kernels.KERNELS entry whose kernel Keras 3's TensorFlow op meets first with a string
# tensor (kopsfuzz rows op|0|string, TF 2.21): 'Value for attr 'T' of string is not in the list ... {{node Abs}}'
_STRING_KERNELS = {
    'abs': 'abs', 'absolute': 'abs', 'fabs': 'abs', 'square': 'square', 'normalize': 'square',
    'exp': 'exp', 'expm1': 'expm1', 'leaky_relu': 'leaky_relu',
    'amax': 'reduce_max', 'max': 'reduce_max', 'nanmax': 'reduce_max',
    'amin': 'reduce_min', 'min': 'reduce_min', 'nanmin': 'reduce_min', 'histogram': 'reduce_min',
    'sum': 'reduce_sum', 'trace': 'reduce_sum', 'prod': 'reduce_prod', 'nanprod': 'reduce_prod',
    'std': 'reduce_mean', 'cumsum': 'cumsum', 'nancumsum': 'cumsum', 'cumprod': 'cumprod', 'nancumprod': 'cumprod',
    'logdet': 'cholesky', 'lu_factor': 'lu_factor', 'det': 'det', 'inv': 'inv',
    'eigh': 'eigh', 'qr': 'qr', 'svd': 'svd', 'slogdet': 'slogdet', 'solve': 'solve',
    'solve_triangular': 'solve_triangular', 'average_pool': 'AvgPool', 'conv': 'Conv2D',
    'depthwise_conv': 'DepthwiseConv2dNative', 'argmax': 'ArgMax', 'nanargmax': 'ArgMax', 'argmin': 'ArgMin',
    'nanargmin': 'ArgMin',
}


# keras.ops whose Keras 3 TensorFlow op first asks Keras's type promotion for a float dtype, which has no
# string: its ValueError (TF 2.21, /work/notes/progs/errors30/p_kstr2.py)
_PROMOTION_FIRST = frozenset((
    'angle', 'arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctanh', 'average', 'ceil', 'cos', 'cosh',
    'floor', 'inner', 'layer_normalization', 'log', 'log10', 'log1p', 'log2', 'mean', 'median', 'nanstd', 'nanvar',
    'norm', 'rms_normalization', 'sin', 'sinc', 'sinh', 'sqrt', 'tan', 'tanh', 'trapezoid', 'var', 'vdot'))


def _floating_kind(dtype):
    # ml_dtypes' bfloat16 is numpy kind 'V'; Keras's lattice puts it among the floats
    return dtype.kind in 'fc' or dtype.name == 'bfloat16'


def summable(x, op):
    """``x`` as Keras 3 sums and multiplies it (jax's rule): bool, int8 and int16 in int32,
    uint8 and uint16 in uint32, other dtypes as they are."""
    t = numeric(x, op)
    name = t._data.dtype.name
    if name in ('int8', 'int16'):
        return _ops.cast(t, 'int32')
    if name in ('uint8', 'uint16'):
        return _ops.cast(t, 'uint32')
    return t


def floating_wide(x, op):
    """``x`` as a floating tensor the way Keras 3's cbrt, deg2rad and rad2deg make one: int64
    becomes float64, other integers and bools floatx."""
    t = tensor(x, op)
    if t._data.dtype.name == 'int64':
        return _ops.cast(t, 'float64')
    return floating(t, op)


def result_dtype(a, b):
    """The dtype Keras 3 computes in when dtypes ``a`` and ``b`` meet (bfloat16 beside an int
    stays bfloat16; beside float16 both become float32)."""
    if a == b:
        return _NARROWED.get(a, a)
    a_float, b_float = _floating_kind(a), _floating_kind(b)
    if a_float != b_float:
        out = a if a_float else b          # int64 + float32 is float32 in Keras 3, not float64
    elif a.kind == 'b':
        out = b
    elif b.kind == 'b':
        out = a
    else:
        out = np.promote_types(a, b)
        # int64 and uint64 meet in Keras's lattice at its weak float, floatx (numpy says float64)
        if out.kind == 'f' and a.kind in 'iu':
            out = floatx_dtype()
    return _NARROWED.get(out, out)


def pair(x1, x2, op):
    """(x1, x2) ready for a binary tapeflow op under Keras 3's promotion.

    A Python number next to a tensor stays a weak scalar (the tensor's dtype
    wins), except a float next to an int or bool tensor, which makes floatx, and
    an int next to a bool tensor, which makes an int of floatx's width. Two Python
    numbers meet at the weak result: floatx, or that int (add(1, 2) is int64 under
    set_floatx('float64') and int16 under 'float16', as on TF 2.21).
    """
    py1, py2 = type(x1) in _PY_NUMBERS, type(x2) in _PY_NUMBERS
    if py1 and py2:
        kind = type(x1)
        x1 = _ops.constant(x1, bool if kind is bool else floatx_dtype() if kind is float else weak_int_dtype())
        py1 = False
    if py1 or py2:
        scalar, other = (x1, x2) if py1 else (x2, x1)
        other = tensor(other, op)
        kind = other._data.dtype.kind
        # (a Python bool beside a bool tensor stays bool, as in Keras: the kernels then refuse it)
        if (kind == 'b' and type(scalar) is not bool) or (type(scalar) is float and kind in 'iu'):
            other = _ops.cast(other, floatx_dtype() if type(scalar) is float else weak_int_dtype())
        elif other._data.dtype in _NARROWED:
            other = _ops.cast(other, _NARROWED[other._data.dtype])
        return (scalar, other) if py1 else (other, scalar)
    return cast_all([x1, x2], op)


def cast_all(values, op):
    """Tensors of ``values``, all cast to their common Keras 3 dtype."""
    tensors = [tensor(v, op) for v in values]
    if not tensors:
        return tensors
    dtype = tensors[0]._data.dtype
    for t in tensors[1:]:
        if (t._data.dtype.kind == 'O') is not (dtype.kind == 'O'):
            # Keras 3's promotion lattice has no string: its error, before a cast would raise Cast's
            error = ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
            error.add_note("keras.ops.%s: dtype='string' is not a valid dtype for Keras type promotion (got %s); "
                           "strings do not mix with numbers" % (op, ', '.join(display(u) for u in tensors)))
            raise error
        dtype = result_dtype(dtype, t._data.dtype)
    return [t if t._data.dtype == dtype else _ops.cast(t, dtype) for t in tensors]


def cast_all_promoted(values, op):
    """``cast_all`` for an op whose Keras 3 TensorFlow op asks the type promotion for its dtype even when
    the operands share one (matmul, dot, tensordot): strings are its ValueError, before any kernel."""
    tensors = cast_all(values, op)
    if any(t._data.dtype.kind in 'OSU' for t in tensors):
        error = ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
        error.add_note('keras.ops.%s: expected numeric tensors, got %s; convert the strings first (e.g. '
                       'tf.strings.to_number)' % (op, ', '.join(display(t) for t in tensors)))
        raise error
    return tensors


def in_product_dtype(tensors, exact=(), bools=True):
    """``tensors`` (of one dtype, as cast_all leaves them) in the dtype Keras 3 on TF multiplies them in, and
    the dtype to cast the product back to (None if none): TF's product kernels are float kernels to Keras, so
    integer and bool operands go in floatx() (big ints round: 16777217 * 1 is 16777216) and the product is
    cast back, except for the integer dtypes in ``exact``, which a kernel takes as they are, and for bools
    where ``bools`` is False (Keras's einsum floats only what it calls 'int': TF's MatMul then refuses bools)."""
    dtype = tensors[0]._data.dtype
    if dtype.kind not in ('biu' if bools else 'iu') or dtype.name in exact:
        return tensors, None
    from .backend import floatx
    return [_ops.cast(t, floatx()) for t in tensors], dtype


def display(t):
    return '%s %s' % ('string' if t._data.dtype.kind == 'O' else t._data.dtype.name, tuple(t.shape))


def float_pair(x1, x2, op):
    """(x1, x2) promoted, then made floating: true division and the like."""
    x1, x2 = pair(x1, x2, op)
    strings = [isinstance(v, Tensor) and v._data.dtype.kind in 'OSU' for v in (x1, x2)]
    if any(strings) and not (op == 'hypot' and all(strings)):     # (hypot of two: its kernel's refusal)
        # Keras 3 asks its type promotion for the float dtype first, which has no string
        error = ValueError("dtype='string' is not a valid dtype for Keras type promotion.")
        error.add_note('keras.ops.%s: expected numeric operands, got a string tensor; convert the strings first '
                       '(e.g. tf.strings.to_number)' % op)
        raise error
    return tuple(v if not isinstance(v, Tensor) or _floating_kind(v._data.dtype) else _ops.cast(v, floatx_dtype())
                 for v in (x1, x2))


def float_tensors(x1, x2, op):
    """``float_pair`` as two tensors of one dtype: a Python number becomes a constant of the other operand's
    dtype (Keras 3's divide_no_nan converts it at the promoted dtype: 0.7 beside an int tensor under
    float64 floatx keeps its double digits, not float32's)."""
    a, b = float_pair(x1, x2, op)
    if not isinstance(a, Tensor):
        a = _ops.constant(a, b.dtype)
    elif not isinstance(b, Tensor):
        b = _ops.constant(b, a.dtype)
    return cast_all([a, b], op)


def converted_float_pair(x1, x2, op):
    """(x1, x2) as Keras 3's arctan2, logaddexp, logaddexp2 and nextafter take them: each converted to a tensor
    first (a Python float is float32, an int int32, never weak), then ``result_type(x1, x2, float)``: int
    tensors meet at floatx, but arctan2(int_tensor, 0.7) is float32 under any floatx (TF 2.21)."""
    return float_tensors(tensor(x1, op), tensor(x2, op), op)


def standardize_dtype(dtype):
    """A dtype's name as Keras 3 spells it ('float32'), or None."""
    if dtype is None:
        return None
    from framework import dtypes
    if isinstance(dtype, type):     # Keras's PYTHON_DTYPES_MAP (int is int64 on TF), its error for others
        from .backend import standardize_dtype as keras_standardize_dtype
        return keras_standardize_dtype(dtype)
    return dtypes.as_dtype(dtype).name


# keras.ops whose TF kernel refuses complex (or bool) tensors Keras 3 hands it uncast: op -> (kernel, its list)
_KERNEL_LISTS = {
    'cross': ('Cross', 'float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64'),
    'digitize': ('Bucketize', 'int32, int64, float, double'),
    'histogram': ('Min', 'float, double, int32, uint8, int16, int8, int64, bfloat16, uint16, half, uint32, uint64, '
                         'qint8, quint8, qint32, qint16, quint16'),
    'ldexp': ('IsInf', 'bfloat16, half, float, double'),
    'nan_to_num': ('IsNan', 'bfloat16, half, float, double'),
}


def refuse_kinds(t, op, kinds='c'):
    """``t``, or TF 2.21's registry InvalidArgumentError when its dtype kind is one of ``kinds`` (tapeflow's numpy
    computed: a complex cross product, nan_to_num of complex values, a histogram of bools)."""
    if t._data.dtype.kind in kinds:
        kernel, allowed = _KERNEL_LISTS[op]
        error = InvalidArgumentError("Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: "
                                     "{{node %s}}" % (t.dtype.name, allowed, kernel))
        error.add_note('keras.ops.%s: TensorFlow has no %s kernel for %s tensors' % (op, kernel, t.dtype.name))
        raise error
    return t
