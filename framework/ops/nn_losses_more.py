"""tf.nn's remaining loss helpers: weighted and Poisson losses from logits, and zero_fraction
(the averaging of tf.distribute custom training loops is in replica_loss.py)."""
import math

from .. import backend
from ..tensor import Tensor
from .activations import relu
from .arithmetic import add, multiply, subtract
from .logic import logical_and, greater_equal, less_equal
from .operands import as_float_tensor, as_tensor, named_errors
from .creation import zeros_like
from .selection import where
from .unary import abs as abs_, exp, log, log1p
from ..tf_python_names import tf_named


@tf_named('weighted_cross_entropy_with_logits_v2')
@named_errors('weighted_cross_entropy_with_logits')
def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """Sigmoid cross-entropy whose positive term is weighted by ``pos_weight``:
    ``(1 - z) * x + (1 + (q - 1) * z) * (log1p(exp(-|x|)) + max(-x, 0))`` (TensorFlow's stable form).

    Raises:
        ValueError: labels and logits of different shapes.
    """
    op = 'weighted_cross_entropy_with_logits'
    x = as_float_tensor(logits, op)
    z = as_tensor(labels, op)       # as TF: [[1, 0]] is int32 and meets the float logits in Mul's refusal
    if tuple(z.shape) != tuple(x.shape):
        # TF 2.21's words (nn_impl.py)
        raise ValueError('`logits` and `labels` must have the same shape, received (%s vs %s).'
                         % (x.shape, z.shape))
    q = as_tensor(pos_weight, op, dtype=x.dtype)
    log_weight = add(1.0, multiply(subtract(q, 1.0), z))
    softplus_neg = add(log1p(exp(-abs_(x))), relu(-x))     # log(1 + exp(-x)), stable
    return add(multiply(subtract(1.0, z), x), multiply(log_weight, softplus_neg))


@named_errors('log_poisson_loss')
def log_poisson_loss(targets, log_input, compute_full_loss=False, name=None):
    """``exp(log_input) - log_input * targets``, plus Stirling's approximation of log(targets!)
    for targets > 1 when ``compute_full_loss`` (as TensorFlow).

    Raises:
        ValueError: targets and log_input of different shapes.
    """
    op = 'log_poisson_loss'
    c = as_float_tensor(log_input, op)
    z = as_tensor(targets, op)      # as TF: int or float64 targets meet the float log_input in Mul's refusal
    if tuple(z.shape) != tuple(c.shape):
        # TF 2.21's words (nn_impl.py)
        raise ValueError('`log_input` and `targets` must have the same shape, received (%s vs %s).'
                         % (c.shape, z.shape))
    result = subtract(exp(c), multiply(c, z))
    if compute_full_loss:
        # TF's steps, on the targets themselves: a watched target of 0 gets TF's NaN gradient (0 * log 0 in the
        # masked branch), a negative one TF's NaN value
        stirling = add(subtract(multiply(z, log(z)), z), multiply(0.5, log(multiply(2 * math.pi, z))))
        small = logical_and(greater_equal(z, 0.0), less_equal(z, 1.0))
        result = add(result, where(small, zeros_like(z), stirling))
    return result


@named_errors('zero_fraction')
def zero_fraction(value, name=None):
    """The fraction of ``value``'s elements that are zero, a float32 scalar (no gradient)."""
    x = as_tensor(value, 'zero_fraction')
    a = x._data
    xp = backend.array_module(a)
    if a.size == 0:
        return Tensor(xp.asarray(float('nan'), 'float32'))
    return Tensor(xp.asarray(xp.count_nonzero(a == 0) / a.size, 'float32'))
