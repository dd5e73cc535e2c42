"""Rescaling: ``x * scale + offset`` in the layer's dtype, as Keras 3's preprocessing layer."""
import numpy as np

from framework.backend import array_module
from framework.ops import cast
from framework.tensor import Tensor

from .layer import Layer
from .listed_inputs import as_one_tensor


class Rescaling(Layer):
    """``x * scale + offset``, with the input cast to the layer's dtype first
    (e.g. Rescaling(1 / 255) turns uint8 images into floats in [0, 1]).

    ``scale`` and ``offset`` may be numbers or arrays that broadcast against
    the input (e.g. one per channel).
    """
    _keras_data_layer = True      # a subclass of Keras 3's DataLayer (see Layer's input_shape warning)
    _allow_non_tensor_positional_args = True      # Keras 3 preprocessing layers take Python values

    def __init__(self, scale, offset=0.0, **kwargs):
        super().__init__(**kwargs)
        self.scale, self.offset = scale, offset

    def call(self, inputs):
        inputs = as_one_tensor(inputs)
        if inputs.dtype != self.compute_dtype:
            inputs = cast(inputs, self.compute_dtype)
        return inputs * self._constant(self.scale, inputs) + self._constant(self.offset, inputs)

    def _constant(self, value, inputs):
        """A number stays a Python float (the tensor's dtype then holds it); an
        array becomes a tensor on the input's device. Keras casts scale and offset
        with backend.cast, which makes a Python number or list a float32 tensor
        first: a float64 layer scales by float32(1 / 255), as Keras 3.15. A string or None fails that
        cast with TF's errors (Cast's UnimplementedError, the conversion's ValueError)."""
        if value is None or isinstance(value, (str, bytes)):
            cast(value, self.compute_dtype)
        if isinstance(value, (int, float, list, tuple)):
            value = np.float32(value) if np.ndim(value) == 0 else np.asarray(value, np.float32)
        if np.dtype(self.compute_dtype).kind in 'iu':       # an integer layer: TF's Cast truncates 0.5 to 0
            return Tensor(array_module(inputs._data).asarray(np.asarray(value).astype(self.compute_dtype)))
        if np.ndim(value) == 0:
            return float(value)
        return Tensor(array_module(inputs._data).asarray(np.asarray(value, self.compute_dtype)))

    def compute_output_shape(self, input_shape):
        return input_shape          # as given (a list stays a list), as Keras 3's

    def get_config(self):
        # Keras 3 serializes them: a tensor or array as its {'class_name': '__tensor__' / '__numpy__', ...} entry,
        # a numpy scalar as a Python number
        from framework.keras.object_serialization import serialize_keras_object    # (it imports the layers)
        config = super().get_config()
        config.update({'scale': serialize_keras_object(self.scale), 'offset': serialize_keras_object(self.offset)})
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        from framework.keras.object_serialization import deserialize_keras_object
        config = dict(config)
        for key in ('scale', 'offset'):
            if key in config:
                config[key] = deserialize_keras_object(config[key], custom_objects=custom_objects)
        return cls(**config)
