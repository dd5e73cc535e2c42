"""``tf.image.extract_glimpse``: a (height, width) window of each image at an offset, the part
outside the image filled with noise (TF's ExtractGlimpse / ExtractGlimpseV2 kernels, whose
Eigen GlimpseExtractionOp this follows).

Offsets are (y, x) per image. Version 2 (tf.image) places the window's top-left corner at the
offset when ``normalized`` is False (``centered`` then counts from the image centre); version 1
(tf.compat.v1.image) always takes the offset as the window's centre. The float position is
truncated toward zero to a pixel. Filled pixels: 'uniform' noise between the image's min and max,
'gaussian' with its mean and standard deviation, or 'zero' (the noise is tapeflow's random
stream, not TensorFlow's).
"""
import numpy as np

from ... import backend, random as _random
from ...errors import InvalidArgumentError
from ...tensor import Tensor
from ..operands import as_tensor, named_errors
from ...tf_python_names import tf_named


def _position(y, x, image_h, image_w, glimpse_h, glimpse_w, centered, normalized, version):
    if version == 1 or normalized:
        if normalized:
            x, y = x * image_w, y * image_h
        if centered:
            x, y = x / 2.0 + image_w / 2.0, y / 2.0 + image_h / 2.0
        if version == 1 or centered:
            x, y = x - glimpse_w / 2.0, y - glimpse_h / 2.0
    elif centered:
        x, y = x + image_w / 2.0, y + image_h / 2.0
    return int(np.float32(y)), int(np.float32(x))      # C++'s (Index) cast: toward zero


def _glimpses(input, size, offsets, centered, normalized, noise, version, op):  # noqa: A002
    images = as_tensor(input, op)
    data = np.asarray(backend.to_host(images._data))
    if images.ndim != 4:
        raise InvalidArgumentError('input must be a 4-D tensor [batch, height, width, channels], got shape %s'
                                   % (tuple(images.shape),))
    glimpse = np.asarray(backend.to_host(as_tensor(size, op)._data)).reshape(-1)
    if glimpse.shape != (2,):
        raise InvalidArgumentError('size must be a vector of 2 elements, got %s' % glimpse.tolist())
    where = np.asarray(backend.to_host(as_tensor(offsets, op)._data), np.float32)
    batch, image_h, image_w, channels = data.shape
    if where.shape != (batch, 2):
        raise InvalidArgumentError('offsets must be a matrix of shape [%d, 2] (one (y, x) per image), got %s'
                                   % (batch, list(where.shape)))
    if noise not in ('uniform', 'gaussian', 'zero'):
        raise InvalidArgumentError("noise must be 'uniform', 'gaussian' or 'zero', got %r" % (noise,))
    glimpse_h, glimpse_w = int(glimpse[0]), int(glimpse[1])
    out = np.zeros((batch, glimpse_h, glimpse_w, channels), np.float32)
    rng = np.random.default_rng(_random.draw_seed(None))
    for i in range(batch):
        image = data[i].astype(np.float32)
        if noise == 'uniform' and image.size:
            out[i] = image.min() + rng.random(out[i].shape, np.float32) * (image.max() - image.min())
        elif noise == 'gaussian' and image.size:
            out[i] = rng.normal(image.mean(), image.std(), out[i].shape)
        top, left = _position(float(where[i, 0]), float(where[i, 1]), image_h, image_w, glimpse_h, glimpse_w,
                              centered, normalized, version)
        ys = slice(max(top, 0), min(top + glimpse_h, image_h))
        xs = slice(max(left, 0), min(left + glimpse_w, image_w))
        if ys.start < ys.stop and xs.start < xs.stop:
            out[i, ys.start - top:ys.stop - top, xs.start - left:xs.stop - left] = image[ys, xs]
    return Tensor(backend.place(out))


@tf_named('extract_glimpse_v2')
@named_errors('image.extract_glimpse')
def extract_glimpse(input, size, offsets, centered=True, normalized=True, noise='uniform', name=None):  # noqa: A002
    """Windows of ``size`` (height, width) at ``offsets`` ((y, x) per image) from a 4-D float32 batch."""
    return _glimpses(input, size, offsets, centered, normalized, noise, 2, 'image.extract_glimpse')


@named_errors('compat.v1.image.extract_glimpse')
def extract_glimpse_v1(input, size, offsets, centered=True, normalized=True, uniform_noise=True,  # noqa: A002
                       name=None):
    """TF 1's extract_glimpse: the offset is always the window's centre; uniform or gaussian fill."""
    return _glimpses(input, size, offsets, centered, normalized, 'uniform' if uniform_noise else 'gaussian', 1,
                     'compat.v1.image.extract_glimpse')
