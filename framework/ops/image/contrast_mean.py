"""The per-image, per-channel mean of ``tf.image.adjust_contrast``, summed as TensorFlow's
AdjustContrastv2 CPU kernel sums it.

The kernel folds each image plane in half again and again (the second half added onto the
first; an odd middle row carried), until one row of channels holds the sum, then multiplies by
the float 1 / (height * width). reduce_mean adds in another order, so the contrast-adjusted
images differed from TensorFlow's in the last bit of most pixels. The gradient is the mean's.
"""
import numpy as np

from ... import backend
from ...tensor import Tensor
from ..operands import ACTIVE, record
from ..shapes import broadcast_to

F32 = np.float32


def _folded_sums(planes):
    """(batch, pixels, channels) float32 -> (batch, 1, channels) sums, folded in halves."""
    xp = backend.array_module(planes)
    sums, remaining = planes, planes.shape[1]
    while True:
        right = remaining // 2
        left = remaining - right
        halves = sums[:, left:left + right] + sums[:, :right]
        sums = xp.concatenate([halves, sums[:, right:left]], axis=1) if left > right else halves
        remaining = left
        if remaining <= 1:
            return sums


def contrast_mean(images):
    """Float32 images (..., height, width, channels) -> their means over height and width, keeping
    those axes (size 1), as AdjustContrastv2 computes them."""
    a = images._data
    *lead, height, width, channels = a.shape
    pixels = height * width
    planes = a.reshape((-1, pixels, channels))
    means = _folded_sums(planes) * (F32(1) / F32(pixels))
    out = Tensor(means.reshape(tuple(lead) + (1, 1, channels)))
    if ACTIVE:
        record('contrast_mean', (images,), out,
               (lambda g, y, x: broadcast_to(g * (1.0 / pixels), x.shape),))
    return out
