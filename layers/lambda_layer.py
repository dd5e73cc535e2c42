"""Lambda: a layer around a plain function of tensors."""
import inspect

from framework import nest
from framework.tensor_shape import SHAPE_SEQUENCES
from framework.keras import function_code
from framework.keras.global_switches import allows_code
from framework.keras.object_serialization import deserialize_keras_object, serialize_keras_object

from .lambda_shapes import structured_output_shapes
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

    def compute_mask(self, inputs, mask=None):
        """Keras 3's: the mask function's answer, else the mask given (TF 2.21: Lambda(f, mask=array)
        .compute_mask(x) is that array; tapeflow's base class gave the previous mask, None)."""
        return self.mask(inputs, mask) if callable(self.mask) else self.mask

    # (a call's output mask comes from mask_propagation's rule for Lambda, which calls this; the mark keeps
    # the layer out of those with a compute_mask of their own, whose masks that module handles otherwise)
    compute_mask.keras_default = True

    def compute_output_shape(self, input_shape):
        if self._output_shape is None:
            try:
                return super().compute_output_shape(input_shape)
            except Exception as cause:      # Keras 3 turns any failure of its inference run into this
                try:        # (the base class infers one input's one output: a structure is inferred here)
                    return structured_output_shapes(self, input_shape)
                except Exception:       # noqa: BLE001 -- the base run's cause is the one to show
                    raise _not_inferred(self, cause) from None
        if callable(self._output_shape):
            return self._output_shape(input_shape)
        # A given shape leaves out the batch axis; it is the first length among the inputs' shapes
        # (a Lambda over [a, b] takes a's), and output_shape may be a list of shapes, one per output.
        batch = nest.flatten(input_shape)[0] if nest.flatten(input_shape) else None
        return _map_shapes(lambda shape: (batch,) + tuple(shape), self._output_shape)

    def get_config(self):
        """Keras 3's config: a named function (and output_shape / mask function) by name, found
        again through ``custom_objects`` or the registry when loaded; a Python lambda as its
        bytecode ('__lambda__'), which loading runs only with safe_mode=False."""
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
    def from_config(cls, config, custom_objects=None, safe_mode=None):
        # (in the given dict, as Keras 3: its 'function' is the callable afterwards) Keras 3.15 reads back only these two: a saved 'mask' function (named or a lambda's code) stays
        # the config entry it was, which the layer then gives as its mask (TF 2.21: a TrackedDict), so a
        # file holding one loads in safe mode and needs no custom_objects for it
        for key in ('function', 'output_shape'):
            # (a list is Keras 2's [code, defaults, closure] for the function; for output_shape, a shape)
            if isinstance(config.get(key), dict) or (key == 'function' and isinstance(config.get(key), list)):
                config[key] = _function_from_entry(config[key], custom_objects, safe_mode)
        if isinstance(config.get('output_shape'), list) and _is_shape(config['output_shape']):
            config['output_shape'] = tuple(config['output_shape'])      # JSON turned the tuple into a list
        if 'arguments' in config:
            config['arguments'] = deserialize_keras_object(config['arguments'], custom_objects)
        return cls(**config)


def _function_entry(fn):
    if not function_code.is_python_lambda(fn):
        return serialize_keras_object(fn)
    code, defaults, closure = function_code.dump_function(fn)
    return {'class_name': '__lambda__', 'config': {'code': code, 'defaults': defaults, 'closure': closure}}


def _function_from_entry(entry, custom_objects, safe_mode=None):
    """The function a config entry names; a lambda's bytecode ('__lambda__', or Keras 2's
    [code, defaults, closure] list) only where safe mode is off, else Keras's ValueError."""
    if isinstance(entry, list) or entry.get('class_name') == '__lambda__':
        if not allows_code(safe_mode):
            error = ValueError(function_code.LAMBDA_LAYER_REFUSED)
            error.add_note('or rebuild the model in code and use load_weights(); a Lambda of a named function '
                           '(def ...) is found by name and needs neither')
            raise error
        inner = entry if isinstance(entry, list) else entry['config']
        return function_code.load_function(*inner) if isinstance(inner, list) else \
            function_code.load_function(inner['code'], inner.get('defaults'), inner.get('closure'))
    return deserialize_keras_object(entry, custom_objects)


def _is_shape(value):
    return isinstance(value, SHAPE_SEQUENCES) and all(d is None or isinstance(d, int) for d in value)


def _map_shapes(fn, shapes):
    """``fn`` applied to each shape in a structure of them, as Keras 3's map_shape_structure walks it: a shape
    is a sequence of ints and Nones; anything else that is no dict, list or tuple is a leaf too. Keras adds
    the batch axis as ``(batch,) + shape``, so a list shape (a TrackedList once the layer holds it) or a leaf
    such as 3 fails in Python's words: TF 2.21 "can only concatenate tuple (not "TrackedList") to tuple"."""
    if _is_shape(shapes) and not isinstance(shapes, list):
        return fn(shapes)
    if isinstance(shapes, dict):
        return {key: _map_shapes(fn, value) for key, value in shapes.items()}
    if isinstance(shapes, (list, tuple)) and not _is_shape(shapes):
        return type(shapes)(_map_shapes(fn, value) for value in shapes)
    error = TypeError('can only concatenate tuple (not "%s") to tuple'
                      % ('TrackedList' if isinstance(shapes, list) else type(shapes).__name__))
    error.add_note('Lambda: output_shape %r: give each shape as a tuple (without the batch axis), a structure '
                   'of them, or a function of the input shape' % (shapes,))
    raise error


def _not_inferred(layer, cause):
    """Keras 3's words for a Lambda without output_shape whose function failed on stand-ins of the inputs
    (compute_output_shape((None, 2)) of ``lambda x: x.numpy()``); a note keeps the cause Keras hides."""
    error = NotImplementedError("We could not automatically infer the shape of the Lambda's output. Please "
                                "specify the `output_shape` argument for this Lambda layer.")
    text = str(cause).strip().split('\n')[0][:300]
    error.add_note('Lambda %r: the function failed on stand-ins of the inputs: %s: %s'
                   % (layer.name, type(cause).__name__, text))
    return error
