"""Flatten: every axis but the batch axis into one."""
import numpy as np

from framework.ops import reshape, transpose

from .argument_tuples import standardized_data_format
from .input_spec import InputSpec
from .layer import Layer
from .listed_inputs import as_one_tensor


class Flatten(Layer):
    """(batch, d1, d2, ...) -> (batch, d1 * d2 * ...); (batch,) -> (batch, 1).

    Args:
        data_format: 'channels_last' (default) or 'channels_first'; with
            'channels_first' the channel axis is moved last before flattening,
            so the order matches a channels_last model.
    """

    def __init__(self, data_format=None, **kwargs):
        super().__init__(**kwargs)
        self.data_format = 'channels_last' if data_format is None else standardized_data_format(data_format, 'Flatten')
        self.input_spec = InputSpec(min_ndim=1)     # as Keras: a scalar has no batch axis to keep

    def call(self, inputs):
        inputs = as_one_tensor(inputs)
        if self.data_format == 'channels_first' and inputs.ndim > 2:
            inputs = transpose(inputs, [0] + list(range(2, inputs.ndim)) + [1])
        # (batch, features) as Keras 3 does (its ops.shape(inputs)[0]): with no features, a -1 batch would be
        # inferred from the other axes ((2, 3, 0, 1) -> (6, 0); TF 2.21 gives (2, 0)); -1 where it is unknown
        batch = inputs.shape[0]
        return reshape(inputs, (-1 if batch is None else batch, int(np.prod(inputs.shape[1:], dtype=np.int64))))

    def compute_output_shape(self, input_shape):
        rest = tuple(input_shape)[1:]
        size = None if any(d is None for d in rest) else int(np.prod(rest, dtype=np.int64))
        return (tuple(input_shape)[0], size)

    def get_config(self):
        config = super().get_config()
        config['data_format'] = self.data_format
        return config
