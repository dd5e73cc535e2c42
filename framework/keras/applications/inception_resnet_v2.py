"""``keras.applications.inception_resnet_v2``: Inception-ResNet-v2 (Szegedy et al., AAAI 2017)
as Keras 3 builds it, and its preprocessing ('tf': pixels scaled to [-1, 1]).

Inception v3's stem, a first mixed block (mixed_5b), then three runs of residual Inception
blocks (10 x block35, 20 x block17, 10 x block8) joined by the strided reductions mixed_6a and
mixed_7a. A residual block concatenates its branches, projects them back to its input's width
with a biased 1x1 conv, and adds ``scale`` times that to its input (``CustomScaleLayer``).
Most units carry no names (Keras numbers them), so the order they are made in is Keras's.
"""

from layers.layer import Layer

from .. import layers
from ..backend import image_data_format
from ..files import get_file
from . import imagenet_utils
from .weights_checks import check_weights_of

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/inception_resnet_v2/'
# Keras's weight files and their md5 sums, by include_top
_WEIGHT_FILES = {True: ('inception_resnet_v2_weights_tf_dim_ordering_tf_kernels.h5',
                        'e693bd0210a403b3192acc6073ad2e96'),
                 False: ('inception_resnet_v2_weights_tf_dim_ordering_tf_kernels_notop.h5',
                         'd19885ff4a710c122648d3b5c3b684e4')}
# The branches of each residual block type: chains of (filters, kernel size) 'same' units
_RESIDUAL_BRANCHES = {
    'block35': (((32, 1),), ((32, 1), (32, 3)), ((32, 1), (48, 3), (64, 3))),
    'block17': (((192, 1),), ((128, 1), (160, (1, 7)), (192, (7, 1)))),
    'block8': (((192, 1),), ((192, 1), (224, (1, 3)), (256, (3, 1)))),
}


def InceptionResNetV2(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None,
                      classes=1000, classifier_activation='softmax', name='inception_resnet_v2'):
    """The Inception-ResNet-v2 model, as ``keras.applications.InceptionResNetV2`` (inputs of at
    least 75x75).

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000, or an unusable input shape.
    """
    check_weights_of('inception_resnet_v2', weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=299, min_size=75,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    axis = 1 if image_data_format() == 'channels_first' else 3

    x = conv2d_bn(img_input, 32, 3, strides=2, padding='valid')
    x = conv2d_bn(x, 32, 3, padding='valid')
    x = conv2d_bn(x, 64, 3)
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = conv2d_bn(x, 80, 1, padding='valid')
    x = conv2d_bn(x, 192, 3, padding='valid')
    x = layers.MaxPooling2D(3, strides=2)(x)
    x = layers.Concatenate(axis=axis, name='mixed_5b')(                               # 35 x 35 x 320
        _branches(x, (((96, 1),), ((48, 1), (64, 5)), ((64, 1), (96, 3), (96, 3))))
        + [conv2d_bn(layers.AveragePooling2D(3, strides=1, padding='same')(x), 64, 1)])
    for block_idx in range(1, 11):
        x = inception_resnet_block(x, scale=0.17, block_type='block35', block_idx=block_idx)
    x = _reduction(x, axis, 'mixed_6a', (((), 384), (((256, 1), (256, 3)), 384)))          # 17 x 17 x 1088
    for block_idx in range(1, 21):
        x = inception_resnet_block(x, scale=0.1, block_type='block17', block_idx=block_idx)
    x = _reduction(x, axis, 'mixed_7a', ((((256, 1),), 384), (((256, 1),), 288), (((256, 1), (288, 3)), 320)))
    for block_idx in range(1, 10):                                                     # 8 x 8 x 2080
        x = inception_resnet_block(x, scale=0.2, block_type='block8', block_idx=block_idx)
    x = inception_resnet_block(x, scale=1.0, activation=None, block_type='block8', block_idx=10)
    x = conv2d_bn(x, 1536, 1, name='conv_7b')

    x = imagenet_utils.classifier_head(x, include_top, pooling, classes, classifier_activation, weights,
                                      top_pool_name='avg_pool')
    file_name, file_hash = _WEIGHT_FILES[bool(include_top)]
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: get_file(
        file_name, _WEIGHTS_URL + file_name, cache_subdir='models', file_hash=file_hash))


def conv2d_bn(x, filters, kernel_size, strides=1, padding='same', activation='relu', use_bias=False, name=None):
    """Conv; without a bias, batch norm without a scale (``name``_bn); the activation
    (``name``_ac) unless None. Unnamed units are numbered by Keras."""
    x = layers.Conv2D(filters, kernel_size, strides=strides, padding=padding, use_bias=use_bias, name=name)(x)
    if not use_bias:
        axis = 1 if image_data_format() == 'channels_first' else 3
        x = layers.BatchNormalization(axis=axis, scale=False, name=None if name is None else name + '_bn')(x)
    if activation is not None:
        x = layers.Activation(activation, name=None if name is None else name + '_ac')(x)
    return x


class CustomScaleLayer(Layer):
    """``inputs[0] + inputs[1] * scale``: a residual block's input plus its scaled update."""
    _keras_identity = ('keras.src.applications.inception_resnet_v2', 'CustomScaleLayer')   # as Keras saves it

    def __init__(self, scale, **kwargs):
        super().__init__(**kwargs)
        self.scale = scale

    def get_config(self):
        config = super().get_config()
        config.update({'scale': self.scale})
        return config

    def call(self, inputs):
        return inputs[0] + inputs[1] * self.scale

    def compute_output_shape(self, input_shape):
        return input_shape[0]


def inception_resnet_block(x, scale, block_type, block_idx, activation='relu'):
    """One residual Inception block of ``block_type`` ('block35', 'block17' or 'block8'), named
    ``block_type``_``block_idx``; ``activation`` (None for none) follows the scaled sum.

    Raises:
        ValueError: an unknown block type (Keras 3's message).
    """
    if block_type not in _RESIDUAL_BRANCHES:
        raise ValueError('Unknown Inception-ResNet block type. Expects "block35", "block17" or "block8", '
                         'but got: %s' % (block_type,))
    block_name = '%s_%s' % (block_type, block_idx)
    axis = 1 if image_data_format() == 'channels_first' else 3
    mixed = layers.Concatenate(axis=axis, name=block_name + '_mixed')(_branches(x, _RESIDUAL_BRANCHES[block_type]))
    up = conv2d_bn(mixed, x.shape[axis], 1, activation=None, use_bias=True, name=block_name + '_conv')
    x = CustomScaleLayer(scale)([x, up])
    if activation is not None:
        x = layers.Activation(activation, name=block_name + '_ac')(x)
    return x


def _branches(x, chains):
    branches = []
    for chain in chains:
        y = x
        for filters, kernel_size in chain:
            y = conv2d_bn(y, filters, kernel_size)
        branches.append(y)
    return branches


def _reduction(x, axis, name, strided_branches):
    """A reduction block: branches of 'same' units each ending in a strided 3x3 'valid' unit of
    the given width, beside a strided 3x3 max pooling."""
    branches = []
    for chain, filters in strided_branches:
        y = _branches(x, (chain,))[0]
        branches.append(conv2d_bn(y, filters, 3, strides=2, padding='valid'))
    branches.append(layers.MaxPooling2D(3, strides=2, padding='valid')(x))
    return layers.Concatenate(axis=axis, name=name)(branches)


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) scaled to [-1, 1], as Inception-ResNet-v2 was trained on them."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='tf')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
