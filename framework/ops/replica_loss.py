"""The loss averaging of tf.distribute custom training loops, as TensorFlow 2.21's
nn_impl_distribute (a world of one replica here): ``compute_average_loss`` divides the summed
per-example losses by the global batch size (0 for a batch of 0, as its ``div_no_nan``),
``scale_regularization_loss`` divides a regularization loss by the replica count.

Both refuse to run in a strategy's cross-replica context (inside ``strategy.scope()`` but outside
``strategy.run``), where each replica's batch is not known, with TensorFlow's RuntimeError.
"""
from .. import distribute
from ..errors import InvalidArgumentError
from ..tensor import convert_to_tensor
from .arithmetic import divide_no_nan, multiply, truediv
from .operands import named_errors
from .reductions import reduce_sum
from .shapes import cast, expand_dims, squeeze


def _check_replica_context(what):
    if distribute.has_strategy() and distribute.in_cross_replica_context():
        raise RuntimeError('You are calling `%s` in cross replica context, while it was expected to be called in '
                           'replica context.' % what)


def _weighted(losses, sample_weight):
    """TF's scale_losses_by_sample_weight: both in float32 (float64 losses lose their extra bits,
    as there), the weights squeezed or expanded by one axis to the losses' rank."""
    losses = cast(losses, 'float32')
    weights = cast(convert_to_tensor(sample_weight), 'float32')
    if weights.ndim - losses.ndim == 1:
        weights = squeeze(weights, [-1])
    elif weights.ndim and losses.ndim - weights.ndim == 1:
        weights = expand_dims(weights, -1)
    return multiply(losses, weights)


def _named(error):
    """TensorFlow's error, with a note naming the op (so ``named_errors`` leaves its text alone)."""
    error.add_note('raised by compute_average_loss')
    return error


def _checked_batch_size(global_batch_size):
    """check_ops' scalar, integer and non-negative assertions, with their texts."""
    size = convert_to_tensor(global_batch_size)
    if size.ndim:
        raise _named(ValueError('global_batch_size must be scalar..  Expected scalar shape, saw shape: %s.'
                                % (tuple(size.shape),)))
    if not size.dtype.is_integer:
        raise _named(TypeError('global_batch_size must be an integer..  Expected "x" to be integer type.  Found: '
                               "tensor of dtype <dtype: '%s'>" % size.dtype.name))
    if int(size.numpy()) < 0:
        raise _named(InvalidArgumentError('global_batch_size must be non-negative..  \nCondition x >= 0 did not hold '
                                          'element-wise:\nx (shape=() dtype=%s) = \n%d'
                                          % (size.dtype.name, int(size.numpy()))))
    return size


@named_errors('compute_average_loss')
def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """The sum of ``per_example_loss`` (times ``sample_weight``) over ``global_batch_size``
    (default: the first dimension, times one replica), in the losses' dtype.

    Raises:
        ValueError: a scalar loss, or a global_batch_size that is not a scalar (TF's texts).
        TypeError: a global_batch_size that is not an integer.
        InvalidArgumentError: a negative global_batch_size.
        RuntimeError: called in a strategy's cross-replica context without global_batch_size.
    """
    loss = convert_to_tensor(per_example_loss)
    dtype = loss.dtype
    if loss.ndim == 0:
        raise _named(ValueError('Invalid value passed for `per_example_loss`. Expected a tensor with at least rank '
                                '1. Received per_example_loss=%s with rank 0' % format(loss.numpy(), '')))
    if sample_weight is not None:
        loss = cast(_weighted(loss, sample_weight), dtype)
    if global_batch_size is None:
        _check_replica_context('compute_average_loss')
        global_batch_size = loss.shape[0] * distribute.get_strategy().num_replicas_in_sync
    size = _checked_batch_size(global_batch_size)
    return divide_no_nan(reduce_sum(loss), cast(size, dtype))


@named_errors('scale_regularization_loss')
def scale_regularization_loss(regularization_loss):
    """The summed regularization loss (a tensor, or a list of them) over the number of replicas
    (one here): TensorFlow's true division, so integer losses give float64.

    Raises:
        RuntimeError: called in a strategy's cross-replica context.
    """
    _check_replica_context('scale_regularization_loss')
    return truediv(reduce_sum(regularization_loss), distribute.get_strategy().num_replicas_in_sync)
