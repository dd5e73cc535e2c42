"""Initializers with fixed values: Zeros, Ones, Constant, Identity."""
from framework.errors import InvalidArgumentError
from framework.keras import ops_arrays as keras_ops
from framework.keras.backend import standardize_dtype

from .initializer import Initializer


def _dtype(dtype):
    """Keras 3's standardize_dtype: None is floatx() (float64 after set_floatx('float64')), a name that is
    no dtype its ValueError 'Invalid dtype: float33'."""
    return standardize_dtype(dtype)


class Constant(Initializer):
    """Every element equal to ``value``: a scalar, or an array that broadcasts to the shape
    (Keras 3 computes ``cast(value) * ones(shape)``; the imbalanced-data tutorial gives a bias
    initializer ``np.log([pos / neg])`` of shape (1,))."""

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        # Keras 3: ops.cast(value, dtype) * ops.ones(shape, dtype). The cast converts the value first (a Python
        # float is float32 then: 0.3 in a float64 weight is 0.30000001192092896; None and strings are TF's
        # conversion and Cast errors); the product may be longer than ``shape`` (Constant([4.]) for a scalar
        # weight is [4.] in TF 2.21, Constant([[.5]]) for a (1,) bias [[.5]]) or fail as Mul
        dtype = _dtype(dtype)
        value, ones = keras_ops.cast(self.value, dtype), keras_ops.ones(shape, dtype)
        try:
            return value * ones
        except InvalidArgumentError as error:
            error.add_note('Constant: value of shape %s does not broadcast to the weight shape %s; give a scalar or '
                           'an array that broadcasts' % (tuple(value.shape), tuple(ones.shape)))
            raise

    def get_config(self):
        # Keras 3.15 serializes the value: an array becomes {'class_name': '__numpy__', ...}, so the
        # config stays JSON (the imbalanced-data tutorial's np.log([pos / neg]) bias prints so)
        from framework.keras.object_serialization import serialize_keras_object
        return {'value': serialize_keras_object(self.value)}

    @classmethod
    def from_config(cls, config):
        from framework.keras.object_serialization import deserialize_keras_object
        return cls(deserialize_keras_object(config['value']))


class Zeros(Initializer):
    """All zeros."""

    def __call__(self, shape, dtype=None):
        return keras_ops.zeros(shape, _dtype(dtype))      # Keras 3's ops.zeros: b'' for strings, TF's shape errors


class Ones(Initializer):
    """All ones."""

    def __call__(self, shape, dtype=None):
        return keras_ops.ones(shape, _dtype(dtype))


class Identity(Initializer):
    """``gain`` times the identity matrix (2-D shapes only; rectangular allowed)."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError('Identity matrix initializer can only be used for 2D matrices. '
                             'Received: shape=%s of rank %d.' % (tuple(shape), len(shape)))
        # Keras 3's gain * ops.eye(*shape): tf.eye's size errors, and a float gain meets an integer, bool or
        # string matrix in TF's conversion ('Cannot convert 1.0 to EagerTensor of dtype int32')
        return self.gain * keras_ops.eye(*shape, dtype=_dtype(dtype))

    def get_config(self):
        # Keras 3.15's Identity writes no get_config: its saved config is {} and gain is 1.0 when read back
        return {}

