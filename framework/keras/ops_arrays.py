"""``keras.ops`` array creation and conversion, under Keras 3's names and dtype defaults.

Keras 3 defaults differ from TensorFlow's in places: ``full`` and ``eye`` are
floatx whatever the fill value, ``arange`` is int32 for ints and float32 as
soon as one bound is a float, ``convert_to_numpy`` returns an ndarray.
"""
import numpy as np

from framework import backend, dtypes, trace_names
from framework import ops as _ops
from framework.errors import InvalidArgumentError, NotFoundError, kernel_error
from framework.ops.missing_kernels import refuse_missing
from framework.placement import current_xp
from framework.sparse.layout import to_dense as sparse_to_dense
from framework.sparse.sparse_tensor import SparseTensor
from framework import tensor as tensor_module
from framework.tensor import Tensor
from .backend import result_type, standardize_dtype as checked_dtype_name
from .ops_arguments import integer
from .ops_dynamic_shape import open_dims_as_tensors
from .ops_dtypes import floatx_dtype, standardize_dtype, tensor

__all__ = ['arange', 'array', 'cast', 'convert_to_numpy', 'convert_to_tensor', 'diag', 'dtype', 'eye', 'full',
           'full_like', 'identity', 'is_tensor', 'linspace', 'meshgrid', 'ndim', 'ones', 'ones_like', 'shape',
           'size', 'tri', 'tril', 'triu', 'zeros', 'zeros_like']


def convert_to_tensor(x, dtype=None, sparse=None, ragged=None):
    """A Tensor of ``x`` (Python ints: int32, floats: float32, numpy arrays keep their dtype)."""
    if isinstance(dtype, type):         # Keras standardizes it first: Python's int is int64
        dtype = standardize_dtype(dtype)
    elif dtype is not None:
        try:
            dtypes.as_keras_dtype(dtype)
        except TypeError:
            raise ValueError('Invalid dtype: %s' % (dtype,)) from None     # Keras 3's standardize_dtype
    if isinstance(x, SparseTensor):     # Keras 3 on TF keeps it sparse unless sparse=False
        if sparse is not None and not sparse:
            x = sparse_to_dense(x)
        elif dtype is None or x.dtype == dtypes.as_dtype(dtype):
            return x
        else:
            return _ops.cast(x, dtype)
    if dtype is not None and _python_numbers(x) and (dtypes.as_dtype(dtype).is_floating
                                                     or dtypes.as_dtype(dtype).is_complex):
        # Keras 3 hands Python numbers to TF's convert_to_tensor(x, dtype): 0.1 in float64 is the double 0.1,
        # not float32's 0.1 widened (0.10000000149011612)
        return tensor_module.convert_to_tensor(x, dtype)
    t = tensor(x, 'convert_to_tensor')
    if dtype is None or t._data.dtype == dtypes.numpy_dtype(dtype):
        return t
    if not isinstance(x, Tensor) and _conversion_refused(t, dtype):
        # Keras 3 converts what is no tensor with TF's convert_to_tensor(x, dtype) (it casts only to ints
        # and bools): strings to a number, numbers to strings and complex to real fail there, in TF's
        # words ("Cannot convert ['a'] to EagerTensor of dtype float"), not in Cast's
        return tensor_module.convert_to_tensor(x, dtype)
    return _ops.cast(t, dtype)


def _python_numbers(x):
    """Whether ``x`` is a Python int / float / bool or a (nested) list or tuple of only those (TF's conversion
    takes True at float16 but refuses it at bfloat16: 'Cannot convert True to EagerTensor of dtype bfloat16')."""
    if isinstance(x, (list, tuple)):
        return len(x) > 0 and all(_python_numbers(v) for v in x)
    return type(x) in (int, float, bool)


def _conversion_refused(t, dtype):
    """Whether TF's convert_to_tensor(x, dtype) refuses what tensor() made of ``x`` as ``t``, where Keras calls it."""
    target = dtypes.as_dtype(dtype)
    if target.is_integer or target.is_bool:
        return False
    text = t._data.dtype.kind in 'OSU'
    return text != (target == dtypes.string) or (t._data.dtype.kind == 'c' and not target.is_complex)


def array(x, dtype=None):
    return convert_to_tensor(x, dtype)


def convert_to_numpy(x):
    """``x`` as a numpy ndarray (0-d arrays for scalars), on the host.

    A copy: writing to it must not change the tensor (or a variable's later value).
    """
    return np.array(backend.to_host(x._data) if isinstance(x, Tensor) else x)


def is_tensor(x):
    return tensor_module.is_tensor(x)      # Keras 3's TF backend asks tf.is_tensor (ragged too)


def cast(x, dtype):
    """``x`` in ``dtype``; None means floatx, as Keras 3's standardize_dtype reads it. A SparseTensor
    stays sparse, its values cast (Keras 3 on TF: the OCR example casts its sparse labels)."""
    dtype = floatx_dtype() if dtype is None else checked_dtype_name(dtype)      # Keras 3's 'Invalid dtype: x'
    return _ops.cast(x if isinstance(x, SparseTensor) else tensor(x, 'cast'), dtype)


def dtype(x):
    """The dtype's name, e.g. 'float32'. Keras 3 reads ``x.dtype`` as it is: a list or a Python number is its
    AttributeError ("'int' object has no attribute 'dtype'")."""
    if not hasattr(x, 'dtype'):
        error = AttributeError("'%s' object has no attribute 'dtype'" % type(x).__name__)
        error.add_note('keras.ops.dtype: pass a tensor or an array, got %s' % type(x).__name__)
        raise error
    return standardize_dtype((x if isinstance(x, SparseTensor) else tensor(x, 'dtype')).dtype)


def shape(x):
    """The static shape as a tuple of ints."""
    if x is None:         # np.shape(None) is (): Keras converts x first and refuses None
        raise ValueError('keras.ops.shape: cannot take the shape of None; pass a tensor or an array')
    if trace_names.ACTIVE:        # a graph tensor's open lengths are tensors (ops_dynamic_shape.py)
        dims = open_dims_as_tensors(x)
        if dims is not None:
            return dims
    return tuple(x.shape) if hasattr(x, 'shape') else tuple(np.shape(x))


def ndim(x):
    """The number of axes, an int. Of a KerasTensor (keras.Input), Keras 3's Ndim op: a float32 KerasTensor of
    shape (rank,) recorded in the graph."""
    from layers.functional.keras_tensor import KerasTensor
    if type(x) is KerasTensor:
        from layers.functional.symbolic_ops import record_op
        return record_op('ndim', (x,), {})
    return len(shape(x))


def size(x):
    """The number of elements, as an int32 scalar tensor (Keras 3 on TensorFlow)."""
    return _ops.size(tensor(x, 'size'))


# ---- creation -----------------------------------------------------------------------------
def _dtype(dtype, default):
    return dtypes.numpy_dtype(dtype) if dtype is not None else default


def zeros(shape, dtype=None):
    return _ops.zeros(shape, _dtype(dtype, floatx_dtype()))


def ones(shape, dtype=None):
    return _ops.ones(shape, _dtype(dtype, floatx_dtype()))


def full(shape, fill_value, dtype=None):
    """``shape`` filled with ``fill_value``, floatx unless ``dtype`` says otherwise."""
    return _filled(shape, fill_value, _dtype(dtype, floatx_dtype()), 'full')


def _filled(shape, fill_value, dtype, op):
    # Keras 3: convert_to_tensor(fill_value, dtype), with its errors ('a' for a float: TF's
    # "Cannot convert 'a' to EagerTensor of dtype float"; for an int: Cast's UnimplementedError)
    value = convert_to_tensor(fill_value, dtype)
    return _ops.broadcast_to(value, (shape,) if isinstance(shape, (int, np.integer)) else shape)


def zeros_like(x, dtype=None):
    return _ops.zeros_like(tensor(x, 'zeros_like'), dtype)


def ones_like(x, dtype=None):
    return _ops.ones_like(tensor(x, 'ones_like'), dtype)


def full_like(x, fill_value, dtype=None):
    t = tensor(x, 'full_like')
    return _filled(t.shape, fill_value, _dtype(dtype, t.dtype), 'full_like')


def arange(start, stop=None, step=None, dtype=None):
    """[start, stop) in steps of ``step``: int32 for int bounds, float32 once one is a float."""
    step = 1 if step is None else step
    if start is None:
        raise TypeError('keras.ops.arange: start must be a number, got None')
    if stop is None:
        start, stop = 0, start
    if dtype is None:       # Keras 3: Python bounds are weak (int32 / float32), tensor bounds keep theirs
        dtype = result_type(*(getattr(b, 'dtype', type(b)) for b in (start, stop, step)))
    elif isinstance(dtype, type):       # Keras standardizes it first: Python's int is int64
        dtype = standardize_dtype(dtype)
    try:
        return _ops.range(start, stop, step, dtype=dtype)
    except NotFoundError:      # (int8 / int16 / uint16..uint64: no Range CPU kernel) Keras counts in float32, casts
        return _ops.cast(_ops.range(start, stop, step, dtype='float32'), dtype)


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """``num`` evenly spaced values from start to stop, as Keras 3 on TensorFlow computes them: tf.linspace in
    result_type(start, stop, float) (floatx for Python numbers), endpoint=False as tf.linspace to
    stop - step; integer dtypes floored. ``retstep`` also returns the step (NaN for a single value)."""
    num = integer(num, 'num', 'linspace')
    if num < 0:
        raise ValueError('`num` must be a non-negative integer. Received: num=%d' % num)
    dtype = (checked_dtype_name(dtype) if dtype is not None else
             result_type(getattr(start, 'dtype', type(start)), getattr(stop, 'dtype', type(stop)), float))
    start, stop = (_as_linspace_end(v, dtype) for v in (start, stop))
    step = _ops.constant(np.nan, 'float32')
    if endpoint:
        result = _ops.linspace(start, stop, num, axis=axis)
        if num > 1:
            step = (stop - start) / (_ops.cast(num, dtype) - 1)
    else:
        if num > 0:
            step = (stop - start) / _ops.cast(num, dtype)
        result = _ops.linspace(start, _ops.cast(stop, step.dtype) - step if num > 1 else stop, num, axis=axis)
    if 'int' in dtype:
        result = _ops.floor(result)
    result = _ops.cast(result, dtype)
    return (result, step) if retstep else result


def _as_linspace_end(value, dtype):
    # Keras 3's convert_to_tensor: a Python number converts straight to a float dtype (7.1 in float64 is not
    # float32's 7.1 widened), to an int or bool one by a cast of its own tensor (2.5 is 2, 0 is False)
    if not isinstance(value, (int, float)):
        return _ops.cast(tensor(value, 'linspace'), dtype)
    if dtype == 'bool' or 'int' in dtype:
        return _ops.cast(_ops.constant(value), dtype)
    return _ops.constant(value, dtype)


def eye(N, M=None, k=0, dtype=None):  # noqa: N803  (Keras 3's names)
    """Ones on the ``k``-th diagonal of an N x M matrix (floatx by default).

    Raises:
        TypeError: a float N or M, in Keras 3's words; other sizes as ``_backend_eye``.
    """
    if _is_floating(N):
        raise TypeError('Argument `N` must be an integer or an integer tensor.')
    if _is_floating(M):
        raise TypeError('Argument `M` must be an integer, an integer tensor, or `None`.')
    return _backend_eye(N, M, k, dtype)


def identity(n, dtype=None):
    return _backend_eye(n, n, 0, dtype)     # Keras 3's identity skips eye's float check


def _is_floating(value):
    return isinstance(value, float) or (getattr(value, 'dtype', None) is not None and
                                        np.dtype(getattr(value.dtype, 'as_numpy_dtype', value.dtype)).kind == 'f')


def _backend_eye(N, M, k, dtype):  # noqa: N803
    """Keras 3's TF backend: with k == 0 it is tf.eye(N, M), whose checks and words a bad size meets
    ('Arguments `num_rows` and `num_columns` must be positive integer values...', Fill's error for -1)."""
    if type(k) is int and k == 0:
        return _ops.eye(N, N if M is None else M, dtype=_dtype(dtype, floatx_dtype()))
    N, M, k = integer(N, 'N', 'eye'), None if M is None else integer(M, 'M', 'eye'), integer(k, 'k', 'eye')
    return Tensor(current_xp().eye(N, M, k, dtype=_dtype(dtype, floatx_dtype())))


def tri(N, M=None, k=0, dtype=None):  # noqa: N803
    """Ones at and below the ``k``-th diagonal of an N x M matrix."""
    N, M, k = integer(N, 'N', 'tri'), None if M is None else integer(M, 'M', 'tri'), integer(k, 'k', 'tri')
    return Tensor(current_xp().tri(N, M, k, dtype=_dtype(dtype, floatx_dtype())))


def _triangle(x, k, lower, op):
    t = tensor(x, op)
    if t._data.dtype.kind in 'OSU' and t.ndim >= 2:     # TF 2.21's MatrixBandPart has no CPU kernel for strings
        refuse_missing(t, 'MatrixBandPart', op, ', Tindex=DT_INT64')
    if t.ndim < 2:
        # TF's MatrixBandPart kernel refuses it, in its words
        raise kernel_error('MatrixBandPart', 'input must be at least 2-dim, received shape: [%s]'
                           % ','.join(map(str, t.shape)), named=True,
                           note='keras.ops.%s: needs a tensor of rank >= 2, got shape %s' % (op, tuple(t.shape)))
    rows, cols = t.shape[-2:]
    k = integer(k, 'k', op)
    keep = backend.array_module(t._data).tri(rows, cols, k if lower else k - 1, dtype=bool)
    return _ops.where(keep if lower else ~keep, t, _ops.zeros_like(t))


def tril(x, k=0):
    """``x`` with the entries above the ``k``-th diagonal set to 0 (the last two axes)."""
    return _triangle(x, k, True, 'tril')


def triu(x, k=0):
    """``x`` with the entries below the ``k``-th diagonal set to 0 (the last two axes)."""
    return _triangle(x, k, False, 'triu')


def refuse_strings(t):
    """``t``, or the TypeError Keras 3 on TF raises placing the zeros of a diagonal beside strings."""
    if t._data.dtype.kind in 'OSU':
        raise TypeError('Cannot convert 0 to EagerTensor of dtype string')
    return t


def diag(x, k=0):
    """A 1-D ``x`` placed on the ``k``-th diagonal of a square matrix, or a 2-D
    ``x``'s ``k``-th diagonal; built from gathers, so the gradient flows."""
    t = refuse_strings(tensor(x, 'diag'))
    k = integer(k, 'k', 'diag')
    if t.ndim == 1:
        n = t.shape[0] + (k if k >= 0 else -k)
        rows, cols = np.indices((n, n))
        # Position 0 of the padded vector is the zero every off-diagonal entry takes.
        source = np.where(cols - rows == k, np.minimum(rows, cols) + 1, 0)
        padded = _ops.concat([_ops.zeros([1], t.dtype), t], 0)
        return _ops.gather(padded, source.astype('int32'))
    if t.ndim == 2:
        rows, cols = t.shape
        start_row, start_col = (0, k) if k >= 0 else (-k, 0)
        length = np.maximum(0, np.minimum(rows - start_row, cols - start_col))
        steps = np.arange(length)
        return _ops.getitem(t, (steps + start_row, steps + start_col))
    raise ValueError('keras.ops.diag: x must be 1-D or 2-D, got shape %s' % (tuple(t.shape),))


def meshgrid(*x, indexing='xy'):
    return _ops.meshgrid(*[tensor(v, 'meshgrid') for v in x], indexing=indexing)
