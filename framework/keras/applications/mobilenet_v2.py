"""``keras.applications.mobilenet_v2``: MobileNetV2 (Sandler et al., CVPR 2018) as Keras 3 builds
it, and its preprocessing ('tf': pixels scaled to [-1, 1]).

A strided 3x3 stem, 17 inverted residual blocks (1x1 expansion, 3x3 depthwise, linear 1x1
projection, a skip where shapes allow), a 1x1 conv to 1280 channels and the classifier. ``alpha``
scales every width (rounded to multiples of 8) but the last conv's, which only grows.
"""
import os
import warnings

from .. import layers
from ..backend import image_data_format, is_keras_tensor
from ..files import get_file
from . import imagenet_utils

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v2/'
_IMAGENET_SIZES = (96, 128, 160, 192, 224)
_IMAGENET_ALPHAS = (0.35, 0.50, 0.75, 1.0, 1.3, 1.4)
# (filters, stride, expansion) of blocks 0..16
_BLOCKS = ((16, 1, 1),
           (24, 2, 6), (24, 1, 6),
           (32, 2, 6), (32, 1, 6), (32, 1, 6),
           (64, 2, 6), (64, 1, 6), (64, 1, 6), (64, 1, 6),
           (96, 1, 6), (96, 1, 6), (96, 1, 6),
           (160, 2, 6), (160, 1, 6), (160, 1, 6),
           (320, 1, 6))


def MobileNetV2(input_shape=None, alpha=1.0, include_top=True, weights='imagenet', input_tensor=None, pooling=None,
                classes=1000, classifier_activation='softmax', name=None):
    """The MobileNetV2 model, as ``keras.applications.MobileNetV2``; named
    ``mobilenetv2_{alpha:.2f}_{rows}`` unless ``name`` is given.

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000 or an alpha it has no file for, an
            ``input_tensor`` whose width differs from ``input_shape``, or an unusable input shape.
    """
    if not (weights in {'imagenet', None} or os.path.exists(weights)):
        raise ValueError('The `weights` argument should be either `None` (random initialization), `imagenet` '
                         '(pre-training on ImageNet), or the path to the weights file to be loaded.  '
                         'Received `weights=%s`' % (weights,))
    if weights == 'imagenet' and include_top and classes != 1000:
        raise ValueError('If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000. '
                         'Received `classes=%s`' % (classes,))
    if input_tensor is not None and not is_keras_tensor(input_tensor):
        raise ValueError('input_tensor is not a Keras tensor; Received `input_tensor=%s`' % (input_tensor,))
    first = image_data_format() == 'channels_first'
    if input_shape is not None and input_tensor is not None:
        _check_input_tensor_matches(input_tensor, input_shape, first)
    default_size = _default_size(input_shape, input_tensor, first)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    rows, cols = input_shape[1:3] if first else input_shape[:2]
    if weights == 'imagenet':
        if alpha not in _IMAGENET_ALPHAS:
            raise ValueError('If imagenet weights are being loaded, alpha must be one of `0.35`, `0.50`, `0.75`, '
                             '`1.0`, `1.3` or `1.4` only; Received `alpha=%s`' % (alpha,))
        if rows != cols or rows not in _IMAGENET_SIZES:
            rows = 224
            warnings.warn('`input_shape` is undefined or non-square, or `rows` is not in [96, 128, 160, 192, 224]. '
                          'Weights for input shape (224, 224) will be loaded as the default.', stacklevel=2)
    img_input = layers.Input(shape=input_shape) if input_tensor is None else input_tensor
    channel_axis = 1 if first else -1

    x = layers.Conv2D(make_divisible(32 * alpha, 8), kernel_size=3, strides=(2, 2), padding='same', use_bias=False,
                      name='Conv1')(img_input)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name='bn_Conv1')(x)
    x = layers.ReLU(6.0, name='Conv1_relu')(x)
    for block_id, (filters, stride, expansion) in enumerate(_BLOCKS):
        x = _inverted_res_block(x, expansion, stride, alpha, filters, block_id, channel_axis)
    # the last conv is not thinned by alpha < 1 (the paper's choice), only widened by alpha > 1
    last_filters = make_divisible(1280 * alpha, 8) if alpha > 1.0 else 1280
    x = layers.Conv2D(last_filters, kernel_size=1, use_bias=False, name='Conv_1')(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name='Conv_1_bn')(x)
    x = layers.ReLU(6.0, name='out_relu')(x)
    x = imagenet_utils.classifier_head(x, include_top, pooling, classes, classifier_activation, weights)

    file_name = 'mobilenet_v2_weights_tf_dim_ordering_tf_kernels_%s_%s%s.h5' % (
        float(alpha), rows, '' if include_top else '_no_top')
    return imagenet_utils.finish_model(
        img_input, input_tensor, x, name if name is not None else 'mobilenetv2_%0.2f_%s' % (alpha, rows), weights,
        lambda: get_file(file_name, _WEIGHTS_URL + file_name, cache_subdir='models'))


def _check_input_tensor_matches(input_tensor, input_shape, first):
    if first and input_tensor.shape[1] != input_shape[1]:
        raise ValueError('input_shape[1] must equal shape(input_tensor)[1] when `image_data_format` is '
                         '`channels_first`; Received `input_tensor.shape=%s`, `input_shape=%s`'
                         % (input_tensor.shape, input_shape))
    if not first and input_tensor.shape[2] != input_shape[1]:
        raise ValueError('input_tensor.shape[2] must equal input_shape[1]; Received `input_tensor.shape=%s`, '
                         '`input_shape=%s`' % (input_tensor.shape, input_shape))


def _default_size(input_shape, input_tensor, first):
    """The square size an input shape (or, without one, an input tensor) asks for if it is one
    that ImageNet weights exist for; 224 otherwise."""
    if input_shape is not None:
        rows, cols = input_shape[1:3] if first else input_shape[:2]
    elif input_tensor is not None:
        rows, cols = input_tensor.shape[2:4] if first else input_tensor.shape[1:3]
    else:
        return 224
    return rows if rows == cols and rows in _IMAGENET_SIZES else 224


def _inverted_res_block(inputs, expansion, stride, alpha, filters, block_id, channel_axis):
    """1x1 expansion (not in block 0), 3x3 depthwise, linear 1x1 projection; the input is added
    back when the block keeps its shape."""
    in_channels = inputs.shape[channel_axis]
    pointwise_filters = make_divisible(int(filters * alpha), 8)
    x = inputs
    if block_id:
        prefix = 'block_%d_' % block_id
        x = layers.Conv2D(expansion * in_channels, kernel_size=1, padding='same', use_bias=False, activation=None,
                          name=prefix + 'expand')(x)
        x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + 'expand_BN')(x)
        x = layers.ReLU(6.0, name=prefix + 'expand_relu')(x)
    else:
        prefix = 'expanded_conv_'
    if stride == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name=prefix + 'pad')(x)
    x = layers.DepthwiseConv2D(kernel_size=3, strides=stride, activation=None, use_bias=False,
                               padding='same' if stride == 1 else 'valid', name=prefix + 'depthwise')(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + 'depthwise_BN')(x)
    x = layers.ReLU(6.0, name=prefix + 'depthwise_relu')(x)
    x = layers.Conv2D(pointwise_filters, kernel_size=1, padding='same', use_bias=False, activation=None,
                      name=prefix + 'project')(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + 'project_BN')(x)
    if in_channels == pointwise_filters and stride == 1:
        return layers.Add(name=prefix + 'add')([inputs, x])
    return x


def make_divisible(value, divisor, min_value=None):
    """``value`` rounded to the nearest multiple of ``divisor`` (at least ``min_value``), but
    never more than 10% below ``value`` (MobileNet's channel rounding)."""
    if min_value is None:
        min_value = divisor
    rounded = max(min_value, int(value + divisor / 2) // divisor * divisor)
    if rounded < 0.9 * value:
        rounded += divisor
    return rounded


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) scaled to [-1, 1], as MobileNetV2 was trained on them."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='tf')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
