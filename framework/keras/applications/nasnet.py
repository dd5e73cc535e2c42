"""``keras.applications.nasnet``: NASNetMobile and NASNetLarge (Zoph et al., CVPR 2018) as
Keras 3 builds them, and their preprocessing ('tf': pixels scaled to [-1, 1]).

A strided 3x3 stem conv, two reduction cells, then three runs of ``num_blocks`` normal cells
with a reduction cell between runs; each run doubles the width (``nasnet_cells``). Mobile:
4 cells a run, 1056 penultimate filters, 224x224 by default; Large: 6, 4032, 331x331.
"""

from .. import layers
from ..backend import image_data_format
from ..files import get_file
from . import imagenet_utils
from .nasnet_cells import normal_a_cell, reduction_a_cell
from .weights_checks import check_weights_of

_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/nasnet/'
# default size: {include_top: (cached name, file in Keras's bucket, md5)}
_WEIGHT_FILES = {
    224: {True: ('nasnet_mobile.h5', 'NASNet-mobile.h5', '020fb642bf7360b370c678b08e0adf61'),
          False: ('nasnet_mobile_no_top.h5', 'NASNet-mobile-no-top.h5', '1ed92395b5b598bdda52abe5c0dbfd63')},
    331: {True: ('nasnet_large.h5', 'NASNet-large.h5', '11577c9a518f0070763c2b964a382f17'),
          False: ('nasnet_large_no_top.h5', 'NASNet-large-no-top.h5', 'd81d89dc07e6e56530c4e77faddd61b5')},
}


def build_nasnet(input_shape=None, penultimate_filters=4032, num_blocks=6, stem_block_filters=96,
                 skip_reduction=True, filter_multiplier=2, include_top=True, weights='imagenet', input_tensor=None,
                 pooling=None, classes=1000, default_size=None, classifier_activation='softmax', name='NASNet'):
    """A NASNet-A model (Keras's ``nasnet.NASNet``); ``skip_reduction`` feeds the cells after a
    reduction the output from before it rather than the reduction's input.

    Raises:
        ValueError: Keras 3's messages, for the channels_first data format, weights that are not
            None, 'imagenet' or a file, 'imagenet' with classes other than 1000 or an input
            shape with None in it, an unusable input shape, or penultimate filters that are not
            a multiple of 24 * filter_multiplier ** 2.
    """
    if image_data_format() == 'channels_first':
        raise ValueError('NASNet does not support the `channels_first` image data format. Switch to '
                         '`channels_last` by editing your local config file at ~/.keras/keras.json')
    check_weights_of('nasnet', weights, include_top, classes)
    if isinstance(input_shape, tuple) and None in input_shape and weights == 'imagenet':
        raise ValueError('When specifying the input shape of a NASNet and loading `ImageNet` weights, the '
                         'input_shape argument must be static (no None entries). Got: `input_shape=%s`.'
                         % (input_shape,))
    if default_size is None:
        default_size = 331
    input_shape = imagenet_utils.obtain_input_shape(input_shape, default_size=default_size, min_size=32,
                                                    data_format=image_data_format(), require_flatten=include_top,
                                                    weights=weights)
    img_input = imagenet_utils.image_input(input_tensor, input_shape)
    if penultimate_filters % (24 * (filter_multiplier ** 2)) != 0:
        raise ValueError('For NASNet-A models, the `penultimate_filters` must be a multiple of 24 * '
                         '(`filter_multiplier` ** 2). Current value: %s' % (penultimate_filters,))
    filters = penultimate_filters // 24

    x = layers.Conv2D(stem_block_filters, (3, 3), strides=(2, 2), padding='valid', use_bias=False, name='stem_conv1',
                      kernel_initializer='he_normal')(img_input)
    x = layers.BatchNormalization(axis=-1, momentum=0.9997, epsilon=1e-3, name='stem_bn1')(x)
    x, p = reduction_a_cell(x, None, filters // (filter_multiplier ** 2), block_id='stem_1')
    x, p = reduction_a_cell(x, p, filters // filter_multiplier, block_id='stem_2')
    for run in range(3):
        width = filters * filter_multiplier ** run
        if run:                                     # 'reduce_4', 'reduce_8' in Mobile
            x, reduction_input = reduction_a_cell(x, p, width, block_id='reduce_%d' % (run * num_blocks))
            p = p if skip_reduction else reduction_input
        for i in range(num_blocks):                 # numbered on past the reduction: 0-3, 5-8, 9-12 in Mobile
            x, p = normal_a_cell(x, p, width, block_id='%d' % (run * num_blocks + i + (run > 0)))
    x = layers.Activation('relu')(x)

    x = imagenet_utils.classifier_head(x, include_top, pooling, classes, classifier_activation, weights)
    return imagenet_utils.finish_model(img_input, input_tensor, x, name, weights,
                                       lambda: _imagenet_file(default_size, include_top))


def _imagenet_file(default_size, include_top):
    if default_size not in _WEIGHT_FILES:
        raise ValueError('ImageNet weights can only be loaded with NASNetLarge or NASNetMobile')
    cached_name, file_name, file_hash = _WEIGHT_FILES[default_size][bool(include_top)]
    return get_file(cached_name, _WEIGHTS_URL + file_name, cache_subdir='models', file_hash=file_hash)


def NASNetMobile(input_shape=None, include_top=True, weights='imagenet', input_tensor=None, pooling=None,
                 classes=1000, classifier_activation='softmax', name='nasnet_mobile'):
    """NASNet-A (4 @ 1056), 224x224 by default, as ``keras.applications.NASNetMobile``."""
    if not include_top and input_shape is None:
        input_shape = (224, 224, 3)
    return build_nasnet(input_shape, penultimate_filters=1056, num_blocks=4, stem_block_filters=32,
                        skip_reduction=False, filter_multiplier=2, include_top=include_top, weights=weights,
                        input_tensor=input_tensor, pooling=pooling, classes=classes, default_size=224,
                        classifier_activation=classifier_activation, name=name)


def NASNetLarge(input_shape=None, include_top=True, weights='imagenet', input_tensor=None, pooling=None,
                classes=1000, classifier_activation='softmax', name='nasnet_large'):
    """NASNet-A (6 @ 4032), 331x331 by default, as ``keras.applications.NASNetLarge``."""
    return build_nasnet(input_shape, penultimate_filters=4032, num_blocks=6, stem_block_filters=96,
                        skip_reduction=True, filter_multiplier=2, include_top=include_top, weights=weights,
                        input_tensor=input_tensor, pooling=pooling, classes=classes, default_size=331,
                        classifier_activation=classifier_activation, name=name)


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) scaled to [-1, 1], as NASNet was trained on them."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='tf')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
