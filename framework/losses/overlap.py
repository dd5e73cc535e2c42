"""Overlap losses for segmentation: Dice and Tversky (Keras 3 formulas).

Both compare soft masks by their intersection sum(y_true * y_pred); with
Keras's default ``axis=None`` the sums run over every element, so a batch
gives one number, which the reduction then leaves as it is.
"""
from ..graph_random_ops import pushes_constants
from ..ops import divide, graph_rewrites, reduce_sum
from .inputs import EPSILON, comparable, labels_and_predictions
from .loss import LossFunctionWrapper

_AVERAGE = 'sum_over_batch_size'


def _check_axis(axis, what):
    if axis is None:
        return
    axes = axis if isinstance(axis, (list, tuple)) else (axis,)
    if any(isinstance(a, bool) or not isinstance(a, int) for a in axes):
        raise ValueError('%s: `axis` must be None, an int or a tuple of ints, got %r' % (what, axis))


def _unaligned(y_true, y_pred, what):
    """(y_true, y_pred) as Keras's dice and tversky functions take them: y_true ops.cast to y_pred's dtype
    (Python floats pass through float32), ranks not lined up (the loss classes line them up before calling),
    so (N,) labels meet (N, 1) predictions as an (N, N) product, as in TF 2.21."""
    y_true, y_pred = labels_and_predictions(y_true, y_pred, what, keras_casts=True)
    return comparable(y_true, y_pred, what)


def dice(y_true, y_pred, axis=None):
    """1 - 2 * sum(y_true * y_pred) / (sum(y_true) + sum(y_pred) + 1e-7), the sums over ``axis``.

    Raises:
        ValueError: when the shapes cannot be compared, or ``axis`` is not None/int/ints.
    """
    _check_axis(axis, 'dice')
    y_true, y_pred = _unaligned(y_true, y_pred, 'dice')
    intersection = reduce_sum(y_true * y_pred, axis)
    true_sum, pred_sum = reduce_sum(y_true, axis), reduce_sum(y_pred, axis)
    if _epsilon_pushed_down(intersection, axis, y_pred.ndim):
        return 1.0 - divide(2.0 * intersection, true_sum + (pred_sum + EPSILON))
    return 1.0 - divide(2.0 * intersection, true_sum + pred_sum + EPSILON)


def tversky(y_true, y_pred, alpha=0.5, beta=0.5, axis=None):
    """1 - TP / (TP + alpha * FP + beta * FN + 1e-7), with soft counts summed over ``axis``.

    TP = sum(y_true * y_pred), FP = sum((1 - y_pred) * y_true), FN = sum(y_pred * (1 - y_true)),
    as Keras 3 names them; alpha = beta = 0.5 gives the Dice loss.

    Raises:
        ValueError: when the shapes cannot be compared, or ``axis`` is not None/int/ints.
    """
    _check_axis(axis, 'tversky')
    y_true, y_pred = _unaligned(y_true, y_pred, 'tversky')
    intersection = reduce_sum(y_true * y_pred, axis)
    fp = reduce_sum((1.0 - y_pred) * y_true, axis)
    fn = reduce_sum(y_pred * (1.0 - y_true), axis)
    return 1.0 - divide(intersection, _tversky_denominator(intersection, fp * alpha, fn * beta, axis, y_pred.ndim))


def _tversky_denominator(intersection, weighted_fp, weighted_fn, axis, rank):
    """intersection + alpha * FP + beta * FN + 1e-7, summed as TensorFlow runs Keras's sum.

    In a traced step (fit, evaluate, a tf.function) grappler's ConstantPushDown pushes the constant
    1e-7 down Keras's chain of scalar Adds (the sums over every axis, the default axis=None):
    ``((i + a) + b) + eps`` runs as ``(i + (eps + a)) + b``. Measured on TF 2.21
    (notes/progs/metrics9/g7.py, g8.py): 9 of 200 traced losses differ from the eager sum, none
    from the rotated one. Per-sample sums keep the chain on known shapes and take ``(i + a) + (b + eps)``
    on a None batch (``_epsilon_pushed_down``).
    """
    if intersection.ndim == 0 and graph_rewrites.tracing() and graph_rewrites.folds_constants():
        return (intersection + (EPSILON + weighted_fp)) + weighted_fn
    if _epsilon_pushed_down(intersection, axis, rank):
        return (intersection + weighted_fp) + (weighted_fn + EPSILON)
    return intersection + weighted_fp + weighted_fn + EPSILON


def _epsilon_pushed_down(sums, axis, rank):
    """Whether grappler's ConstantPushDown moves Keras's ``+ 1e-7`` into the last of the per-sample sums
    (``(s1 + s2) + eps`` as ``s1 + (s2 + eps)``): in a trace on a None batch whose sums keep the batch
    axis. Knowing every shape, AddOpsRewrite first makes the same-shape sums one AddN, which adds in
    the eager order; sums over the batch axis have known shapes. Half graphs keep the chain (as
    concordance_correlation's). Measured on TF 2.21 (notes/progs/metrics11/g8.py, g10.py): with a None
    batch, dice(axis=-1) differs from eager in 43 of 1200 values and tversky(axis=-1) in 309, none from
    the pushed-down sums; axis=(1, 2) likewise; axis=0 and known shapes keep the chain.
    """
    if sums.ndim == 0 or sums._data.dtype.itemsize <= 2 or not pushes_constants() or graph_rewrites.static_shapes():
        return False
    axes = axis if isinstance(axis, (list, tuple)) else (axis,)
    return all(a % rank != 0 for a in axes)


class Dice(LossFunctionWrapper):
    """The Dice loss (see ``dice``) as a ``Loss``."""

    def __init__(self, reduction=_AVERAGE, name='dice', axis=None, dtype=None):
        _check_axis(axis, 'Dice')
        super().__init__(dice, reduction=reduction, name=name, dtype=dtype, axis=axis)
        self.axis = axis


class Tversky(LossFunctionWrapper):
    """The Tversky loss (see ``tversky``) as a ``Loss``."""

    def __init__(self, alpha=0.5, beta=0.5, reduction=_AVERAGE, name='tversky', axis=None, dtype=None):
        _check_axis(axis, 'Tversky')
        super().__init__(tversky, reduction=reduction, name=name, dtype=dtype, alpha=alpha, beta=beta, axis=axis)
        self.alpha, self.beta, self.axis = alpha, beta, axis
