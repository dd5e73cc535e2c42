"""``keras.applications.xception``: Xception (Chollet, CVPR 2017) as Keras 3 builds it, and its
preprocessing ('tf': pixels scaled to [-1, 1]).

Entry flow: two 3x3 convs, then three blocks of two separable convs and a strided 3x3 max
pooling, each added to a strided 1x1 conv shortcut. Middle flow: eight blocks of three
separable convs added to their input. Exit flow: one more shortcut block (728 -> 1024), then
separable convs of 1536 and 2048 channels. The shortcut convs, their batch norms and the adds
carry no names (Keras numbers them), so the order they are made in below is Keras's.
"""

from .. import layers
from ..backend import image_data_format
from ..files import get_file
from . import imagenet_utils
from .weights_checks import check_weights_of

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/xception/'
# Keras's weight files and their md5 sums, by include_top
_WEIGHT_FILES = {True: ('xception_weights_tf_dim_ordering_tf_kernels.h5', '0a58e3b7378bc2990ea3b43d5981f1f6'),
                 False: ('xception_weights_tf_dim_ordering_tf_kernels_notop.h5', 'b0042744bf5b25fce3cb969f33bebb97')}


def Xception(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
             classifier_activation='softmax', name='xception'):
    """The Xception model, as ``keras.applications.Xception`` (inputs of at least 71x71).

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000, or an unusable input shape.
    """
    check_weights_of('xception', weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=299, min_size=71,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    axis = 1 if image_data_format() == 'channels_first' else -1

    x = layers.Conv2D(32, (3, 3), strides=(2, 2), use_bias=False, name='block1_conv1')(img_input)
    x = layers.BatchNormalization(axis=axis, name='block1_conv1_bn')(x)
    x = layers.Activation('relu', name='block1_conv1_act')(x)
    x = layers.Conv2D(64, (3, 3), use_bias=False, name='block1_conv2')(x)
    x = layers.BatchNormalization(axis=axis, name='block1_conv2_bn')(x)
    x = layers.Activation('relu', name='block1_conv2_act')(x)
    # block 2 follows a relu already, so its first separable conv has no activation before it
    x = _shortcut_block(x, (128, 128), 'block2', axis, first_activation=False)
    x = _shortcut_block(x, (256, 256), 'block3', axis)
    x = _shortcut_block(x, (728, 728), 'block4', axis)
    for block in range(5, 13):
        x = layers.add([_separable_chain(x, 'block%d' % block, (728, 728, 728), axis), x])
    x = _shortcut_block(x, (728, 1024), 'block13', axis)
    for i, filters in enumerate((1536, 2048)):       # normalised, then activated
        x = _separable_bn(x, filters, 'block14_sepconv%d' % (i + 1), axis)
        x = layers.Activation('relu', name='block14_sepconv%d_act' % (i + 1))(x)

    x = imagenet_utils.classifier_head(x, include_top, pooling, classes, classifier_activation, weights,
                                      top_pool_name='avg_pool')
    file_name, file_hash = _WEIGHT_FILES[bool(include_top)]
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: get_file(
        file_name, _WEIGHTS_URL + file_name, cache_subdir='models', file_hash=file_hash))


def _separable_bn(x, filters, name, axis):
    x = layers.SeparableConv2D(filters, (3, 3), padding='same', use_bias=False, name=name)(x)
    return layers.BatchNormalization(axis=axis, name=name + '_bn')(x)


def _separable_chain(x, prefix, widths, axis, first_activation=True):
    """relu, separable conv, batch norm for each width; the relus are named after the conv that
    follows them."""
    for i, filters in enumerate(widths):
        if i or first_activation:
            x = layers.Activation('relu', name='%s_sepconv%d_act' % (prefix, i + 1))(x)
        x = _separable_bn(x, filters, '%s_sepconv%d' % (prefix, i + 1), axis)
    return x


def _shortcut_block(x, widths, prefix, axis, first_activation=True):
    """Two separable convs and a strided max pooling, added to a strided 1x1 conv of ``x``."""
    residual = layers.Conv2D(widths[-1], (1, 1), strides=(2, 2), padding='same', use_bias=False)(x)
    residual = layers.BatchNormalization(axis=axis)(residual)
    x = _separable_chain(x, prefix, widths, axis, first_activation)
    x = layers.MaxPooling2D((3, 3), strides=(2, 2), padding='same', name=prefix + '_pool')(x)
    return layers.add([x, residual])


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) scaled to [-1, 1], as Xception was trained on them."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='tf')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
