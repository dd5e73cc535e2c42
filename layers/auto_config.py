"""Keras 3's automatic ``get_config`` for layer subclasses that do not write one.

Keras records the arguments a layer was constructed with (``Operation.__new__``) and,
when the class keeps the default ``get_config``, returns them as its config: so a
custom layer ``Scale(factor=3.0)`` saves and reloads without a ``get_config`` of its
own. Only plain values are recorded (str, int, float, bool, None, in lists / tuples /
dicts); a layer made with anything else, or through positional-only or ``*args``
parameters, has no automatic config, and asking for it raises Keras's
``NotImplementedError``.

Keras's ``Model.__new__`` passes nothing on, so a subclassed Model's automatic config
holds its ``__init__`` defaults, not the values it was made with (Keras 3's behaviour,
kept so that configs and reloaded models are the same).
"""
import inspect
import textwrap

_PLAIN = (str, int, float, bool, type(None))
_POSITIONAL = 'positional'        # why there is no automatic config: *args / positional-only
_VALUES = 'values'                # ... or an argument value that is not a plain value


def record(cls, args, kwargs):
    """(arguments, None) as Keras records them for ``cls(*args, **kwargs)``, or (None, why not)."""
    signature = inspect.signature(cls.__init__)
    try:
        bound = signature.bind(None, *args, **kwargs)
    except TypeError:
        return None, _VALUES        # the call itself fails; Keras words it as for values
    params = list(signature.parameters.values())
    if any(p.kind is p.POSITIONAL_ONLY for p in params[1:]):
        return None, _POSITIONAL
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    var_keyword = next((p.name for p in params if p.kind is p.VAR_KEYWORD), None)
    if var_keyword is not None:
        arguments.update(arguments.pop(var_keyword))
    arguments.pop(params[0].name)
    arguments.pop('name', None)                  # get_config writes the layer's own name
    var_positional = next((p.name for p in params if p.kind is p.VAR_POSITIONAL), None)
    if var_positional is not None and arguments.pop(var_positional):
        return None, _POSITIONAL
    if not all(_is_plain(value) for value in arguments.values()):
        return None, _VALUES
    return arguments, None


def _is_plain(value):
    if isinstance(value, (list, tuple)):
        return all(_is_plain(item) for item in value)
    if isinstance(value, dict):
        return all(_is_plain(item) for item in value.values())
    return isinstance(value, _PLAIN)


def automatic_config(layer):
    """{'name', recorded arguments...} for ``layer``, whose class keeps the default get_config.

    ``name`` is left out when ``__init__`` could not take it back (no ``name`` and no
    ``**kwargs`` parameter), as Keras does.

    Raises:
        NotImplementedError: Keras's message, when no arguments could be recorded.
    """
    arguments, why_not = getattr(layer, '_recorded_arguments', (None, _VALUES))
    if arguments is None:
        raise NotImplementedError(_explanation(type(layer).__name__, why_not))
    config = {'name': layer.name, **arguments}
    params = inspect.signature(layer.__init__).parameters
    takes_kwargs = 'kwargs' in params and params['kwargs'].kind is inspect.Parameter.VAR_KEYWORD
    if 'name' not in params and not takes_kwargs:
        config.pop('name')
    return config


_EXAMPLE = '''
class CustomLayer(keras.layers.Layer):
    def __init__(self, arg1, arg2, **kwargs):
        super().__init__(**kwargs)
        self.arg1 = arg1
        self.arg2 = arg2

    def get_config(self):
        config = super().get_config()
        config.update({
            "arg1": self.arg1,
            "arg2": self.arg2,
        })
        return config
'''


def _explanation(class_name, why_not):
    if why_not == _POSITIONAL:
        head = ('Object %s was created by passing\npositional only or variadic positional arguments (e.g.,\n'
                '`*args`) to `__init__()`, which is not supported by the\nautomatic config generation. Please '
                'remove all positional\nonly and variadic arguments from `__init__()`\nor override `get_config()` '
                'and `from_config()` to make\nthe object serializatble.' % class_name)
    else:
        head = ('Object %s was created by passing\nnon-serializable argument values in `__init__()`,\nand therefore '
                'the object must override `get_config()` in\norder to be serializable. Please implement '
                '`get_config()`.' % class_name)
    return '\n%s\n\nExample:\n\n%s' % (head, textwrap.indent(_EXAMPLE, ''))
