"""Initializers with fixed values: Zeros, Ones, Constant, Identity."""
import numpy as np

from framework import backend, dtypes
from framework.errors import kernel_error
from framework.ops import cast
from framework.placement import current_xp
from framework.partial_shape_refusal import refuse_partial_shape
from framework.tensor import Tensor, convert_to_tensor

from .initializer import Initializer


def _dtype(dtype):
    """Keras 3's standardize_dtype: None is floatx() (float64 after set_floatx('float64')), a name that is
    no dtype its ValueError 'Invalid dtype: float33'."""
    from framework.keras.backend import standardize_dtype
    return dtypes.numpy_dtype(standardize_dtype(dtype))


class Constant(Initializer):
    """Every element equal to ``value``: a scalar, or an array that broadcasts to the shape
    (Keras 3 computes ``cast(value) * ones(shape)``; the imbalanced-data tutorial gives a bias
    initializer ``np.log([pos / neg])`` of shape (1,))."""

    def __init__(self, value=0.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        shape, dtype = _known_shape(shape, self), _dtype(dtype)
        # Keras's ops.cast(value, dtype) converts the value first: a Python float is float32 then
        # (0.3 in a float64 weight is 0.30000001192092896); None is TensorFlow's conversion error
        converted = convert_to_tensor(self.value)
        value = np.asarray(backend.to_host(converted._data))
        if value.dtype.kind in 'OSU':
            cast(converted, dtype)      # Keras's ops.cast: Cast's UnimplementedError 'Cast string to float ...'
        value = value.astype(dtype)
        if value.ndim == 0:
            return Tensor(current_xp().full(shape, value, dtype=dtype))
        try:
            # cast(value) * ones(shape): the product's shape, which may be longer than ``shape`` (Constant([4.])
            # for a scalar weight is [4.] in TF 2.21, Constant([[.5]]) for a (1,) bias [[.5]])
            value = np.broadcast_to(value, np.broadcast_shapes(value.shape, tuple(shape)))
        except ValueError:
            # Keras multiplies value by ones(shape): the Mul kernel's words, which print shapes as [3,2]
            raise kernel_error('Mul', 'Incompatible shapes: [%s] vs. [%s]' % (
                ','.join(map(str, value.shape)), ','.join(map(str, shape))), named=True,
                note='Constant: value of shape %s does not broadcast to the weight shape %s; give a scalar or '
                     'an array that broadcasts' % (value.shape, shape)) from None
        return Tensor(current_xp().asarray(value.copy()))

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
        return Tensor(current_xp().zeros(_known_shape(shape, self), dtype=_dtype(dtype)))


class Ones(Initializer):
    """All ones."""

    def __call__(self, shape, dtype=None):
        return Tensor(current_xp().ones(_known_shape(shape, self), dtype=_dtype(dtype)))


class Identity(Initializer):
    """``gain`` times the identity matrix (2-D shapes only; rectangular allowed)."""

    def __init__(self, gain=1.0):
        self.gain = gain

    def __call__(self, shape, dtype=None):
        if len(shape) != 2:
            raise ValueError('Identity matrix initializer can only be used for 2D matrices. '
                             'Received: shape=%s of rank %d.' % (tuple(shape), len(shape)))
        if self.gain is None:       # numpy would scale by NaN; TensorFlow refuses to convert None
            convert_to_tensor(self.gain)
        return Tensor(current_xp().eye(*shape, dtype=_dtype(dtype)) * _dtype(dtype).type(self.gain))

    def get_config(self):
        # Keras 3.15's Identity writes no get_config: its saved config is {} and gain is 1.0 when read back
        return {}


def _known_shape(shape, initializer):
    """The shape as a tuple; a TensorShape with unknown lengths is refused as Keras's ops.zeros(shape) refuses it."""
    refuse_partial_shape(shape, 'keras.initializers.%s: shape must be fully defined, got %r'
                         % (type(initializer).__name__, shape))
    return tuple(shape)
