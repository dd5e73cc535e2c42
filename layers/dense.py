"""Dense: ``activation(inputs @ kernel + bias)`` over the last axis."""
import numpy as np

from framework.ops import affine, cast

from . import activations, constraints, initializers, regularizers
from .input_spec import InputSpec
from .layer import Layer


class Dense(Layer):
    """A fully connected layer (Keras 3's arguments and defaults).

    The kernel has shape (input_dim, units); inputs of rank >= 2 are
    multiplied over their last axis, so (batch, steps, input_dim) gives
    (batch, steps, units).

    Args:
        units: the output width, a positive integer.
        activation: a name or callable; None means linear.
        use_bias: whether to add a bias vector.
        kernel_initializer, bias_initializer: initializers or their names.
        kernel_regularizer, bias_regularizer, activity_regularizer: regularizers.
        kernel_constraint, bias_constraint: constraints applied after updates.
    Raises:
        ValueError: units not a positive integer; on call, an input whose last
            axis differs from the one the layer was built for.
    """

    def __init__(self, units, activation=None, use_bias=True, kernel_initializer='glorot_uniform',
                 bias_initializer='zeros', kernel_regularizer=None, bias_regularizer=None,
                 activity_regularizer=None, kernel_constraint=None, bias_constraint=None,
                 quantization_config=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        if isinstance(units, bool) or not isinstance(units, (int, np.integer)) or units <= 0:
            raise ValueError('Received an invalid value for `units`, expected a positive integer. '
                             'Received: units=%r' % (units,))
        if quantization_config is not None:
            raise ValueError('Dense: quantization is not supported; quantization_config must be None, '
                             'got %r' % (quantization_config,))
        self.units = int(units)
        self.activation = activations.get(activation)
        self._linear = self.activation is activations.linear
        self.use_bias = bool(use_bias)
        self.kernel_initializer = initializers.get(kernel_initializer)
        self.bias_initializer = initializers.get(bias_initializer)
        self.kernel_regularizer = regularizers.get(kernel_regularizer)
        self.bias_regularizer = regularizers.get(bias_regularizer)
        self.kernel_constraint = constraints.get(kernel_constraint)
        self.bias_constraint = constraints.get(bias_constraint)
        self.input_spec = InputSpec(min_ndim=2)
        self.kernel = None
        self.bias = None

    def build(self, input_shape):
        input_dim = input_shape[-1]
        if input_dim is None:
            raise ValueError('Dense %r: the last axis of the input must be known to build, got shape %s'
                             % (self.name, tuple(input_shape)))
        self.kernel = self.add_weight(name='kernel', shape=(input_dim, self.units),
                                      initializer=self.kernel_initializer,
                                      regularizer=self.kernel_regularizer, constraint=self.kernel_constraint)
        if self.use_bias:
            self.bias = self.add_weight(name='bias', shape=(self.units,), initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        self.input_spec = InputSpec(min_ndim=2, axes={-1: int(input_dim)})
        self.built = True

    def call(self, inputs):
        kernel = self.kernel
        if inputs._data.dtype is not kernel._data.dtype:
            inputs = cast(inputs, kernel.dtype)     # integer inputs, as Keras promotes them
        x = affine(inputs, kernel, self.bias)     # one op: x @ kernel + bias
        return x if self._linear else self.activation(x)

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)[:-1] + (self.units,)

    def get_config(self):
        config = super().get_config()
        config.update({
            'units': self.units,
            'activation': activations.serialize(self.activation),
            'use_bias': self.use_bias,
            'kernel_initializer': initializers.serialize(self.kernel_initializer),
            'bias_initializer': initializers.serialize(self.bias_initializer),
            'kernel_regularizer': regularizers.serialize(self.kernel_regularizer),
            'bias_regularizer': regularizers.serialize(self.bias_regularizer),
            'kernel_constraint': constraints.serialize(self.kernel_constraint),
            'bias_constraint': constraints.serialize(self.bias_constraint),
            'quantization_config': None,
        })
        return config
