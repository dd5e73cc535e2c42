"""Operation: a keras.ops call recorded in a functional graph, as Keras 3 records it.

``inputs / 127.5`` or ``keras.ops.mean(x, axis=-1)`` on KerasTensors makes an
Operation (``TrueDivide``, ``Mean(axis=-1)``) and records its call as a Node,
as a layer call is recorded: ``model.summary()`` lists it (``true_divide
(TrueDivide)``), the model's config carries it (module ``keras.src.ops.numpy``,
its constructor arguments as config, its tensors as the node's arguments), and
running the model calls the op's function on real tensors. It has no weights
and is not among ``model.layers``, as in Keras 3.
"""
import collections
import functools
import inspect

import numpy as np

from framework import dtypes

from .. import naming
from ..call_errors import CAUGHT_IN_CALL
from . import keras_op_names
from .operation_call_error import call_error


@functools.lru_cache(maxsize=None)
def _signature(fn):
    return inspect.signature(fn)


def op_function(function_name):
    """The keras.ops function (or operator helper) called ``function_name``."""
    from framework.keras import ops
    if function_name == 'get_item':
        return get_item
    if function_name == 'activations.relu':      # Keras's ReLU op, keras.activations.relu on KerasTensors
        from layers.activations import relu
        return relu
    fn = getattr(ops, function_name, None) or getattr(ops.image, function_name, None)
    if fn is None:
        raise ValueError('No keras.ops function is called %r' % function_name)
    return fn


def get_item(x, key):
    """``x[key]``: the function behind KerasTensor indexing (Keras 3's GetItem op). A saved
    config holds a key tuple as a list (JSON has no tuples): such a list indexes axis by axis."""
    if isinstance(key, list):
        key = tuple(key)
    return x[key]


class Operation:
    """One keras.ops function with its non-tensor arguments fixed (Keras 3's ``keras.Operation``).

    Args:
        function_name: the keras.ops function ('true_divide', 'mean', ...).
        config: {parameter: value} of the arguments that are not call arguments (axis, keepdims, ...).
        name: default the op's class name in snake case, numbered ('mean', 'mean_1').
    """
    trainable = True
    built = True
    weights = trainable_weights = non_trainable_weights = variables = ()

    def __init__(self, function_name, config=None, name=None):
        self.function_name = function_name
        self.fn = op_function(function_name)
        self.class_name = keras_op_names.class_name(function_name)
        self.module = keras_op_names.module(function_name)
        self.config = dict(config or {})
        self.name = name if name is not None else naming.unique_name(naming.to_snake_case(self.class_name))
        self._call_parameters = call_parameters(function_name, self.fn)
        unknown = set(self.config) - set(_signature(self.fn).parameters)
        if unknown:
            raise ValueError('Keras op %s (keras.ops.%s) has no argument %s; its arguments are %s'
                             % (self.class_name, function_name, sorted(unknown), list(_signature(self.fn).parameters)))

    def __repr__(self):
        return '<Operation name=%s>' % self.name

    def count_params(self):
        return 0

    def __call__(self, *args, **kwargs):
        from .symbolic_ops import call_symbolic_op, contains_keras_tensor
        if contains_keras_tensor(args, kwargs):
            return call_symbolic_op(self, args, kwargs)
        bound = self.bind(args, kwargs)
        try:
            return self.fn(*bound.args, **bound.kwargs)
        except CAUGHT_IN_CALL as err:      # (a model's run: Keras 3's Operation.__call__ words it)
            raise call_error(err, self, bound) from None

    def run(self, *args, **kwargs):
        """The op on concrete tensors with its errors as raised (the symbolic path's stand-in runs read them)."""
        bound = self.bind(args, kwargs)
        return self.fn(*bound.args, **bound.kwargs)

    def bind(self, args, kwargs):
        """The function's arguments from a call's ``args`` / ``kwargs`` and the op's config."""
        signature = _signature(self.fn)
        values = dict(self.config)
        values.update(kwargs)
        positional = [name.lstrip('*') for name in self._call_parameters if not name.endswith('=')]
        args = list(args)
        for name in positional:
            if not args:
                break
            if signature.parameters[name].kind is inspect.Parameter.VAR_POSITIONAL:
                values[name], args = tuple(args), []
            else:
                values[name] = args.pop(0)
        if args:
            raise TypeError('Keras op %s (%s) takes %d positional argument(s) %s; got %d'
                            % (self.name, self.class_name, len(positional), positional, len(positional) + len(args)))
        extra = {key: values.pop(key) for key in list(values)
                 if key not in signature.parameters}
        ordered = collections.OrderedDict((name, values[name]) for name in signature.parameters if name in values)
        for parameter in signature.parameters.values():
            if parameter.kind is inspect.Parameter.VAR_KEYWORD:
                ordered[parameter.name] = extra
                extra = {}
        if extra:
            raise TypeError('Keras op %s (%s) got unexpected argument(s) %s' % (self.name, self.class_name,
                                                                               sorted(extra)))
        return inspect.BoundArguments(signature, ordered)

    # ---- config, as Keras 3 writes an op in a functional model's 'layers' -------------
    def get_config(self):
        config = {'name': self.name}
        config.update((key, _plain(value)) for key, value in self.config.items())
        return config

    def serialize(self):
        return {'module': self.module, 'class_name': self.class_name, 'config': self.get_config(),
                'registered_name': self.class_name}

    @classmethod
    def from_entry(cls, entry):
        """The Operation a config's entry describes (``{'module': 'keras.src.ops.numpy', 'class_name': 'Mean',
        'config': {'name': 'mean', 'axis': -1, ...}}``).

        Raises:
            ValueError: a class tapeflow has no keras.ops function for.
        """
        function_name = keras_op_names.function_for_class(entry['class_name'])
        if function_name is None:
            raise ValueError("Functional model config: layer %r is Keras op %s.%s, which tapeflow's keras.ops does "
                             'not have; rebuild the model in code and load its weights with load_weights()'
                             % (entry.get('name'), entry.get('module'), entry['class_name']))
        config = dict(entry.get('config') or {})
        name = config.pop('name', entry.get('name'))
        return cls(function_name, config, name=name)


def call_parameters(function_name, fn):
    """The names of ``fn``'s call (tensor) parameters, in order ('=' marks keyword, '*' variadic)."""
    known = keras_op_names.CALL_PARAMETERS.get(function_name)
    if known is not None:
        return known
    if function_name == 'get_item':
        return ('x', 'key')
    return tuple(name for name in _signature(fn).parameters if name in keras_op_names.TENSOR_PARAMETERS)


def _plain(value):
    """A config value as JSON holds it: dtypes by name, tuples kept (written as lists)."""
    if isinstance(value, dtypes.DType):
        return value.name
    if isinstance(value, type) and issubclass(value, np.generic):       # np.float32
        return np.dtype(value).name
    return value
