"""``ConcreteFunction``: one trace of a ``tf.function``, as ``get_concrete_function`` returns it."""
import inspect

from . import dtypes, nest
from .errors import InvalidArgumentError
from .function_keys import accepts, describe, describe_spec, is_tensor_key, named_specs, placeholder, trace_key
from .ops.tensor_spec import TensorSpec
from .tensor import Tensor, convert_to_tensor

# How TensorFlow's kernels name a dtype in 'expected to be a float tensor' (DataTypeString)
_KERNEL_TYPE = {'float32': 'float', 'float64': 'double', 'string': 'string', 'int32': 'int32', 'int64': 'int64',
                'bool': 'bool', 'float16': 'half', 'uint8': 'uint8'}


def output_type(result, key, input_signature):
    """TensorFlow's 'Output Type:' text for a trace's result: TensorSpecs in its structure
    (``Tuple[...]``, ``Dict[['k', ...]]``, ``Literal[None]``). None (not printed) where the trace leaves
    an input length open: the outputs' traced shapes would need TensorFlow's shape inference."""
    if key is None:
        known = all(spec.shape.is_fully_defined() for spec in nest.flatten(list(input_signature))
                    if isinstance(spec, TensorSpec))
    else:
        known = all(_fully_known(k) for k in key[1:])
    return _structure_text(result) if known else None


def output_leaves(result):
    """A trace's result with each tensor replaced by an unnamed GraphOutput, for ``structured_outputs``."""
    return nest.map_structure(lambda v: GraphOutput(None, v.shape, v.dtype) if isinstance(v, Tensor) else v, result)


class GraphOutput:
    """An output of a traced graph as ``structured_outputs`` shows it: TensorFlow's symbolic tensor
    'Identity:0', 'Identity_1:0', ... (its shape, dtype and name; no value)."""

    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, shape, dtype

    def __str__(self):
        return 'Tensor("%s", shape=%s, dtype=%s)' % (self.name, self.shape, self.dtype.name)

    def __repr__(self):
        from .tensor import DISPLAY_NAME
        return "<%s.Tensor '%s' shape=%s dtype=%s>" % (DISPLAY_NAME, self.name, self.shape, self.dtype.name)


def _fully_known(key):
    if is_tensor_key(key):
        return key[1] is not None and None not in key[1]
    if type(key) is tuple and key and isinstance(key[0], type):
        return all(_fully_known(k[1] if type(k) is tuple and len(k) == 2 and not isinstance(k[0], type) else k)
                   for k in key[1:])
    return True


def _structure_text(value):
    if isinstance(value, Tensor):
        return repr(TensorSpec(value.shape, value.dtype))
    if value is None:
        return 'Literal[None]'
    if isinstance(value, dict):
        return 'Dict[%s]' % ', '.join('[%r, %s]' % (k, _structure_text(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return '%s[%s]' % ('List' if isinstance(value, list) else 'Tuple', ', '.join(map(_structure_text, value)))
    return 'Literal[%r]' % (value,)


class ConcreteFunction:
    """One trace of a ``Function``: callable with arguments that fit it.

    Python arguments of the trace may be left out (they are filled in) or given
    equal; tensors must have the traced dtype and fit its shape.
    """

    def __init__(self, function, entry):
        self._function = function
        self._entry = entry

    @property
    def structured_input_signature(self):
        if self._entry.key is None:
            names = self._function._binder.names
            return tuple(named_specs(spec, name) for name, spec in zip(names, self._function.input_signature)), {}
        args, kwargs = [], {}
        for name, kind, key in self._parameters():
            value = placeholder(key, name)
            if kind == 'KEYWORD_ONLY':
                kwargs[name] = value
            else:
                args.append(value)
        return tuple(args), kwargs

    @property
    def structured_outputs(self):
        """The trace's outputs as TensorFlow's graph tensors ('Identity:0', ...), None kept. Shapes are
        the first run's: where the trace left an input dimension open, TensorFlow's shape inference
        may report None where this reports the size that run had."""
        if self._entry.output_type is None:     # never run: tapeflow traces by running the function
            raise ValueError('structured_outputs: this concrete function has not run yet; tapeflow learns a '
                             "trace's outputs by running it, so call it once first (TensorFlow traces without "
                             'running)')
        count = iter(range(1 << 30))

        def leaf(v):
            if isinstance(v, GraphOutput):
                i = next(count)
                return GraphOutput('Identity%s:0' % ('_%d' % i if i else ''), v.shape, v.dtype)
            return v
        return nest.map_structure(leaf, self._entry.outputs)

    def _parameters(self):
        """(name, TensorFlow's parameter kind, trace key) per parameter of the trace, ``*args`` spread
        as args_0, args_1, ... and ``**kwargs`` as keyword-only parameters, as TensorFlow lists them."""
        params = list(self._function._binder.signature.parameters.values())
        var_positional = any(p.kind == inspect.Parameter.VAR_POSITIONAL for p in params)
        found = []
        for param, key in zip(params, self._entry.key[1:]):
            if param.kind == inspect.Parameter.VAR_POSITIONAL:
                found += [('%s_%d' % (param.name, i), 'POSITIONAL_ONLY', k) for i, k in enumerate(key[1:])]
            elif param.kind == inspect.Parameter.VAR_KEYWORD:
                found += [(name, 'KEYWORD_ONLY', k) for name, k in key[1:]]
            elif param.kind == inspect.Parameter.KEYWORD_ONLY:
                found.append((param.name, 'KEYWORD_ONLY', key))
            else:
                found.append((param.name, 'POSITIONAL_ONLY' if var_positional else 'POSITIONAL_OR_KEYWORD', key))
        return found

    def __call__(self, *args, **kwargs):
        function = self._function
        binder = function._binder
        if binder.input_signature is not None:
            args, kwargs = binder.cast(args, kwargs), {}
        else:
            names = binder.names
            filled = dict(kwargs)
            keys = self._entry.key[1:]
            for i, (name, key) in enumerate(zip(names, keys)):
                if i >= len(args) and name not in filled and not isinstance(key, tuple):
                    filled[name] = placeholder(key)
            values = binder.bind(args, filled)
            args = list(args)
            for i, (value, key) in enumerate(zip(values, keys)):
                if is_tensor_key(key):
                    converted = self._check_tensor(i, value, key, args, kwargs, keys)
                    if converted is not value:      # a Python value or array: the function sees a tensor
                        if i < len(args):
                            args[i] = converted
                        else:
                            filled[names[i]] = converted
                elif not accepts(key, trace_key(value)):
                    raise binder.error('Can not cast %r to %s' % (value, describe(key)), args, kwargs, keys)
            kwargs = filled
        return function._run(self._entry, None, args, kwargs)

    def _check_tensor(self, index, value, key, args, kwargs, keys):
        """A tensor argument as a concrete function takes it (TensorFlow's graph call): any shape, but
        its traced dtype (else InvalidArgumentError, as the graph's kernel says); a Python value or
        array must convert to the traced dtype and a compatible shape (else TypeError)."""
        dtype = dtypes.as_dtype(key[2])
        if isinstance(value, Tensor):
            if value.dtype != dtype:
                raise InvalidArgumentError(
                    'cannot compute __inference_%s as input #%d(zero-based) was expected to be a %s tensor but is '
                    'a %s tensor' % (self._function.__name__, index, _KERNEL_TYPE.get(dtype.name, dtype.name),
                                     _KERNEL_TYPE.get(value.dtype.name, value.dtype.name)))
            return value
        try:
            converted = convert_to_tensor(value, dtype=dtype)
        except (TypeError, ValueError):
            converted = None
        if converted is None or not accepts(key, trace_key(converted)):
            shown = TensorSpec(converted.shape, dtype) if converted is not None else value
            raise self._function._binder.error('Can not cast %r to %s' % (shown, describe(key)), args, kwargs, keys)
        return converted

    def __str__(self):
        lines = ['ConcreteFunction Input Parameters:']
        if self._entry.key is None:
            names = self._function._binder.names
            for name, spec in zip(names, self._function.input_signature):
                lines.append('  %s (POSITIONAL_OR_KEYWORD): %s' % (name, describe_spec(spec)))
        else:
            for name, kind, key in self._parameters():
                lines.append('  %s (%s): %s' % (name, kind, describe(key)))
        if self._entry.output_type is not None:
            lines += ['Output Type:', '  ' + self._entry.output_type, 'Captures:', '  None']
        return '\n'.join(lines)

    def __repr__(self):
        return '<ConcreteFunction %s at 0x%X>' % (self._function.__name__, id(self))
