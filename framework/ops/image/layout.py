"""The image layouts tf.image accepts: one image (height, width, channels) or a batch
(batch, height, width, channels). Ops work on batches and give back what they were given."""
from ...backend import array_module
from ...tensor import Tensor
from ..operands import as_float_tensor, as_tensor
from ..shapes import expand_dims


def batched(images, op, floating=False):
    """(4-D tensor, undo): a single image gets a batch axis that ``undo`` removes again."""
    t = as_float_tensor(images, op) if floating else as_tensor(images, op)
    if t.ndim not in (3, 4):
        raise ValueError('%s: images must be 3-D (height, width, channels) or 4-D (batch, height, width, '
                         'channels), got shape %s; add or remove a batch axis' % (op, tuple(t.shape)))
    if t.ndim == 4:
        return t, lambda y: y
    return expand_dims(t, 0), lambda y: y[0]


def constant_like(array, ref):
    """A host-built constant (weights, masks) as a Tensor on ``ref``'s device (numpy or cupy)."""
    return Tensor(array_module(ref._data).asarray(array))


def size_pair(size, op, what='size'):
    """Two positive ints (height, width) from a list, tuple, array or tensor."""
    values = size.numpy().tolist() if hasattr(size, 'numpy') else size
    try:
        height, width = (int(v) for v in values)
    except (TypeError, ValueError):
        raise ValueError('%s: %s must be two integers (height, width), got %r' % (op, what, size)) from None
    if height < 0 or width < 0 or any(float(v) != int(v) for v in values):
        raise ValueError('%s: %s must be two non-negative integers, got %r' % (op, what, size))
    return height, width


def integer_arg(value, op, what, low=0):
    """An int >= ``low`` (a Python int, numpy int or 0-d integer tensor)."""
    v = value.numpy() if hasattr(value, 'numpy') else value
    if isinstance(v, bool) or not hasattr(v, '__index__'):
        raise TypeError('%s: %s must be an integer, got %r' % (op, what, value))
    if int(v) < low:
        raise ValueError('%s: %s must be >= %d, got %d' % (op, what, low, int(v)))
    return int(v)
