"""The VGG networks (Simonyan & Zisserman, ICLR 2015) as Keras 3 builds them: blocks of 3x3
'same' relu convolutions, each block closed by 2x2 max pooling, then (``include_top``) two
4096-unit relu layers and the classifier. VGG16 has 2, 2, 3, 3, 3 convolutions per block,
VGG19 2, 2, 4, 4, 4; the widths are 64, 128, 256, 512, 512."""

from .. import layers
from ..backend import image_data_format
from ..files import get_file
from .imagenet_utils import check_weights, finish_model, image_input, obtain_input_shape, validate_activation

_WIDTHS = (64, 128, 256, 512, 512)
_WEIGHTS_URL = 'https://storage.googleapis.com/tensorflow/keras-applications/%s'


def build_vgg(convs_per_block, weight_files, include_top, weights, input_tensor, input_shape, pooling, classes,
              classifier_activation, name):
    """The VGG model ``name`` with ``convs_per_block`` convolutions in each of its five blocks.

    ``weight_files`` maps include_top (True / False) to Keras's ('folder/file name', md5) for 'imagenet'.
    Raises:
        ValueError: Keras 3's messages, for weights that are not None, 'imagenet' or a file,
            'imagenet' with classes other than 1000, or an unusable input shape.
    """
    check_weights(weights, include_top, classes)
    input_shape = obtain_input_shape(input_shape, default_size=224, min_size=32, data_format=image_data_format(),
                                     require_flatten=include_top, weights=weights)
    img_input = image_input(input_tensor, input_shape)
    x = img_input
    for block, (width, convs) in enumerate(zip(_WIDTHS, convs_per_block), start=1):
        for conv in range(1, convs + 1):
            x = layers.Conv2D(width, (3, 3), activation='relu', padding='same',
                              name='block%d_conv%d' % (block, conv))(x)
        x = layers.MaxPooling2D((2, 2), strides=(2, 2), name='block%d_pool' % block)(x)
    if include_top:
        x = layers.Flatten(name='flatten')(x)
        x = layers.Dense(4096, activation='relu', name='fc1')(x)
        x = layers.Dense(4096, activation='relu', name='fc2')(x)
        validate_activation(classifier_activation, weights)
        x = layers.Dense(classes, activation=classifier_activation, name='predictions')(x)
    elif pooling == 'avg':
        x = layers.GlobalAveragePooling2D()(x)
    elif pooling == 'max':
        x = layers.GlobalMaxPooling2D()(x)
    path, md5 = weight_files[bool(include_top)]
    return finish_model(img_input, input_tensor, x, name, weights, lambda: get_file(
        path.split('/')[-1], _WEIGHTS_URL % path, cache_subdir='models', file_hash=md5))
