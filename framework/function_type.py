"""``tf.function(f).function_type``: the Function's parameters as TensorFlow 2.21 prints them.

TensorFlow's FunctionType is an ``inspect.Signature``: ``str`` is Python's signature text with each
default shown as ``<captured_default_value>`` and, under an input_signature, each parameter annotated
with its TensorSpec (``(v: TensorSpec(shape=(None,), dtype=tf.int32, name='q'))``); ``repr`` is the
block a concrete function prints, every constraint and the output None before a trace.
"""
import inspect

from .function_keys import describe_spec


class _Shown:
    """A default or annotation that prints as the given text (inspect formats them with repr)."""

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return self.text


_CAPTURED_DEFAULT = _Shown('<captured_default_value>')


class FunctionType:
    def __init__(self, binder):
        self._binder = binder

    def _parameters(self):
        """(inspect parameter, its TensorSpec text or None) per parameter."""
        params = list(self._binder.signature.parameters.values())
        specs = self._binder.input_signature
        if specs is None:
            return [(p, None) for p in params]
        if params and params[0].name == 'self' and len(params) == len(specs) + 1:    # (a method's class Function)
            params = params[1:]
        specs = list(specs)
        return [(p, describe_spec(specs[i]) if i < len(specs) else None) for i, p in enumerate(params)]

    def __str__(self):
        shown = [p.replace(default=_CAPTURED_DEFAULT if p.default is not inspect.Parameter.empty else p.default,
                           annotation=_Shown(text) if text is not None else inspect.Parameter.empty)
                 for p, text in self._parameters()]
        return str(inspect.Signature(shown))

    def __repr__(self):
        lines = ['Input Parameters:']
        lines += ['  %s (%s): %s' % (p.name, p.kind.name, text) for p, text in self._parameters()]
        return '\n'.join(lines + ['Output Type:', '  None', 'Captures:', '  None'])
