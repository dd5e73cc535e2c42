"""``ConcreteFunction``: one trace of a ``tf.function``, as ``get_concrete_function`` returns it."""
from .function_keys import accepts, describe, placeholder, trace_key


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
        names = self._function._binder.names
        if self._entry.key is None:
            return tuple(self._function.input_signature), {}
        return tuple(placeholder(k, n) for k, n in zip(self._entry.key[1:], names)), {}

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
            for value, key in zip(values, keys):
                if not accepts(key, trace_key(value)):
                    raise binder.error('Can not cast %r to %s' % (value, describe(key)), args, kwargs, keys)
            kwargs = filled
        return function._run(self._entry, None, args, kwargs)

    def __str__(self):
        names = self._function._binder.names
        lines = ['ConcreteFunction Input Parameters:']
        if self._entry.key is None:
            texts = [repr(spec) for spec in self._function.input_signature]
        else:
            texts = [describe(key) for key in self._entry.key[1:]]
        for name, text in zip(names, texts):
            lines.append('  %s (POSITIONAL_OR_KEYWORD): %s' % (name, text))
        return '\n'.join(lines)

    def __repr__(self):
        return '<ConcreteFunction %s at 0x%X>' % (self._function.__name__, id(self))
