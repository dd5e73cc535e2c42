"""``keras.applications.vgg19``: VGG19 and its preprocessing (Caffe's: BGR, ImageNet means)."""
from . import imagenet_utils
from .vgg import build_vgg

# Keras's weight files and their md5 sums, by include_top
_WEIGHT_FILES = {
    True: ('vgg19/vgg19_weights_tf_dim_ordering_tf_kernels.h5',
           'cbe5617147190e668d6c5d5026f83318'),
    False: ('vgg19/vgg19_weights_tf_dim_ordering_tf_kernels_notop.h5',
            '253f8cb515780f3b799900260a226db6')}


def VGG19(include_top=True, weights='imagenet', input_tensor=None, input_shape=None, pooling=None, classes=1000,
          classifier_activation='softmax', name='vgg19'):
    """The VGG19 model (16 convolutions, 3 dense layers), as ``keras.applications.VGG19``."""
    return build_vgg((2, 2, 4, 4, 4), _WEIGHT_FILES, include_top, weights, input_tensor, input_shape, pooling,
                     classes, classifier_activation, name)


def preprocess_input(x, data_format=None):
    """Images (RGB, 0-255) as VGG19 was trained on them: BGR, minus the ImageNet channel means."""
    return imagenet_utils.preprocess_input(x, data_format=data_format, mode='caffe')


def decode_predictions(preds, top=5):
    return imagenet_utils.decode_predictions(preds, top=top)
