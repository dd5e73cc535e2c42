"""keras.optimizers.schedules.deserialize, as Keras 3 reads a value there.

Keras 3's is deserialize_keras_object(config, module_objects=globals() of its learning_rate_schedule module):
a name that is none of that module's classes comes back as it is (an unknown class_name as its string, a
float, bytes or a numpy scalar as given), a list or tuple item by item through the plain deserializer, and a
user's class written from a script (module None) that nothing registers is its TypeError "Cannot
deserialize object of type `Halving`. ...". tapeflow's own readers (load_model, an optimizer's
from_config, keras.saving.deserialize_keras_object) use learning_rate_schedule.deserialize, which names
what it cannot find.
"""
from ..registered_classes import find_class
from .learning_rate_schedule import LearningRateSchedule
from .learning_rate_schedule import deserialize as deserialize_found


def deserialize(config, custom_objects=None):
    """The schedule a ``serialize`` dict describes (a user's class: from ``custom_objects``,
    a ``custom_object_scope`` or ``keras.saving.register_keras_serializable``); other values as Keras 3
    hands them back.

    Raises:
        ValueError: a dict without 'class_name' (Keras 3's 'Unknown `config` as a `dict`').
        TypeError: a user's class from a script (module None) that is not found; a class whose
            from_config fails (Keras 3's 'could not be deserialized properly').
    """
    if config is None:
        return None
    if isinstance(config, (list, tuple)):
        from framework.keras.object_serialization import deserialize_keras_object
        return [deserialize_keras_object(item, custom_objects) for item in config]
    if isinstance(config, dict):
        if 'class_name' not in config:
            return deserialize_found(config, custom_objects)        # Keras 3's ValueError
        cls = find_class(config, _keras_module_class, custom_objects)
        if cls is LearningRateSchedule:
            return deserialize_found(config, {**(custom_objects or {}), 'LearningRateSchedule': cls})
        if cls is not None:
            return deserialize_found(config, custom_objects)
        if config['class_name'] == 'function':     # Keras's entry for a function: found by its name
            # (Keras reads the entry's 'module' unguarded: its KeyError 'module' where there is none)
            return _by_name(config.get('config') if config['module'] == 'builtins'
                            else config.get('registered_name'), custom_objects)
        if config.get('module', '_') is None:
            raise TypeError('Cannot deserialize object of type `{0}`. If `{0}` is a custom class, please register '
                            'it using the `@keras.saving.register_keras_serializable()` decorator.'
                            .format(config['class_name']))
        config = config['class_name']
    return _by_name(config, custom_objects)


def _by_name(name, custom_objects):
    if _keras_module_class(name) is None:       # (a set: Python's "unhashable type: 'set'", as Keras's lookup)
        return name
    # a class's bare name: Keras builds it from no arguments (which fails for all but the base class)
    return deserialize({'class_name': name, 'config': None}, custom_objects)


def _keras_module_class(name):
    """The class Keras's learning_rate_schedule module defines under ``name`` (the built-in schedules and
    their base class), or None."""
    from . import BUILT_IN
    return LearningRateSchedule if name == 'LearningRateSchedule' else BUILT_IN.get(name)
