"""``keras.applications.resnet``: ResNet50/101/152 (He et al., CVPR 2015) as Keras 3 builds them,
and the ResNet skeleton that ``resnet_v2`` shares; Caffe-style preprocessing (BGR, minus the
ImageNet means).

The skeleton: a 7x7/2 stem conv, 3x3/2 max pooling, four stacks of bottleneck blocks (1x1, 3x3,
1x1 convolutions whose output is 4x the bottleneck width, added to a shortcut), then the
classifier. V1 normalises after each conv; V2 (``preact``) before each block and once at the end.
"""

from .. import layers
from ..backend import image_data_format
from ..files import get_file
from . import imagenet_utils

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/resnet/'
# Keras's md5 sums of the weight files, (with top, without top)
_WEIGHT_HASHES = {
    'resnet50': ('2cb95161c43110f7111970584f804107', '4d473c1dd8becc155b73f8504c6f6626'),
    'resnet101': ('f1aeb4b969a6efcfb50fad2f0c20cfc5', '88cf7a10940856eca736dc7b7e228a21'),
    'resnet152': ('100835be76be38e30d865e96f2aaae62', 'ee4c566cf9a93f14d82f913c2dc6dd0c'),
    'resnet50v2': ('3ef43a0b657b3be2300d5770ece849e0', 'fac2f116257151a9d068a22e544a4917'),
    'resnet101v2': ('6343647c601c52e1368623803854d971', 'c0ed64b8031c3730f411d2eb4eea35b5'),
    'resnet152v2': ('a49b44d1979771252814e80f8ec446f9', 'ed17cf2e0169df9d443503ef94b23b33'),
}
_EPSILON = 1.001e-5


def build_resnet(stack_fn, preact, use_bias, include_top, weights, input_tensor, input_shape, pooling, classes,
                 classifier_activation, name, weights_name):
    """The ResNet whose residual stacks ``stack_fn`` adds; ``weights_name`` picks Keras's file.

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000, or an unusable input shape.
    """
    imagenet_utils.check_weights(weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=224, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    bn_axis = bn_axis_of_data_format()
    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name='conv1_pad')(img_input)
    x = layers.Conv2D(64, 7, strides=2, use_bias=use_bias, name='conv1_conv')(x)
    if not preact:
        x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name='conv1_bn')(x)
        x = layers.Activation('relu', name='conv1_relu')(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name='pool1_pad')(x)
    x = layers.MaxPooling2D(3, strides=2, name='pool1_pool')(x)
    x = stack_fn(x)
    if preact:
        x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name='post_bn')(x)
        x = layers.Activation('relu', name='post_relu')(x)
    x = imagenet_utils.classifier_head(x, include_top, pooling, classes, classifier_activation, weights,
                                      top_pool_name='avg_pool', pool_names=('avg_pool', 'max_pool'))
    file_name = '%s_weights_tf_dim_ordering_tf_kernels%s.h5' % (weights_name, '' if include_top else '_notop')
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: get_file(
        file_name, _WEIGHTS_URL + file_name, cache_subdir='models',
        file_hash=_WEIGHT_HASHES[weights_name][0 if include_top else 1]))


def bn_axis_of_data_format():
    return 3 if image_data_format() == 'channels_last' else 1


def residual_block_v1(x, filters, kernel_size=3, stride=1, conv_shortcut=True, name=None):
    """Bottleneck block, normalised after each conv; the shortcut is a strided 1x1 conv or ``x``."""
    bn_axis = bn_axis_of_data_format()
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=name + '_0_conv')(x)
        shortcut = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=name + '_0_bn')(shortcut)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, strides=stride, name=name + '_1_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=name + '_1_bn')(x)
    x = layers.Activation('relu', name=name + '_1_relu')(x)
    x = layers.Conv2D(filters, kernel_size, padding='SAME', name=name + '_2_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=name + '_2_bn')(x)
    x = layers.Activation('relu', name=name + '_2_relu')(x)
    x = layers.Conv2D(4 * filters, 1, name=name + '_3_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=name + '_3_bn')(x)
    x = layers.Add(name=name + '_add')([shortcut, x])
    return layers.Activation('relu', name=name + '_out')(x)


def stack_residual_blocks_v1(x, filters, blocks, stride1=2, name=None):
    """``blocks`` V1 blocks; the first (conv shortcut) strides by ``stride1``."""
    x = residual_block_v1(x, filters, stride=stride1, name=name + '_block1')
    for i in range(2, blocks + 1):
        x = residual_block_v1(x, filters, conv_shortcut=False, name='%s_block%d' % (name, i))
    return x


def _resnet_v1(blocks_per_stack, include_top, weights, input_tensor, input_shape, pooling, classes,
               classifier_activation, name, weights_name):
    def stack_fn(x):
        for i, (filters, blocks) in enumerate(zip((64, 128, 256, 512), blocks_per_stack)):
            x = stack_residual_blocks_v1(x, filters, blocks, stride1=1 if i == 0 else 2, name='conv%d' % (i + 2))
        return x
    return build_resnet(stack_fn, False, True, include_top, weights, input_tensor, input_shape, pooling, classes,
                        classifier_activation, name, weights_name)


def ResNet50(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
             classifier_activation='softmax', name='resnet50'):
    """ResNet50 (3, 4, 6, 3 blocks), as ``keras.applications.ResNet50``."""
    return _resnet_v1((3, 4, 6, 3), include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name, 'resnet50')


def ResNet101(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
              classifier_activation='softmax', name='resnet101'):
    """ResNet101 (3, 4, 23, 3 blocks), as ``keras.applications.ResNet101``."""
    return _resnet_v1((3, 4, 23, 3), include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name, 'resnet101')


def ResNet152(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
              classifier_activation='softmax', name='resnet152'):
    """ResNet152 (3, 8, 36, 3 blocks), as ``keras.applications.ResNet152``."""
    return _resnet_v1((3, 8, 36, 3), include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name, 'resnet152')


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) as ResNet was trained on them: BGR, minus the ImageNet channel means."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='caffe')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
