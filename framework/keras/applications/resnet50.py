"""``keras.applications.resnet50``: ResNet50 and its preprocessing, the same as in ``resnet``."""
from .resnet import ResNet50, decode_predictions, preprocess_input

__all__ = ['ResNet50', 'decode_predictions', 'preprocess_input']
