"""``keras.applications.efficientnet``: EfficientNetB0..B7 (Tan & Le, ICML 2019) as Keras 3 builds
them. Their preprocessing is inside the model (Rescaling to [0, 1], then Normalization), so
``preprocess_input`` passes images through unchanged.

B0 is a 3x3/2 stem and 16 MBConv blocks (1x1 expansion, depthwise conv, squeeze-and-excitation,
linear 1x1 projection, a dropped-path skip where shapes allow), a 1x1 conv to 1280 channels and
the classifier. B1..B7 scale its widths and block repeats and their default input size.
"""
import copy
import math

from .. import layers
from ..backend import image_data_format
from . import imagenet_utils
from .weights_checks import check_weights_of
from .weights_file import imagenet_weights_file

_WEIGHTS_URL = 'https://storage.googleapis.com/keras-applications/'
# Keras's md5 sums of the weight files, (with top, without top)
_WEIGHT_HASHES = {
    'b0': ('902e53a9f72be733fc0bcb005b3ebbac', '50bc09e76180e00e4465e1a485ddc09d'),
    'b1': ('1d254153d4ab51201f1646940f018540', '74c4e6b3e1f6a1eea24c589628592432'),
    'b2': ('b15cce36ff4dcbd00b6dd88e7857a6ad', '111f8e2ac8aa800a7a99e3239f7bfb39'),
    'b3': ('ffd1fdc53d0ce67064dc6a9c7960ede0', 'af6d107764bb5b1abb91932881670226'),
    'b4': ('18c95ad55216b8f92d7e70b3a046e2fc', 'ebc24e6d6c33eaebbd558eafbeedf1ba'),
    'b5': ('ace28f2a6363774853a83a0b21b9421a', '38879255a25d3c92d5e44e04ae6cec6f'),
    'b6': ('165f6e37dce68623721b423839de8be5', '9ecce42647a20130c1f39a5d4cb75743'),
    'b7': ('8c03f828fec3ef71311cd463b6759d99', 'cbcfe4450ddf6f3ad90b1b398090fe4a'),
}
# B0's stages: kernel size, repeats, filters in, filters out, expansion, stride (all with an
# identity skip and squeeze-and-excitation to a quarter of the block's input filters)
_STAGES = ((3, 1, 32, 16, 1, 1), (3, 2, 16, 24, 6, 2), (5, 2, 24, 40, 6, 2), (3, 3, 40, 80, 6, 2),
           (5, 3, 80, 112, 6, 1), (5, 4, 112, 192, 6, 2), (3, 1, 192, 320, 6, 1))
DEFAULT_BLOCKS_ARGS = [dict(kernel_size=k, repeats=r, filters_in=i, filters_out=o, expand_ratio=e, id_skip=True,
                            strides=s, se_ratio=0.25) for k, r, i, o, e, s in _STAGES]
# He-normal over the output fan for convolutions; a narrow uniform for the classifier
CONV_KERNEL_INITIALIZER = {'class_name': 'VarianceScaling',
                           'config': {'scale': 2.0, 'mode': 'fan_out', 'distribution': 'truncated_normal'}}
DENSE_KERNEL_INITIALIZER = {'class_name': 'VarianceScaling',
                            'config': {'scale': 1.0 / 3.0, 'mode': 'fan_out', 'distribution': 'uniform'}}
IMAGENET_STDDEV_RGB = (0.229, 0.224, 0.225)


def EfficientNet(width_coefficient, depth_coefficient, default_size, dropout_rate=0.2, drop_connect_rate=0.2,
                 depth_divisor=8, activation='swish', blocks_args='default', name='efficientnet', include_top=True,
                 weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
                 classifier_activation='softmax', weights_name=None):
    """The EfficientNet of these width/depth coefficients (Keras 3's builder behind B0..B7).

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000, a stage of no repeats, or an unusable
            input shape.
    """
    if blocks_args == 'default':
        blocks_args = DEFAULT_BLOCKS_ARGS
    check_weights_of('efficientnet', weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    bn_axis = 3 if image_data_format() == 'channels_last' else 1

    def round_filters(filters):
        return make_divisible(filters * width_coefficient, depth_divisor)

    def round_repeats(repeats):
        return int(math.ceil(depth_coefficient * repeats))

    x = layers.Rescaling(1.0 / 255.0)(img_input)
    x = layers.Normalization(axis=bn_axis)(x)
    if weights == 'imagenet':
        # Keras divides once more by the standard deviation: the original model normalised
        # by the variance (tensorflow/tensorflow#49930)
        x = layers.Rescaling([1.0 / math.sqrt(stddev) for stddev in IMAGENET_STDDEV_RGB])(x)
    x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, 3), name='stem_conv_pad')(x)
    x = layers.Conv2D(round_filters(32), 3, strides=2, padding='valid', use_bias=False,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, name='stem_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, name='stem_bn')(x)
    x = layers.Activation(activation, name='stem_activation')(x)

    blocks_args = copy.deepcopy(blocks_args)
    done, total = 0, float(sum(round_repeats(args['repeats']) for args in blocks_args))
    for i, args in enumerate(blocks_args):
        if args['repeats'] <= 0:
            raise ValueError('The number of repeats in `EfficientNet` must be > 0. Received: repeats=%s'
                             % (args['repeats'],))
        args['filters_in'] = round_filters(args['filters_in'])
        args['filters_out'] = round_filters(args['filters_out'])
        for j in range(round_repeats(args.pop('repeats'))):
            if j > 0:                      # only a stage's first block strides and widens
                args['strides'] = 1
                args['filters_in'] = args['filters_out']
            x = block(x, activation, drop_connect_rate * done / total, name='block%d%s_' % (i + 1, chr(j + 97)),
                      **args)
            done += 1

    x = layers.Conv2D(round_filters(1280), 1, padding='same', use_bias=False,
                      kernel_initializer=CONV_KERNEL_INITIALIZER, name='top_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, name='top_bn')(x)
    x = layers.Activation(activation, name='top_activation')(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(name='avg_pool')(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate, name='top_dropout')(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, kernel_initializer=DENSE_KERNEL_INITIALIZER,
                         name='predictions')(x)
    elif pooling == 'avg':
        x = layers.GlobalAveragePooling2D(name='avg_pool')(x)
    elif pooling == 'max':
        x = layers.GlobalMaxPooling2D(name='max_pool')(x)
    # Keras names the file after the model's name, not its variant
    file_name = name + ('.h5' if include_top else '_notop.h5')
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: imagenet_weights_file(
        'EfficientNet' + weights_name.upper(), file_name, _WEIGHTS_URL + file_name,
        _WEIGHT_HASHES[weights_name][0 if include_top else 1]))


def block(inputs, activation='swish', drop_rate=0.0, name='', filters_in=32, filters_out=16, kernel_size=3, strides=1,
          expand_ratio=1, se_ratio=0.0, id_skip=True):
    """An MBConv block: 1x1 expansion (unless ``expand_ratio`` is 1), depthwise conv,
    squeeze-and-excitation, linear 1x1 projection; the input is added back (after a
    per-sample dropout of the block, ``drop_rate``) when the block keeps its shape."""
    bn_axis = 3 if image_data_format() == 'channels_last' else 1
    filters = filters_in * expand_ratio
    x = inputs
    if expand_ratio != 1:
        x = layers.Conv2D(filters, 1, padding='same', use_bias=False, kernel_initializer=CONV_KERNEL_INITIALIZER,
                          name=name + 'expand_conv')(x)
        x = layers.BatchNormalization(axis=bn_axis, name=name + 'expand_bn')(x)
        x = layers.Activation(activation, name=name + 'expand_activation')(x)
    if strides == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size), name=name + 'dwconv_pad')(x)
    x = layers.DepthwiseConv2D(kernel_size, strides=strides, padding='valid' if strides == 2 else 'same',
                               use_bias=False, depthwise_initializer=CONV_KERNEL_INITIALIZER, name=name + 'dwconv')(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + 'bn')(x)
    x = layers.Activation(activation, name=name + 'activation')(x)
    if 0 < se_ratio <= 1:
        x = squeeze_excite(x, filters, max(1, int(filters_in * se_ratio)), activation, bn_axis, name)
    x = layers.Conv2D(filters_out, 1, padding='same', use_bias=False, kernel_initializer=CONV_KERNEL_INITIALIZER,
                      name=name + 'project_conv')(x)
    x = layers.BatchNormalization(axis=bn_axis, name=name + 'project_bn')(x)
    if id_skip and strides == 1 and filters_in == filters_out:
        if drop_rate > 0:
            x = layers.Dropout(drop_rate, noise_shape=(None, 1, 1, 1), name=name + 'drop')(x)
        x = layers.add([x, inputs], name=name + 'add')
    return x


def squeeze_excite(x, filters, filters_se, activation, bn_axis, name):
    """``x`` times per-channel gates (0..1) computed from its spatial mean through a bottleneck
    of ``filters_se`` channels (squeeze-and-excitation)."""
    se = layers.GlobalAveragePooling2D(name=name + 'se_squeeze')(x)
    se = layers.Reshape((filters, 1, 1) if bn_axis == 1 else (1, 1, filters), name=name + 'se_reshape')(se)
    se = layers.Conv2D(filters_se, 1, padding='same', activation=activation, kernel_initializer=CONV_KERNEL_INITIALIZER,
                       name=name + 'se_reduce')(se)
    se = layers.Conv2D(filters, 1, padding='same', activation='sigmoid', kernel_initializer=CONV_KERNEL_INITIALIZER,
                       name=name + 'se_expand')(se)
    return layers.multiply([x, se], name=name + 'se_excite')


def make_divisible(filters, divisor):
    """``filters`` rounded to the nearest multiple of ``divisor``, never more than 10% down."""
    rounded = max(divisor, int(filters + divisor / 2) // divisor * divisor)
    if rounded < 0.9 * filters:
        rounded += divisor
    return int(rounded)


def _variant(variant, width, depth, size, dropout):
    """``keras.applications.EfficientNet<variant>``: the builder at these coefficients."""
    def build(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
              classifier_activation='softmax', name='efficientnet' + variant.lower()):
        return EfficientNet(width, depth, size, dropout, name=name, include_top=include_top, weights=weights,
                            input_tensor=input_tensor, input_shape=input_shape, pooling=pooling, classes=classes,
                            classifier_activation=classifier_activation, weights_name=variant.lower())
    build.__name__ = build.__qualname__ = 'EfficientNet' + variant
    build.__doc__ = ('EfficientNet%s (width x%s, depth x%s, %dx%d inputs by default, dropout %s before the '
                     'classifier), as ``keras.applications.EfficientNet%s``.' % (variant, width, depth, size, size,
                                                                                 dropout, variant))
    return build


EfficientNetB0 = _variant('B0', 1.0, 1.0, 224, 0.2)
EfficientNetB1 = _variant('B1', 1.0, 1.1, 240, 0.2)
EfficientNetB2 = _variant('B2', 1.1, 1.2, 260, 0.3)
EfficientNetB3 = _variant('B3', 1.2, 1.4, 300, 0.3)
EfficientNetB4 = _variant('B4', 1.4, 1.8, 380, 0.4)
EfficientNetB5 = _variant('B5', 1.6, 2.2, 456, 0.4)
EfficientNetB6 = _variant('B6', 1.8, 2.6, 528, 0.5)
EfficientNetB7 = _variant('B7', 2.0, 3.1, 600, 0.5)


def preprocess_input(x, data_format=None):
    """``x`` unchanged: EfficientNet scales and normalises its inputs itself (Keras keeps this
    function for older programs)."""
    return x


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
