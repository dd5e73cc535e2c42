"""Regression losses: one value per sample, the mean over the last axis (Keras 3 formulas)."""
import numpy as np

from ..graph_random_ops import pushes_constants
from ..ops import (abs, cast, graph_rewrites, log, maximum, minimum, reduce_mean, reduce_sum, reshape, rsqrt, softplus,
                  square, where)
from .fused import mean_absolute_difference, mean_squared_difference
from .inputs import (EPSILON, as_keras_converts, comparable, keras_mean, matched, squeeze_or_expand_to_same_rank,
                     to_dtype)

# Keras makes these two constants float32 tensors (convert_to_tensor(epsilon()), ops.log(2.0)) before
# they meet the data: float64 data sees them rounded to float32 (log(1 + 1.0000000116860974e-07))
_EPSILON_FLOAT32 = float(np.float32(EPSILON))
_LOG2_FLOAT32 = float(np.log(np.float32(2.0)))


def mean_squared_error(y_true, y_pred):
    """mean(square(y_true - y_pred), axis=-1)."""
    y_true, y_pred = matched(y_true, y_pred, 'mean_squared_error')
    if y_pred._data.dtype.itemsize == 2 and y_pred._data.dtype.kind in 'fV':    # half: keras_mean averages in float32
        return keras_mean(square(y_true - y_pred), -1)
    return mean_squared_difference(y_true, y_pred)     # the three ops, fused


def mean_absolute_error(y_true, y_pred):
    """mean(abs(y_true - y_pred), axis=-1)."""
    y_true, y_pred = matched(y_true, y_pred, 'mean_absolute_error')
    if y_pred._data.dtype.itemsize == 2 and y_pred._data.dtype.kind in 'fV':    # half: keras_mean averages in float32
        return keras_mean(abs(y_true - y_pred), -1)
    return mean_absolute_difference(y_true, y_pred)    # the three ops, fused


def mean_absolute_percentage_error(y_true, y_pred):
    """100 * mean(abs((y_true - y_pred) / maximum(abs(y_true), 1e-7)), axis=-1)."""
    # Keras converts epsilon to y_pred's dtype first: integer predictions make it 0, so a zero label
    # divides by 0 (TF 2.21: nan for 0 / 0, inf otherwise), where tapeflow's float32 predictions keep 1e-7
    if _integer_array(y_pred):
        # and the predictions stay integers, y_true cast to them: TF's truediv of int32 / int64 is float64
        # (int8 / int16: float32), so TF 2.21's mape of int32 arrays is float64 with float64's bits
        y_true, y_pred = comparable(*squeeze_or_expand_to_same_rank(*as_keras_converts(
            y_true, y_pred, 'mean_absolute_percentage_error')), 'mean_absolute_percentage_error')
        return 100.0 * keras_mean(abs((y_true - y_pred) / maximum(_keras_abs(y_true), 0)), -1)
    y_true, y_pred = matched(y_true, y_pred, 'mean_absolute_percentage_error')
    return 100.0 * keras_mean(abs((y_true - y_pred) / maximum(abs(y_true), EPSILON)), -1)


def _integer_array(value):
    """Whether ``value`` (a tensor, array, or Python numbers) holds integers, as ops.convert_to_tensor sees it."""
    data = getattr(value, '_data', value)
    dtype = getattr(data, 'dtype', None)
    if dtype is None:
        try:
            dtype = np.asarray(data).dtype
        except (TypeError, ValueError):
            return False
    return np.dtype(dtype).kind in 'iu'


def _keras_abs(x):
    """keras.ops.abs: unsigned integers are returned as they are (TF's Abs kernel refuses uint8)."""
    return x if x._data.dtype.kind == 'u' else abs(x)


def mean_squared_logarithmic_error(y_true, y_pred):
    """mean(square(log(max(y_pred, 1e-7) + 1) - log(max(y_true, 1e-7) + 1)), axis=-1)."""
    y_true, y_pred = matched(y_true, y_pred, 'mean_squared_logarithmic_error')
    if y_pred._data.dtype.itemsize == 2:       # Keras's float32 epsilon tensor promotes half precision
        y_true, y_pred = cast(y_true, 'float32'), cast(y_pred, 'float32')
    first = log(maximum(y_pred, _EPSILON_FLOAT32) + 1.0)
    second = log(maximum(y_true, _EPSILON_FLOAT32) + 1.0)
    return keras_mean(square(first - second), -1)


def huber(y_true, y_pred, delta=1.0):
    """mean(0.5 * e**2 where |e| <= delta, else delta * |e| - 0.5 * delta**2), e = y_pred - y_true."""
    if _integer_array(y_pred):
        return _integer_huber(y_true, y_pred, delta)
    y_true, y_pred = matched(y_true, y_pred, 'huber')
    error = y_pred - y_true
    abs_error = abs(error)
    quadratic = 0.5 * square(error)
    dtype = error._data.dtype
    if type(delta) in (int, float) and dtype.kind == 'f':
        # Keras's half * square(delta) with delta a tensor of the loss's dtype: 0.5 * 0.1 ** 2 rounded from
        # float64 is 0.005f, TF's float32 square of 0.1f halved is 0.0050000004f
        d = dtype.type(delta)
        linear = delta * abs_error - dtype.type(0.5) * (d * d)
    else:
        linear = delta * abs_error - 0.5 * delta * delta
    return keras_mean(where(abs_error <= delta, quadratic, linear), -1)


def _integer_huber(y_true, y_pred, delta):
    """Keras's huber of integer predictions: y_true, delta and the 0.5 are cast to their dtype, so the
    quadratic part is 0 and the linear part delta * |e| (delta 1.5 -> 1); the mean is keras.ops.mean's, in
    float32 (TF 2.21: huber([[4, 5, 6]], [[4, 7, 6]]) is 2 / 3, where float inputs give 1.5 / 3)."""
    y_true, y_pred = comparable(*squeeze_or_expand_to_same_rank(*as_keras_converts(y_true, y_pred, 'huber')),
                                'huber')
    dtype = y_pred._data.dtype
    delta = to_dtype(delta, dtype, 'huber', 'delta')
    half = cast(0.5, dtype)
    error = y_pred - y_true
    abs_error = _keras_abs(error)
    loss = where(abs_error <= delta, half * square(error), delta * abs_error - half * square(delta))
    return reduce_mean(cast(loss, 'float32'), -1)


def log_cosh(y_true, y_pred):
    """mean(log(cosh(y_pred - y_true)), axis=-1), as x + softplus(-2x) - log(2) so large errors stay finite."""
    # (integer predictions stay integers, as Keras converts them: x * -2.0 then fails as TF 2.21's
    # 'Cannot convert -2.0 to EagerTensor of dtype int64'; keras.losses.LogCosh casts first)
    y_true, y_pred = comparable(*squeeze_or_expand_to_same_rank(*as_keras_converts(y_true, y_pred, 'log_cosh')),
                                'log_cosh')
    x = y_pred - y_true
    if pushes_constants() and x._data.dtype.kind == 'f' and x._data.dtype.itemsize > 2:
        # in a traced step (fit, evaluate, tf.function) grappler's ConstantPushDown runs
        # Sub(Add(x, s), C) as Add(Sub(x, C), s): other float32 roundings than the eager sum
        # (float16 / bfloat16 graphs keep the eager order: TF 2.21 traced equals eager)
        return keras_mean((x - _LOG2_FLOAT32) + softplus(x * -2.0), -1)
    return keras_mean(x + softplus(x * -2.0) - _LOG2_FLOAT32, -1)


def cosine_similarity(y_true, y_pred, axis=-1):
    """-sum(l2_normalize(y_true) * l2_normalize(y_pred), axis): -1 for vectors pointing the same way."""
    # (integer predictions stay integers, as Keras converts them: their rsqrt fails in TF 2.21's Rsqrt kernel,
    # "Value for attr 'T' of int64 is not in the list of allowed values"; keras.losses.CosineSimilarity casts first)
    y_true, y_pred = comparable(*squeeze_or_expand_to_same_rank(
        *as_keras_converts(y_true, y_pred, 'cosine_similarity')), 'cosine_similarity')
    if graph_rewrites.tracing() and graph_rewrites.static_shapes() and \
            not (graph_rewrites.taped(y_true) or graph_rewrites.taped(y_pred)):
        # A traced step with no gradient through it, on known shapes: grappler's MinimizeBroadcasts
        # regroups (t * it) * (p * ip) by shape (TF 2.21: 1558 of 3000 values differ from eager,
        # none from (t * p) * (it * ip)); a gradient reads the normalized tensors and keeps them
        t, p = _vector(y_true), _vector(y_pred)
        scale = _inverse_norm(t, axis) * _inverse_norm(p, axis)
        if scale.shape != t.shape:
            return -reduce_sum((t * p) * scale, axis)
    return -reduce_sum(_l2_normalize(y_true, axis) * _l2_normalize(y_pred, axis), axis)


def _l2_normalize(x, axis):
    x = _vector(x)
    return x * _inverse_norm(x, axis)


def _vector(x):
    # Keras's normalize makes a scalar a vector of one
    return reshape(x, [1]) if x.ndim == 0 else x


def _inverse_norm(x, axis):
    # Keras multiplies by min(rsqrt(sum x^2), 1/epsilon), so a zero vector stays zero; the intermediate inf
    # is kept, as the gradient needs it: a zero y_pred's second derivative is TF 2.21's NaN (RsqrtGrad of
    # inf), where rsqrt(max(sum x^2, epsilon^2)) gave 0
    return minimum(rsqrt(reduce_sum(square(x), axis, keepdims=True)), 1.0 / EPSILON)
