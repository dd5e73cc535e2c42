"""``keras.applications.convnext``: ConvNeXtTiny/Small/Base/Large/XLarge (Liu et al., CVPR 2022)
as Keras 3 builds them. Their preprocessing is inside the model (``include_preprocessing``: an
ImageNet Normalization on 0-255 pixels), so ``preprocess_input`` passes images through unchanged.

A 4x4/4 patchify stem, then four stages of ConvNeXt blocks (7x7 depthwise conv, LayerNorm, a
4x-wide pointwise MLP with GELU as Dense layers, a learned per-channel scale, the residual) with
2x2/2 downsampling between them; the stem and downsamplers are small Sequential models.
"""
import numpy as np

from layers.layer import Layer

from .. import initializers, layers, ops
from .. import random as keras_random
from ..backend import image_data_format
from ..models import Sequential
from . import imagenet_utils
from .weights_checks import check_weights_of
from .weights_file import imagenet_weights_file

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/convnext/'
# Keras's sha256 sums of the weight files, (with top, without top)
_WEIGHT_HASHES = {
    'convnext_tiny': ('8ae6e78ce2933352b1ef4008e6dd2f17bc40771563877d156bc6426c7cf503ff',
                      'd547c096cabd03329d7be5562c5e14798aa39ed24b474157cef5e85ab9e49ef1'),
    'convnext_small': ('ce1277d8f1ee5a0ef0e171469089c18f5233860ceaf9b168049cb9263fd7483c',
                       '6fc8009faa2f00c1c1dfce59feea9b0745eb260a7dd11bee65c8e20843da6eab'),
    'convnext_base': ('52cbb006d3dadd03f6e095a8ca1aca47aecdd75acb4bc74bce1f5c695d0086e6',
                      '40a20c5548a5e9202f69735ecc06c990e6b7c9d2de39f0361e27baeb24cb7c45'),
    'convnext_large': ('070c5ed9ed289581e477741d3b34beffa920db8cf590899d6d2c67fba2a198a6',
                       '96f02b6f0753d4f543261bc9d09bed650f24dd6bc02ddde3066135b63d23a1cd'),
    'convnext_xlarge': ('c1f5ccab661354fc3a79a10fa99af82f0fbf10ec65cb894a3ae0815f17a889ee',
                        'de3f8a54174130e0cecdc71583354753d557fcf1f4487331558e2a16ba0cfe05'),
}
MODEL_CONFIGS = {
    'tiny': {'depths': [3, 3, 9, 3], 'projection_dims': [96, 192, 384, 768], 'default_size': 224},
    'small': {'depths': [3, 3, 27, 3], 'projection_dims': [96, 192, 384, 768], 'default_size': 224},
    'base': {'depths': [3, 3, 27, 3], 'projection_dims': [128, 256, 512, 1024], 'default_size': 224},
    'large': {'depths': [3, 3, 27, 3], 'projection_dims': [192, 384, 768, 1536], 'default_size': 224},
    'xlarge': {'depths': [3, 3, 27, 3], 'projection_dims': [256, 512, 1024, 2048], 'default_size': 224},
}
_KERAS_MODULE = 'keras.src.applications.convnext'       # where Keras's configs say these layers live


class StochasticDepth(Layer):
    """In training, the whole input of a sample is dropped with probability ``drop_path_rate``
    (and the kept ones scaled up by 1 / (1 - rate)); the identity otherwise."""
    _keras_identity = (_KERAS_MODULE, 'StochasticDepth')

    def __init__(self, drop_path_rate, **kwargs):
        super().__init__(**kwargs)
        self.drop_path_rate = drop_path_rate

    def call(self, x, training=None):
        if not training:
            return x
        keep_prob = 1 - self.drop_path_rate
        shape = (ops.shape(x)[0],) + (1,) * (len(ops.shape(x)) - 1)
        return (x / keep_prob) * ops.floor(keep_prob + keras_random.uniform(shape, 0, 1))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({'drop_path_rate': self.drop_path_rate})
        return config


class LayerScale(Layer):
    """The input times a learned per-channel scale (``projection_dim`` values, initially
    ``init_values``)."""
    _keras_identity = (_KERAS_MODULE, 'LayerScale')

    def __init__(self, init_values, projection_dim, **kwargs):
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, _):
        # unnamed, as in Keras: auto-named 'variable', 'variable_1', ... across the process
        self.gamma = self.add_weight(shape=(self.projection_dim,), initializer=initializers.Constant(self.init_values),
                                     trainable=True)
        self.built = True

    def call(self, x):
        return x * self.gamma

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        config.update({'init_values': self.init_values, 'projection_dim': self.projection_dim})
        return config


def convnext_block(x, projection_dim, drop_path_rate=0.0, layer_scale_init_value=1e-6, name=None):
    """``x`` plus its ConvNeXt update: 7x7 depthwise conv (a grouped Conv2D), LayerNorm, Dense to
    4x the width, GELU, Dense back, the layer scale, and stochastic depth when its rate is not 0."""
    inputs = x
    x = layers.Conv2D(filters=projection_dim, kernel_size=7, padding='same', groups=projection_dim,
                      name=name + '_depthwise_conv')(x)
    x = layers.LayerNormalization(epsilon=1e-6, name=name + '_layernorm')(x)
    x = layers.Dense(4 * projection_dim, name=name + '_pointwise_conv_1')(x)
    x = layers.Activation('gelu', name=name + '_gelu')(x)
    x = layers.Dense(projection_dim, name=name + '_pointwise_conv_2')(x)
    if layer_scale_init_value is not None:
        x = LayerScale(layer_scale_init_value, projection_dim, name=name + '_layer_scale')(x)
    if drop_path_rate:
        last = StochasticDepth(drop_path_rate, name=name + '_stochastic_depth')
    else:
        last = layers.Activation('linear', name=name + '_identity')
    return inputs + last(x)            # an Add op in the graph, as in Keras (not an Add layer)


def ConvNeXt(depths, projection_dims, drop_path_rate=0.0, layer_scale_init_value=1e-6, default_size=224,
             name='convnext', include_preprocessing=True, include_top=True, weights=None, input_tensor=None,
             input_shape=None, pooling=None, classes=1000, classifier_activation='softmax', weights_name=None):
    """The ConvNeXt of these stage depths and widths (Keras 3's builder behind Tiny..XLarge).

    Raises:
        ValueError: Keras 3's messages, for channels_first, weights that are not None,
            'imagenet' or a file, 'imagenet' with classes other than 1000, an unusable input
            shape, or 'imagenet' with another architecture or a name without the variant's.
    """
    if image_data_format() == 'channels_first':
        raise ValueError('ConvNeXt does not support the `channels_first` image data format. Switch to '
                         '`channels_last` by editing your local config file at ~/.keras/keras.json')
    check_weights_of('convnext', weights, include_top, classes)
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    x = img_input = imagenet_utils.image_input(input_tensor, input_shape)
    if include_preprocessing and input_shape[-1] == 3:
        x = layers.Normalization(mean=[0.485 * 255, 0.456 * 255, 0.406 * 255],
                                 variance=[(0.229 * 255) ** 2, (0.224 * 255) ** 2, (0.225 * 255) ** 2],
                                 name=name + '_prestem_normalization')(x)
    stem = Sequential([layers.Conv2D(projection_dims[0], kernel_size=4, strides=4, name=name + '_stem_conv'),
                       layers.LayerNormalization(epsilon=1e-6, name=name + '_stem_layernorm')], name=name + '_stem')
    downsamplers = [stem] + [
        Sequential([layers.LayerNormalization(epsilon=1e-6, name='%s_downsampling_layernorm_%d' % (name, i)),
                    layers.Conv2D(projection_dims[i + 1], kernel_size=2, strides=2,
                                  name='%s_downsampling_conv_%d' % (name, i))],
                   name='%s_downsampling_block_%d' % (name, i)) for i in range(3)]
    drop_rates = [float(rate) for rate in np.linspace(0.0, drop_path_rate, sum(depths))]
    done = 0
    for i in range(4):
        x = downsamplers[i](x)
        for j in range(depths[i]):
            x = convnext_block(x, projection_dims[i], drop_rates[done + j], layer_scale_init_value,
                               name='%s_stage_%d_block_%d' % (name, i, j))
        done += depths[i]
    if include_top:
        imagenet_utils.validate_activation(classifier_activation, weights)
        x = layers.GlobalAveragePooling2D(name=name + '_head_gap')(x)
        x = layers.LayerNormalization(epsilon=1e-6, name=name + '_head_layernorm')(x)
        x = layers.Dense(classes, activation=classifier_activation, name=name + '_head_dense')(x)
    else:
        if pooling == 'avg':
            x = layers.GlobalAveragePooling2D()(x)
        elif pooling == 'max':
            x = layers.GlobalMaxPooling2D()(x)
        x = layers.LayerNormalization(epsilon=1e-6)(x)
    if weights == 'imagenet':
        _check_imagenet_architecture(weights_name, name, depths, projection_dims)
    file_name = name + ('.h5' if include_top else '_notop.h5')       # Keras names it after the model's name
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights, lambda: imagenet_weights_file(
        'ConvNeXt' + weights_name.split('_')[-1].capitalize(), file_name, _WEIGHTS_URL + file_name,
        _WEIGHT_HASHES[weights_name][0 if include_top else 1]))


def _check_imagenet_architecture(weights_name, name, depths, projection_dims):
    """ImageNet weights fit only their variant's stages, and Keras also asks the model's name to
    contain the variant's (its messages)."""
    expected = MODEL_CONFIGS[weights_name.split('convnext_')[-1]]
    if depths != expected['depths'] or projection_dims != expected['projection_dims']:
        raise ValueError('Architecture configuration does not match %s variant. When using pre-trained weights, the '
                         'model architecture must match the pre-trained configuration exactly. Expected depths: %s, '
                         'got: %s. Expected projection_dims: %s, got: %s.'
                         % (weights_name, expected['depths'], depths, expected['projection_dims'], projection_dims))
    if weights_name not in name:
        raise ValueError('Model name "%s" does not match weights variant "%s". When using imagenet weights, model '
                         'name must contain the weights variant (e.g., "convnext_%s").'
                         % (name, weights_name, weights_name.split('convnext_')[-1]))


def _variant(size):
    """``keras.applications.ConvNeXt<Size>``: the builder with that variant's stages."""
    config = MODEL_CONFIGS[size]
    title = 'XLarge' if size == 'xlarge' else size.capitalize()

    def build(include_top=True, include_preprocessing=True, weights='imagenet', input_tensor=None, input_shape=None,
              pooling=None, classes=1000, classifier_activation='softmax', name='convnext_' + size):
        return ConvNeXt(weights_name='convnext_' + size, depths=config['depths'],
                        projection_dims=config['projection_dims'], drop_path_rate=0.0, layer_scale_init_value=1e-6,
                        default_size=config['default_size'], name=name, include_top=include_top,
                        include_preprocessing=include_preprocessing, weights=weights, input_tensor=input_tensor,
                        input_shape=input_shape, pooling=pooling, classes=classes,
                        classifier_activation=classifier_activation)
    build.__name__ = build.__qualname__ = 'ConvNeXt' + title
    build.__doc__ = ('ConvNeXt%s (stage depths %s, widths %s), as ``keras.applications.ConvNeXt%s``.'
                     % (title, config['depths'], config['projection_dims'], title))
    return build


ConvNeXtTiny = _variant('tiny')
ConvNeXtSmall = _variant('small')
ConvNeXtBase = _variant('base')
ConvNeXtLarge = _variant('large')
ConvNeXtXLarge = _variant('xlarge')


def preprocess_input(x, data_format=None):
    """``x`` unchanged: ConvNeXt normalises its inputs itself (Keras keeps this function for
    older programs)."""
    return x


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
