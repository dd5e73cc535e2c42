"""Keras 3's legacy ``.h5`` loader reads a layer config's string as a function when one has that name.

Keras 2 filed a function in a config (a custom activation) by its bare name, so Keras 3's legacy
loader, for each layer entry it rebuilds, swaps every string value (but 'name') that names a
function -- in ``custom_objects``, an enclosing custom-object scope, the registry ('Package>name'),
or ``keras.layers``'s own functions (``add``, ``dot``, ``concatenate`` ...) -- for that function.
So an Attention's ``score_mode='dot'`` becomes ``keras.layers.dot`` and the layer refuses it there,
as in TF 2.21. The ``.keras`` loader does no such thing.
"""
import inspect

from .registry import find_by_exact_name

# keras.layers's functions (Keras 3.15: the functional merge forms, Input, serialize, deserialize)
_LAYER_FUNCTIONS = ('Input', 'add', 'average', 'concatenate', 'deserialize', 'dot', 'maximum', 'minimum',
                    'multiply', 'serialize', 'subtract')


def with_functions_resolved(config, custom_objects):
    """A copy of a legacy model config whose layer entries have their function names resolved."""
    if not isinstance(config, dict) or 'class_name' not in config or not isinstance(config.get('config'), dict):
        return config
    inner = dict(config['config'])
    for key, value in inner.items():
        # (a Lambda's function entry keeps its own lookup, which check_loadable reads)
        if key != 'name' and isinstance(value, str) and config['class_name'] != 'Lambda':
            found = function_named(value, custom_objects)
            if found is not None:
                inner[key] = found
    if isinstance(inner.get('layers'), list):
        inner['layers'] = [with_functions_resolved(entry, custom_objects) for entry in inner['layers']]
    return dict(config, config=inner)


def function_named(name, custom_objects):
    """The function ``name`` names for the legacy loader (custom_objects, scope, registry, keras.layers), or None."""
    found = find_by_exact_name(name, custom_objects)
    if found is None and name in _LAYER_FUNCTIONS:
        import layers as builtin             # (imported late: the package imports the saving modules)
        found = getattr(builtin, name, None)
    return found if inspect.isfunction(found) else None
