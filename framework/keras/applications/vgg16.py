"""``keras.applications.vgg16``: VGG16 and its preprocessing (Caffe's: BGR, ImageNet means)."""
from . import imagenet_utils
from .vgg import build_vgg

# Keras's weight files and their md5 sums, by include_top
_WEIGHT_FILES = {
    True: ('vgg16/vgg16_weights_tf_dim_ordering_tf_kernels.h5',
           '64373286793e3c8b2b4e3219cbf3544b'),
    False: ('vgg16/vgg16_weights_tf_dim_ordering_tf_kernels_notop.h5',
            '6d6bbae143d832006294945121d1f1fc')}


def VGG16(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
          classifier_activation='softmax', name='vgg16'):
    """The VGG16 model (13 convolutions, 3 dense layers), as ``keras.applications.VGG16``."""
    return build_vgg((2, 2, 3, 3, 3), _WEIGHT_FILES, include_top, weights, input_tensor, input_shape, pooling,
                     classes, classifier_activation, name)


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) as VGG16 was trained on them: BGR, minus the ImageNet channel means."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='caffe')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
