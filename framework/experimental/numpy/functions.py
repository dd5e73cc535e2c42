"""The NumPy-named functions of ``tf.experimental.numpy``: ``keras.ops`` under NumPy's dtype rules.

Each function converts its array arguments as NumPy would (``conversion``),
then runs the ``keras.ops`` function of the same name, so gradients flow
through them as through any op. The tables below say which rule applies.
"""
import numbers

import numpy as np

from ...keras import ops
from ...tensor import Tensor
from ...variable import Variable
from .conversion import asarray, cast_to, default_float, floating, promoted, result_dtype
from .reductions import REDUCTIONS

# Integer input becomes float64 first (NumPy's result for these on int64).
FLOAT_UNARY = ['arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctanh', 'cbrt', 'ceil', 'cos', 'cosh',
               'deg2rad', 'exp', 'exp2', 'expm1', 'fabs', 'floor', 'log', 'log10', 'log1p', 'log2', 'rad2deg',
               'reciprocal', 'sin', 'sinc', 'sinh', 'sqrt', 'tan', 'tanh']
# The input's dtype is kept.
SAME_UNARY = ['abs', 'absolute', 'conj', 'conjugate', 'imag', 'isfinite', 'isinf', 'isnan', 'isneginf',
              'isposinf', 'isreal', 'logical_not', 'negative', 'real', 'sign', 'square']
# Both operands promote to numpy.result_type of the two.
PROMOTING_BINARY = ['add', 'bitwise_and', 'bitwise_or', 'bitwise_xor', 'cross', 'dot', 'equal', 'floor_divide',
                    'gcd', 'greater', 'greater_equal', 'heaviside', 'inner', 'kron', 'lcm', 'less', 'less_equal',
                    'logical_and', 'logical_or', 'logical_xor', 'matmul', 'maximum', 'minimum', 'mod',
                    'multiply', 'nextafter', 'not_equal', 'outer', 'power', 'subtract', 'vdot']
# Promoted, then made float (int / int is float64 in NumPy).
FLOAT_BINARY = ['arctan2', 'divide', 'hypot', 'true_divide']
# The first argument is an array; the rest are passed on (axes, shapes, counts).
ARRAY_FIRST = ['all', 'amax', 'amin', 'any', 'diag', 'diagflat', 'diagonal', 'diff', 'expand_dims', 'flip',
               'fliplr', 'flipud', 'max', 'min', 'moveaxis', 'ndim', 'ptp', 'ravel', 'repeat', 'roll', 'rot90',
               'sort', 'split', 'squeeze', 'swapaxes', 'take', 'take_along_axis', 'tile', 'trace',
               'transpose', 'tril', 'triu', 'vander', 'hsplit', 'vsplit', 'dsplit', 'broadcast_to', 'copy']
# A sequence of arrays, promoted together.
SEQUENCE = ['concatenate', 'dstack', 'hstack', 'stack', 'vstack']


def _named(name, function, rule):
    function.__name__ = function.__qualname__ = name
    function.__doc__ = ('NumPy-compatible ``%s``: keras.ops.%s, %s.' % (name, name, rule))
    return function


def _float_unary(name):
    op = getattr(ops, name)
    return _named(name, lambda x, *args, **kwargs: op(floating(x), *args, **kwargs), 'integer input as float64')


def _same_unary(name):
    op = getattr(ops, name)
    return _named(name, lambda x, *args, **kwargs: op(asarray(x), *args, **kwargs), "keeping the input's dtype")


def _promoting(name):
    op = getattr(ops, name)
    return _named(name, lambda x1, x2, *args, **kwargs: op(*promoted(x1, x2), *args, **kwargs),
                  'operands promoted as numpy.result_type')


def _float_binary(name):
    op = getattr(ops, name)
    return _named(name, lambda x1, x2: op(*[floating(v) for v in promoted(x1, x2)]),
                  'operands promoted, integers as float64')


def _array_first(name):
    op = getattr(ops, name)
    return _named(name, lambda a, *args, **kwargs: op(asarray(a), *args, **kwargs),
                  'the array converted as NumPy would')


def _sequence(name):
    op = getattr(ops, name)
    return _named(name, lambda arrays, *args, **kwargs: op(promoted(*arrays), *args, **kwargs),
                  'the arrays promoted together')


FUNCTIONS = {}
for _names, _make in ((FLOAT_UNARY, _float_unary), (SAME_UNARY, _same_unary), (PROMOTING_BINARY, _promoting),
                      (FLOAT_BINARY, _float_binary), (ARRAY_FIRST, _array_first), (SEQUENCE, _sequence)):
    for _name in _names:
        FUNCTIONS[_name] = _make(_name)


def maximum(x1, x2):
    """NumPy-compatible ``maximum``. ``maximum(tensor, 0)`` is TF's tnp relu fast path: it keeps the
    tensor's dtype whatever the zero's type (an int32 tensor and 0.0, or np.float64(0))."""
    if isinstance(x2, numbers.Real) and not isinstance(x2, bool) and x2 == 0 and isinstance(x1, Tensor) \
            and not isinstance(x1, Variable) and x1.dtype.name != 'bool':
        return ops.relu(x1)
    return ops.maximum(*promoted(x1, x2))


def matmul(x1, x2):
    """NumPy-compatible ``matmul`` (vectors as NumPy takes them). A kernel's size error is TF's tnp
    ValueError with the kernel's text (its matmul re-raises InvalidArgumentError so): also what ``a @ b``
    raises under NumPy behavior."""
    from ...errors import InvalidArgumentError
    try:
        return ops.matmul(*promoted(x1, x2))
    except InvalidArgumentError as error:
        raise ValueError(str(error)).with_traceback(error.__traceback__) from None


def hypot(x1, x2):
    """NumPy-compatible ``hypot``, composed as TF's tnp composes it: ``sqrt(square(x1) + square(x2))``,
    each square converted on its own (so ``hypot(tensor_f32, 1.0)`` is float64, as on TF)."""
    return FUNCTIONS['sqrt'](FUNCTIONS['add'](FUNCTIONS['square'](x1), FUNCTIONS['square'](x2)))


def argmax(a, axis=None):
    """NumPy-compatible ``argmax``: int64 indices, as NumPy."""
    return cast_to(ops.argmax(asarray(a), axis=axis), np.int64)


def argmin(a, axis=None):
    """NumPy-compatible ``argmin``: int64 indices, as NumPy."""
    return cast_to(ops.argmin(asarray(a), axis=axis), np.int64)


def where(condition, x=None, y=None):
    """``where(condition)``: the indices where it holds; ``where(condition, x, y)``: x or y, promoted."""
    if x is None and y is None:
        return nonzero(condition)
    if x is None or y is None:
        raise ValueError('tf.experimental.numpy.where: pass both x and y, or neither')
    return ops.where(asarray(condition), *promoted(x, y))


def nonzero(a):
    """NumPy-compatible ``nonzero``: one int64 index tensor per axis, as NumPy's and TF's tnp (its where_v2's
    int64 rows; keras.ops.nonzero gives int32), in a list as TF's unstack gives them (NumPy: a tuple)."""
    return [cast_to(i, np.int64) for i in ops.nonzero(asarray(a))]


def pad(array, pad_width, mode, **kwargs):
    """``pad`` as TF's tnp: ``mode`` has no default (a call without it is Python's TypeError there), only
    'constant' (with ``constant_values``), 'reflect' and 'symmetric', and ``pad_width`` is tf.pad's paddings
    (a matrix with 2 columns: a scalar width is the Pad kernel's InvalidArgumentError, not NumPy's broadcast)."""
    from ... import pad as tf_pad
    if not (mode == 'constant' or mode == 'reflect' or mode == 'symmetric'):
        raise ValueError('Unsupported padding mode: ' + mode)
    return tf_pad(asarray(array), asarray(pad_width, np.int32), mode=mode.upper(),
                  constant_values=kwargs.get('constant_values', 0))


def shape(a):
    """NumPy-compatible ``shape``: the array's TensorShape, as TF's tnp gives it."""
    return asarray(a).shape


def size(x, axis=None):
    """``size`` as TF's tnp: a NumPy int64 (1 for a Python or NumPy scalar); no ``axis``."""
    if axis is not None:
        raise NotImplementedError('axis argument is not supported in the current `np.size` implementation')
    if isinstance(x, (int, float, np.int32, np.int64, np.float32, np.float64)):
        return 1
    return np.prod(tuple(asarray(x).shape), dtype=int)


def log2(x):
    """``log2`` as TF's tnp computes it: ``log(x) / np.log(2)``. The NumPy float64 divisor is a float32
    tensor's own dtype in TF's operators, but promotes the quotient to float64 once NumPy behavior is on."""
    return FUNCTIONS['log'](x) / np.log(2)


def log10(x):
    """``log10`` as TF's tnp computes it: ``log(x) / np.log(10)`` (see log2)."""
    return FUNCTIONS['log'](x) / np.log(10)


def logaddexp(x1, x2):
    """``logaddexp`` composed as TF's tnp composes it: ``amax + log1p(exp(-|x1 - x2|))`` (``x1 + x2`` where
    the difference is NaN: infinities of one sign); operands promoted, integers as float64."""
    x1, x2 = [floating(v) for v in promoted(x1, x2)]
    delta = x1 - x2
    return where(FUNCTIONS['isnan'](delta), x1 + x2,
                 FUNCTIONS['maximum'](x1, x2) + FUNCTIONS['log1p'](FUNCTIONS['exp'](-FUNCTIONS['abs'](delta))))


def logaddexp2(x1, x2):
    """``logaddexp2`` as TF's tnp: ``amax + log1p(exp2(-|x1 - x2|)) / np.log(2)`` (float64 once NumPy
    behavior is on, as log2)."""
    x1, x2 = [floating(v) for v in promoted(x1, x2)]
    delta = x1 - x2
    return where(FUNCTIONS['isnan'](delta), x1 + x2,
                 FUNCTIONS['maximum'](x1, x2) + FUNCTIONS['log1p'](FUNCTIONS['exp2'](-FUNCTIONS['abs'](delta))) /
                 np.log(2))


def clip(a, a_min, a_max):
    """NumPy-compatible ``clip``: the bounds take the array's dtype."""
    a = asarray(a)
    return ops.clip(a, cast_to(asarray(a_min), np.dtype(a.dtype.name)), cast_to(asarray(a_max), np.dtype(a.dtype.name)))


def round(a, decimals=0):  # noqa: A001  (NumPy's name)
    """NumPy-compatible ``round`` (half to even)."""
    return ops.round(asarray(a), decimals)


around = round


def tensordot(a, b, axes=2):
    return ops.tensordot(*promoted(a, b), axes=axes)


def einsum(subscripts, *operands, **kwargs):
    # TF's tnp.einsum promotes the operands and runs tf.einsum: int8 or bool operands are its Einsum
    # NotFoundError (keras.ops.einsum would float the ints and multiply bools with MatMul)
    from ...ops.linalg import einsum as tf_einsum
    return tf_einsum(subscripts, *promoted(*operands), **kwargs)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return ops.isclose(*promoted(a, b), rtol=rtol, atol=atol, equal_nan=equal_nan)


def allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    return ops.all(isclose(a, b, rtol, atol, equal_nan))


def array_equal(a1, a2):
    a1, a2 = asarray(a1), asarray(a2)
    if a1.shape.as_list() != a2.shape.as_list():
        return asarray(False)
    return ops.all(ops.equal(*promoted(a1, a2)))


def average(a, axis=None, weights=None):
    """TF 2.21's tnp.average: with weights, both in result_type(a, weights) (a Python list of weights is
    weak, so float32 data stays float32), with the default float added for integer data."""
    if weights is None:
        return ops.average(floating(a), axis=axis)
    a = asarray(a)
    out = result_dtype(a, weights)
    if np.dtype(a.dtype.name).kind not in 'fc':
        out = np.result_type(out, default_float())
    return ops.average(cast_to(a, out), axis=axis, weights=asarray(weights, out))


def append(arr, values, axis=None):
    return ops.append(*promoted(arr, values), axis=axis)


def meshgrid(*xi, indexing='xy'):
    return ops.meshgrid(*promoted(*xi), indexing=indexing)


def select(condlist, choicelist, default=0):
    choices = promoted(*choicelist, default)
    return ops.select([asarray(c) for c in condlist], choices[:-1], choices[-1])


def take(a, indices, axis=None):
    """NumPy-compatible ``take``: keras.ops.take, Python indices as NumPy's int64 (a gather's
    IndexedSlices gradient keeps them, as TF's tnp.take)."""
    if isinstance(indices, (int, list, tuple)):
        indices = np.asarray(indices)
    return ops.take(asarray(a), indices, axis=axis)


FUNCTIONS.update(REDUCTIONS)
for _name in ('maximum', 'matmul', 'hypot', 'argmax', 'argmin', 'where', 'nonzero', 'pad', 'shape', 'size', 'log2', 'log10', 'logaddexp', 'logaddexp2', 'clip', 'round', 'around', 'tensordot',
              'einsum', 'isclose', 'allclose', 'array_equal', 'average', 'append', 'meshgrid', 'select', 'take'):
    FUNCTIONS[_name] = globals()[_name]
