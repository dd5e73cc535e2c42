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
             'Softmax': 'Softmax', 'Discretization': 'Bucketize', 'Rescaling': 'add'}
_PROJECTIONS = ('Dense', 'Conv1D', 'Conv2D', 'Conv3D')
_RECURRENT = ('LSTM', 'GRU', 'SimpleRNN')


# preprocessing layers by output_mode (TF 2.21 / Keras 3.15, printed in a tf.function:
# /work/notes/progs/kerasio19/p4.py, p5.py): an index lookup ends in an Identity of the table's result,
# a hash in its 'hash' op, the encodings in one_hot or a bincount
_ENCODED_OPS = {'one_hot': 'one_hot', 'multi_hot': 'bincount/DenseBincount', 'count': 'bincount/DenseBincount'}
_PREPROCESSING_INT_OPS = {'StringLookup': 'Identity', 'IntegerLookup': 'Identity', 'Hashing': 'hash'}
_RESIZE_OPS = {'bilinear': 'resize/ResizeBilinear', 'nearest': 'resize/ResizeNearestNeighbor'}


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
    if name in _PREPROCESSING_INT_OPS or name == 'CategoryEncoding':
        return _preprocessing_op(layer, name)
    if name == 'Normalization':             # (invert=True ends otherwise: not measured for every axis)
        return None if layer.invert else 'truediv'
    if name == 'Resizing':
        return _RESIZE_OPS.get(layer.interpolation)
    if name in _RECURRENT:
        return None if layer.return_sequences or layer.return_state else 'strided_slice_3'
    return _LAST_OPS.get(name)


def _preprocessing_op(layer, name):
    if getattr(layer, 'invert', False):     # an index back to its token: the table's own lookup
        return 'None_Lookup/LookupTableFindV2'
    mode = layer.output_mode
    if mode == 'int' and name != 'CategoryEncoding':
        return _PREPROCESSING_INT_OPS[name]
    return _ENCODED_OPS.get(mode)


def _activation_op(activation):
    return _ACTIVATION_OPS.get(getattr(activation, '__name__', None))


def _is_linear(activation):
    return activation is None or getattr(activation, '__name__', None) == 'linear'
