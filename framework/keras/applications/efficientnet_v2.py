"""``keras.applications.efficientnet_v2``: EfficientNetV2B0..B3, S, M and L (Tan & Le, ICML 2021)
as Keras 3 builds them. Their preprocessing is inside the model (``include_preprocessing``), so
``preprocess_input`` passes images through unchanged.

The early stages are Fused-MBConv blocks (one full 3x3 conv in place of the 1x1 expansion and the
depthwise conv), the later ones MBConv blocks with squeeze-and-excitation, as in EfficientNet.
"""
import copy
import math

from .. import initializers, layers
from ..backend import image_data_format
from . import imagenet_utils
from .efficientnet import CONV_KERNEL_INITIALIZER, DENSE_KERNEL_INITIALIZER, squeeze_excite
from .weights_checks import check_weights_of
from .weights_file import imagenet_weights_file

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/efficientnet_v2/'
# Keras's md5 sums of the weight files, (with top, without top)
_WEIGHT_HASHES = {
    'b0': ('21ecbf6da12460d5c40bb2f29ceb2188', '893217f2bb855e2983157299931e43ff'),
    'b1': ('069f0534ff22adf035c89e2d9547a9dc', '0e80663031ca32d657f9caa404b6ec37'),
    'b2': ('424e49f28180edbde1e94797771950a7', '1dfe2e7a5d45b6632553a8961ea609eb'),
    'b3': ('1f1fc43bd98a6e4fd8fdfd551e02c7a0', 'f6abf7b5849ac99a89b50dd3fd532856'),
    '-s': ('e1d88a8495beba45748fedd0cecbe016', 'af0682fb74e8c54910f2d4393339c070'),
    '-m': ('a3bf6aa3276309f4fc6a34aa114c95cd', '1b8dc055df72dde80d614482840fe342'),
    '-l': ('27e6d408b53c7ebc868fefa357689935', 'b0b66b5c863aef5b46e8608fe1711615'),
}
_KEYS = ('kernel_size', 'num_repeat', 'input_filters', 'output_filters', 'expand_ratio', 'se_ratio', 'strides',
         'conv_type')
# per stage, in _KEYS' order; conv_type 1 is Fused-MBConv, 0 MBConv
_STAGES = {
    'efficientnetv2-s': ((3, 2, 24, 24, 1, 0.0, 1, 1), (3, 4, 24, 48, 4, 0.0, 2, 1), (3, 4, 48, 64, 4, 0, 2, 1),
                         (3, 6, 64, 128, 4, 0.25, 2, 0), (3, 9, 128, 160, 6, 0.25, 1, 0),
                         (3, 15, 160, 256, 6, 0.25, 2, 0)),
    'efficientnetv2-m': ((3, 3, 24, 24, 1, 0, 1, 1), (3, 5, 24, 48, 4, 0, 2, 1), (3, 5, 48, 80, 4, 0, 2, 1),
                         (3, 7, 80, 160, 4, 0.25, 2, 0), (3, 14, 160, 176, 6, 0.25, 1, 0),
                         (3, 18, 176, 304, 6, 0.25, 2, 0), (3, 5, 304, 512, 6, 0.25, 1, 0)),
    'efficientnetv2-l': ((3, 4, 32, 32, 1, 0, 1, 1), (3, 7, 32, 64, 4, 0, 2, 1), (3, 7, 64, 96, 4, 0, 2, 1),
                         (3, 10, 96, 192, 4, 0.25, 2, 0), (3, 19, 192, 224, 6, 0.25, 1, 0),
                         (3, 25, 224, 384, 6, 0.25, 2, 0), (3, 7, 384, 640, 6, 0.25, 1, 0)),
    'efficientnetv2-b': ((3, 1, 32, 16, 1, 0, 1, 1), (3, 2, 16, 32, 4, 0, 2, 1), (3, 2, 32, 48, 4, 0, 2, 1),
                         (3, 3, 48, 96, 4, 0.25, 2, 0), (3, 5, 96, 112, 6, 0.25, 1, 0),
                         (3, 8, 112, 192, 6, 0.25, 2, 0)),
}
DEFAULT_BLOCKS_ARGS = {name: [dict(zip(_KEYS, stage)) for stage in stages] for name, stages in _STAGES.items()}
for _b in ('b0', 'b1', 'b2', 'b3'):            # the B models share their stages (scaled by coefficients)
    DEFAULT_BLOCKS_ARGS['efficientnetv2-' + _b] = DEFAULT_BLOCKS_ARGS['efficientnetv2-b']
del DEFAULT_BLOCKS_ARGS['efficientnetv2-b']


def round_filters(filters, width_coefficient, min_depth, depth_divisor):
    """``filters`` times the width coefficient, to the nearest multiple of ``depth_divisor``
    (at least ``min_depth``); unlike EfficientNet's, it may round down by more than 10%."""
    filters *= width_coefficient
    return int(max(min_depth or depth_divisor, int(filters + depth_divisor / 2) // depth_divisor * depth_divisor))


def round_repeats(repeats, depth_coefficient):
    return int(math.ceil(depth_coefficient * repeats))


def EfficientNetV2(width_coefficient, depth_coefficient, default_size, dropout_rate=0.2, drop_connect_rate=0.2,
                   depth_divisor=8, min_depth=8, bn_momentum=0.9, activation='swish', blocks_args='default',
                   name='efficientnetv2', include_top=True, weights='imagenet', input_tensor=None, input_shape=None,
                   pooling=None, classes=1000, classifier_activation='softmax', include_preprocessing=True,
                   weights_name=None):
    """The EfficientNetV2 of these coefficients (Keras 3's builder behind B0..B3, S, M, L).

    ``blocks_args='default'`` takes the stages of the variant ``weights_name`` names (Keras looks
    them up by the model's ``name``, so there another name raises KeyError).
    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000, a stage of no repeats, or an unusable
            input shape.
    """
    variant = 'efficientnetv2' + (weights_name if weights_name.startswith('-') else '-' + weights_name)
    if blocks_args == 'default':
        blocks_args = DEFAULT_BLOCKS_ARGS[variant]
    check_weights_of('efficientnet_v2', weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    bn_axis = 3 if image_data_format() == 'channels_last' else 1

    def rounded(filters):
        return round_filters(filters, width_coefficient, min_depth, depth_divisor)

    x = img_input
    if include_preprocessing:
        if variant.split('-')[-1].startswith('b') and input_shape[bn_axis - 1] == 3:
            # the B models were trained on ImageNet-normalised images, S/M/L on [-1, 1]
            x = layers.Rescaling(scale=1.0 / 255)(x)
            x = layers.Normalization(mean=[0.485, 0.456, 0.406], variance=[0.229 ** 2, 0.224 ** 2, 0.225 ** 2],
                                     axis=bn_axis)(x)
        else:
            x = layers.Rescaling(scale=1.0 / 128.0, offset=-1)(x)
    x = layers.Conv2D(filters=rounded(blocks_args[0]['input_filters']), kernel_size=3, strides=2,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, padding='same', use_bias=False, name='stem_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name='stem_bn')(x)
    x = layers.Activation(activation, name='stem_activation')(x)

    blocks_args = copy.deepcopy(blocks_args)
    done, total = 0, float(sum(args['num_repeat'] for args in blocks_args))
    for i, args in enumerate(blocks_args):
        if args['num_repeat'] <= 0:
            raise ValueError('The number of repeats in `EfficientNetV2` must be > 0. Received: num_repeat=%s'
                             % (args['num_repeat'],))
        args['input_filters'] = rounded(args['input_filters'])
        args['output_filters'] = rounded(args['output_filters'])
        block = fused_mbconv_block if args.pop('conv_type') else mbconv_block
        for j in range(round_repeats(args.pop('num_repeat'), depth_coefficient)):
            if j > 0:                      # only a stage's first block strides and widens
                args['strides'] = 1
                args['input_filters'] = args['output_filters']
            # Keras calls the drop rate survival_probability; it grows along the blocks
            x = block(x, activation=activation, bn_momentum=bn_momentum, drop_rate=drop_connect_rate * done / total,
                      name='block%d%s_' % (i + 1, chr(j + 97)), **args)
            done += 1

    x = layers.Conv2D(filters=rounded(1280), kernel_size=1, strides=1, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      padding='same', use_bias=False, name='top_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name='top_bn')(x)
    x = layers.Activation(activation=activation, name='top_activation')(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(name='avg_pool')(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name='top_dropout')(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, kernel_initializer=DENSE_KERNEL_INITIALIZER,
                         bias_initializer=initializers.Constant(0.0), name='predictions')(x)
    elif pooling == 'avg':
        x = layers.GlobalAveragePooling2D(name='avg_pool')(x)
    elif pooling == 'max':
        x = layers.GlobalMaxPooling2D(name='max_pool')(x)
    file_name = name + ('.h5' if include_top else '_notop.h5')       # Keras names it after the model's name
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: imagenet_weights_file(
        'EfficientNetV2' + weights_name.strip('-').upper(), file_name, _WEIGHTS_URL + file_name,
        _WEIGHT_HASHES[weights_name][0 if include_top else 1]))


def _residual(x, inputs, input_filters, output_filters, strides, drop_rate, name):
    """``x`` plus the block's input (after a per-sample dropout of the block) where shapes allow."""
    if strides == 1 and input_filters == output_filters:
        if drop_rate:
            x = layers.Dropout(drop_rate, noise_shape=(None, 1, 1, 1), name=name + 'drop')(x)
        x = layers.add([x, inputs], name=name + 'add')
    return x


def mbconv_block(inputs, input_filters, output_filters, expand_ratio=1, kernel_size=3, strides=1, se_ratio=0.0,
                 bn_momentum=0.9, activation='swish', drop_rate=0.8, name=None):
    """MBConv: 1x1 expansion (unless ``expand_ratio`` is 1), depthwise conv, squeeze-and-excitation,
    linear 1x1 projection, the residual."""
    bn_axis = 3 if image_data_format() == 'channels_last' else 1
    filters = input_filters * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = layers.Conv2D(filters=filters, kernel_size=1, strides=1, kernel_initializer=CONV_KERNEL_INITIALIZER,
                          padding='same', data_format=image_data_format(), use_bias=False,
                          name=name + 'expand_conv')(x)
        x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + 'expand_bn')(x)
        x = layers.Activation(activation, name=name + 'expand_activation')(x)
    x = layers.DepthwiseConv2D(kernel_size=kernel_size, strides=strides, depthwise_initializer=CONV_KERNEL_INITIALIZER,
                               padding='same', data_format=image_data_format(), use_bias=False,
                               name=name + 'dwconv2')(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + 'bn')(x)
    x = layers.Activation(activation, name=name + 'activation')(x)
    if 0 < se_ratio <= 1:
        x = squeeze_excite(x, filters, max(1, int(input_filters * se_ratio)), activation, bn_axis, name)
    x = layers.Conv2D(filters=output_filters, kernel_size=1, strides=1, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      padding='same', data_format=image_data_format(), use_bias=False, name=name + 'project_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + 'project_bn')(x)
    return _residual(x, inputs, input_filters, output_filters, strides, drop_rate, name)


def fused_mbconv_block(inputs, input_filters, output_filters, expand_ratio=1, kernel_size=3, strides=1, se_ratio=0.0,
                       bn_momentum=0.9, activation='swish', drop_rate=0.8, name=None):
    """Fused-MBConv: one full ``kernel_size`` conv expands (or, with ``expand_ratio`` 1, is the
    whole block, activated), optional squeeze-and-excitation, 1x1 projection, the residual."""
    bn_axis = 3 if image_data_format() == 'channels_last' else 1
    filters = input_filters * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = layers.Conv2D(filters, kernel_size=kernel_size, strides=strides, kernel_initializer=CONV_KERNEL_INITIALIZER,
                          data_format=image_data_format(), padding='same', use_bias=False,
                          name=name + 'expand_conv')(x)
        x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + 'expand_bn')(x)
        x = layers.Activation(activation=activation, name=name + 'expand_activation')(x)
    if 0 < se_ratio <= 1:
        x = squeeze_excite(x, filters, max(1, int(input_filters * se_ratio)), activation, bn_axis, name)
    fused = expand_ratio == 1
    x = layers.Conv2D(output_filters, kernel_size=kernel_size if fused else 1, strides=strides if fused else 1,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, padding='same', use_bias=False,
                      name=name + 'project_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, momentum=bn_momentum, name=name + 'project_bn')(x)
    if fused:
        x = layers.Activation(activation=activation, name=name + 'project_activation')(x)
    return _residual(x, inputs, input_filters, output_filters, strides, drop_rate, name)


def _variant(variant, width, depth, size, weights_name):
    """``keras.applications.EfficientNetV2<variant>``: the builder at these coefficients."""
    def build(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
              classifier_activation='softmax', include_preprocessing=True,
              name='efficientnetv2-' + variant.lower()):
        return EfficientNetV2(width_coefficient=width, depth_coefficient=depth, default_size=size, name=name,
                              include_top=include_top, weights=weights, input_tensor=input_tensor,
                              input_shape=input_shape, pooling=pooling, classes=classes,
                              classifier_activation=classifier_activation,
                              include_preprocessing=include_preprocessing, weights_name=weights_name)
    build.__name__ = build.__qualname__ = 'EfficientNetV2' + variant
    build.__doc__ = ('EfficientNetV2%s (width x%s, depth x%s, %dx%d inputs by default), as '
                     '``keras.applications.EfficientNetV2%s``.' % (variant, width, depth, size, size, variant))
    return build


EfficientNetV2B0 = _variant('B0', 1.0, 1.0, 224, 'b0')
EfficientNetV2B1 = _variant('B1', 1.0, 1.1, 240, 'b1')
EfficientNetV2B2 = _variant('B2', 1.1, 1.2, 260, 'b2')
EfficientNetV2B3 = _variant('B3', 1.2, 1.4, 300, 'b3')
EfficientNetV2S = _variant('S', 1.0, 1.0, 384, '-s')
EfficientNetV2M = _variant('M', 1.0, 1.0, 480, '-m')
EfficientNetV2L = _variant('L', 1.0, 1.0, 480, '-l')


def preprocess_input(x, data_format=None):
    """``x`` unchanged: EfficientNetV2 scales and normalises its inputs itself (Keras keeps this
    function for older programs)."""
    return x


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
