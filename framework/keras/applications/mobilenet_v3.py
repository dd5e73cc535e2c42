"""``keras.applications.mobilenet_v3``: MobileNetV3Small and MobileNetV3Large (Howard et al., ICCV
2019) as Keras 3 builds them. Their preprocessing is inside the model (``include_preprocessing``:
pixels rescaled to [-1, 1]), so ``preprocess_input`` passes images through unchanged.

Inverted residual blocks as MobileNetV2's, with hard-swish activations and squeeze-and-excitation
gated by a hard sigmoid (written as ops on KerasTensors, ``ReLU(6)(x + 3) * (1 / 6)``, which the
graph records as Add and Multiply ops); ``minimalistic`` drops both and uses 3x3 kernels and ReLU.
The classifier is a 1x1 conv on the pooled features.
"""
import os
import warnings

from .. import layers
from ..backend import image_data_format, is_keras_tensor
from . import imagenet_utils
from .mobilenet_v2 import make_divisible as _depth
from .weights_file import imagenet_weights_file

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/mobilenet_v3/'
# Keras's md5 sums of the weight files, (with top, without top)
_WEIGHT_HASHES = {
    'large_224_0.75_float': ('765b44a33ad4005b3ac83185abf1d0eb', '40af19a13ebea4e2ee0c676887f69a2e'),
    'large_224_1.0_float': ('59e551e166be033d707958cf9e29a6a7', '07fb09a5933dd0c8eaafa16978110389'),
    'large_minimalistic_224_1.0_float': ('675e7b876c45c57e9e63e6d90a36599c', 'ec5221f64a2f6d1ef965a614bdae7973'),
    'small_224_0.75_float': ('cb65d4e5be93758266aa0a7f2c6708b7', 'ebdb5cc8e0b497cd13a7c275d475c819'),
    'small_224_1.0_float': ('8768d4c2e7dee89b9d02b2d03d65d862', 'd3e8ec802a04aa4fc771ee12a9a9b836'),
    'small_minimalistic_224_1.0_float': ('99cd97fb2fcdad2bf028eb838de69e37', 'cde8136e733e811080d9fcd8a252f7e4'),
}
# (expansion, filters, kernel ('k': 5, or 3 when minimalistic), stride, squeeze-excite, activation
# ('relu' or 'act': hard-swish, or ReLU when minimalistic)) of each block
_SMALL_BLOCKS = ((1, 16, 3, 2, True, 'relu'), (72.0 / 16, 24, 3, 2, False, 'relu'),
                 (88.0 / 24, 24, 3, 1, False, 'relu'), (4, 40, 'k', 2, True, 'act'), (6, 40, 'k', 1, True, 'act'),
                 (6, 40, 'k', 1, True, 'act'), (3, 48, 'k', 1, True, 'act'), (3, 48, 'k', 1, True, 'act'),
                 (6, 96, 'k', 2, True, 'act'), (6, 96, 'k', 1, True, 'act'), (6, 96, 'k', 1, True, 'act'))
_LARGE_BLOCKS = ((1, 16, 3, 1, False, 'relu'), (4, 24, 3, 2, False, 'relu'), (3, 24, 3, 1, False, 'relu'),
                 (3, 40, 'k', 2, True, 'relu'), (3, 40, 'k', 1, True, 'relu'), (3, 40, 'k', 1, True, 'relu'),
                 (6, 80, 3, 2, False, 'act'), (2.5, 80, 3, 1, False, 'act'), (2.3, 80, 3, 1, False, 'act'),
                 (2.3, 80, 3, 1, False, 'act'), (6, 112, 3, 1, True, 'act'), (6, 112, 3, 1, True, 'act'),
                 (6, 160, 'k', 2, True, 'act'), (6, 160, 'k', 1, True, 'act'), (6, 160, 'k', 1, True, 'act'))


def MobileNetV3Small(input_shape=None, alpha=1.0, minimalistic=False, include_top=True, weights='imagenet',
                     input_tensor=None, classes=1000, pooling=None, dropout_rate=0.2, classifier_activation='softmax',
                     include_preprocessing=True, name='MobileNetV3Small'):
    """MobileNetV3Small (11 blocks, a 1024-channel classifier conv), as
    ``keras.applications.MobileNetV3Small``."""
    return _mobilenet_v3(_SMALL_BLOCKS, 1024, 'small', input_shape, alpha, minimalistic, include_top, weights,
                         input_tensor, classes, pooling, dropout_rate, classifier_activation, include_preprocessing,
                         name)


def MobileNetV3Large(input_shape=None, alpha=1.0, minimalistic=False, include_top=True, weights='imagenet',
                     input_tensor=None, classes=1000, pooling=None, dropout_rate=0.2, classifier_activation='softmax',
                     include_preprocessing=True, name='MobileNetV3Large'):
    """MobileNetV3Large (15 blocks, a 1280-channel classifier conv), as
    ``keras.applications.MobileNetV3Large``."""
    return _mobilenet_v3(_LARGE_BLOCKS, 1280, 'large', input_shape, alpha, minimalistic, include_top, weights,
                         input_tensor, classes, pooling, dropout_rate, classifier_activation, include_preprocessing,
                         name)


def _mobilenet_v3(blocks, last_point_ch, model_type, input_shape, alpha, minimalistic, include_top, weights,
                  input_tensor, classes, pooling, dropout_rate, classifier_activation, include_preprocessing, name):
    """The model of these blocks (Keras 3's MobileNetV3 builder).

    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000 or an alpha it has no file for, an
            ``input_tensor`` that is not a KerasTensor or whose width differs from
            ``input_shape``, or an input smaller than 32x32.
    """
    _check_weights(weights, include_top, classes)
    first = image_data_format() == 'channels_first'
    input_shape = _input_shape(input_shape, input_tensor, first)
    rows, cols = input_shape[1:3] if first else input_shape[:2]
    if rows and cols and (rows < 32 or cols < 32):
        raise ValueError('Input size must be at least 32x32; Received `input_shape=%s`' % (input_shape,))
    if weights == 'imagenet':
        if not minimalistic and alpha not in [0.75, 1.0] or minimalistic and alpha != 1.0:
            raise ValueError('If imagenet weights are being loaded, alpha can be one of `0.75`, `1.0` for non '
                             'minimalistic or `1.0` for minimalistic only.')
        if rows != cols or rows != 224:
            warnings.warn('`input_shape` is undefined or non-square, or `rows` is not 224. Weights for input shape '
                          '(224, 224) will be loaded as the default.', stacklevel=3)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    channel_axis = 1 if first else -1
    kernel, activation, se_ratio = (3, relu, None) if minimalistic else (5, hard_swish, 0.25)

    x = img_input
    if include_preprocessing:
        x = layers.Rescaling(scale=1.0 / 127.5, offset=-1.0)(x)
    x = layers.Conv2D(16, kernel_size=3, strides=(2, 2), padding='same', use_bias=False, name='conv')(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name='conv_bn')(x)
    x = activation(x)
    for block_id, (expansion, filters, size, stride, squeeze, block_activation) in enumerate(blocks):
        x = _inverted_res_block(x, expansion, _depth(filters * alpha, 8), kernel if size == 'k' else size, stride,
                                se_ratio if squeeze else None, relu if block_activation == 'relu' else activation,
                                block_id)
    last_conv_ch = _depth(x.shape[channel_axis] * 6, 8)
    if alpha > 1.0:
        last_point_ch = _depth(last_point_ch * alpha, 8)
    x = layers.Conv2D(last_conv_ch, kernel_size=1, padding='same', use_bias=False, name='conv_1')(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name='conv_1_bn')(x)
    x = activation(x)
    if include_top:
        x = layers.GlobalAveragePooling2D(keepdims=True)(x)
        x = layers.Conv2D(last_point_ch, kernel_size=1, padding='same', use_bias=True, name='conv_2')(x)
        x = activation(x)
        if dropout_rate > 0:
            x = layers.Dropout(dropout_rate)(x)
        x = layers.Conv2D(classes, kernel_size=1, padding='same', name='logits')(x)
        x = layers.Flatten()(x)
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.Activation(activation=classifier_activation, name='predictions')(x)
    elif pooling == 'avg':
        x = layers.GlobalAveragePooling2D(name='avg_pool')(x)
    elif pooling == 'max':
        x = layers.GlobalMaxPooling2D(name='max_pool')(x)
    model_name = '%s%s_224_%s_float' % (model_type, '_minimalistic' if minimalistic else '', alpha)
    file_name = 'weights_mobilenet_v3_%s%s.h5' % (model_name, '' if include_top else '_no_top_v2')
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: imagenet_weights_file(
        'MobileNetV3' + model_type.capitalize(), file_name, _WEIGHTS_URL + file_name,
        _WEIGHT_HASHES[model_name][0 if include_top else 1]))


def _check_weights(weights, include_top, classes):
    """Keras 3's checks of ``weights`` and ``classes``, in MobileNetV3's words."""
    if not (weights in {'imagenet', None} or os.path.exists(weights)):
        raise ValueError('The `weights` argument should be either `None` (random initialization), `imagenet` '
                         '(pre-training on ImageNet), or the path to the weights file to be loaded.  Received '
                         'weights=%s' % (weights,))
    if weights == 'imagenet' and include_top and classes != 1000:
        raise ValueError('If using `weights="imagenet"` with `include_top` as true, `classes` should be 1000.  '
                         'Received classes=%s' % (classes,))


def _input_shape(input_shape, input_tensor, first):
    """The input shape Keras 3 checks: ``input_shape``, else taken from ``input_tensor`` (rows
    and columns swapped, as Keras does), else free rows and columns.

    Raises:
        ValueError: an ``input_tensor`` that is not a KerasTensor, or whose width differs from
            ``input_shape``'s (Keras's messages).
    """
    if input_shape is not None and input_tensor is not None:
        if not is_keras_tensor(input_tensor):
            raise ValueError('input_tensor specified: ', input_tensor, 'is not a keras tensor')
        if first and input_tensor.shape[1] != input_shape[1]:
            raise ValueError('When backend.image_data_format()=channels_first, input_shape[1] must equal '
                             'input_tensor.shape[1].  Received input_shape=%s, input_tensor.shape=%s'
                             % (input_shape, input_tensor.shape))
        if not first and input_tensor.shape[2] != input_shape[1]:
            raise ValueError('input_shape[1] must equal input_tensor.shape[2].  Received input_shape=%s, '
                             'input_tensor.shape=%s' % (input_shape, input_tensor.shape))
    if input_shape is None and input_tensor is not None and is_keras_tensor(input_tensor):
        rows, cols = input_tensor.shape[2:4] if first else input_tensor.shape[1:3]
        return (3, cols, rows) if first else (cols, rows, 3)
    if input_shape is None:
        return (3, None, None) if first else (None, None, 3)
    return input_shape


def relu(x):
    return layers.ReLU()(x)


def hard_sigmoid(x):
    return layers.ReLU(6.0)(x + 3.0) * (1.0 / 6.0)


def hard_swish(x):
    return layers.Activation('hard_swish')(x)


def _se_block(inputs, filters, se_ratio, prefix):
    """``inputs`` times per-channel gates from their spatial mean (squeeze-and-excitation with a
    hard-sigmoid gate)."""
    x = layers.GlobalAveragePooling2D(keepdims=True, name=prefix + 'squeeze_excite_avg_pool')(inputs)
    x = layers.Conv2D(_depth(filters * se_ratio, 8), kernel_size=1, padding='same',
                      name=prefix + 'squeeze_excite_conv')(x)
    x = layers.ReLU(name=prefix + 'squeeze_excite_relu')(x)
    x = layers.Conv2D(filters, kernel_size=1, padding='same', name=prefix + 'squeeze_excite_conv_1')(x)
    x = hard_sigmoid(x)
    return layers.Multiply(name=prefix + 'squeeze_excite_mul')([inputs, x])


def _inverted_res_block(x, expansion, filters, kernel_size, stride, se_ratio, activation, block_id):
    """1x1 expansion (not in block 0), depthwise conv, optional squeeze-and-excitation, linear
    1x1 projection; the input is added back when the block keeps its shape."""
    channel_axis = 1 if image_data_format() == 'channels_first' else -1
    shortcut = x
    infilters = x.shape[channel_axis]
    prefix = 'expanded_conv_%d_' % block_id if block_id else 'expanded_conv_'
    if block_id:
        x = layers.Conv2D(_depth(infilters * expansion, 8), kernel_size=1, padding='same', use_bias=False,
                          name=prefix + 'expand')(x)
        x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + 'expand_bn')(x)
        x = activation(x)
    if stride == 2:
        x = layers.ZeroPadding2D(padding=imagenet_utils.correct_pad(x, kernel_size), name=prefix + 'depthwise_pad')(x)
    x = layers.DepthwiseConv2D(kernel_size, strides=stride, padding='same' if stride == 1 else 'valid',
                               use_bias=False, name=prefix + 'depthwise')(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + 'depthwise_bn')(x)
    x = activation(x)
    if se_ratio:
        x = _se_block(x, _depth(infilters * expansion, 8), se_ratio, prefix)
    x = layers.Conv2D(filters, kernel_size=1, padding='same', use_bias=False, name=prefix + 'project')(x)
    x = layers.BatchNormalization(axis=channel_axis, epsilon=1e-3, momentum=0.999, name=prefix + 'project_bn')(x)
    if stride == 1 and infilters == filters:
        x = layers.Add(name=prefix + 'add')([shortcut, x])
    return x


def preprocess_input(x, data_format=None):
    """``x`` unchanged: MobileNetV3 rescales its inputs itself (Keras keeps this function for
    older programs)."""
    return x


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
