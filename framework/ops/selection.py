"""Choosing between values: where, clip_by_value."""
import numpy as np

from ..composite import dispatch
from ..errors import InvalidArgumentError, fast_path, kernel_error, with_name_tail
from .. import backend
from ..indexed_slices import IndexedSlices, map_values
from ..tensor import Tensor
from . import float_kernels
from .graph_input_errors import eager_input_error
from .operands import ACTIVE, _dtype_mismatch, _other, as_tensor, binary, named_errors, record
from .branchless_select import select
from .signed_zero_ties import ties_as_tensorflow
from ..tf_python_names import tf_named


@tf_named('where_v2')
def where(condition, x=None, y=None, name=None):
    """Elements of x where condition holds, of y elsewhere (broadcasting all three).

    With x and y omitted, the int64 coordinates of the true (or non-zero) elements, shape (n, rank).
    """
    try:
        cond = as_tensor(condition, 'where')
    except TypeError:      # a RaggedTensor (framework/ragged/ragged_array_dispatch.py); else re-raised
        return dispatch('where', condition, x, y)
    c = cond._data
    xp = backend.array_module(c)
    if x is None and y is None and (c.dtype.kind in 'biufc' or c.dtype.name == 'bfloat16'):
        # TensorFlow's Where kernel takes numbers too: the coordinates of the non-zero ones
        return Tensor(xp.argwhere(c).astype('int64'))
    if (x is None) != (y is None):
        error = ValueError('x and y must both be non-None or both be None.')
        error.add_note('where: give both x and y, or neither')
        raise error
    if c.dtype.kind != 'b':
        raise _condition_error(condition, cond)
    if x is None and y is None:
        return Tensor(xp.argwhere(c).astype('int64'))
    # TF's SelectV2 errors end in ' name: ' unless a list was passed (fast_path): asked of the
    # arguments as given, and only once an error is raised
    given = condition, x, y
    if _is_text(x) or _is_text(y):
        x, y = _text_pair(x, y)
        dx, dy = x._data, y._data
    else:
        try:
            x, y, dx, dy = binary(x, y, 'where')
        except InvalidArgumentError as err:
            if fast_path(*given) and str(err).endswith('[Op:SelectV2]'):       # two tensors of other dtypes
                raise with_name_tail(err) from None
            raise
    try:
        picked = select(xp, c, dx, dy)
        if type(dx) is float or type(dy) is float:
            # numpy widens a Python float beside bfloat16 to float32; TF's SelectV2 keeps the tensor's dtype
            kept = (y if type(dx) is float else x)._data.dtype
            if picked.dtype != kept:
                picked = picked.astype(kept)
        out = Tensor(picked)
    except ValueError:
        raise kernel_error('SelectV2', 'condition %s, then %s, and else %s must be broadcastable'
                           % (_dims(c), _dims(dx), _dims(dy)), named=fast_path(*given),
                           note='where: condition %s, x %s and y %s do not broadcast together'
                                % (tuple(c.shape), _shape(dx), _shape(dy))) from None
    if ACTIVE:
        record('where', (x, y), out, (lambda g, out, x, y: where(cond, g, 0), lambda g, out, x, y: where(cond, 0, g)))
    return out


def _condition_error(condition, cond):
    """TF's error for a condition that is no bool tensor beside x and y: a Python list fails its conversion
    to bool, a tensor the SelectV2 kernel's input check."""
    if isinstance(condition, (list, tuple)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype bool' % (condition,))
    else:
        error = eager_input_error('SelectV2', 0, 'bool', cond.dtype.name)
    error.add_note('where: condition must be a bool tensor when x and y are given, got dtype %s' % cond.dtype.name)
    return error


def _dims(array):
    return '[%s]' % ','.join(map(str, np.shape(array)))


def _is_text(value):
    if isinstance(value, Tensor):
        return value._data.dtype == object
    if isinstance(value, (str, bytes)):
        return True
    return isinstance(value, (list, tuple, np.ndarray)) and np.asarray(value).dtype.kind in 'USO'


def _text_pair(x, y):
    """x and y as string tensors: TensorFlow's SelectV2 picks between strings (the text tutorials'
    tf.where(mask, words, '[PAD]')), and refuses a number beside them."""
    x, y = as_tensor(x, 'where'), as_tensor(y, 'where')
    for position, value in ((1, x), (2, y)):
        if value._data.dtype != object:
            # SelectV2 takes its type from x: y of another dtype fails the match, in the kernel's words
            error = _dtype_mismatch(x._data, y._data, 'where')
            error.add_note('where: input #%d (zero-based) is a %s tensor beside a string tensor; convert the '
                           'numbers first (tf.strings.as_string) or pass strings' % (position, value.dtype.name))
            raise error
    return x, y


@named_errors('clip_by_value')
def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """t clipped into [min, max]; the gradient passes to t where it lies inside
    (bounds included), and to a tensor bound where t lies beyond it. An
    IndexedSlices stays one, its values clipped."""
    if isinstance(t, IndexedSlices):
        return map_values(lambda values: clip_by_value(values, clip_value_min, clip_value_max), t)
    t = float_kernels.refuse_complex(as_tensor(t, 'clip_by_value'), 'clip_by_value', 'minimum')
    a = t._data
    if a.dtype.kind == 'O':     # Minimum's registry refuses strings (numpy would compare them)
        raise float_kernels.string_refusal('minimum', 'string', fast_path(clip_value_max) and not isinstance(
            clip_value_max, (str, bytes)))
    # TensorFlow's minimum(t, max) runs before maximum(., min): the max bound is checked first
    hi = _bound(clip_value_max, a, 'minimum')
    lo = _bound(clip_value_min, a, 'maximum')
    xp = backend.array_module(a)
    try:
        # min before max, as TensorFlow's kernel: bounds given the wrong way round (min > max) give min.
        below_hi = ties_as_tensorflow(xp, xp.minimum, xp.minimum(a, hi), a, hi)
        out = Tensor(ties_as_tensorflow(xp, xp.maximum, xp.maximum(below_hi, lo), below_hi, lo).astype(a.dtype, copy=False))
    except ValueError:
        raise _clip_shapes_error(a, lo, hi, not isinstance(clip_value_min, (list, tuple)),
                                 not isinstance(clip_value_max, (list, tuple))) from None
    if out._data.shape != a.shape:      # TF merges the result's shape with t's: bounds may not grow t
        error = ValueError('Shapes %s and %s are incompatible' % (_shape_text(a.shape), _shape_text(out._data.shape)))
        error.add_note('clip_by_value: bounds of shapes %s and %s would give t %s another shape'
                       % (_shape(lo), _shape(hi), tuple(a.shape)))
        raise error
    if ACTIVE:
        record('clip_by_value', (t, clip_value_min, clip_value_max), out, _CLIP_VJPS)
    return out


def _clip_lo_gradient(g, t, lo, hi):
    """lo's share of the gradient of TensorFlow's clip_by_value, maximum(minimum(t, hi), lo): Maximum's rule
    gives g to minimum(t, hi) where that is >= lo, else to lo. So lo takes all of it where the bounds are the
    wrong way round (lo > hi), and where t or a bound is NaN."""
    from .arithmetic import minimum
    from .logic import logical_not
    return where(logical_not(minimum(t, hi) >= lo), g, 0)


# t's and hi's shares follow from the same two rules: Minimum gives g to t where t <= hi, else to hi (there
# minimum(t, hi) is hi, which keeps it where hi >= lo)
_CLIP_VJPS = (lambda g, y, t, lo, hi: where((t >= lo) & (t <= hi), g, 0),
              lambda g, y, t, lo, hi: _clip_lo_gradient(g, t, lo, hi),
              lambda g, y, t, lo, hi: where((t > hi) & (hi >= lo), g, 0))


def _bound(value, a, op):
    """A clip bound as TensorFlow's Minimum / Maximum take it beside ``a``: a tensor of a's dtype, or a
    value that converts to it (clip_by_value(int_tensor, 0.5, 4.5) is TF's TypeError, not a truncation)."""
    if isinstance(value, Tensor):
        if value._data.dtype != a.dtype:
            raise _dtype_mismatch(a, value._data, op)
        return value._data
    if a.dtype.kind == 'b' and type(value) in (int, float):
        raise TypeError('Cannot convert %r to EagerTensor of dtype bool' % (value,))
    if a.dtype.kind in 'OSU':
        return value                    # strings: the kernel's refusal comes below, as before
    return _other(value, a, op)[1]


def _shape_text(shape):
    return '(%s)' % ', '.join(map(str, shape)) if len(shape) != 1 else '(%d,)' % shape[0]


def _clip_shapes_error(a, lo, hi, lo_tensor=True, hi_tensor=True):
    """TF's eager text for the kernel whose broadcast fails first: Minimum(t, max), then Maximum(that, min)
    (its ' name: ' tail only where that bound was an array or tensor, not a Python list: TF 2.21's texts)."""
    words = ('clip_by_value: t %s and the bounds %s, %s do not broadcast together'
             % (tuple(a.shape), _shape(lo), _shape(hi)))
    try:
        kernel, first, second, named = 'Minimum', a.shape, _shape(hi), hi_tensor
        middle = np.broadcast_shapes(first, second)
        kernel, first, second, named = 'Maximum', middle, _shape(lo), lo_tensor
        np.broadcast_shapes(first, second)
    except ValueError:
        return kernel_error(kernel, 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, first)),
                                                                             ','.join(map(str, second))),
                            named=named, note=words)
    return InvalidArgumentError(words)


def _shape(d):
    return tuple(getattr(d, 'shape', ()))
