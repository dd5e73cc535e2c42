"""``tf.compat.v1.losses``: TF 1's losses, which return one weighted scalar (not Keras's per-sample values).

TF 1-era programs write ``loss = tf.compat.v1.losses.mean_squared_error(y, y_pred)`` and get the mean
over every element; Keras's function of that name (``tf.keras.losses``) averages only the last axis.
Each loss here casts its inputs to float32, computes TF 1's elementwise loss, and reduces it with
``compute_weighted_loss``: by default the weighted sum divided by the number of nonzero weights
(``Reduction.SUM_BY_NONZERO_WEIGHTS``), as tensorflow/python/ops/losses/losses_impl.py does, op for op,
so the results (and their gradients) are TF's. Eagerly there is no loss collection to add to.
"""
import types

from .. import ops
from ..tensor import Tensor


class Reduction:
    """How ``compute_weighted_loss`` reduces the weighted losses (TF 1's keys)."""
    NONE = 'none'
    SUM = 'weighted_sum'
    SUM_OVER_BATCH_SIZE = 'weighted_sum_over_batch_size'
    MEAN = 'weighted_mean'
    SUM_BY_NONZERO_WEIGHTS = 'weighted_sum_by_nonzero_weights'
    SUM_OVER_NONZERO_WEIGHTS = SUM_BY_NONZERO_WEIGHTS

    @classmethod
    def all(cls):
        return (cls.NONE, cls.SUM, cls.MEAN, cls.SUM_OVER_BATCH_SIZE, cls.SUM_OVER_NONZERO_WEIGHTS,
                cls.SUM_BY_NONZERO_WEIGHTS)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key {key}. Key should be one of {cls.all()}.')


def _num_elements(losses):
    return ops.cast(ops.size(losses), losses.dtype)


def _num_present(losses, weights):
    """How many losses have a nonzero weight (all of them for a nonzero scalar weight)."""
    if isinstance(weights, Tensor) and weights.shape.rank == 0 and float(weights.numpy()) != 0.0:
        return _num_elements(losses)
    weights = ops.cast(weights, 'float32')
    present = ops.where(ops.equal(weights, 0.0), ops.zeros_like(weights), ops.ones_like(weights))
    present = present * ops.ones_like(losses)          # broadcast to the losses' shape
    return ops.reduce_sum(present)


def compute_weighted_loss(losses, weights=1.0, scope=None, loss_collection=None,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    """``losses * weights`` reduced as ``reduction`` says, in the losses' dtype (computed in float32)."""
    Reduction.validate(reduction)
    losses = ops.convert_to_tensor(losses)
    input_dtype = losses.dtype
    losses = ops.cast(losses, 'float32')
    weights = ops.cast(weights, 'float32')
    _check_broadcastable(weights, losses)
    weighted_losses = ops.multiply(losses, weights)
    if reduction == Reduction.NONE:
        loss = weighted_losses
    else:
        loss = ops.reduce_sum(weighted_losses)
        if reduction == Reduction.MEAN:
            loss = ops.divide_no_nan(loss, ops.reduce_sum(ops.ones_like(losses) * weights))
        elif reduction == Reduction.SUM_BY_NONZERO_WEIGHTS:
            loss = ops.divide_no_nan(loss, _num_present(losses, weights))
        elif reduction == Reduction.SUM_OVER_BATCH_SIZE:
            loss = ops.divide_no_nan(loss, _num_elements(losses))
    return ops.cast(loss, input_dtype)


def _check_broadcastable(weights, losses):
    """TF 1's assert_broadcastable: weights of rank 0, or of the losses' rank with each dimension 1 or equal."""
    w, v = tuple(weights.shape), tuple(losses.shape)
    if not w:
        return
    received = ' Received weights=%s, values=%s' % (weights.numpy(), losses.numpy())
    if len(w) != len(v):
        raise ValueError('weights can not be broadcast to values. values.rank=%d. weights.rank=%d. values.shape=%s. '
                         'weights.shape=%s.%s' % (len(v), len(w), v, w, received))
    for axis, (a, b) in enumerate(zip(w, v)):
        if a != 1 and a != b:
            raise ValueError('weights can not be broadcast to values. Mismatch at dim %d. values.shape=%s, '
                             'weights.shape=%s.%s' % (axis, ops.constant(v).numpy(), ops.constant(w).numpy(),
                                                      received))


def _floats(labels, predictions, label_name='labels', prediction_name='predictions'):
    if labels is None:
        raise ValueError('Argument `%s` must not be None.' % label_name)
    if predictions is None:
        raise ValueError('Argument `%s` must not be None.' % prediction_name)
    predictions, labels = ops.cast(predictions, 'float32'), ops.cast(labels, 'float32')
    _check_compatible(predictions, labels)
    return labels, predictions


def _labels_like_logits(labels, logits, label_name):
    """The cross-entropies' inputs: labels cast to the logits' dtype (the logits keep theirs), shapes checked."""
    if labels is None:
        raise ValueError('Argument `%s` must not be None.' % label_name)
    if logits is None:
        raise ValueError('Argument `logits` must not be None.')
    logits = ops.convert_to_tensor(logits)
    labels = ops.cast(labels, logits.dtype)
    _check_compatible(logits, labels)
    return labels, logits


def _check_compatible(a, b):
    if not a.shape.is_compatible_with(b.shape):
        raise ValueError('Shapes %s and %s are incompatible' % (a.shape, b.shape))


def absolute_difference(labels, predictions, weights=1.0, scope=None, loss_collection=None,
                        reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, predictions = _floats(labels, predictions)
    losses = ops.abs(ops.subtract(predictions, labels))
    return compute_weighted_loss(losses, weights, reduction=reduction)


def cosine_distance(labels, predictions, axis=None, weights=1.0, scope=None, loss_collection=None,
                    reduction=Reduction.SUM_BY_NONZERO_WEIGHTS, dim=None):
    axis = dim if axis is None else axis
    if axis is None:
        raise ValueError('You must specify argument `axis`.')
    labels, predictions = _floats(labels, predictions)
    losses = 1 - ops.reduce_sum(ops.multiply(predictions, labels), axis=(axis,), keepdims=True)
    return compute_weighted_loss(losses, weights, reduction=reduction)


def hinge_loss(labels, logits, weights=1.0, scope=None, loss_collection=None,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, logits = _floats(labels, logits, prediction_name='logits')
    all_ones = ops.ones_like(labels)
    labels = ops.subtract(2 * labels, all_ones)
    losses = ops.relu(ops.subtract(all_ones, ops.multiply(labels, logits)))
    return compute_weighted_loss(losses, weights, reduction=reduction)


def huber_loss(labels, predictions, weights=1.0, delta=1.0, scope=None, loss_collection=None,
               reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, predictions = _floats(labels, predictions)
    abs_error = ops.abs(ops.subtract(predictions, labels))
    quadratic = ops.minimum(abs_error, delta)
    linear = ops.subtract(abs_error, quadratic)
    losses = ops.add(ops.multiply(ops.convert_to_tensor(0.5, dtype=quadratic.dtype),
                                  ops.multiply(quadratic, quadratic)),
                     ops.multiply(delta, linear))
    return compute_weighted_loss(losses, weights, reduction=reduction)


def log_loss(labels, predictions, weights=1.0, epsilon=1e-7, scope=None, loss_collection=None,
             reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, predictions = _floats(labels, predictions)
    losses = -ops.multiply(labels, ops.log(predictions + epsilon)) - ops.multiply(
        (1 - labels), ops.log(1 - predictions + epsilon))
    return compute_weighted_loss(losses, weights, reduction=reduction)


def mean_squared_error(labels, predictions, weights=1.0, scope=None, loss_collection=None,
                       reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, predictions = _floats(labels, predictions)
    losses = ops.squared_difference(predictions, labels)
    return compute_weighted_loss(losses, weights, reduction=reduction)


def sigmoid_cross_entropy(multi_class_labels, logits, weights=1.0, label_smoothing=0, scope=None,
                          loss_collection=None, reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, logits = _labels_like_logits(multi_class_labels, logits, 'multi_class_labels')
    if label_smoothing > 0:
        labels = labels * (1 - label_smoothing) + 0.5 * label_smoothing
    losses = ops.sigmoid_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, reduction=reduction)


def softmax_cross_entropy(onehot_labels, logits, weights=1.0, label_smoothing=0, scope=None, loss_collection=None,
                          reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    labels, logits = _labels_like_logits(onehot_labels, logits, 'onehot_labels')
    if label_smoothing > 0:
        num_classes = ops.cast(ops.shape(labels)[-1], logits.dtype)
        labels = labels * (1.0 - label_smoothing) + label_smoothing / num_classes
    labels = ops.stop_gradient(labels)
    losses = ops.softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, reduction=reduction)


def sparse_softmax_cross_entropy(labels, logits, weights=1.0, scope=None, loss_collection=None,
                                 reduction=Reduction.SUM_BY_NONZERO_WEIGHTS):
    if labels is None:
        raise ValueError('Argument `labels` must not be None.')
    if logits is None:
        raise ValueError('Argument `logits` must not be None.')
    labels, logits = ops.convert_to_tensor(labels), ops.convert_to_tensor(logits)
    if labels.shape.rank == logits.shape.rank and labels.shape[-1] == 1:
        labels = ops.squeeze(labels, [-1])          # TF 1's remove_squeezable_dimensions
    weights = ops.convert_to_tensor(weights)
    if weights.shape.rank is not None and weights.shape.rank - labels.shape.rank == 1:
        weights = ops.squeeze(weights, [-1])
    losses = ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits)
    return compute_weighted_loss(losses, weights, reduction=reduction)


_LOSSES = (Reduction, compute_weighted_loss, absolute_difference, cosine_distance, hinge_loss, huber_loss, log_loss,
           mean_squared_error, sigmoid_cross_entropy, softmax_cross_entropy, sparse_softmax_cross_entropy)

losses = types.ModuleType('framework.compat.v1.losses', __doc__)
losses.__dict__.update({obj.__name__: obj for obj in _LOSSES})

from .v1_collections import get_regularization_loss, get_regularization_losses  # noqa: E402  (get_variable's penalties)

losses.__dict__.update(get_regularization_loss=get_regularization_loss, get_regularization_losses=get_regularization_losses)
