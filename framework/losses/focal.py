"""Focal cross-entropies (Lin et al., 2017): cross-entropy scaled down where the prediction is already good.

Keras 3's formulas: the binary form multiplies each element's binary
cross-entropy by (1 - p_t) ** gamma, p_t being the probability given to
the true label; the categorical form scales -y log(p) by alpha * (1 - p) ** gamma.
"""
import warnings

import numpy as np

from .. import graph_random_ops
from ..function import is_replaying
from ..tape import ACTIVE

from ..ops import clip_by_value, log, pow, reduce_sum, sigmoid, sigmoid_cross_entropy_with_logits, softmax
from ..errors import kernel_error
from .integer_probabilities import binary_formula, categorical_formula
from .inputs import EPSILON, keras_mean, keras_shape, labels_and_predictions, same_shape
from .focal_logits_graph import sigmoid_and_logistic_loss
from .loss import Loss, LossFunctionWrapper
from .probabilistic import refuse_bool_axis, smoothing_share
from ..ops import graph_rewrites
from ..ops.fused_sigmoid import unfuse
from .tensor_notes import get_keras_logits

_AVERAGE = 'sum_over_batch_size'


def _elementwise_binary_crossentropy(y_true, y_pred):
    # keras.ops.binary_crossentropy: logits a sigmoid output carries are used as such
    logits = get_keras_logits(y_pred)
    if logits is not None:
        unfuse(y_pred, logits)      # TF's graph no longer fuses a sigmoid whose logits a loss reads
        return sigmoid_cross_entropy_with_logits(labels=y_true, logits=logits)
    output = clip_by_value(y_pred, EPSILON, 1.0 - EPSILON)
    return -(y_true * log(output) + (1.0 - y_true) * log(1.0 - output))


def binary_focal_crossentropy(y_true, y_pred, apply_class_balancing=False, alpha=0.25, gamma=2.0,
                              from_logits=False, label_smoothing=0.0, axis=-1):
    """mean((1 - p_t) ** gamma * bce, axis), p_t = y * p + (1 - y) * (1 - p).

    With ``apply_class_balancing`` each element is further weighted by alpha
    for positives and 1 - alpha for negatives. ``label_smoothing`` pulls the
    labels towards 0.5; ``from_logits`` applies a sigmoid to y_pred first.

    Raises:
        ValueError: when y_true and y_pred differ in shape (an axis reaches keras_mean as Keras's ops.mean takes it).
    """
    what = 'binary_focal_crossentropy'
    y_true, y_pred = labels_and_predictions(y_true, y_pred, what, keras_casts=True,
                                            integer_formula=None if from_logits else binary_formula(label_smoothing))
    same_shape(y_true, y_pred, what)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    if from_logits and ACTIVE and graph_random_ops.current() is not None:
        # a traced step: the logits' gradient adds the Sigmoid's first, as TF's graph (focal_logits_graph.py)
        y_pred, bce = sigmoid_and_logistic_loss(y_true, y_pred)
    elif from_logits:     # keras.ops.sigmoid's output carries its logits: the cross-entropy is scored from them
        logits, y_pred = y_pred, sigmoid(y_pred)
        bce = sigmoid_cross_entropy_with_logits(labels=y_true, logits=logits)
    else:
        bce = _elementwise_binary_crossentropy(y_true, y_pred)
    focal_bce = pow(_one_minus_p_t(y_true, y_pred), float(gamma)) * bce
    if apply_class_balancing:
        focal_bce = (y_true * alpha + (1.0 - y_true) * (1.0 - alpha)) * focal_bce
    return keras_mean(focal_bce, axis)


def _one_minus_p_t(y_true, y_pred):
    """1 - p_t, p_t = y * p + (1 - y) * (1 - p) the probability given to the true label.

    In a traced step (fit, evaluate, a tf.function) grappler's ConstantPushDown rotates Keras's
    ``1.0 - (mul + mul_1)``, whose sum feeds that Sub alone, into ``(1.0 - mul_1) - mul``: other
    float32 roundings once the labels are not 0 / 1 (label_smoothing, soft labels). Measured on
    TF 2.21 (notes/progs/metrics9/g5.py): 13 of 60 traced losses differ from the eager ones, none
    from the rotated difference.
    """
    agrees, disagrees = y_true * y_pred, (1.0 - y_true) * (1.0 - y_pred)
    if graph_rewrites.tracing() and graph_rewrites.folds_constants():
        return (1.0 - disagrees) - agrees
    return 1.0 - (agrees + disagrees)


def categorical_focal_crossentropy(y_true, y_pred, alpha=0.25, gamma=2.0, from_logits=False,
                                   label_smoothing=0.0, axis=-1):
    """sum(-alpha * (1 - p) ** gamma * y * log(p), axis), p renormalised to sum to 1 and clipped.

    Raises:
        ValueError: when y_true and y_pred differ in shape, or ``axis`` is a bool (Keras's words).
    """
    what = 'categorical_focal_crossentropy'
    refuse_bool_axis(axis, what)
    y_true, y_pred = labels_and_predictions(
        y_true, y_pred, what, keras_casts=True,
        integer_formula=None if from_logits else categorical_formula(label_smoothing, axis))
    if y_pred.ndim < 1:         # Keras reads y_pred.shape[-1]
        error = IndexError('tuple index out of range')
        error.add_note('%s: y_pred must be at least rank 1 (..., classes), got a scalar' % what)
        raise error
    # Keras checks no shapes: labels that broadcast are taken, others fail in -y_true * log(output) (Mul)
    try:
        np.broadcast_shapes(tuple(y_true.shape), tuple(y_pred.shape))
    except ValueError:
        raise kernel_error('Mul', 'Incompatible shapes: [%s] vs. [%s]' % (
            ','.join(map(str, y_true.shape)), ','.join(map(str, y_pred.shape))), named=True,
            note='%s: y_true %s and y_pred %s must have one shape; for integer class labels one-hot encode them '
                 'first (tf.one_hot)' % (what, tuple(y_true.shape), tuple(y_pred.shape))) from None
    # (a step TensorFlow replays from its graph runs no Python: Keras warns at the trace, with its shape)
    if y_pred.shape[-1] == 1 and not is_replaying():
        warnings.warn('In loss categorical_focal_crossentropy, expected y_pred.shape to be (batch_size, '
                      'num_classes) with num_classes > 1. Received: y_pred.shape=%s. Consider using '
                      "'binary_crossentropy' if you only have 2 classes." % keras_shape(y_pred),
                      SyntaxWarning, stacklevel=2)
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + smoothing_share(label_smoothing, y_true)
    if from_logits:
        y_pred = softmax(y_pred, axis)
    output = y_pred / reduce_sum(y_pred, axis, keepdims=True)
    output = clip_by_value(output, EPSILON, 1.0 - EPSILON)
    weight = pow(1.0 - output, float(gamma)) * alpha
    return reduce_sum(weight * (-y_true * log(output)), axis)


class BinaryFocalCrossentropy(LossFunctionWrapper):
    """Binary focal cross-entropy (see ``binary_focal_crossentropy``) as a ``Loss``."""

    def __init__(self, apply_class_balancing=False, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0,
                 axis=-1, reduction=_AVERAGE, name='binary_focal_crossentropy', dtype=None):
        # the wrapper's kwargs in Keras 3's order (print(model.loss) shows them); its config's order is below
        super().__init__(binary_focal_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         apply_class_balancing=apply_class_balancing, alpha=alpha, gamma=gamma,
                         from_logits=from_logits, label_smoothing=label_smoothing, axis=axis)
        self.apply_class_balancing, self.alpha, self.gamma = apply_class_balancing, alpha, gamma
        self.from_logits, self.label_smoothing, self.axis = from_logits, label_smoothing, axis

    def get_config(self):
        return _in_config_order(self, ('from_logits', 'label_smoothing', 'axis', 'apply_class_balancing', 'alpha',
                                       'gamma'))


class CategoricalFocalCrossentropy(LossFunctionWrapper):
    """Categorical focal cross-entropy (see ``categorical_focal_crossentropy``) as a ``Loss``."""

    def __init__(self, alpha=0.25, gamma=2.0, from_logits=False, label_smoothing=0.0, axis=-1,
                 reduction=_AVERAGE, name='categorical_focal_crossentropy', dtype=None):
        super().__init__(categorical_focal_crossentropy, reduction=reduction, name=name, dtype=dtype,
                         alpha=alpha, gamma=gamma, from_logits=from_logits, label_smoothing=label_smoothing,
                         axis=axis)       # Keras 3's kwargs order; its config's is below
        self.alpha, self.gamma = alpha, gamma
        self.from_logits, self.label_smoothing, self.axis = from_logits, label_smoothing, axis

    def get_config(self):
        return _in_config_order(self, ('from_logits', 'label_smoothing', 'axis', 'alpha', 'gamma'))


def _in_config_order(loss, names):
    """The Loss config, then ``names`` in the order Keras 3's get_config lists them (not its kwargs')."""
    config = Loss.get_config(loss)
    config.update((name, loss._fn_kwargs[name]) for name in names)
    return config
