"""``keras.ops.image.elastic_transform``: images warped by a smooth random displacement field
(Simard et al., 2003), built as Keras 3's TensorFlow backend builds it: a normal field times
``sigma``, blurred by a Gaussian of ``sigma`` (kernel 6 int(sigma) | 1), scaled by ``alpha``,
then sampled with ``map_coordinates``. As there, one draw serves both directions.
"""
from framework import ops as _ops
from framework.ops.operands import named_errors
from .ops_image_filters import gaussian_blur
from .ops_map_coordinates import map_coordinates


@named_errors('keras.ops.image.elastic_transform')
def elastic_transform(images, alpha=20.0, sigma=5.0, interpolation='bilinear', fill_mode='reflect', fill_value=0.0,
                      seed=None, data_format=None):
    """Each image resampled at (y + alpha d, x + alpha d), d a Gaussian-blurred normal field drawn from
    ``seed`` (an int, a keras.random.SeedGenerator, or None for the global stream)."""
    from . import random as keras_random
    from .ops_image import _nhwc
    if interpolation not in ('nearest', 'bilinear'):
        raise ValueError("keras.ops.image.elastic_transform: interpolation must be 'nearest' or 'bilinear', got %r"
                         % (interpolation,))
    if fill_mode not in ('constant', 'nearest', 'wrap', 'mirror', 'reflect'):
        raise ValueError("keras.ops.image.elastic_transform: fill_mode must be one of 'constant', 'nearest', 'wrap', "
                         "'mirror', 'reflect', got %r" % (fill_mode,))
    x, undo = _nhwc(images, data_format, 'elastic_transform')
    n, h, w, c = x.shape
    alpha, sigma = float(alpha), float(sigma)
    if sigma <= 0:
        raise ValueError('keras.ops.image.elastic_transform: sigma must be > 0, got %r' % (sigma,))
    size = 6 * int(sigma) | 1
    field = keras_random.normal((n, h, w, 1), dtype=x.dtype, seed=seed) * sigma
    field = gaussian_blur(field, (size, size), (sigma, sigma))[..., 0] * alpha     # (n, h, w)
    rows = _ops.cast(_ops.reshape(_ops.range(h), [1, h, 1]), x.dtype) + field
    cols = _ops.cast(_ops.reshape(_ops.range(w), [1, 1, w]), x.dtype) + field
    order = 0 if interpolation == 'nearest' else 1
    images_out = [_ops.stack([map_coordinates(x[b, :, :, k], _ops.stack([rows[b], cols[b]]), order, fill_mode,
                                              fill_value) for k in range(c)], -1) for b in range(n)]
    return undo(_ops.stack(images_out))
