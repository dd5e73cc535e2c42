"""What a FeatureSpace is told about each feature and each cross (Keras 3's ``Feature`` and
``Cross``), and the two small layers it adds: ``TFDIdentity`` (a plain float feature) and
``TFDConcat`` (the concat output).

Feature and Cross are saved as Keras 3 saves them, as objects of its private module
``keras.src.layers.preprocessing.feature_space`` filed under their class names, so that files
go both ways between tapeflow and Keras.
"""
from framework import ops as _ops
from framework.keras.ops_dtypes import cast_all

from ..layer import Layer

KERAS_MODULE = 'keras.src.layers.preprocessing.feature_space'
FEATURE_MODES = ('int', 'one_hot', 'float')
CROSS_MODES = ('int', 'one_hot')


def _saved(obj):
    return {'module': KERAS_MODULE, 'class_name': type(obj).__name__, 'config': obj.get_config(),
            'registered_name': type(obj).__name__}


class Cross:
    """Features crossed together: their combined values hashed into ``crossing_dim`` bins.

    Raises:
        ValueError: an output_mode other than 'int' or 'one_hot'.
    """

    def __init__(self, feature_names, crossing_dim, output_mode='one_hot'):
        if output_mode not in CROSS_MODES:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot'}. "
                             'Received: output_mode=%s' % (output_mode,))
        self.feature_names = tuple(feature_names)
        self.crossing_dim = crossing_dim
        self.output_mode = output_mode

    @property
    def name(self):
        """'a_X_b': the cross's key in the outputs and its HashedCrossing layer's name."""
        return '_X_'.join(self.feature_names)

    def get_config(self):
        return {'feature_names': self.feature_names, 'crossing_dim': self.crossing_dim,
                'output_mode': self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def serialize(self):
        return _saved(self)


class Feature:
    """One input feature: the dtype of its Input, the layer that preprocesses it, and how the
    preprocessed value is encoded ('int': as it is, 'one_hot': multi-hot over the preprocessor's
    cardinality, 'float': as it is, a float).

    Raises:
        ValueError: an output_mode other than 'int', 'one_hot' or 'float'.
    """

    def __init__(self, dtype, preprocessor, output_mode):
        if output_mode not in FEATURE_MODES:
            raise ValueError("Invalid value for argument `output_mode`. Expected one of {'int', 'one_hot', "
                             "'float'}. Received: output_mode=%s" % (output_mode,))
        self.dtype = dtype
        if isinstance(preprocessor, dict):
            from ..serialization import deserialize
            preprocessor = deserialize(preprocessor)
        self.preprocessor = preprocessor
        self.output_mode = output_mode

    def get_config(self):
        from framework.keras.object_serialization import serialize_keras_object
        return {'dtype': self.dtype, 'preprocessor': serialize_keras_object(self.preprocessor),
                'output_mode': self.output_mode}

    @classmethod
    def from_config(cls, config):
        return cls(**config)

    def serialize(self):
        return _saved(self)


def deserialize_spec(config, kinds):
    """A Feature or Cross from its saved dict (``kinds``: the classes allowed here).

    Raises:
        ValueError: a dict naming another class.
    """
    by_name = {kind.__name__: kind for kind in kinds}
    kind = by_name.get(config.get('class_name') if isinstance(config, dict) else None)
    if kind is None or not isinstance(config.get('config'), dict):
        raise ValueError('FeatureSpace: cannot read %r as a saved %s; expected a dict with class_name %s and a '
                         "'config' dict, as get_config() writes" % (config, ' or '.join(by_name),
                                                                     ' or '.join(repr(n) for n in by_name)))
    return kind.from_config(config['config'])


class TFDIdentity(Layer):
    """A 'float' feature's preprocessor: the input unchanged (Keras 3's data layer of that name)."""
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    _keras_identity = (KERAS_MODULE, 'TFDIdentity')

    def call(self, inputs):
        return inputs

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        config = super().get_config()
        return {'name': config['name'], 'dtype': config['dtype'], 'trainable': config['trainable']}


class TFDConcat(Layer):
    """A FeatureSpace's encoded features joined along ``axis`` (Keras 3's data layer of that name)."""
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values
    _keras_identity = (KERAS_MODULE, 'TFDConcat')

    def __init__(self, axis, **kwargs):
        super().__init__(**kwargs)
        self.axis = axis

    def call(self, inputs):
        return _ops.concat(cast_all(list(inputs), 'concatenate'), self.axis)   # mixed dtypes promote, as keras.ops

    def compute_output_shape(self, input_shape):
        shapes = [tuple(s) for s in input_shape]
        axis = self.axis % len(shapes[0])
        sizes = [s[axis] for s in shapes]
        out = list(shapes[0])
        out[axis] = None if None in sizes else sum(sizes)
        return tuple(out)

    def get_config(self):
        config = super().get_config()
        return {'name': config['name'], 'axis': self.axis, 'trainable': config['trainable'],
                'dtype': config['dtype']}
