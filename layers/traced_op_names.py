"""The op a layer's output comes from in a TensorFlow graph, as Keras 3's TensorFlow backend runs it.

A graph tensor is named after its op: a Dense layer's output is its BiasAdd, or its activation's op
(Relu, Sigmoid, ...); a Flatten's a Reshape. Measured with TF 2.21 / Keras 3.15 by printing each
layer's output inside a fit step (/work/notes/progs/me16/opnames.py). Layers not listed here, or
built with options that change their last op, have no known name (None).
"""

# keras.activations by name -> the op that computes it last (gelu's and mish's last op is inside
# their own graphs; swish's custom gradient wraps it in an IdentityN)
_ACTIVATION_OPS = {'relu': 'Relu', 'sigmoid': 'Sigmoid', 'tanh': 'Tanh', 'softmax': 'Softmax', 'elu': 'Elu',
                   'selu': 'Selu', 'softplus': 'Softplus', 'softsign': 'Softsign', 'gelu': 'Gelu/mul_2',
                   'swish': 'IdentityN', 'silu': 'IdentityN', 'exponential': 'Exp', 'hard_sigmoid': 'truediv',
                   'leaky_relu': 'LeakyRelu', 'relu6': 'Relu6', 'mish': 'mul', 'log_softmax': 'LogSoftmax'}
_LAST_OPS = {'BatchNormalization': 'batchnorm/add_1', 'Flatten': 'Reshape', 'Reshape': 'Reshape',
             'MaxPooling2D': 'MaxPool2d', 'AveragePooling2D': 'AvgPool', 'GlobalAveragePooling1D': 'Mean',
             'GlobalAveragePooling2D': 'Mean', 'Embedding': 'GatherV2', 'LeakyReLU': 'LeakyRelu',
             'Softmax': 'Softmax'}
_PROJECTIONS = ('Dense', 'Conv1D', 'Conv2D', 'Conv3D')
_RECURRENT = ('LSTM', 'GRU', 'SimpleRNN')


def last_op_name(layer):
    """The name of the op whose output ``layer`` returns in a TensorFlow graph, or None."""
    kind = type(layer)
    if not kind.__module__.startswith('layers.'):       # a user's layer: its own ops
        return None
    name = kind.__name__
    if name in _PROJECTIONS:
        activation = _activation_op(layer.activation)
        if activation is not None:
            return activation
        if not _is_linear(layer.activation):
            return None
        if not layer.use_bias:
            return 'MatMul' if name == 'Dense' else None
        # Keras's add() runs a bias of one value as a plain Add, a longer one as BiasAdd
        return 'BiasAdd' if (layer.units if name == 'Dense' else layer.filters) > 1 else 'Add'
    if name == 'Activation':
        return _activation_op(layer.activation)
    if name == 'ReLU':
        plain = layer.max_value is None and not layer.negative_slope and not layer.threshold
        return 'Relu' if plain else None
    if name == 'LayerNormalization':        # (measured with its defaults)
        return 'add_2' if layer.center and layer.scale and not getattr(layer, 'rms_scaling', False) else None
    if name == 'Dropout':
        return 'stateless_dropout/SelectV2'     # (in inference it hands on its input, already named)
    if name in _RECURRENT:
        return None if layer.return_sequences or layer.return_state else 'strided_slice_3'
    return _LAST_OPS.get(name)


def _activation_op(activation):
    return _ACTIVATION_OPS.get(getattr(activation, '__name__', None))


def _is_linear(activation):
    return activation is None or getattr(activation, '__name__', None) == 'linear'
