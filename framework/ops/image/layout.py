"""The image layouts tf.image accepts: one image (height, width, channels) or a batch
(batch, height, width, channels). Ops work on batches and give back what they were given."""
from ...backend import array_module
from ...errors import noted
from ...tensor import Tensor
from ..operands import as_float_tensor, as_tensor
from ..shapes import expand_dims


# TF 2.21's rank texts (too few dimensions, too many), as its image_ops_impl checks word them per op.
AT_LEAST_3D = ("'image' (shape %(shape)s) must be at least three-dimensional.",
               "'image' (shape %(shape)s) must have either 3 or 4 dimensions.")
FLIP = (AT_LEAST_3D[0], "'image' (shape %(shape)s)must have either 3 or 4 dimensions.")   # sic: no space
CENTRAL = (AT_LEAST_3D[0], '`image` should either be a Tensor with rank = 3 or rank = 4. Had rank = %(rank)d.')
EITHER = (AT_LEAST_3D[1], AT_LEAST_3D[1])
IMAGES = ("'images' must have either 3 or 4 dimensions.",) * 2


def batched(images, op, floating=False, tf_rank=None, nonzero=False):
    """(4-D tensor, undo): a single image gets a batch axis that ``undo`` removes again.

    tf_rank: TF's (too few, too many) rank texts for ``op`` (AT_LEAST_3D, FLIP, ...); tapeflow's sentence
        becomes their note. nonzero: refuse a zero height, width or channel count as TF's
        _CheckAtLeast3DImage does ('inner 3 dims of 'image.shape' must be > 0'); 'batched' for the ops
        that check after giving a single image its batch axis (the shape printed has it).
    """
    t = as_float_tensor(images, op) if floating else as_tensor(images, op)
    shape = tuple(t.shape)
    if t.ndim not in (3, 4):
        note = ('%s: images must be 3-D (height, width, channels) or 4-D (batch, height, width, channels), '
                'got shape %s; add or remove a batch axis' % (op, shape))
        if tf_rank is None:
            raise ValueError(note)
        error = ValueError(tf_rank[t.ndim > 4] % {'shape': shape, 'rank': t.ndim})
        error.add_note(note)
        raise error
    if nonzero and 0 in shape[-3:]:
        shown = (1,) + shape if nonzero == 'batched' and t.ndim == 3 else shape
        error = ValueError("inner 3 dims of 'image.shape' must be > 0: %s" % (shown,))
        error.add_note('%s: images of shape %s have no pixels to move; give them a height, width and '
                       'channels of at least 1' % (op, shape))
        raise error
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


def positive_targets(height, width, op):
    """TF's refusal of a target size <= 0 (resize_with_crop_or_pad, resize_with_pad): width checked first."""
    for value, what in ((width, 'target_width'), (height, 'target_height')):
        v = value.numpy() if hasattr(value, 'numpy') else value
        if hasattr(v, '__index__') and not isinstance(v, bool) and int(v) <= 0:
            raise noted(ValueError('%s must be > 0.' % what), '%s: got %s=%d' % (op, what, int(v)))
