"""``keras.ops.image`` colour conversions: rgb_to_grayscale with TensorFlow's weights (a composition of
tapeflow ops, so differentiable); rgb_to_hsv and hsv_to_rgb run tf.image's ops, as Keras 3 on TF does."""
import numpy as np

from framework import ops as _ops
from framework.ops.operands import named_errors
from .ops_dtypes import tensor


def _public(fn):
    return named_errors('keras.ops.image.' + fn.__name__)(fn)


def _nhwc(images, data_format, op, to_float=True):
    from .ops_image import _nhwc as nhwc
    return nhwc(images, data_format, op, to_float)


@_public
def rgb_to_grayscale(images, data_format=None):
    """0.2989 R + 0.5870 G + 0.1140 B, keeping a channel axis of 1 (one channel: unchanged)."""
    raw = tensor(images, 'image.rgb_to_grayscale')
    x, undo = _nhwc(raw, data_format, 'rgb_to_grayscale')
    if x.shape[-1] == 1:
        return raw
    if x.shape[-1] != 3:
        raise ValueError('keras.ops.image.rgb_to_grayscale: images must have 3 channels, got %d' % x.shape[-1])
    grey = _ops.tensordot(x, _ops.constant(np.array([[0.2989], [0.5870], [0.1140]], x._data.dtype)), 1)
    return undo(_ops.cast(grey, raw.dtype) if raw._data.dtype.kind in 'iu' else grey)


@_public
def rgb_to_hsv(images, data_format=None):
    """RGB in [0, 1] to hue, saturation, value in [0, 1]: Keras 3 on TF runs tf.image.rgb_to_hsv, so the
    gradient is TF's RGBToHSV rule (framework/ops/image/hsv_gradient.py)."""
    from framework.ops.image import rgb_to_hsv as image_rgb_to_hsv
    return _through_tf_image(images, data_format, 'rgb_to_hsv', image_rgb_to_hsv)


@_public
def hsv_to_rgb(images, data_format=None):
    """Hue, saturation, value in [0, 1] to RGB: Keras 3 on TF runs tf.image.hsv_to_rgb (its kernel's
    rounding; TF registers it NotDifferentiable, so no gradient)."""
    from framework.ops.image import hsv_to_rgb as image_hsv_to_rgb
    return _through_tf_image(images, data_format, 'hsv_to_rgb', image_hsv_to_rgb)


def _through_tf_image(images, data_format, op, convert):
    """Keras's rank and dtype checks, then tf.image's op (whose kernel refuses a channel count other
    than 3 with FailedPreconditionError) on channels-last images."""
    x, undo = _nhwc(images, data_format, op, to_float=False)
    if x._data.dtype.kind != 'f' and x._data.dtype.name != 'bfloat16':      # Keras's check, after the rank's
        raise ValueError('Invalid images dtype: expected float dtype. Received: images.dtype=%s' % x.dtype.name)
    return undo(convert(x))