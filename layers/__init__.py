"""Keras-style layers and models for tapeflow (see issue: training).

``Layer`` is the base class (``build`` / ``call`` / ``add_weight``);
``Sequential`` stacks layers. The submodules ``activations``,
``initializers``, ``regularizers`` and ``constraints`` resolve Keras 3 names.
"""
from . import activations, constraints, initializers, regularizers  # noqa: F401
from .activation_layers import ELU, Activation, LeakyReLU, ReLU, Softmax
from .batch_normalization import BatchNormalization
from .call_context import current_layer
from .convolution import Conv2D
from .dense import Dense
from .dropout import Dropout
from .flatten import Flatten
from .input_layer import Input, InputLayer
from .input_spec import InputSpec
from .lambda_layer import Lambda
from .layer import Layer
from .naming import reset_names
from .pooling import (AveragePooling2D, AvgPool2D, GlobalAveragePooling2D, GlobalMaxPooling2D, MaxPool2D,
                      MaxPooling2D)
from .sequential import Sequential
from .serialization import deserialize, serialize

__all__ = ['Activation', 'AveragePooling2D', 'AvgPool2D', 'BatchNormalization', 'Conv2D', 'Dense', 'Dropout', 'ELU', 'Flatten', 'Input', 'InputLayer',
           'GlobalAveragePooling2D', 'GlobalMaxPooling2D', 'InputSpec', 'Lambda', 'Layer', 'LeakyReLU',
           'MaxPool2D', 'MaxPooling2D', 'ReLU', 'Sequential', 'Softmax', 'activations',
           'constraints', 'current_layer', 'deserialize', 'initializers', 'regularizers', 'reset_names',
           'serialize']
