"""``keras.legacy.saving`` (also ``keras.utils.legacy``): Keras 2's ``{'class_name', 'config'}`` serialization.

``serialize_keras_object`` gives an object's ``get_config()`` under its registered class name, nested
serializable values marked ``'__passive_serialization__'``; a function gives its registered name.
``deserialize_keras_object`` finds the class or function by name in ``custom_objects``, an enclosing
``custom_object_scope``, the registered objects, then ``module_objects`` (Keras 3.15's order), and
rebuilds it with ``from_config``. The texts of its errors are Keras's.
"""
import inspect

from layers.saving import registry
from layers.saving.legacy_passive import serialize_keras_object  # noqa: F401  (this module's API)
from layers.serialization import legacy_unknown_text


def _lookup(name, module_objects, custom_objects):
    found = registry.get_registered_object(name, custom_objects)
    if found is None and module_objects:
        found = module_objects.get(name)
    return found


def _class_and_config(config, module_objects, custom_objects, printable_module_name):
    if not isinstance(config, dict) or 'class_name' not in config or 'config' not in config:
        raise ValueError('Improper config format for %s. Expecting python dict contains `class_name` and `config` '
                         'as keys' % (config,))
    cls = _lookup(config['class_name'], module_objects, custom_objects)
    if cls is None:
        raise ValueError(legacy_unknown_text(printable_module_name, config['class_name']))
    cls_config = config['config']
    if isinstance(cls_config, list):
        return cls, cls_config
    for key, item in list(cls_config.items()):
        if key == 'name':
            continue
        if isinstance(item, dict) and '__passive_serialization__' in item:
            cls_config[key] = deserialize_keras_object(item, module_objects, custom_objects, 'config_item')
        elif isinstance(item, str) and inspect.isfunction(_lookup(item, module_objects, custom_objects)):
            cls_config[key] = _lookup(item, module_objects, custom_objects)
    return cls, cls_config


def deserialize_keras_object(identifier, module_objects=None, custom_objects=None, printable_module_name='object'):
    """The object ``identifier`` (a ``{'class_name', 'config'}`` dict, a name, or a function) stands for.

    Raises:
        ValueError: an unknown name, a malformed dict, or another kind of identifier.
    """
    if identifier is None:
        return None
    if isinstance(identifier, dict):
        cls, cls_config = _class_and_config(identifier, module_objects, custom_objects, printable_module_name)
        custom_objects = custom_objects or {}
        if hasattr(cls, 'from_config'):
            if 'custom_objects' in inspect.getfullargspec(cls.from_config).args:
                return cls.from_config(cls_config, custom_objects={**registry._REGISTERED, **custom_objects})
            with registry.custom_object_scope(custom_objects):
                return cls.from_config(cls_config)
        with registry.custom_object_scope(custom_objects):
            return cls(**cls_config)
    if isinstance(identifier, str):
        found = registry.find_by_exact_name(identifier, custom_objects)
        if found is None:
            found = module_objects.get(identifier)      # Keras reads module_objects as given (None fails there too)
            if found is None:
                raise ValueError(legacy_unknown_text(printable_module_name, identifier))
        return found() if inspect.isclass(found) else found
    if inspect.isfunction(identifier):
        return identifier
    raise ValueError('Could not interpret serialized %s: %s' % (printable_module_name, identifier))


# A missing name reads as Keras prints it ("module 'keras.legacy.saving' has no attribute ..."), not with tapeflow's path
from .._forward import missing_names as _missing_names  # noqa: E402
__getattr__ = _missing_names('keras.legacy.saving')
