"""The module Keras 3 defines a built-in layer class in, where an error prints the class.

Keras's "<class 'keras.src.layers.core.dense.Dense'> could not be deserialized properly" names the
class by its place in keras.src; tapeflow's classes live elsewhere (``layers.dense``). Every layer
class keras.layers exports is listed here by Keras's package; the file is the class's snake-case
name unless given.
"""

# class name -> Keras 3's package under keras.src.layers, or (package, file) where the file differs from the
# class's snake-case name (every class keras.layers exports, as TF 2.21's Keras 3.15 defines them)
_PACKAGES = {
    'core': ('Dense', 'EinsumDense', 'Embedding', 'Identity', 'InputLayer', 'Masking', 'ReversibleEmbedding',
             'Wrapper', ('Lambda', 'lambda_layer')),
    'activations': ('Activation', 'ELU', 'Softmax', ('LeakyReLU', 'leaky_relu'), ('PReLU', 'prelu'),
                    ('ReLU', 'relu')),
    'attention': ('AdditiveAttention', 'Attention', 'MultiHeadAttention'),
    'convolutional': ('Conv1D', 'Conv2D', 'Conv3D', 'Conv1DTranspose', 'Conv2DTranspose', 'Conv3DTranspose',
                      'SeparableConv1D', 'SeparableConv2D', 'DepthwiseConv1D', 'DepthwiseConv2D'),
    'merging': ('Add', 'Average', 'Concatenate', 'Dot', 'Maximum', 'Minimum', 'Multiply', 'Subtract'),
    'normalization': ('BatchNormalization', 'GroupNormalization', 'LayerNormalization', 'RMSNormalization',
                      'SpectralNormalization', 'UnitNormalization'),
    'pooling': tuple('%s%s%dD' % (kind, pool, rank) for kind in ('', 'Global', 'Adaptive') for pool in
                     ('AveragePooling', 'MaxPooling') for rank in (1, 2, 3)),
    'preprocessing': ('CategoryEncoding', 'Discretization', 'HashedCrossing', 'Hashing', 'IntegerLookup',
                      'MelSpectrogram', 'Normalization', 'Pipeline', 'Rescaling', 'STFTSpectrogram', 'StringLookup',
                      'TextVectorization'),
    'preprocessing.image_preprocessing': (
        'AugMix', 'AutoContrast', 'CenterCrop', 'CutMix', 'Equalization', 'MixUp', 'RandAugment', 'RandomBrightness',
        'RandomColorDegeneration', 'RandomColorJitter', 'RandomContrast', 'RandomCrop', 'RandomElasticTransform',
        'RandomErasing', 'RandomFlip', 'RandomGaussianBlur', 'RandomGrayscale', 'RandomHue', 'RandomInvert',
        'RandomPerspective', 'RandomPosterization', 'RandomRotation', 'RandomSaturation', 'RandomSharpness',
        'RandomShear', 'RandomTranslation', 'RandomZoom', 'Resizing', 'Solarization',
        ('ContrastLimitedAdaptiveHistogramEqualization', 'clahe'), ('MaxNumBoundingBoxes', 'max_num_bounding_box')),
    'regularization': ('ActivityRegularization', 'AlphaDropout', 'Dropout', 'GaussianDropout', 'GaussianNoise',
                       ('SpatialDropout1D', 'spatial_dropout'), ('SpatialDropout2D', 'spatial_dropout'),
                       ('SpatialDropout3D', 'spatial_dropout')),
    'reshaping': ('Cropping1D', 'Cropping2D', 'Cropping3D', 'Flatten', 'Permute', 'RepeatVector', 'Reshape',
                  'UpSampling1D', 'UpSampling2D', 'UpSampling3D', 'ZeroPadding1D', 'ZeroPadding2D', 'ZeroPadding3D'),
    'rnn': ('Bidirectional', 'ConvLSTM1D', 'ConvLSTM2D', 'ConvLSTM3D', 'GRU', 'LSTM', 'RNN', 'SimpleRNN',
            'StackedRNNCells', 'TimeDistributed', ('GRUCell', 'gru'), ('LSTMCell', 'lstm'),
            ('SimpleRNNCell', 'simple_rnn')),
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
