"""The module Keras 3 defines a built-in layer class in, where an error prints the class.

Keras's "<class 'keras.src.layers.core.dense.Dense'> could not be deserialized properly" names the
class by its place in keras.src; tapeflow's classes live elsewhere (``layers.dense``). The layers
a user most often gives an unregistered function (activation, initializer) are listed here by
Keras's package; the file is the class's snake-case name unless given.
"""

# class name -> Keras 3's package under keras.src.layers, or (package, file) where the file differs
_PACKAGES = {
    'core': ('Dense', 'EinsumDense', 'Embedding', ('Lambda', 'lambda_layer')),
    'convolutional': ('Conv1D', 'Conv2D', 'Conv3D', 'Conv1DTranspose', 'Conv2DTranspose', 'Conv3DTranspose',
                      'SeparableConv1D', 'SeparableConv2D', 'DepthwiseConv1D', 'DepthwiseConv2D'),
    'rnn': ('LSTM', 'GRU', 'SimpleRNN', ('LSTMCell', 'lstm'), ('GRUCell', 'gru'), ('SimpleRNNCell', 'simple_rnn'),
            'Bidirectional', 'TimeDistributed', 'ConvLSTM2D'),
    'activations': ('Activation', ('PReLU', 'prelu'), ('LeakyReLU', 'leaky_relu')),
    'normalization': ('BatchNormalization', 'LayerNormalization', 'GroupNormalization'),
    'attention': ('MultiHeadAttention',),
}


def _table():
    from .naming import to_snake_case
    table = {}
    for package, entries in _PACKAGES.items():
        for entry in entries:
            name, file = entry if isinstance(entry, tuple) else (entry, to_snake_case(entry))
            table[name] = 'keras.src.layers.%s.%s' % (package, file)
    return table


_KERAS_MODULES = _table()


def keras_module_of(cls):
    """Keras 3's module for tapeflow's built-in layer class ``cls``, or None (a user's class, or
    one not listed)."""
    if not cls.__module__.startswith('layers.'):
        return None
    return _KERAS_MODULES.get(cls.__name__)
