"""SavedModel signatures: functions called with keyword tensors that return a dict of tensors.

A signature is stored as where to find its function again after loading: a
method of an object inside the saved object (pickled with it, so it is the
same object once loaded) or a module-level ``tf.function`` (by import path).
"""
import importlib

from ..concrete_function import ConcreteFunction
from ..function import Function
from ..nest import flatten


def _locate(function):
    """(instance, attribute) for a bound tf.function; (None, 'module:qualname') for a free one."""
    if isinstance(function, ConcreteFunction):
        function = function._function
    if not isinstance(function, Function):
        raise TypeError('tf.saved_model.save: a signature must be a tf.function or a concrete function, got %r'
                        % (function,))
    python_function = function.python_function
    ref = getattr(python_function, '_ref', None)
    instance = ref() if ref is not None else getattr(python_function, '__self__', None)
    if instance is not None:
        return instance, python_function.__name__, function
    return None, '%s:%s' % (function.__module__, function.__qualname__), function


def _input_names(function):
    if function.input_signature is not None:
        return [spec.name or name for spec, name in zip(flatten(function.input_signature), function._binder.names)]
    return list(function._binder.names)


class Signature:
    """A stored signature: call it with keyword tensors; it returns {'output_0': ...} or the function's dict."""

    def __init__(self, instance, where, input_names):
        self._instance = instance          # None for a module-level function
        self._where = where                # the attribute of ``instance``, or 'module:qualname'
        self.input_names = list(input_names)

    @classmethod
    def of(cls, function):
        """The signature of a tf.function with an input_signature, or of a concrete function.

        Raises:
            ValueError: a tf.function without input_signature.
        """
        if isinstance(function, Function) and function.input_signature is None:
            raise ValueError('tf.saved_model.save: signature function %s has no input_signature; decorate it with '
                             'tf.function(input_signature=[tf.TensorSpec(...)]) or pass '
                             'f.get_concrete_function(tf.TensorSpec(...))' % function.__name__)
        instance, where, function = _locate(function)
        return cls(instance, where, _input_names(function))

    @property
    def function(self):
        if self._instance is not None:
            return getattr(self._instance, self._where)
        module, qualname = self._where.split(':')
        found = importlib.import_module(module)
        for part in qualname.split('.'):
            found = getattr(found, part)
        return found

    @property
    def structured_input_signature(self):
        """((), {name: TensorSpec}) as TensorFlow lists a signature's keyword inputs, each spec
        named as its keyword."""
        from ..ops.tensor_spec import TensorSpec
        specs = getattr(self.function, 'input_signature', None)
        if specs is None:
            raise AttributeError('structured_input_signature: this signature (a Keras model called on '
                                 "'inputs') keeps no TensorSpecs in tapeflow")
        return (), {name: TensorSpec(spec.shape, spec.dtype, name)
                    for name, spec in zip(self.input_names, flatten(specs))}

    def __call__(self, **kwargs):
        """Run the function on keyword inputs named as its input signature.

        Raises:
            TypeError: missing or unknown keywords (the message lists the expected names).
        """
        if sorted(kwargs) != sorted(self.input_names):
            raise TypeError('signature expects keyword arguments %s, got %s' % (self.input_names, sorted(kwargs)))
        outputs = self.function(*[kwargs[name] for name in self.input_names])
        if isinstance(outputs, dict):
            return dict(outputs)
        if isinstance(outputs, (list, tuple)):
            return {'output_%d' % i: value for i, value in enumerate(outputs)}
        return {'output_0': outputs}


def default_signatures(obj):
    """TensorFlow's default: the one tf.function of ``obj`` with an input_signature, if exactly one;
    for a Keras model, the model called on 'inputs'."""
    if callable(getattr(type(obj), 'compile', None)) and hasattr(obj, 'layers'):
        return {'serving_default': Signature(obj, '__call__', ['inputs'])}
    found = [getattr(obj, name) for name in dir(type(obj))
             if isinstance(getattr(type(obj), name, None), Function)]
    found = [f for f in found if f.input_signature is not None]
    return {'serving_default': found[0]} if len(found) == 1 else {}


def as_signatures(signatures, obj):
    """``signatures`` (None, a function, or a dict name -> function) as {name: Signature}."""
    if signatures is None:
        signatures = default_signatures(obj)
    elif not isinstance(signatures, dict):
        signatures = {'serving_default': signatures}
    return {name: function if isinstance(function, Signature) else Signature.of(function)
            for name, function in signatures.items()}
