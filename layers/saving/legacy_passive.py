"""The objects a layer config holds, as Keras 3's legacy ``.h5`` serializer writes and reads them.

A layer's ``get_config`` may return objects instead of their configs (a custom layer's ``'init':
self.init``, an initializer; ``'inner': self.inner``, a layer; ``'fn': self.fn``, a function;
TextVectorization's standardize function). Keras 3's ``.keras``
writer serializes them with serialization_lib ({'module', 'class_name', 'config', 'registered_name'});
its legacy ``.h5`` writer (the one that writes a model's layer list there) does not:

- an object with ``get_config`` becomes {'class_name': <registered name>, 'config': <its config,
  treated the same way>, '__passive_serialization__': True} (no module, no build config);
- a function or class becomes its registered name ('relu', 'Package>twice');
- anything else (numbers, lists, dicts, strings) stays as it is, and its JSON encoder
  (``legacy_json_value``) then writes what is no JSON value in there.

Its legacy loader makes each '__passive_serialization__' entry an object again before the layer's
``from_config`` sees it, looking the class up only in a custom-object scope, the registry,
``custom_objects`` and ``keras.layers``: an initializer or regularizer entry is 'Unknown config_item'
there, and a layer entry reaches ``from_config`` as a made layer (TF 2.21 on both counts).
"""
import inspect

from .legacy_function_names import function_named
from .registry import get_registered_name, registered_objects, scoped_objects

PASSIVE = '__passive_serialization__'


# ---- writing -------------------------------------------------------------------------
def legacy_config_values(config):
    """A user's layer config with its values as Keras's legacy serializer writes them."""
    out = {}
    for key, value in config.items():
        if isinstance(value, str):
            out[key] = value
            continue
        try:
            written = serialize_keras_object(value)
        except ValueError:
            out[key] = value        # Keras keeps what it cannot serialize (a number, a list, a dict)
            continue
        if isinstance(written, dict) and not isinstance(value, dict):
            written[PASSIVE] = True
        out[key] = written
    return out


def serialize_keras_object(value):
    """Keras 3's legacy serialize_keras_object (``keras.legacy.saving``'s, and its .h5 writer's): the
    JSON-compatible ``{'class_name', 'config'}`` of ``value`` (a function: its registered name).

    Raises:
        ValueError: an object with neither ``get_config`` nor ``__name__`` (Keras's words).
    """
    value = inspect.unwrap(value)
    if value is None:
        return None
    if hasattr(value, 'get_config'):       # (a class too: Keras calls its get_config unbound, a TypeError)
        return {'class_name': _class_name(type(value)), 'config': legacy_config_values(value.get_config())}
    if hasattr(value, '__name__'):
        return get_registered_name(value)
    raise ValueError("Cannot serialize %s because it doesn't implement `get_config()`." % (value,))


def _class_name(cls):
    # a built-in class Keras names otherwise (GroupQueryAttention's 'GroupedQueryAttention')
    return getattr(cls, '_keras_class_name', None) or get_registered_name(cls)


def legacy_json_value(value):
    """What Keras 3's legacy .h5 writer's JSON encoder (json_utils.get_json_type) makes of a config value
    that is no JSON value (numbers, strings, lists, dicts and numpy values are handled before).

    Raises:
        TypeError / ValueError: TF 2.21's words for what it cannot encode (a tensor, a variable, an object).
    """
    import collections.abc
    import enum
    from framework.tensor import Tensor
    from framework.type_text import EAGER_TENSOR_PATH
    from framework.variable import Variable
    if hasattr(value, 'get_config'):
        written = serialize_keras_object(value)
        written[PASSIVE] = True
        return written
    if callable(value):             # a function, a lambda ('<lambda>') or a class, by its name
        return value.__name__
    if type(value).__name__ == 'TensorShape' and hasattr(value, 'as_list'):
        return value.as_list()
    if isinstance(value, collections.abc.Mapping):
        return dict(value)
    if value is Ellipsis:
        return {'class_name': '__ellipsis__'}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, bytes):
        return {'class_name': '__bytes__', 'value': value.decode('utf-8')}
    if isinstance(value, Variable):     # a CompositeTensor on TF, whose spec's class is not registered
        raise ValueError('Unable to serialize VariableSpec(shape=%s, dtype=tf.%s, trainable=%s, alias_id=None) to '
                         "JSON, because the TypeSpec class <class 'tensorflow.python.ops.resource_variable_ops."
                         "VariableSpec'> has not been registered." % (tuple(value.shape), value.dtype.name,
                                                                       value.trainable))
    if isinstance(value, Tensor):       # an EagerTensor formats as its values
        import numpy as np
        raise TypeError("Unable to serialize %s to JSON. Unrecognized type <class '%s'>."
                        % (np.asarray(value), EAGER_TENSOR_PATH))
    raise TypeError('Unable to serialize %s to JSON. Unrecognized type %s.' % (value, type(value)))


# ---- reading -------------------------------------------------------------------------
def with_passive_objects_made(inner, custom_objects):
    """A copy of a legacy layer entry's config whose '__passive_serialization__' entries are objects.

    Raises:
        ValueError: an entry's class is not found (Keras's "Unknown config_item: 'Ones'. ...").
    """
    if not isinstance(inner, dict) or not any(_is_passive(value) for value in inner.values()):
        return inner
    return {key: _made(value, custom_objects) if key != 'name' and _is_passive(value) else value
            for key, value in inner.items()}


def _is_passive(value):
    return isinstance(value, dict) and PASSIVE in value


def _made(entry, custom_objects):
    """Keras 3's legacy deserialize_keras_object for one entry (module_objects: keras.layers)."""
    from ..serialization import legacy_unknown_text
    from .registry import custom_object_scope
    name = entry.get('class_name')
    cls = _legacy_lookup(name, custom_objects)
    if cls is None:
        raise ValueError(legacy_unknown_text('config_item', name))
    config = entry['config']
    if isinstance(config, dict):
        # its own items as Keras's class_and_config_for_serialized_keras_object reads them
        config = {key: value if key == 'name' else _item(value, custom_objects) for key, value in config.items()}
    if 'custom_objects' in inspect.signature(cls.from_config).parameters:
        return cls.from_config(config, custom_objects={**registered_objects(), **(custom_objects or {})})
    with custom_object_scope(custom_objects or {}):
        return cls.from_config(config)


def _item(value, custom_objects):
    if _is_passive(value):
        return _made(value, custom_objects)
    if isinstance(value, str):
        return function_named(value, custom_objects) or value
    return value


def _legacy_lookup(name, custom_objects):
    """Keras's legacy get_registered_object: scope, registry, custom_objects, then keras.layers."""
    for table in scoped_objects(), registered_objects(), (custom_objects or {}):
        if name in table:
            return table[name]
    import layers as builtin             # (imported late: the package imports the saving modules)
    found = getattr(builtin, name, None) if isinstance(name, str) else None
    return found if isinstance(found, type) else None
