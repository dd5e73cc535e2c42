"""Keras 3's refusal of a Keras 2 style config given to its public deserializers.

Keras 3.15's ``deserialize_keras_object`` finds a built-in class through the config's 'module'
('keras.layers'); a config without one (Keras 2's ``{'class_name': 'Dense', 'config': {...}}``)
can name only a custom object (registered, in a custom_object_scope, or in ``custom_objects``), and
anything else raises TypeError 'Could not locate class ...'. ``keras.saving.deserialize_keras_object``,
``keras.layers.deserialize`` and ``keras.models.model_from_json`` go through it, so TF 2.21 refuses
``keras.layers.deserialize({'class_name': 'Dense', 'config': {'units': 2}})`` and a Keras 2 model
JSON. tapeflow's own loaders take such configs (a legacy .h5 file writes its layers so, and
Keras's legacy loader reads them): only these public entry points check, here.
"""
from framework.keras.custom_objects import get_registered_object

# class names the deserializer reads itself, never looked up by module
_OWN_FORMS = frozenset(('function', '__lambda__', '__tuple__', '__bytes__', '__ellipsis__', '__slice__',
                        '__numpy__', '__tensor__', '__typespec__', '__keras_tensor__'))


def refuse_moduleless(config, custom_objects=None, error_class=TypeError):
    """Raise Keras 3's TypeError where ``config`` (or a config inside a plain list / dict of them, which
    Keras deserializes item by item) names a class without a 'module' that no custom object answers.
    ``error_class``: a TypeError subclass to raise instead (keras.layers.deserialize's unknown-class
    error, which is also the ValueError tapeflow raised before)."""
    if isinstance(config, (list, tuple)):
        for item in config:
            refuse_moduleless(item, custom_objects, error_class)
        return
    if not isinstance(config, dict):
        return
    if 'class_name' not in config or 'config' not in config:
        for value in config.values():
            refuse_moduleless(value, custom_objects, error_class)
        return
    class_name = config['class_name']
    if config.get('module') or class_name in _OWN_FORMS:
        return
    # Keras looks the class up by its registered name, the class name when the config has none
    if get_registered_object(config.get('registered_name', class_name), custom_objects) is not None:
        return
    from layers.serialization import not_located_text
    error = error_class(not_located_text(class_name, config))
    error.add_note("the config has no 'module' (a Keras 2 config): Keras 3 finds a built-in class only through "
                   "it; add \"module\": \"keras.layers\" (or where the class lives), or pass "
                   "custom_objects={%r: ...}" % (class_name,))
    raise error


def deserialize_keras_object(config, custom_objects=None, safe_mode=True, **kwargs):
    """``keras.saving.deserialize_keras_object``: tapeflow's, after Keras 3's check of the 'module'."""
    from framework.keras import object_serialization
    refuse_moduleless(config, custom_objects)
    return object_serialization.deserialize_keras_object(config, custom_objects, safe_mode, **kwargs)


def deserialize_layer(config, custom_objects=None):
    """``keras.layers.deserialize``: tapeflow's, after Keras 3's check of the 'module'."""
    from layers import serialization
    refuse_moduleless(config, custom_objects, serialization.UnknownLayerClassError)
    try:
        return serialization.deserialize(config, custom_objects)
    except serialization.UnknownLayerClassError:
        from .keras_module_classes import is_keras_package_module, not_keras_saveable
        if is_keras_package_module(config.get('module')) and not _names_other_object(config, custom_objects):
            raise not_keras_saveable(config['module'], config['class_name']) from None
        # Keras deserializes whatever the config names, then refuses what is not a layer (an optimizer's config)
        if _names_other_object(config, custom_objects):
            raise ValueError('`keras.layers.deserialize` was passed a `config` object that is not a '
                             '`keras.layers.Layer`. Received: %s' % (config,)) from None
        raise


def _names_other_object(config, custom_objects):
    from framework.keras import object_serialization
    from layers.layer import Layer
    try:
        found = object_serialization.deserialize_keras_object(config, custom_objects)
    except Exception:       # noqa: BLE001 -- nothing else it names either: the layer lookup's error stands
        return False
    return not isinstance(found, Layer)


def model_from_json(json_string, custom_objects=None):
    """``keras.models.model_from_json``: tapeflow's, after Keras 3's check of the root's 'module'."""
    import json
    from layers.saving import model_config
    try:
        config = json.loads(json_string)
    except (TypeError, ValueError):
        config = None           # tapeflow's model_from_json raises json's error, as Keras
    if isinstance(config, dict):
        refuse_moduleless(config, custom_objects)
    return model_config.model_from_json(json_string, custom_objects)
