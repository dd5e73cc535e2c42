"""Keras-style layers and models for tapeflow (see issue: training).

``Layer`` is the base class (``build`` / ``call`` / ``add_weight``);
``Sequential`` stacks layers. The submodules ``activations``,
``initializers``, ``regularizers`` and ``constraints`` resolve Keras 3 names.
"""
from . import activations, constraints, initializers, regularizers  # noqa: F401
from .activation_layers import ELU, Activation, LeakyReLU, ReLU, Softmax
from .batch_normalization import BatchNormalization
from .call_context import current_layer
from .dense import Dense
from .dropout import Dropout
from .flatten import Flatten
from .input_layer import Input, InputLayer
from .input_spec import InputSpec
from .lambda_layer import Lambda
from .layer import Layer
from .naming import reset_names
from .sequential import Sequential
from .serialization import deserialize, serialize

__all__ = ['Activation', 'BatchNormalization', 'Dense', 'Dropout', 'ELU', 'Flatten', 'Input', 'InputLayer',
           'InputSpec', 'Lambda', 'Layer', 'LeakyReLU', 'ReLU', 'Sequential', 'Softmax', 'activations',
           'constraints', 'current_layer', 'deserialize', 'initializers', 'regularizers', 'reset_names',
           'serialize']
