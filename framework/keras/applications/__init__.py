"""``keras.applications``: Keras 3's ready-made image models, built layer for layer as Keras
builds them (same layer names, shapes and, under ``keras.utils.set_random_seed``, the same
initial weights), so ``keras.applications.VGG19(weights=None)`` and its ``summary()`` read as
on TensorFlow. ``weights='imagenet'`` reads Keras's own weight file from its cache
(``~/.keras/models`` or ``$KERAS_HOME/models``), downloading it only when it is missing.

All of Keras 3.15's models are here (``_MODELS`` below), each with its module (``_MODULES``) holding
its ``preprocess_input`` / ``decode_predictions``, as ``keras.applications.densenet`` does.
"""
import importlib

# one entry a line, so that models added side by side touch separate lines
_MODULES = (
    'convnext',
    'densenet',
    'efficientnet',
    'efficientnet_v2',
    'imagenet_utils',
    'inception_resnet_v2',
    'inception_v3',
    'mobilenet',
    'mobilenet_v2',
    'mobilenet_v3',
    'nasnet',
    'resnet',
    'resnet50',
    'resnet_v2',
    'vgg16',
    'vgg19',
    'xception',
)
_MODELS = {
    'ConvNeXtBase': 'convnext',
    'ConvNeXtLarge': 'convnext',
    'ConvNeXtSmall': 'convnext',
    'ConvNeXtTiny': 'convnext',
    'ConvNeXtXLarge': 'convnext',
    'DenseNet121': 'densenet',
    'DenseNet169': 'densenet',
    'DenseNet201': 'densenet',
    'EfficientNetB0': 'efficientnet',
    'EfficientNetB1': 'efficientnet',
    'EfficientNetB2': 'efficientnet',
    'EfficientNetB3': 'efficientnet',
    'EfficientNetB4': 'efficientnet',
    'EfficientNetB5': 'efficientnet',
    'EfficientNetB6': 'efficientnet',
    'EfficientNetB7': 'efficientnet',
    'EfficientNetV2B0': 'efficientnet_v2',
    'EfficientNetV2B1': 'efficientnet_v2',
    'EfficientNetV2B2': 'efficientnet_v2',
    'EfficientNetV2B3': 'efficientnet_v2',
    'EfficientNetV2L': 'efficientnet_v2',
    'EfficientNetV2M': 'efficientnet_v2',
    'EfficientNetV2S': 'efficientnet_v2',
    'InceptionResNetV2': 'inception_resnet_v2',
    'InceptionV3': 'inception_v3',
    'MobileNet': 'mobilenet',
    'MobileNetV2': 'mobilenet_v2',
    'MobileNetV3Large': 'mobilenet_v3',
    'MobileNetV3Small': 'mobilenet_v3',
    'NASNetLarge': 'nasnet',
    'NASNetMobile': 'nasnet',
    'ResNet50': 'resnet',
    'ResNet101': 'resnet',
    'ResNet152': 'resnet',
    'ResNet50V2': 'resnet_v2',
    'ResNet101V2': 'resnet_v2',
    'ResNet152V2': 'resnet_v2',
    'VGG16': 'vgg16',
    'VGG19': 'vgg19',
    'Xception': 'xception',
}


def __getattr__(name):
    if name in _MODULES:
        return importlib.import_module('.' + name, __name__)
    if name in _MODELS:
        return getattr(importlib.import_module('.' + _MODELS[name], __name__), name)
    error = AttributeError("module 'keras.applications' has no attribute %r" % name)     # Python's words, as Keras
    error.add_note('keras.applications here has %s' % ', '.join(sorted(_MODULES + tuple(_MODELS))))
    raise error


def __dir__():
    return sorted(_MODULES + tuple(_MODELS))


# ``from keras.applications import *`` binds the model functions and their modules, as Keras's does
__all__ = __dir__()
