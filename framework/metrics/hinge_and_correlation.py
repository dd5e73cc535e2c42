"""Running means of per-sample hinge losses and correlations (Keras 3's hinge and correlation metrics).

The correlations are taken along ``axis`` within each sample (between a
sample's predicted and true vectors), then averaged over samples.
"""
from ..graph_random_ops import pushes_constants
from ..losses import hinge_losses
from ..losses.inputs import EPSILON, as_keras_converts, comparable, squeeze_or_expand_to_same_rank
from ..ops import cast, graph_rewrites, reduce_mean, reduce_std, reduce_variance, rsqrt, square
from .reduction import MeanMetricWrapper


def pearson_correlation(y_true, y_pred, axis=-1):
    """Pearson's r of y_true and y_pred along ``axis`` (mean of the product of z-scores)."""
    y_true, y_pred = comparable(*squeeze_or_expand_to_same_rank(
        *as_keras_converts(y_true, y_pred, 'pearson_correlation')), 'pearson_correlation')
    true_centred = y_true - _keras(reduce_mean, y_true, axis)
    pred_centred = y_pred - _keras(reduce_mean, y_pred, axis)
    if graph_rewrites.tracing() and graph_rewrites.static_shapes() and \
            not (graph_rewrites.taped(true_centred) or graph_rewrites.taped(pred_centred)):
        # A traced step with no gradient through it: grappler runs each x / sqrt(v) as x * rsqrt(v)
        # (graph_rewrites.py) and, where the trace knows the shapes, regroups the four factors by
        # shape (MinimizeBroadcasts); TF 2.21: 2861 of 6000 products differ from (a * ra) * (b * rb),
        # none from (a * b) * (ra * rb). (A trace relaxed to a None batch keeps (a * ra) * (b * rb).)
        scale = rsqrt(reduce_variance(true_centred, axis, keepdims=True)) * \
            rsqrt(reduce_variance(pred_centred, axis, keepdims=True))
        if scale.shape != true_centred.shape:
            return _keras(reduce_mean, (true_centred * pred_centred) * scale, axis, False)
    # (keras.ops.std, unlike mean and var, reduces half precision in its own type)
    true_scaled = true_centred / reduce_std(true_centred, axis, keepdims=True)
    pred_scaled = pred_centred / reduce_std(pred_centred, axis, keepdims=True)
    return _keras(reduce_mean, true_scaled * pred_scaled, axis, False)


def concordance_correlation(y_true, y_pred, axis=-1):
    """Lin's concordance correlation: 2 cov / (var_true + var_pred + (mean_true - mean_pred)^2).

    As in Keras, the covariance term centres both tensors on the predictions' mean.
    """
    # (no shape check first: Keras's own ops fail, e.g. (N,) labels and (N, C) predictions first meet as
    # (N, N) in the covariance, and TF 2.21's Mul error names [N,N] vs. [N,C])
    y_true, y_pred = squeeze_or_expand_to_same_rank(*as_keras_converts(y_true, y_pred, 'concordance_correlation'))
    true_mean = _keras(reduce_mean, y_true, axis)
    pred_mean = _keras(reduce_mean, y_pred, axis)
    true_var = _keras(reduce_variance, y_true - true_mean, axis)
    pred_var = _keras(reduce_variance, y_pred - pred_mean, axis)
    covariance = (y_true - pred_mean) * (y_pred - pred_mean)
    if pushes_constants() and not graph_rewrites.static_shapes() and covariance._data.dtype.itemsize > 2:
        # A trace relaxed to a None batch: grappler's ConstantPushDown moves epsilon down the sum
        # (TF 2.21: 734 of 9000 values differ from eager, none from this); knowing the shapes,
        # AddOpsRewrite makes the sum one AddN instead, which adds in the eager order; half graphs keep it
        norm = (true_var + (pred_var + EPSILON)) + square(true_mean - pred_mean)
        return _keras(reduce_mean, 2.0 * covariance / norm, axis, False)
    norm = true_var + pred_var + square(true_mean - pred_mean)
    return _keras(reduce_mean, 2.0 * covariance / (norm + EPSILON), axis, False)


def _keras(reduce, x, axis, keepdims=True):
    """keras.ops.mean / var: float16 and bfloat16 are reduced in float32 and rounded back once;
    integers are reduced in float32 and stay float32."""
    if x._data.dtype.kind in 'iu':
        return reduce(cast(x, 'float32'), axis, keepdims=keepdims)
    if x._data.dtype.itemsize == 2:
        return cast(reduce(cast(x, 'float32'), axis, keepdims=keepdims), x.dtype)
    return reduce(x, axis, keepdims=keepdims)


class _NamedMean(MeanMetricWrapper):
    # The config lists name and dtype only (the function is fixed), as in Keras.
    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype}


class Hinge(_NamedMean):
    """Running mean of mean(maximum(1 - y_true * y_pred, 0)) per sample (0/1 labels become -1/1)."""
    _direction = 'down'

    def __init__(self, name='hinge', dtype=None):
        super().__init__(hinge_losses.hinge, name=name, dtype=dtype)


class SquaredHinge(_NamedMean):
    """Running mean of mean(square(maximum(1 - y_true * y_pred, 0))) per sample."""
    _direction = 'down'

    def __init__(self, name='squared_hinge', dtype=None):
        super().__init__(hinge_losses.squared_hinge, name=name, dtype=dtype)


class CategoricalHinge(_NamedMean):
    """Running mean of maximum(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0) per sample."""
    _direction = 'down'

    def __init__(self, name='categorical_hinge', dtype=None):
        super().__init__(hinge_losses.categorical_hinge, name=name, dtype=dtype)


class _CorrelationMean(MeanMetricWrapper):
    _direction = 'up'

    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype, 'axis': self.axis}


class PearsonCorrelation(_CorrelationMean):
    """Running mean of each sample's Pearson correlation along ``axis``."""

    def __init__(self, name='pearson_correlation', dtype=None, axis=-1):
        super().__init__(pearson_correlation, name=name, dtype=dtype, axis=axis)
        self.axis = axis


class ConcordanceCorrelation(_CorrelationMean):
    """Running mean of each sample's concordance correlation along ``axis``."""

    def __init__(self, name='concordance_correlation', dtype=None, axis=-1):
        super().__init__(concordance_correlation, name=name, dtype=dtype, axis=axis)
        self.axis = axis
