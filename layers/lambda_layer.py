"""Lambda: a layer around a plain function of tensors."""
import inspect
import types

from framework import nest
from framework.keras.object_serialization import deserialize_keras_object, serialize_keras_object

from .layer import Layer


class Lambda(Layer):
    """Applies ``function(inputs, **arguments)``; it has no weights.

    Args:
        function: a callable of the input tensor(s); it may take ``training`` and ``mask``.
        output_shape: the output shape without the batch axis (or a structure of them, one per
            output), or a function of the input shape giving the whole shape; None works it out
            by running the function.
        mask: None (the output carries no mask), a function ``mask(inputs, previous_mask)``, or
            the mask itself.
        arguments: extra keyword arguments for ``function``.
    """

    def __init__(self, function, output_shape=None, mask=None, arguments=None, **kwargs):
        super().__init__(**kwargs)
        if not callable(function):      # Keras 3 reads its arguments with inspect.getfullargspec: its words
            error = TypeError('unsupported callable')
            error.add_note('Lambda: function must be callable, got %r' % (function,))
            raise error
        self.function = function
        self.arguments = dict(arguments or {})
        self._output_shape = output_shape
        self._output_shape_from_call = output_shape is None      # read by functional/symbolic_call.py
        self.mask = mask
        self.supports_masking = mask is not None       # Keras 3: otherwise an input's mask stops here
        try:
            parameters = inspect.signature(function).parameters
        except (TypeError, ValueError):
            parameters = {}
        self._takes_training, self._takes_mask = 'training' in parameters, 'mask' in parameters

    def call(self, inputs, mask=None, training=None):
        kwargs = dict(self.arguments)
        if self._takes_mask:
            kwargs['mask'] = mask
        if self._takes_training:
            kwargs['training'] = training
        return self.function(inputs, **kwargs)

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            return super().compute_output_shape(input_shape)
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        # A given shape leaves out the batch axis; it is the first length among the inputs' shapes
        # (a Lambda over [a, b] takes a's), and output_shape may be a list of shapes, one per output.
        batch = nest.flatten(input_shape)[0] if nest.flatten(input_shape) else None
        return _map_shapes(lambda shape: (batch,) + tuple(shape), self._output_shape)

    def get_config(self):
        """Keras 3's config: a named function (and output_shape / mask function) by name, found
        again through ``custom_objects`` or the registry when loaded. A Python lambda stays the
        function object, so the config rebuilds it in this process only: tapeflow writes no
        bytecode (Keras does) and a file cannot hold it."""
        config = super().get_config()
        config['function'] = _function_entry(self.function)
        if self._output_shape is not None:
            config['output_shape'] = _function_entry(self._output_shape) if callable(self._output_shape) \
                else self._output_shape
        if self.mask is not None:
            config['mask'] = _function_entry(self.mask) if callable(self.mask) else serialize_keras_object(self.mask)
        config['arguments'] = serialize_keras_object(self.arguments)
        return config

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        for key in ('function', 'output_shape', 'mask'):
            if isinstance(config.get(key), dict):
                config[key] = _function_from_entry(config[key], custom_objects)
        if isinstance(config.get('output_shape'), list) and _is_shape(config['output_shape']):
            config['output_shape'] = tuple(config['output_shape'])      # JSON turned the tuple into a list
        if 'arguments' in config:
            config['arguments'] = deserialize_keras_object(config['arguments'], custom_objects)
        return cls(**config)


def _is_python_lambda(fn):
    return isinstance(fn, types.LambdaType) and fn.__name__ == '<lambda>'


def _function_entry(fn):
    return fn if _is_python_lambda(fn) else serialize_keras_object(fn)


def _function_from_entry(entry, custom_objects):
    if entry.get('class_name') == '__lambda__':
        raise ValueError('Lambda.from_config: the config holds a Python lambda as bytecode (Keras writes them so). '
                         'tapeflow never runs code read from a config, not even with safe_mode=False, as Keras '
                         'refuses it by default: rebuild the layer in code with its function, or give the Lambda '
                         'a named function (def ...) passed in custom_objects')
    return deserialize_keras_object(entry, custom_objects)


def _is_shape(value):
    return isinstance(value, (tuple, list)) and all(d is None or isinstance(d, int) for d in value)


def _map_shapes(fn, shapes):
    """``fn`` applied to each shape in a structure of them (a shape is a tuple/list of ints and Nones)."""
    if _is_shape(shapes):
        return fn(shapes)
    if isinstance(shapes, dict):
        return {key: _map_shapes(fn, value) for key, value in shapes.items()}
    if isinstance(shapes, (list, tuple)):
        return type(shapes)(_map_shapes(fn, value) for value in shapes)
    raise TypeError('Lambda: output_shape must be a shape tuple (without the batch axis), a structure of them or '
                    'a function of the input shape; got %r' % (shapes,))
