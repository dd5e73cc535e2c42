"""``keras.applications.densenet``: DenseNet121/169/201 (Huang et al., CVPR 2017) as Keras 3
builds them, and their preprocessing ('torch': scaled to [0, 1], minus the ImageNet means,
over the standard deviations).

A 7x7/2 stem conv and a 3x3/2 max pooling, then four dense blocks joined by transitions. Each
unit of a dense block (batch norm, relu, 1x1 conv to 128 channels, batch norm, relu, 3x3 conv
to 32) concatenates its 32 new channels onto its input; a transition (batch norm, relu) halves
the channels with a 1x1 conv and the size with a 2x2 average pooling. The models differ only in
the number of units per block.
"""

from .. import layers
from ..backend import image_data_format
from ..files import get_file
from . import imagenet_utils
from .weights_checks import check_weights_of

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/densenet/'
_EPSILON = 1.001e-5
_GROWTH_RATE = 32
# Keras's md5 sums of the weight files, (with top, without top)
_WEIGHT_HASHES = {
    'densenet121': ('9d60b8095a5708f2dcce2bca79d332c7', '30ee3e1110167f948a6b9946edeeb738'),
    'densenet169': ('d699b8f76981ab1b30698df4c175e90b', 'b8c4d4c20dd625c148057b9ff1c1176b'),
    'densenet201': ('1ceb130c1ea1b78c3bf6114dbdfd8807', 'c13680b51ded0fb44dff2d8f86ac8bb1'),
}


def build_densenet(blocks, include_top, weights, input_tensor, input_shape, pooling, classes, classifier_activation,
                   name, weights_name):
    """The DenseNet with ``blocks`` units in its four dense blocks; ``weights_name`` picks Keras's file.

    Raises:
        ValueError: Keras 3's messages, for the channels_first data format, weights that are not
            None, 'imagenet' or a file, 'imagenet' with classes other than 1000, or an unusable
            input shape.
    """
    if image_data_format() == 'channels_first':
        raise ValueError('DenseNet does not support the `channels_first` image data format. Switch to '
                         '`channels_last` by editing your local config file at ~/.keras/keras.json')
    check_weights_of('densenet', weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    axis = 3

    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)))(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=False, name='conv1_conv')(x)
    x = layers.BatchNormalization(axis=axis, epsilon=_EPSILON, name='conv1_bn')(x)
    x = layers.Activation('relu', name='conv1_relu')(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)))(x)
    x = layers.MaxPooling2D(3, strides=2, name='pool1')(x)
    for i, units in enumerate(blocks):
        for unit in range(units):
            x = _dense_unit(x, 'conv%d_block%d' % (i + 2, unit + 1), axis)
        if i < len(blocks) - 1:
            x = _transition(x, 'pool%d' % (i + 2), axis)
    x = layers.BatchNormalization(axis=axis, epsilon=_EPSILON, name='bn')(x)
    x = layers.Activation('relu', name='relu')(x)

    x = imagenet_utils.classifier_head(x, include_top, pooling, classes, classifier_activation, weights,
                                      top_pool_name='avg_pool', pool_names=('avg_pool', 'max_pool'))
    file_name = '%s_weights_tf_dim_ordering_tf_kernels%s.h5' % (weights_name, '' if include_top else '_notop')
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: get_file(
        file_name, _WEIGHTS_URL + file_name, cache_subdir='models',
        file_hash=_WEIGHT_HASHES[weights_name][0 if include_top else 1]))


def _dense_unit(x, name, axis):
    """Batch norm, relu, 1x1 conv (4x the growth rate), batch norm, relu, 3x3 conv (the growth
    rate), concatenated onto ``x``."""
    x1 = layers.BatchNormalization(axis=axis, epsilon=_EPSILON, name=name + '_0_bn')(x)
    x1 = layers.Activation('relu', name=name + '_0_relu')(x1)
    x1 = layers.Conv2D(4 * _GROWTH_RATE, 1, use_bias=False, name=name + '_1_conv')(x1)
    x1 = layers.BatchNormalization(axis=axis, epsilon=_EPSILON, name=name + '_1_bn')(x1)
    x1 = layers.Activation('relu', name=name + '_1_relu')(x1)
    x1 = layers.Conv2D(_GROWTH_RATE, 3, padding='same', use_bias=False, name=name + '_2_conv')(x1)
    return layers.Concatenate(axis=axis, name=name + '_concat')([x, x1])


def _transition(x, name, axis):
    """Batch norm, relu, a 1x1 conv to half the channels, 2x2 average pooling."""
    x = layers.BatchNormalization(axis=axis, epsilon=_EPSILON, name=name + '_bn')(x)
    x = layers.Activation('relu', name=name + '_relu')(x)
    x = layers.Conv2D(int(x.shape[axis] * 0.5), 1, use_bias=False, name=name + '_conv')(x)
    return layers.AveragePooling2D(2, strides=2, name=name + '_pool')(x)


def DenseNet121(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation='softmax', name='densenet121'):
    """DenseNet121 (6, 12, 24, 16 units), as ``keras.applications.DenseNet121``."""
    return build_densenet((6, 12, 24, 16), include_top, weights, input_tensor, input_shape, pooling, classes,
                          classifier_activation, name, 'densenet121')


def DenseNet169(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation='softmax', name='densenet169'):
    """DenseNet169 (6, 12, 32, 32 units), as ``keras.applications.DenseNet169``."""
    return build_densenet((6, 12, 32, 32), include_top, weights, input_tensor, input_shape, pooling, classes,
                          classifier_activation, name, 'densenet169')


def DenseNet201(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation='softmax', name='densenet201'):
    """DenseNet201 (6, 12, 48, 32 units), as ``keras.applications.DenseNet201``."""
    return build_densenet((6, 12, 48, 32), include_top, weights, input_tensor, input_shape, pooling, classes,
                          classifier_activation, name, 'densenet201')


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) as DenseNet was trained on them: scaled to [0, 1], minus the ImageNet
    means, over their standard deviations."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='torch')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
