"""``keras.applications.resnet_v2``: ResNet50V2/101V2/152V2 (He et al., ECCV 2016: identity
mappings, pre-activation) as Keras 3 builds them, and their preprocessing ('tf': [-1, 1]).

Each block normalises and activates its input first; the stride sits in a stack's last block
(the first keeps the size), whose identity shortcut is a strided 1x1 max pooling.
"""
from .. import layers
from . import imagenet_utils
from .resnet import _EPSILON, bn_axis_of_data_format, build_resnet


def residual_block_v2(x, filters, kernel_size=3, stride=1, conv_shortcut=False, name=None):
    """Pre-activation bottleneck block; the shortcut is a 1x1 conv of the activated input, or ``x``
    (max-pooled when the block strides)."""
    bn_axis = bn_axis_of_data_format()
    preact = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=name + '_preact_bn')(x)
    preact = layers.Activation('relu', name=name + '_preact_relu')(preact)
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=name + '_0_conv')(preact)
    else:
        shortcut = layers.MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
    x = layers.Conv2D(filters, 1, strides=1, use_bias=False, name=name + '_1_conv')(preact)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=name + '_1_bn')(x)
    x = layers.Activation('relu', name=name + '_1_relu')(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name=name + '_2_pad')(x)
    x = layers.Conv2D(filters, kernel_size, strides=stride, use_bias=False, name=name + '_2_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, epsilon=_EPSILON, name=name + '_2_bn')(x)
    x = layers.Activation('relu', name=name + '_2_relu')(x)
    x = layers.Conv2D(4 * filters, 1, name=name + '_3_conv')(x)
    return layers.Add(name=name + '_out')([shortcut, x])


def stack_residual_blocks_v2(x, filters, blocks, stride1=2, name=None):
    """``blocks`` V2 blocks: the first with a conv shortcut, the last striding by ``stride1``."""
    x = residual_block_v2(x, filters, conv_shortcut=True, name=name + '_block1')
    for i in range(2, blocks):
        x = residual_block_v2(x, filters, name='%s_block%d' % (name, i))
    return residual_block_v2(x, filters, stride=stride1, name='%s_block%d' % (name, blocks))


def _resnet_v2(blocks_per_stack, include_top, weights, input_tensor, input_shape, pooling, classes,
               classifier_activation, name, weights_name):
    def stack_fn(x):
        for i, (filters, blocks) in enumerate(zip((64, 128, 256, 512), blocks_per_stack)):
            x = stack_residual_blocks_v2(x, filters, blocks, stride1=1 if i == 3 else 2, name='conv%d' % (i + 2))
        return x
    return build_resnet(stack_fn, True, True, include_top, weights, input_tensor, input_shape, pooling, classes,
                        classifier_activation, name, weights_name)


def ResNet50V2(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
               classifier_activation='softmax', name='resnet50v2'):
    """ResNet50V2 (3, 4, 6, 3 blocks), as ``keras.applications.ResNet50V2``."""
    return _resnet_v2((3, 4, 6, 3), include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name, 'resnet50v2')


def ResNet101V2(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation='softmax', name='resnet101v2'):
    """ResNet101V2 (3, 4, 23, 3 blocks), as ``keras.applications.ResNet101V2``."""
    return _resnet_v2((3, 4, 23, 3), include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name, 'resnet101v2')


def ResNet152V2(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None,
                classes=1000, classifier_activation='softmax', name='resnet152v2'):
    """ResNet152V2 (3, 8, 36, 3 blocks), as ``keras.applications.ResNet152V2``."""
    return _resnet_v2((3, 8, 36, 3), include_top, weights, input_tensor, input_shape, pooling, classes,
                      classifier_activation, name, 'resnet152v2')


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) scaled to [-1, 1], as ResNetV2 was trained on them."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='tf')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
