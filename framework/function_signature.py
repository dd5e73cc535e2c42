"""How ``tf.function`` binds a call's arguments, and checks them against ``input_signature``.

Binding follows Python's rules (defaults filled in, so ``f(x)``, ``f(x, 1)``
and ``f(x, y=1)`` share a trace when 1 is the default); the errors are
TensorFlow 2.21's TypeErrors (``Binding inputs to tf.function failed due to ...``).
"""
import inspect
import sys
import types

from . import nest
from .function_keys import describe_spec, trace_key
from .ops.tensor_spec import TensorSpec
from .type_spec import TypeSpec
from .tensor import Tensor, convert_to_tensor
from .variable import Variable

_EMPTY = inspect.Parameter.empty
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)
# Keras 3's Layer.__call__(self, *args, **kwargs): what tf.function(model) or tf.function(layer) binds
_KERAS_CALL = inspect.Signature([inspect.Parameter('args', inspect.Parameter.VAR_POSITIONAL),
                                 inspect.Parameter('kwargs', inspect.Parameter.VAR_KEYWORD)])


def _signature(python_function):
    """The parameters TensorFlow sees: a Keras layer or model called as a function has Keras 3's
    ``(*args, **kwargs)`` (so its trace shows args_0 (POSITIONAL_ONLY)), whatever tapeflow's
    Layer.__call__ declares; any other callable its own."""
    layer_module = sys.modules.get('layers.layer')      # (not imported: no layer exists)
    if layer_module is not None:
        # the layer itself, or its bound __call__ (Keras's ExportArchive.track_and_add_endpoint)
        layer = getattr(python_function, '__self__', None) if isinstance(python_function, types.MethodType) \
            and python_function.__name__ == '__call__' else python_function
        # (tapeflow's own __call__ of any layer or model, Functional's included: Keras has only Layer's)
        if isinstance(layer, layer_module.Layer) and \
                type(layer).__call__.__module__.split('.')[0] in ('layers', 'framework'):
            return _KERAS_CALL
    return inspect.signature(python_function)


class Binder:
    """Binds calls to ``python_function``'s parameters; with ``input_signature``, casts them.

    Raises (at construction, as TensorFlow does at decoration):
        TypeError: an input_signature that is not a list or tuple of (nested) TensorSpecs, or that
            does not fit the parameters.
    """

    def __init__(self, python_function, input_signature=None):
        self.signature = _signature(python_function)
        params = list(self.signature.parameters.values())
        # The common shape (only positional-or-keyword parameters) binds without inspect.
        self.simple = all(p.kind == inspect.Parameter.POSITIONAL_OR_KEYWORD for p in params)
        self.names = [p.name for p in params]
        self.defaults = [p.default for p in params]
        # A method decorated in its class is checked without ``self``: the signature describes the
        # arguments after it, which is how the instance-bound Function (``Function.__get__``) is called.
        checked = params[1:] if params and params[0].name == 'self' else params
        self.input_signature = None if input_signature is None else _checked_signature(input_signature, checked)

    def bind(self, args, kwargs, error=None):
        """The argument values in parameter order (``*args`` as a tuple, ``**kwargs`` as a dict);
        ``error(reason, args, kwargs)`` makes the TypeError (default: the tf.function's, ``error``)."""
        if self.simple and len(args) <= len(self.names):
            values = list(args)
            used = 0
            for name, default in zip(self.names[len(args):], self.defaults[len(args):]):
                if name in kwargs:
                    values.append(kwargs[name])
                    used += 1
                elif default is not _EMPTY:
                    values.append(default)
                else:
                    break
            if used == len(kwargs) and len(values) == len(self.names):
                return values
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as err:
            raise (error or self.error)(err, args, kwargs) from None
        bound.apply_defaults()
        return list(bound.arguments.values())

    def cast(self, args, kwargs, error=None):
        """``input_signature``'s conversion: the tensors (and defaults) the function is called with;
        ``error`` as bind's (a concrete function names its own type in the TypeError)."""
        error = error or self.error
        values = self.bind(args, kwargs, error)
        specs = self.input_signature
        params = list(self.signature.parameters.values())
        if self._varargs_only():
            # TF binds *args to positional-only parameters a_0, a_1, ... of the signature's specs
            # (and, for (*args, **kwargs), refuses keywords: a Keras model's __call__)
            if kwargs:
                raise error('got an unexpected keyword argument %r' % next(iter(kwargs)), args, kwargs)
            values = list(values[0])
            if len(values) != len(specs):
                raise error('too many positional arguments' if len(values) > len(specs) else
                                 'missing a required argument: %r' % self._vararg_name(len(values)), args, kwargs)
            params = [params[0]] * len(values)
        if len(values) < len(specs):
            raise error('missing a required argument: %r' % params[len(values)].name, args, kwargs)
        if kwargs and params[-1].kind == inspect.Parameter.VAR_KEYWORD:
            for name in kwargs:     # (TF's function type has no **kwargs under an input_signature)
                if name not in self.names[:-1]:
                    raise error('got an unexpected keyword argument %r' % name, args, kwargs)
        try:
            cast = [_cast(v, s) for v, s in zip(values, specs)]
            for value, param in zip(values[len(specs):], params[len(specs):]):
                if not value and param.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
                    continue        # an empty *args or **kwargs (a Keras layer's call(inputs, **kwargs))
                if trace_key(value) != trace_key(param.default):
                    raise TypeError('Can not cast %r to Literal[%r]' % (value, param.default))
        except (TypeError, ValueError) as err:
            raise error(err, args, kwargs) from None
        return cast

    def _varargs_only(self):
        return _only_varargs(list(self.signature.parameters.values()))

    def signature_parameters(self):
        """(name, TensorFlow's parameter kind) per spec of ``input_signature``: a function of ``*args``
        takes them as args_0, args_1, ... (POSITIONAL_ONLY), any other by its parameters' names
        (POSITIONAL_ONLY too where the function also has ``*args``: f(x, k=2, *a))."""
        if self._varargs_only():
            return [(self._vararg_name(i), 'POSITIONAL_ONLY') for i in range(len(self.input_signature))]
        return [(p.name, self._kind(p)) for p in self._named_parameters()[:len(self.input_signature)]]

    def defaulted_parameters(self):
        """(name, TensorFlow's parameter kind, default) per parameter an ``input_signature`` leaves
        unconstrained: TF 2.21's trace binds each to its default, a Literal of the concrete function's
        type (tf.function(model.call, input_signature=[spec]) lists training: Literal[None], mask:
        Literal[None]; a keyword-only one in structured_input_signature's kwargs)."""
        if self.input_signature is None or self._varargs_only():
            return []
        return [(p.name, self._kind(p), p.default) for p in self._named_parameters()[len(self.input_signature):]]

    def _named_parameters(self):
        """The parameters other than ``*args`` / ``**kwargs`` (and a decorated method's ``self``)."""
        params = [p for p in self.signature.parameters.values()
                  if p.kind not in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD)]
        return params[1:] if params and params[0].name == 'self' else params

    def _kind(self, param):
        if param.kind == inspect.Parameter.KEYWORD_ONLY:
            return 'KEYWORD_ONLY'
        if any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in self.signature.parameters.values()):
            return 'POSITIONAL_ONLY'
        return 'POSITIONAL_OR_KEYWORD'

    def _vararg_name(self, i):
        return '%s_%d' % (self.names[0], i)

    def text(self, keys=None):
        """The signature as TensorFlow's binding errors print it."""
        parts = []
        specs = self.input_signature or ()
        if specs and keys is None and self._varargs_only():
            return '(%s, /)' % ', '.join('%s: %s' % (self._vararg_name(i), describe_spec(s)) for i, s in enumerate(specs))
        starred = False     # (a bare '*' goes before keyword-only parameters without *args, as Python writes it)
        params = list(self.signature.parameters.values())
        for i, p in enumerate(params):
            if specs and p.kind == inspect.Parameter.VAR_KEYWORD:
                continue        # (TF drops **kwargs from a function type with an input_signature)
            if i and params[i - 1].kind == inspect.Parameter.POSITIONAL_ONLY and \
                    p.kind != inspect.Parameter.POSITIONAL_ONLY:
                parts.append('/')       # (after the positional-only parameters, as Python writes it)
            if p.kind == inspect.Parameter.KEYWORD_ONLY and not starred:
                parts.append('*')
            starred = starred or p.kind in (inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.KEYWORD_ONLY)
            prefix = {inspect.Parameter.VAR_POSITIONAL: '*', inspect.Parameter.VAR_KEYWORD: '**'}.get(p.kind, '')
            part = prefix + p.name
            if keys is not None and i < len(keys):
                from .function_keys import describe
                part += ': ' + describe(keys[i])
            elif i < len(specs):
                part += ': ' + describe_spec(specs[i])
            elif specs and p.default is not _EMPTY:
                part += ': Literal[%r]' % (p.default,)
            if p.default is not _EMPTY and keys is None:
                part += (' = ' if specs else '=') + '<captured_default_value>'
            parts.append(part)
        if params and params[-1].kind == inspect.Parameter.POSITIONAL_ONLY:
            parts.append('/')
        return '(%s)' % ', '.join(parts)

    def error(self, reason, args, kwargs, keys=None):
        return TypeError('Binding inputs to tf.function failed due to `%s`. Received args: %r and kwargs: %r '
                         'for signature: %s.' % (reason, tuple(args), kwargs, self.text(keys)))


def _only_varargs(params):
    """``(*args)`` or ``(*args, **kwargs)``: TensorFlow binds an input_signature to ``*args``."""
    return bool(params) and params[0].kind == inspect.Parameter.VAR_POSITIONAL and \
        all(p.kind == inspect.Parameter.VAR_KEYWORD for p in params[1:])


def _checked_signature(input_signature, params):
    if not isinstance(input_signature, (list, tuple)):
        raise TypeError('input_signature must be either a tuple or a list, got %s.' % type(input_signature))
    bad = [s for s in nest.flatten(list(input_signature)) if not isinstance(s, TypeSpec)]
    if bad:
        raise TypeError('input_signature must be a possibly nested sequence of TensorSpec objects, got invalid '
                        'args %r with types %r.' % (bad, [type(b) for b in bad]))
    if _only_varargs(params):
        return tuple(input_signature)
    # (TF's add_type_constraints: the parameters in order take the constraints, its errors in that order)
    unconstrained = len(input_signature)
    for p in params:
        if p.kind == inspect.Parameter.KEYWORD_ONLY and p.default is _EMPTY:
            raise TypeError('Since input_signature is defined, keyword-only parameter `%s` must have a default '
                            'value' % p.name)
        if p.kind not in _POSITIONAL:
            continue
        if unconstrained:
            unconstrained -= 1
        elif p.default is _EMPTY:
            raise TypeError('input_signature missing type constraint for %s' % p.name)
    if unconstrained:
        raise TypeError('input_signature contains %d extra type constraints.' % unconstrained)
    return tuple(input_signature)


def _spec_text(value, name=None):
    """The refused value's spec as TensorFlow's error shows it: under the wanted spec's name."""
    shape = value.shape if isinstance(value, TensorSpec) else value._data.shape
    return repr(TensorSpec(None if shape is None else tuple(shape), value.dtype, name))


def _cast(value, spec):
    """``value`` as a tensor that ``spec`` accepts (TensorFlow's casting rules), or a TypeError."""
    if isinstance(spec, (list, tuple)):
        # TensorFlow's TraceType words: a list for a Tuple spec, or another sequence, is refused by type
        if not isinstance(value, (list, tuple)) or (isinstance(spec, tuple) and isinstance(value, list)):
            raise TypeError('Can not cast %r to %s type.' % (value, type(spec).__name__))
        if len(value) != len(spec):
            raise TypeError('Expected %r to have length of %d' % (value, len(spec)) if isinstance(spec, tuple)
                            else "object of type 'Tuple' has no len()")      # (TF's List[...] cast, as it words it)
        return type(spec)(_cast(v, s) for v, s in zip(value, spec))
    if isinstance(spec, dict):
        if not isinstance(value, dict):
            raise TypeError('Can not cast %r to a Dict type.' % (value,))
        if set(value) != set(spec):
            raise TypeError('%r has different keys with the TraceType %s.' % (value, describe_spec(spec)))
        return {k: _cast(value[k], spec[k]) for k in spec}
    if not isinstance(spec, TensorSpec):
        return _cast_composite(value, spec)
    if isinstance(value, (Tensor, TensorSpec)) and not (isinstance(value, Variable) and value.dtype != spec.dtype):
        if value.dtype != spec.dtype:
            raise TypeError('Can not cast %s to %r' % (_spec_text(value, spec.name), spec))
        tensor = value
    else:       # (a variable of another dtype: TF converts it, in the variable's words)
        try:
            tensor = convert_to_tensor(value, dtype=spec.dtype)
        except (TypeError, ValueError) as err:
            # the conversion's own words, as TF's cast gives them ('Attempt to convert a value (None) ...',
            # "Can't convert Python sequence with mixed types to Tensor.", 'Cannot convert 'a' to EagerTensor ...')
            text = str(err.args[0]) if err.args else ''
            if not text:
                text = 'Cannot convert %r to EagerTensor of dtype %s' % (value, spec.dtype.name)
            raise TypeError(text) from None
    if not spec.is_compatible_with(tensor):
        raise TypeError('Can not cast %s to %r' % (_spec_text(tensor, spec.name), spec))
    if isinstance(tensor, Variable):
        from .ops import identity       # the function sees the value, and gradients still reach the variable
        tensor = identity(tensor)
    return tensor


def _field_refused(value, spec):
    """'TensorSpec(...) to TensorSpec(...)' for the first tensor field (in field order, nested
    ExtensionTypes included) that ``spec`` refuses, as TF casts an ExtensionType field by field; or None."""
    for name in type(value)._tf_extension_type_fields:
        wanted, field = spec._fields.get(name), getattr(value, name)
        if isinstance(wanted, TensorSpec) and isinstance(field, Tensor) and not (
                field.dtype == wanted.dtype and wanted.is_compatible_with(field)):
            return '%s to %r' % (_spec_text(field, wanted.name), wanted)
        if hasattr(type(field), '_tf_extension_type_fields') and hasattr(wanted, '_fields'):
            refused = _field_refused(field, wanted)
            if refused:
                return refused
    return None


def _cast_composite(value, spec):
    """A RaggedTensor or SparseTensor (or another composite) that ``spec`` accepts, as it is."""
    from .type_spec import type_spec_from_value
    if isinstance(value, TypeSpec):             # get_concrete_function(spec): a spec that fits stands for values
        if not spec.is_compatible_with(value):
            raise TypeError('Can not cast %r to %r' % (value, spec))
        return value
    if not isinstance(value, spec.value_type):
        fields = getattr(spec.value_type, '_tf_extension_type_fields', None)
        if fields:      # TF reads the spec's fields off the value by name: its KeyError's text
            raise TypeError(repr(next(iter(fields))))
        if isinstance(value, Tensor) and hasattr(spec, 'ragged_rank'):
            raise TypeError("The two structures don't have the same nested structure.")
        raise TypeError('%r object is not a %s' % (type(value).__name__, spec.value_type.__name__))
    if value is None:       # (a NoneTensorSpec's value)
        return value
    from .data.iterator_specs import IteratorSpec, OptionalSpec
    if isinstance(spec, (IteratorSpec, OptionalSpec)):      # by the element spec
        if not spec.is_compatible_with(value):
            raise TypeError('Can not cast %r to %r' % (type(spec).from_value(value), spec))
        return value
    if hasattr(type(value), '_tf_extension_type_fields'):       # an ExtensionType: its fields' specs must fit
        if not spec.is_compatible_with(value):
            raise TypeError('Can not cast %s' % (_field_refused(value, spec) or '%r to %r' % (
                type_spec_from_value(value), spec)))
        return value
    if hasattr(spec, 'ragged_rank') and value.dtype != spec.dtype:      # TF compares the flat values' specs
        raise TypeError('Can not cast %r to %r' % (TensorSpec(tuple(value.flat_values.shape), value.dtype),
                                                   TensorSpec([None] * value.flat_values.ndim, spec.dtype)))
    if value.dtype != spec.dtype or (hasattr(spec, 'ragged_rank') and not spec.is_compatible_with(value)):
        raise TypeError('Can not cast %r to %r' % (type_spec_from_value(value), spec))
    return value
