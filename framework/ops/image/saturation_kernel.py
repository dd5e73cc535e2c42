"""TensorFlow's AdjustSaturation CPU kernel (``tf.image.adjust_saturation`` on float32 images) in
its own float32 arithmetic.

Per pixel the kernel converts RGB to HSV (hue offsets 2/6 and 4/6 are double constants, so those
hues are rounded from double), scales and clips the saturation, and converts back through the
hue's sextant (a float ``fmod`` by repeated +-2). The composite of tapeflow's rgb_to_hsv and
hsv_to_rgb rounds elsewhere: last-bit differences in about one pixel in seven. TensorFlow has no
gradient for this op; tapeflow keeps one, taken from that composite.
"""
import numpy as np

from ... import backend
from .kernel_values import kernel_result

F32 = np.float32


def _to_hsv(r, g, b):
    value = np.maximum(r, np.maximum(g, b))
    spread = value - np.minimum(r, np.minimum(g, b))
    with np.errstate(divide='ignore', invalid='ignore'):
        saturation = np.where(value > 0, spread / value, F32(0))
        norm = F32(1) / (F32(6) * spread)
        hue = np.where(r == value, norm * (g - b),
                       np.where(g == value, ((norm * (b - r)).astype(np.float64) + 2.0 / 6.0).astype(F32),
                                ((norm * (r - g)).astype(np.float64) + 4.0 / 6.0).astype(F32)))
    hue = np.where(spread <= 0, F32(0), hue)
    hue = np.where(hue < 0, hue + F32(1), hue)
    return hue.astype(F32), saturation.astype(F32), value


def _to_rgb(hue, saturation, value):
    chroma = saturation * value
    low = value - chroma
    sextant_f = hue * F32(6)
    sextant = np.trunc(sextant_f).astype(np.int64)
    # fmod by 2 as the kernel loops it: add 2 while <= 0, subtract 2 while >= 2
    folded = sextant_f.copy()
    while True:
        up = folded <= 0
        if not up.any():
            break
        folded = np.where(up, folded + F32(2), folded)
    while True:
        down = folded >= F32(2)
        if not down.any():
            break
        folded = np.where(down, folded - F32(2), folded)
    middle = chroma * (F32(1) - np.abs(folded - F32(1)))
    zero = np.zeros_like(chroma)
    table = {0: (chroma, middle, zero), 1: (middle, chroma, zero), 2: (zero, chroma, middle),
             3: (zero, middle, chroma), 4: (middle, zero, chroma), 5: (chroma, zero, middle)}
    channels = []
    for c in range(3):
        picked = zero
        for category, parts in table.items():
            picked = np.where(sextant == category, parts[c], picked)
        channels.append(picked + low)
    return np.stack(channels, axis=-1).astype(F32)


def _saturated(pixels, factor):
    hue, saturation, value = _to_hsv(pixels[..., 0], pixels[..., 1], pixels[..., 2])
    saturation = np.minimum(F32(1), np.maximum(F32(0), saturation * F32(factor)))
    return _to_rgb(hue, saturation, value)


def adjust_saturation_exact(images, factor, composite):
    """Float32 ``images`` (..., 3) with the saturation times ``factor`` (a Python float), as the
    kernel computes them; ``composite(images)`` gives the gradient on a recording tape."""
    return kernel_result('adjust_saturation', images, _saturated(backend.to_host(images._data), factor), composite)
