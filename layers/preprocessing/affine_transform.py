"""Projective image transforms as TensorFlow's ImageProjectiveTransformV3 computes them.

A transform [a0, a1, a2, b0, b1, b2, c0, c1] maps each output pixel (x, y) to
the input point ((a0 x + a1 y + a2) / k, (b0 x + b1 y + b2) / k), k = c0 x + c1 y + 1,
in pixel coordinates. Points outside the image are folded back in by
``fill_mode`` ('reflect', 'wrap', 'nearest') or read as ``fill_value``
('constant'); the value there is read with 'nearest' or 'bilinear'
interpolation. RandomRotation, RandomZoom and RandomTranslation build the
transforms (Keras 3's matrices) and this samples them.
"""
import numpy as np

from framework.backend import array_module

FILL_MODES = ('reflect', 'wrap', 'constant', 'nearest')
INTERPOLATIONS = ('nearest', 'bilinear')


def _fold(coord, size, mode, xp):
    """Coordinates mapped into [0, size - 1] as TensorFlow's fill modes map them."""
    if mode == 'constant':
        return coord
    if size <= 1:
        return xp.zeros_like(coord)
    if mode == 'reflect':
        period = 2 * size
        # fold negatives to the mirror image first, then take the remainder in one period
        c = xp.where(coord < 0, xp.where(coord < -period, coord + period * xp.trunc(-coord / period), coord), coord)
        c = xp.where(c < 0, xp.where(c < -size, c + period, -c - 1), c)
        high = c > size - 1
        c = xp.where(high, c - period * xp.trunc(c / period), c)
        c = xp.where(high & (c >= size), period - c - 1, c)
    elif mode == 'wrap':
        span = size - 1
        # one branch or the other, from the original coordinate (TensorFlow's if / else-if)
        c = xp.where(coord < 0, coord + size * (xp.trunc(-coord / span) + 1),
                     xp.where(coord > size - 1, coord - size * xp.trunc(coord / span), coord))
    else:
        c = coord
    return xp.clip(c, 0, size - 1)


def _read(images, batch, y, x, fill_value, xp):
    """images[b, y, x, :] at integer coordinates, ``fill_value`` outside the image."""
    height, width = images.shape[1], images.shape[2]
    inside = (y >= 0) & (y <= height - 1) & (x >= 0) & (x <= width - 1)
    yi = xp.clip(y, 0, height - 1).astype(np.int64)
    xi = xp.clip(x, 0, width - 1).astype(np.int64)
    values = images[batch, yi, xi]                      # (B, H, W, C)
    return xp.where(inside[..., None], values, xp.asarray(fill_value, images.dtype))


def transform(images, transforms, interpolation='bilinear', fill_mode='reflect', fill_value=0.0):
    """``images`` (B, H, W, C) sampled through one transform per image (``transforms``: (B, 8))."""
    xp = array_module(images)
    batch, height, width = images.shape[:3]
    t = xp.asarray(transforms, dtype=np.float32).reshape(-1, 8)
    if t.shape[0] == 1 and batch != 1:
        t = xp.broadcast_to(t, (batch, 8))
    ys, xs = xp.meshgrid(xp.arange(height, dtype=np.float32), xp.arange(width, dtype=np.float32), indexing='ij')
    col = [t[:, i][:, None, None] for i in range(8)]
    k = col[6] * xs + col[7] * ys + 1
    x_in = _fold((col[0] * xs + col[1] * ys + col[2]) / k, width, fill_mode, xp)
    y_in = _fold((col[3] * xs + col[4] * ys + col[5]) / k, height, fill_mode, xp)
    b = xp.arange(batch)[:, None, None]
    if interpolation == 'nearest':
        # std::round: halves away from zero
        return _read(images, b, xp.sign(y_in) * xp.floor(xp.abs(y_in) + 0.5),
                     xp.sign(x_in) * xp.floor(xp.abs(x_in) + 0.5), fill_value, xp)
    y0, x0 = xp.floor(y_in), xp.floor(x_in)
    wy, wx = (y_in - y0)[..., None], (x_in - x0)[..., None]
    top = (1 - wx) * _read(images, b, y0, x0, fill_value, xp) + wx * _read(images, b, y0, x0 + 1, fill_value, xp)
    bottom = (1 - wx) * _read(images, b, y0 + 1, x0, fill_value, xp) + wx * _read(images, b, y0 + 1, x0 + 1,
                                                                                fill_value, xp)
    return ((1 - wy) * top + wy * bottom).astype(images.dtype)
