"""Norms and the clipping and normalising built on them.

All but reduce_euclidean_norm are composed from recorded ops (square, reduce_sum,
sqrt, maximum, where), as TensorFlow composes them, so their gradients, and second
derivatives, come from those ops' rules; reduce_euclidean_norm is TensorFlow's
EuclideanNorm kernel with its own rule. As in TensorFlow, the gradient of a
Euclidean norm at the zero vector is NaN.
"""
import collections.abc
import math

import numpy as np

from .. import backend
from ..errors import kernel_error, noted
from ..indexed_slices import IndexedSlices, map_values
from ..tensor import Tensor, convert_to_tensor
from . import float_kernels
from .operands import ACTIVE, as_float_tensor, as_numeric_tensor, as_tensor, named_errors, normalize_axis, record
from .reductions import reduce_max, reduce_sum
from .selection import where
from .unary import abs as abs_, rsqrt, sqrt, square
from .variable_reads import read_once
from ..tf_python_names import tf_named


@named_errors('reduce_euclidean_norm', passes_name=True)
def reduce_euclidean_norm(input_tensor, axis=None, keepdims=False, name=None):
    """sqrt(sum(x ** 2)) over ``axis``; integer tensors give the truncated integer norm."""
    x = float_kernels.refuse_bool(as_numeric_tensor(input_tensor, 'reduce_euclidean_norm'), 'reduce_euclidean_norm')
    axes = normalize_axis(axis, x.ndim, 'reduce_euclidean_norm')     # a bad axis is EuclideanNorm's error
    if x._data.dtype.kind in 'iub':
        a = x._data
        xp = backend.array_module(a)
        # Eigen's EuclideanNormReducer adds x * x in the tensor's dtype (wrapping as C's integers do: TF 2.21's
        # norm of int8 [100, 100] is sqrt(16 + 16) -> 5), then takes sqrt through double and truncates
        with np.errstate(over='ignore'):
            squares = xp.sum(a * a, axis=axes, keepdims=keepdims, dtype=a.dtype)
        return Tensor(xp.sqrt(xp.asarray(squares).astype('float64')).astype(a.dtype))
    if not ACTIVE:
        return sqrt(reduce_sum(_times_conjugate(x), axis, keepdims))
    from ..tape import paused
    with paused():                  # one EuclideanNorm op, with its own gradient rule
        out = sqrt(reduce_sum(_times_conjugate(x), axis, keepdims))
    record('euclidean_norm', (x,), out, (lambda g, y, x: _euclidean_norm_grad(g, y, x, axes, keepdims),))
    return out


def _times_conjugate(x):
    """x * conj(x), the squares TF's Euclidean norms sum (|x|^2 for complex values, with a zero imaginary
    part; x * x for real ones, with no conj op recorded)."""
    if x._data.dtype.kind != 'c':
        return x * x
    from .complex_parts import conj
    return x * conj(x)


def _euclidean_norm_grad(g, y, x, axes, keepdims):
    """TF's _EuclideanNormGrad: x / (norm / g), the norm and g with the reduced axes kept (a zero norm
    gives NaN there, as in TF)."""
    if not keepdims:
        from .shapes import reshape
        reduced = range(x.ndim) if axes is None else [a % x.ndim for a in np.atleast_1d(axes)]
        kept = [1 if i in reduced else n for i, n in enumerate(x._data.shape)]
        y, g = reshape(y, kept), reshape(g, kept)
    if x._data.dtype.kind == 'c':       # TF's x / (norm / g), in the real form the tape conjugates
        from .complex_parts import conj
        return conj(x) / (conj(y) / g)
    return x / (y / g)


@tf_named('norm_v2')
@named_errors('norm')
def norm(tensor, ord='euclidean', axis=None, keepdims=None, name=None):  # noqa: A002  (TensorFlow's name)
    """Vector or matrix norm, as ``tf.norm``.

    Args:
        tensor: a floating tensor.
        ord: for vectors 'euclidean' (2), 1, numpy.inf or any p > 0; for matrices
            (``axis`` a pair) 'fro' / 'euclidean', 1 (largest column sum),
            2 (largest singular value) or numpy.inf (largest row sum).
        axis: None (all elements as one vector), an axis, or a pair of axes.
        keepdims: keep the reduced axes with size 1.
    Raises:
        ValueError: an ``ord`` the chosen kind of norm does not support.
    """
    matrix = _checked_norm_kind(axis, ord)
    x = _norm_operand(tensor, ord, matrix)
    keepdims = bool(keepdims)
    if axis is None:
        axes = tuple(range(x.ndim))
    else:
        axes = tuple(axis) if matrix else (axis,)
        if any(not -x.ndim <= a < x.ndim for a in axes):
            _bad_axis(axes, x, matrix, ord)
        axes = tuple(a % x.ndim for a in axes)
    if matrix:
        return _matrix_norm(x, ord, axes, keepdims)
    return _vector_norm(x, ord, axes, keepdims)


def _norm_operand(tensor, ord, matrix):  # noqa: A002
    """The tensor tf.norm reads. TF's 1, inf and p norms start with Abs, so integer tensors compute there in
    their dtype (int32 in, int32 out; uint8 / bool meet Abs's registry error, a p-norm's 1 / p its TypeError);
    a matrix 2-norm of them meets Svd's registry error, the others Sqrt's (as_float_tensor's)."""
    given = read_once(as_tensor(tensor, 'norm'))
    kind = given._data.dtype.kind
    if kind in 'bOS' and (ord in ('euclidean', 'fro') or (ord in (2, 2.0) and not matrix)):
        # TF's Euclidean norms multiply by conj(tensor) first, whose check refuses strings and bools
        raise noted(TypeError('Expected numeric or variant tensor, got dtype tf.%s.' % given.dtype.name),
                    'norm: expected a numeric tensor, got dtype %s; cast it first' % given.dtype.name)
    if kind not in 'iubOS' or ord in ('euclidean', 'fro') or (ord in (2, 2.0) and not matrix):
        return read_once(as_float_tensor(given, 'norm'))
    if matrix and ord in (2, 2.0):
        error = float_kernels.refusal('svd', given.dtype.name)
        error.add_note('norm: a matrix 2-norm takes the largest singular value: cast the tensor to float first')
        raise error
    return given


_MATRIX_ORDS = ['euclidean', 'fro', 1, 2, math.inf]
_VECTOR_ORDS = ['euclidean', 1, 2, math.inf]


def _checked_norm_kind(axis, ord):  # noqa: A002
    """Whether ``axis`` asks for a matrix norm, after tf.norm's own checks of axis and ord, in its order
    and words: a pair of distinct Python ints is a matrix norm, None or one Python int a vector norm
    (a one-item list, a numpy int or a tensor are refused)."""
    if isinstance(axis, (tuple, list)) and len(axis) == 2:
        pair = tuple(axis)
        if not isinstance(pair[0], int) or not isinstance(pair[1], int) or pair[0] == pair[1]:
            raise noted(ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {pair}"),
                        'norm: a matrix norm takes two different axes as Python ints, got %r' % (axis,))
        if ord not in _MATRIX_ORDS:
            raise noted(ValueError(f"'ord' must be a supported matrix norm in ['euclidean', 'fro', 1, 2, inf], got {ord}"),
                        "norm: for a matrix norm (axis=%r) ord must be 'fro', 'euclidean', 1, 2 or numpy.inf" % (axis,))
        return True
    if not (isinstance(axis, int) or axis is None):
        raise noted(ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}"),
                    'norm: axis must be None, a Python int (a vector norm) or a pair of them (a matrix norm), got %r'
                    % (axis,))
    if (not np.isreal(ord) or ord <= 0) and ord not in _VECTOR_ORDS:
        raise noted(ValueError(f"'ord' must be a supported vector norm, got {ord}"),
                    "norm: a vector norm takes ord 'euclidean', 1, 2, numpy.inf or a number p > 0, got %r" % (ord,))
    return False


def _bad_axis(axes, x, matrix=False, ord='euclidean'):  # noqa: A002
    """The error of the first op of TF 2.21's norm that meets an axis out of range (its words; ' name: '
    where that op follows another in eager TF, as printed by TF 2.21, progs/opsfuzz11/p17.py)."""
    def valid(a):
        return -x.ndim <= a < x.ndim
    bad = next(a for a in axes if not valid(a))
    text = 'norm: axis %d is out of range for a tensor of shape %s' % (bad, tuple(x.shape))
    if matrix and ord in (2, 2.0):      # the spectral norm transposes the matrix axes last first
        rest = [i for i in range(x.ndim) if i not in axes]
        raise kernel_error('Transpose', 'transpose expects a vector of size %d. But input(1) is a vector of size %d'
                           % (x.ndim, len(rest) + 2), named=True, note=text)
    if matrix and ord in (1, math.inf):     # a Sum over one axis, then a Max over the other
        summed, then = axes if ord == 1 else axes[::-1]
        kernel, bad = ('Sum', summed) if not valid(summed) else ('Max', then)
        named = True
    elif not matrix and ord == math.inf:
        kernel, named = 'Max', True
    else:       # the Frobenius / euclidean / p norms' Sum; ord=1's Sum follows an Abs: eager's name tail
        kernel, named = 'Sum', not matrix and ord in (1, 1.0)
    raise kernel_error(kernel, 'Invalid reduction dimension (%d for input with %d dimension(s)' % (bad, x.ndim),
                       named=named, note=text)


def _vector_norm(x, ord, axes, keepdims):  # noqa: A002
    if ord in ('euclidean', 2, 2.0):
        return _squeezed(sqrt(reduce_sum(_times_conjugate(x), axes, True)), axes, keepdims)
    if ord == 1:
        return _squeezed(reduce_sum(abs_(x), axes, True), axes, keepdims)
    if ord == math.inf:
        return _squeezed(reduce_max(abs_(x), axes, True), axes, keepdims)
    if np.isreal(ord) and not isinstance(ord, bool) and ord > 0:        # (numpy numbers too, as TF)
        power = ord if x._data.dtype.kind in 'iu' else float(ord)       # TF's pow(abs(x), ord) as given
        return _squeezed(reduce_sum(abs_(x) ** power, axes, True) ** (1.0 / float(ord)), axes, keepdims)
    raise ValueError("norm: ord must be 'euclidean', 1, 2, numpy.inf or a number p > 0 for a vector "
                     "norm, got %r" % (ord,))


def _squeezed(result, axes, keepdims):
    """tf.norm's last step: its reductions keep the axes and a Squeeze drops them. The Squeeze is an op of
    TF's tape, so a tensor read by the norm and by other ops gets its gradients added in TF's visiting
    order only with it on the tape too (backward_order.py: tf.norm(v - 1.0) + tf.norm(v) + ... was an
    ulp off TF 2.21)."""
    if keepdims:
        return result
    from .shapes import squeeze
    return squeeze(result, list(axes))


def _matrix_norm(x, ord, axes, keepdims):  # noqa: A002
    rows, cols = axes
    if ord in ('fro', 'euclidean'):
        return _squeezed(sqrt(reduce_sum(_times_conjugate(x), axes, True)), axes, keepdims)
    if ord in (1, math.inf):
        summed, then = (rows, cols) if ord == 1 else (cols, rows)
        sums = reduce_sum(abs_(x), summed, keepdims=True)
        result = reduce_max(sums, then, keepdims=True)
        if keepdims:
            return result
        from .shapes import squeeze
        return squeeze(result, list(axes))
    if ord in (2, 2.0) and not isinstance(ord, bool):
        return _spectral_norm(x, axes, keepdims)
    raise ValueError("norm: ord must be 'fro', 'euclidean', 1, 2 or numpy.inf for a matrix norm (axis=%r), "
                     "got %r" % (list(axes), ord))


def _spectral_norm(x, axes, keepdims):
    """The largest singular value of the matrices on ``axes`` (its gradient is svd's)."""
    from .linalg_decompositions import svd
    from .shapes import expand_dims, transpose
    rest = [a for a in range(x.ndim) if a not in axes]
    largest = reduce_max(svd(transpose(x, rest + list(axes)), compute_uv=False), -1)
    if keepdims:
        for a in sorted(axes):
            largest = expand_dims(largest, a)
    return largest


@named_errors('l2_normalize')
def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """x / sqrt(max(sum(x ** 2, axis), epsilon)), as ``tf.math.l2_normalize``."""
    from .arithmetic import maximum
    t = as_tensor(x, 'l2_normalize')
    axis = dim if axis is None and dim is not None else axis
    if t._data.dtype.kind in 'iu':      # TensorFlow gets as far as max(sum, epsilon): epsilon is no int
        reduce_sum(square(t), axis, keepdims=True)      # (so the sum's axis errors come first, as there)
        error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (epsilon, t.dtype.name))
        error.add_note('l2_normalize: expected a floating-point tensor, got dtype %s; cast it first' % t.dtype.name)
        raise error
    x = read_once(as_float_tensor(t, 'l2_normalize'))
    if x._data.dtype.kind == 'c':       # TensorFlow's complex branch: |x|^2 from the parts, each part scaled
        from .complex_build import complex as make_complex
        from .complex_parts import imag, real
        re, im = real(x), imag(x)
        inverse = rsqrt(maximum(reduce_sum(re * re + im * im, axis, keepdims=True), epsilon))
        return make_complex(re * inverse, im * inverse)
    # Square, not x * x: TF's gradient reaches x from two readers, not three, and so adds in its order
    squares = reduce_sum(square(x), axis, keepdims=True)
    return x * rsqrt(maximum(squares, epsilon))


@named_errors('clip_by_norm')
def clip_by_norm(t, clip_norm, axes=None, name=None):
    """t scaled so that its L2 norm over ``axes`` is at most ``clip_norm``.

    TensorFlow's formula: t * clip_norm / max(norm, clip_norm), with a negative clip_norm
    read as 0 and the norm taken as 0 (not NaN) for an all-zero t, so the gradient there stays finite.
    An IndexedSlices is clipped by the norm of its values (repeated rows each
    counted), and stays an IndexedSlices.
    """
    from .arithmetic import maximum
    if isinstance(t, IndexedSlices):
        return map_values(lambda values: clip_by_norm(values, clip_norm, axes), t)
    if isinstance(t, (list, tuple)):        # TF converts it with name="t" (its Pack errors end 'name: t')
        t = convert_to_tensor(t, name='t')
    _refuse_integers(t)
    t = read_once(float_kernels.refuse_complex(as_float_tensor(t, 'clip_by_norm'), 'clip_by_norm', 'greater'))
    # TensorFlow reads a negative clip_norm as 0 (the result is then zeros, not -t / |t|); a tensor clip_norm
    # is cast to t's dtype after that maximum (a float32 bound clips float64 values)
    if np.isscalar(clip_norm) and not isinstance(clip_norm, (str, bytes)):
        clip_norm = max(float(clip_norm), 0.0)
    else:
        from .shapes import cast
        clip_norm = cast(maximum(as_tensor(clip_norm, 'clip_by_norm'), 0), t.dtype)
    squares = reduce_sum(t * t, axes, keepdims=True)
    positive = squares > 0
    length = where(positive, sqrt(where(positive, squares, 1.0)), squares)
    return t * clip_norm / maximum(length, clip_norm)


def _refuse_integers(t):
    # TF's clip_by_norm squares and sums t in its dtype, then takes Sqrt: integers reach Sqrt's registry error,
    # bools Sum's (t * t of bools passes)
    x = t if isinstance(t, Tensor) else as_tensor(t, 'clip_by_norm')
    if x._data.dtype.kind in 'iub':
        error = float_kernels.refusal('sqrt' if x._data.dtype.kind != 'b' else 'reduce_sum', x.dtype.name)
        error.add_note('clip_by_norm: t must be a float tensor, got %s; cast it first' % x.dtype.name)
        raise error


@named_errors('global_norm')
def global_norm(t_list, name=None):
    """sqrt of the sum of squares of every element of every tensor in ``t_list`` (None skipped;
    an IndexedSlices counts its values)."""
    if not isinstance(t_list, collections.abc.Sequence) or isinstance(t_list, str):
        raise noted(TypeError('`t_list` should be a sequence of tensors. Received %s.' % type(t_list)),
                    'global_norm: pass a list of tensors, e.g. [w, b]')
    tensors = _present([t.values if isinstance(t, IndexedSlices) else t for t in t_list], 'global_norm')
    if not tensors:
        # TF 2.21 sums an empty stack: 0.0 float32 (clip_by_global_norm of a tape's all-None gradients)
        return Tensor(np.zeros((), np.float32))
    for position, t in enumerate(tensors[1:], 1):
        if t.dtype != tensors[0].dtype:     # TF stacks the L2Losses: Pack's input check
            from .graph_input_errors import eager_input_error
            error = eager_input_error('Pack', position, tensors[0].dtype, t.dtype, name='stack')
            error.add_note('global_norm: all tensors must share one dtype, got %s and %s'
                           % (tensors[0].dtype.name, t.dtype.name))
            raise error
    # TF's composition, sqrt(reduce_sum(stack(l2_loss(t) ...)) * 2), so that gradients round as TF's:
    # L2Loss's rule t * grad is one product (t * t's is two halves, added apart from other uses of t)
    from .losses_nn import l2_loss
    from .shapes import stack
    return sqrt(reduce_sum(stack([l2_loss(t) for t in tensors])) * 2.0)


def clip_by_global_norm(t_list, clip_norm, use_norm=None, name=None):
    """(tensors scaled by clip_norm / max(global_norm, clip_norm), global_norm).

    None entries stay None, IndexedSlices stay IndexedSlices (their values scaled).
    A non-finite global norm makes every result NaN, as in TensorFlow.
    """
    from .arithmetic import minimum
    if isinstance(t_list, Tensor) or not isinstance(t_list, (list, tuple)):
        from ..type_text import class_text
        error = TypeError('`t_list` should be a sequence of tensors. Received %s.' % class_text(t_list))
        error.add_note('clip_by_global_norm: t_list must be a list or tuple of tensors, got %s'
                       % type(t_list).__name__)
        raise error
    present = _present([t for t in t_list if not isinstance(t, IndexedSlices)], 'clip_by_global_norm') + \
        [t for t in t_list if isinstance(t, IndexedSlices)]
    if use_norm is not None and not hasattr(use_norm, 'dtype'):
        # TF builds constant(1.0, dtype=use_norm.dtype): a Python number has none
        raise noted(AttributeError("'%s' object has no attribute 'dtype'" % type(use_norm).__name__),
                    'clip_by_global_norm: use_norm must be a tensor (or numpy scalar), got %r' % (use_norm,))
    norm_value = global_norm(present) if use_norm is None else as_float_tensor(use_norm, 'clip_by_global_norm')
    clip_norm = _number_or_tensor(clip_norm, norm_value.dtype, 'clip_by_global_norm')
    # (use_norm - use_norm) is 0, or NaN when the norm is inf or NaN.
    scale = clip_norm * minimum(1.0 / norm_value, _reciprocal(clip_norm)) + (norm_value - norm_value)
    clipped = [None if t is None else map_values(lambda values: values * scale, t) if isinstance(t, IndexedSlices)
               else as_float_tensor(t, 'clip_by_global_norm') * scale for t in t_list]
    return clipped, norm_value if use_norm is None else use_norm      # (TF returns use_norm as given)


def _reciprocal(clip_norm):
    # TF divides a tensor: a clip norm of 0 gives 1 / 0 = inf, so the scale is 0 * (1 / norm) = 0 (every
    # tensor zeroed; NaN for a zero norm). Python's float division would raise ZeroDivisionError.
    if isinstance(clip_norm, float) and clip_norm == 0.0:
        return math.copysign(math.inf, clip_norm)
    return 1.0 / clip_norm


def _present(t_list, op):
    # TensorFlow sums L2Loss(t) per tensor: its kernel refuses complex values (numpy would square them)
    return [float_kernels.refuse_complex(as_float_tensor(t, op), op, 'l2_loss') for t in t_list if t is not None]


def _number_or_tensor(value, dtype, op):
    # A Python number stays one: it combines with a tensor of any float dtype on
    # any device, where a converted tensor would land on the current device.
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return float(value)
    return as_tensor(value, op, dtype=dtype)
