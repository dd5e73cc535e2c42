"""``keras.applications.inception_v3``: Inception v3 (Szegedy et al., CVPR 2016) as Keras 3
builds it, and its preprocessing ('tf': pixels scaled to [-1, 1]).

A stem of five conv + batch-norm + relu units and two max poolings, then eleven "mixed" blocks
that run parallel branches (1x1, factorised 5x5 / 7x7 / 3x3 convolutions, a pooling) over one
input and concatenate them along the channels; blocks 3 and 8 stride by two. The units carry
no names of their own (Keras numbers them: conv2d_12, batch_normalization_12, activation_12),
so the order in which they are made below is Keras's order.
"""

from .. import layers
from ..backend import image_data_format
from ..files import get_file
from . import imagenet_utils
from .weights_checks import check_weights_of

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/inception_v3/'
# Keras's weight files and their md5 sums, by include_top
_WEIGHT_FILES = {True: ('inception_v3_weights_tf_dim_ordering_tf_kernels.h5', '9a0d58056eeedaa3f26cb7ebd46da564'),
                 False: ('inception_v3_weights_tf_dim_ordering_tf_kernels_notop.h5',
                         'bcbd6486424b2319ff4ef7d526e38f63')}

# The branches of the blocks, each a chain of (filters, rows, cols) stride-1 'same' units; a
# block's last branch is a 3x3 average pooling followed by a 1x1 unit of the given width.
_BLOCKS_35 = ((((64, 1, 1),), ((48, 1, 1), (64, 5, 5)), ((64, 1, 1), (96, 3, 3), (96, 3, 3))), (32, 64, 64))


def _blocks_17(width):
    """A 17x17 block whose factorised 7x7 branches are ``width`` wide inside."""
    return (((192, 1, 1),),
            ((width, 1, 1), (width, 1, 7), (192, 7, 1)),
            ((width, 1, 1), (width, 7, 1), (width, 1, 7), (width, 7, 1), (192, 1, 7)))


def InceptionV3(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation='softmax', name='inception_v3'):
    """The Inception v3 model, as ``keras.applications.InceptionV3`` (inputs of at least 75x75).

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000, or an unusable input shape.
    """
    check_weights_of('inception_v3', weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=299, min_size=75,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    axis = 1 if image_data_format() == 'channels_first' else 3

    x = conv2d_bn(img_input, 32, 3, 3, strides=(2, 2), padding='valid')
    x = conv2d_bn(x, 32, 3, 3, padding='valid')
    x = conv2d_bn(x, 64, 3, 3)
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    x = conv2d_bn(x, 80, 1, 1, padding='valid')
    x = conv2d_bn(x, 192, 3, 3, padding='valid')
    x = layers.MaxPooling2D((3, 3), strides=(2, 2))(x)
    branches_35, pool_widths = _BLOCKS_35
    for i in range(3):                                                      # 35 x 35
        x = _concatenate(_branches(x, branches_35) + [_avg_pool_branch(x, pool_widths[i])], axis, 'mixed%d' % i)
    x = _concatenate([conv2d_bn(x, 384, 3, 3, strides=(2, 2), padding='valid'),       # to 17 x 17
                      _chain(_chain(x, ((64, 1, 1), (96, 3, 3))), ((96, 3, 3),), strides=(2, 2), padding='valid'),
                      layers.MaxPooling2D((3, 3), strides=(2, 2))(x)], axis, 'mixed3')
    for i, width in enumerate((128, 160, 160, 192)):                        # 17 x 17
        x = _concatenate(_branches(x, _blocks_17(width)) + [_avg_pool_branch(x, 192)], axis, 'mixed%d' % (4 + i))
    x = _concatenate([_chain(_chain(x, ((192, 1, 1),)), ((320, 3, 3),), strides=(2, 2), padding='valid'),  # to 8x8
                      _chain(_chain(x, ((192, 1, 1), (192, 1, 7), (192, 7, 1))), ((192, 3, 3),), strides=(2, 2),
                             padding='valid'),
                      layers.MaxPooling2D((3, 3), strides=(2, 2))(x)], axis, 'mixed8')
    for i in range(2):                                                      # 8 x 8
        x = _expanded_block(x, axis, i)

    x = imagenet_utils.classifier_head(x, include_top, pooling, classes, classifier_activation, weights,
                                      top_pool_name='avg_pool')
    file_name, file_hash = _WEIGHT_FILES[bool(include_top)]
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: get_file(
        file_name, _WEIGHTS_URL + file_name, cache_subdir='models', file_hash=file_hash))


def conv2d_bn(x, filters, rows, cols, padding='same', strides=(1, 1), name=None):
    """Conv (no bias), batch norm without a scale, relu; named ``name``_conv, ``name``_bn and
    ``name``, or numbered by Keras when ``name`` is None."""
    axis = 1 if image_data_format() == 'channels_first' else 3
    x = layers.Conv2D(filters, (rows, cols), strides=strides, padding=padding, use_bias=False,
                      name=None if name is None else name + '_conv')(x)
    x = layers.BatchNormalization(axis=axis, scale=False, name=None if name is None else name + '_bn')(x)
    return layers.Activation('relu', name=name)(x)


def _chain(x, units, **kwargs):
    for filters, rows, cols in units:
        x = conv2d_bn(x, filters, rows, cols, **kwargs)
    return x


def _branches(x, chains):
    return [_chain(x, units) for units in chains]


def _avg_pool_branch(x, filters):
    return conv2d_bn(layers.AveragePooling2D((3, 3), strides=(1, 1), padding='same')(x), filters, 1, 1)


def _concatenate(tensors, axis, name=None):
    return layers.concatenate(tensors, axis=axis, name=name)


def _expanded_block(x, axis, i):
    """mixed9 / mixed10: the 3x3 branches end in a 1x3 and a 3x1 conv side by side."""
    branch1x1 = conv2d_bn(x, 320, 1, 1)
    branch3x3 = conv2d_bn(x, 384, 1, 1)
    branch3x3 = _concatenate([conv2d_bn(branch3x3, 384, 1, 3), conv2d_bn(branch3x3, 384, 3, 1)], axis,
                             'mixed9_%d' % i)
    branch3x3dbl = _chain(x, ((448, 1, 1), (384, 3, 3)))
    branch3x3dbl = _concatenate([conv2d_bn(branch3x3dbl, 384, 1, 3), conv2d_bn(branch3x3dbl, 384, 3, 1)], axis)
    return _concatenate([branch1x1, branch3x3, branch3x3dbl, _avg_pool_branch(x, 192)], axis, 'mixed%d' % (9 + i))


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) scaled to [-1, 1], as Inception v3 was trained on them."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='tf')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
