"""``keras.applications.mobilenet``: MobileNet v1 (Howard et al., 2017) as Keras 3 builds it, and
its preprocessing ('tf': pixels scaled to [-1, 1]).

A strided 3x3 stem, 13 depthwise-separable blocks (3x3 depthwise, 1x1 pointwise, each with
batch norm and ReLU6), then a 1x1-conv classifier. ``alpha`` scales every width,
``depth_multiplier`` the depthwise outputs.
"""
import os
import warnings

from .. import layers
from ..backend import image_data_format, is_keras_tensor
from ..files import get_file
from . import imagenet_utils

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/mobilenet/'
_IMAGENET_SIZES = (128, 160, 192, 224)
_ALPHA_TEXTS = {1.0: '1_0', 0.75: '7_5', 0.50: '5_0', 0.25: '2_5'}     # in Keras's weight file names
# (pointwise filters, stride) of blocks 1..13
_BLOCKS = ((64, 1), (128, 2), (128, 1), (256, 2), (256, 1), (512, 2), (512, 1), (512, 1), (512, 1), (512, 1),
           (512, 1), (1024, 2), (1024, 1))


def MobileNet(input_shape=None, alpha=1.0, depth_multiplier=1, dropout=1e-3, include_top=True, weights='imagenet',
              input_tensor=None, pooling=None, classes=1000, classifier_activation='softmax', name=None):
    """The MobileNet model, as ``keras.applications.MobileNet``; named ``mobilenet_{alpha:.2f}_{rows}``
    unless ``name`` is given.

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file, and
            with 'imagenet': classes other than 1000, a depth_multiplier other than 1 or an alpha
            it has no file for; or an unusable input shape.
    """
    if not (weights in {'imagenet', None} or os.path.exists(weights)):
        raise ValueError("The `weights` argument should be either `None` (random initialization), 'imagenet' "
                         '(pre-training on ImageNet), or the path to the weights file to be loaded. Received '
                         'weights=%s' % (weights,))
    if weights == 'imagenet' and include_top and classes != 1000:
        raise ValueError("If using `weights='imagenet'` with `include_top=True`, `classes` should be 1000.  "
                         'Received classes=%s' % (classes,))
    first = image_data_format() == 'channels_first'
    default_size = 224
    if input_shape is not None:
        rows, cols = input_shape[1:3] if first else input_shape[:2]
        default_size = rows if rows == cols and rows in _IMAGENET_SIZES else 224
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    rows, cols = input_shape[1:3] if first else input_shape[:2]
    if weights == 'imagenet':
        if depth_multiplier != 1:
            raise ValueError('If imagenet weights are being loaded, depth multiplier must be 1.  '
                             'Received depth_multiplier=%s' % (depth_multiplier,))
        if alpha not in _ALPHA_TEXTS:
            # Keras's text, with its missing space after "one of"
            raise ValueError('If imagenet weights are being loaded, alpha can be one of`0.25`, `0.50`, `0.75` or '
                             '`1.0` only.  Received alpha=%s' % (alpha,))
        if rows != cols or rows not in _IMAGENET_SIZES:
            rows = 224
            warnings.warn('`input_shape` is undefined or non-square, or `rows` is not in [128, 160, 192, 224]. '
                          'Weights for input shape (224, 224) will be loaded as the default.', stacklevel=2)
    if input_tensor is None:
        img_input = layers.Input(shape=input_shape)
    elif is_keras_tensor(input_tensor):
        img_input = input_tensor
    else:
        raise ValueError('Argument `input_tensor` must be a KerasTensor (keras.Input or a layer output). '
                         'Received invalid type: %s' % type(input_tensor).__name__)
    channel_axis = 1 if first else -1

    x = layers.Conv2D(int(32 * alpha), (3, 3), padding='same', use_bias=False, strides=(2, 2),
                      name='conv1')(img_input)
    x = layers.BatchNormalization(axis=channel_axis, name='conv1_bn')(x)
    x = layers.ReLU(6.0, name='conv1_relu')(x)
    for block_id, (filters, stride) in enumerate(_BLOCKS, start=1):
        x = _depthwise_conv_block(x, int(filters * alpha), depth_multiplier, stride, block_id, channel_axis)
    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Dropout(dropout, name='dropout')(x)
        x = layers.Conv2D(classes, (1, 1), padding='same', name='conv_preds')(x)
        x = layers.Reshape((classes,), name='reshape_2')(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(activation=classifier_activation, name='predictions')(x)
    elif pooling == 'avg':
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == 'max':
        x = layers.GlobalMaxPooling2D()(x)

    def imagenet_file():            # only 'imagenet' has the file (and a size its name can hold)
        file_name = 'mobilenet_%s_%d_tf%s.h5' % (_ALPHA_TEXTS[alpha], rows, '' if include_top else '_no_top')
        return get_file(file_name, _WEIGHTS_URL + file_name, cache_subdir='models')
    return imagenet_utils.finish_model(
        img_input, input_tensor, x, name if name is not None else 'mobilenet_%0.2f_%s' % (alpha, rows), weights,
        imagenet_file)


def _depthwise_conv_block(inputs, pointwise_filters, depth_multiplier, stride, block_id, channel_axis):
    """3x3 depthwise (strided ones pad bottom/right first), then 1x1 pointwise, each normalised
    and clipped by ReLU6."""
    x = inputs
    if stride != 1:
        x = layers.ZeroPadding2D(((0, 1), (0, 1)), name='conv_pad_%d' % block_id)(x)
    x = layers.DepthwiseConv2D((3, 3), padding='same' if stride == 1 else 'valid', depth_multiplier=depth_multiplier,
                               strides=(stride, stride), use_bias=False, name='conv_dw_%d' % block_id)(x)
    x = layers.BatchNormalization(axis=channel_axis, name='conv_dw_%d_bn' % block_id)(x)
    x = layers.ReLU(6.0, name='conv_dw_%d_relu' % block_id)(x)
    x = layers.Conv2D(pointwise_filters, (1, 1), padding='same', use_bias=False, strides=(1, 1),
                      name='conv_pw_%d' % block_id)(x)
    x = layers.BatchNormalization(axis=channel_axis, name='conv_pw_%d_bn' % block_id)(x)
    return layers.ReLU(6.0, name='conv_pw_%d_relu' % block_id)(x)


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) scaled to [-1, 1], as MobileNet was trained on them."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='tf')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
