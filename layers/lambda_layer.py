"""Lambda: a layer around a plain function of tensors."""
import inspect

from .layer import Layer


class Lambda(Layer):
    """Applies ``function(inputs, **arguments)``; it has no weights.

    Args:
        function: a callable of the input tensor(s); it may take ``training``.
        output_shape: the output shape, a tuple or a function of the input
            shape; None works it out by running the function.
        arguments: extra keyword arguments for ``function``.
    """

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        if not callable(function):
            raise TypeError('Lambda: function must be callable, got %r' % (function,))
        self.function = function
        self.arguments = dict(arguments or {})
        self._output_shape = output_shape
        self.mask = mask
        try:
            self._takes_training = 'training' in inspect.signature(function).parameters
        except (TypeError, ValueError):
            self._takes_training = False
        self.built = True

    def call(self, inputs, training=None):
        kwargs = dict(self.arguments)
        if self._takes_training:
            kwargs['training'] = training
        return self.function(inputs, **kwargs)

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            return super().compute_output_shape(input_shape)
        if callable(self._output_shape):
            return tuple(self._output_shape(input_shape))
        return (tuple(input_shape)[0],) + tuple(self._output_shape)

    def get_config(self):
        config = super().get_config()
        # The function object itself: a config that rebuilds this Lambda in the
        # same process (Keras's bytecode serialization is not attempted).
        config.update(function=self.function, output_shape=self._output_shape, arguments=self.arguments)
        return config
