"""Projective image transforms as TensorFlow's ImageProjectiveTransformV3 computes them.

A transform [a0, a1, a2, b0, b1, b2, c0, c1] maps each output pixel (x, y) to
the input point ((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1,
in pixel coordinates. Points outside the image are folded back in by
``fill_mode`` ('reflect', 'wrap', 'nearest') or read as ``fill_value``
('constant'); the value there is read with 'nearest' or 'bilinear'
interpolation. RandomRotation, RandomZoom and RandomTranslation build the
transforms (Keras 3's matrices) and this samples them with framework.ops.image's sampler.
"""
from framework.ops.image.projective import FILL_MODES, INTERPOLATIONS, transform as _transform  # noqa: F401
from framework.tape import paused
from framework.tensor import Tensor


def transform(images, transforms, interpolation='bilinear', fill_mode='reflect', fill_value=0.0):
    """``images`` (B, H, W, C) sampled through one transform per image (``transforms``: (B, 8)),
    by tf.image's sampler (framework.ops.image.projective) on the raw arrays."""
    with paused():
        return _transform(Tensor(images), transforms, interpolation, fill_mode, fill_value)._data
