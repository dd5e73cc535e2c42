"""TensorFlow's AdjustHue CPU kernel (``tf.image.adjust_hue`` on float32 images) in its own float32
arithmetic.

Per pixel the kernel finds the hue as sextant + ratio in [0, 6) from the ordered channels (no
saturation), adds delta * 6, wraps it into [0, 6) by adding or subtracting 6, and rebuilds the
middle channel as min + ratio * (max - min). The HSV composite rounds elsewhere: last-bit
differences in about a third of the pixels. TensorFlow has no gradient for this op; tapeflow
keeps one, taken from that composite (as saturation_kernel.py does).
"""
import numpy as np

from ... import backend
from .kernel_values import kernel_result

F32 = np.float32


def _to_hue_range(r, g, b):
    """(hue in [0, 6), min, max) with the kernel's channel comparisons (ties fall as there)."""
    r_below_g = r < g
    cases = [  # (condition, max, middle, min, sextant) in the kernel's order of tests
        (r_below_g & (b < r), g, r, b, 1), (r_below_g & (b > g), b, g, r, 3), (r_below_g, g, b, r, 2),
        (b < g, r, g, b, 0), (b > r, b, r, g, 4), (np.ones_like(r_below_g), r, b, g, 5)]
    high, middle, low, sextant = r, r, r, np.zeros(r.shape, np.int64)
    chosen = np.zeros(r.shape, bool)
    for condition, top, mid, bottom, category in cases:
        take = condition & ~chosen
        high, middle, low = np.where(take, top, high), np.where(take, mid, middle), np.where(take, bottom, low)
        sextant = np.where(take, category, sextant)
        chosen |= take
    with np.errstate(divide='ignore', invalid='ignore'):
        ratio = (middle - low) / (high - low)
    hue = sextant.astype(F32) + np.where(sextant % 2 == 0, ratio, F32(1) - ratio)
    return np.where(high == low, F32(0), hue).astype(F32), low, high


def _shifted(hue, delta):
    hue = hue + F32(delta) * F32(6)
    while (hue < 0).any():
        hue = np.where(hue < 0, hue + F32(6), hue)
    while (hue >= 6).any():
        hue = np.where(hue >= 6, hue - F32(6), hue)
    return hue


def _to_rgb(hue, low, high):
    sextant = np.trunc(hue).astype(np.int64)
    ratio = hue - sextant.astype(F32)
    ratio = np.where(sextant % 2 == 0, ratio, F32(1) - ratio)
    middle = low + ratio * (high - low)
    table = {0: (high, middle, low), 1: (middle, high, low), 2: (low, high, middle),
             3: (low, middle, high), 4: (middle, low, high)}
    channels = []
    for c in range(3):
        picked = (high, low, middle)[c]                  # sextant 5, the kernel's default too
        for category, parts in table.items():
            picked = np.where(sextant == category, parts[c], picked)
        channels.append(picked)
    return np.stack(channels, axis=-1).astype(F32)


def adjust_hue_exact(images, delta, composite):
    """Float32 ``images`` (..., 3) with the hue turned by ``delta`` (a Python float), as the kernel
    computes them; ``composite(images)`` gives the gradient on a recording tape."""
    pixels = backend.to_host(images._data)
    hue, low, high = _to_hue_range(pixels[..., 0], pixels[..., 1], pixels[..., 2])
    return kernel_result('adjust_hue', images, _to_rgb(_shifted(hue, delta), low, high), composite)
