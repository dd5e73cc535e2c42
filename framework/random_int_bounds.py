"""The bounds of TensorFlow's integer uniform draws (tf.random.uniform's RandomUniformInt,
tf.random.stateless_uniform's StatelessRandomUniformIntV2): the Python wrappers convert minval and
maxval to the draw's dtype (named 'min' and 'max'), so 0.5 or an int64 tensor for an int32 draw is
refused there; the kernel then wants scalars with minval < maxval, and says so in its words."""
from .errors import kernel_error
from .tensor import convert_to_tensor


def integer_bounds(minval, maxval, dtype, kernel, op):
    """``(minval, maxval)`` as Python ints, or TensorFlow's error for ``kernel`` (``op`` names the
    caller in the note)."""
    bounds = (convert_to_tensor(minval, dtype=dtype, name='min'), convert_to_tensor(maxval, dtype=dtype, name='max'))
    for what, bound in zip(('minval', 'maxval'), bounds):
        if bound.shape.rank:
            raise kernel_error(kernel, '%s must be 0-D, got shape [%s]' % (what, ','.join(map(str, bound.shape))),
                               named=True, note='%s: an integer dtype draws between two scalars, got %s of shape %s'
                                                % (op, what, tuple(bound.shape)))
    lo, hi = (int(bound.numpy()) for bound in bounds)
    if lo >= hi:
        raise kernel_error(kernel, 'Need minval < maxval, got %d >= %d' % (lo, hi), named=True,
                           note='%s: need minval < maxval, got %d and %d' % (op, lo, hi))
    return lo, hi
