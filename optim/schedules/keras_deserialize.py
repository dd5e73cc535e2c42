"""keras.optimizers.schedules.deserialize, as Keras 3 reads a value there.

Keras 3's is deserialize_keras_object(config, module_objects=globals() of its learning_rate_schedule module),
the rule framework/keras/module_table_deserialize.py holds for every family with a module table: a name that
table lacks comes back as it is, a list item by item, a script's class (module None) that nothing registers is
Keras's TypeError. The table here is the built-in schedules and their base class. tapeflow's own readers
(load_model, an optimizer's from_config, keras.saving.deserialize_keras_object) use
learning_rate_schedule.deserialize, which names what it cannot find.
"""
from .learning_rate_schedule import LearningRateSchedule
from .learning_rate_schedule import deserialize as deserialize_found


def deserialize(config, custom_objects=None):
    """The schedule a ``serialize`` dict describes (a user's class: from ``custom_objects``,
    a ``custom_object_scope`` or ``keras.saving.register_keras_serializable``); other values as Keras 3
    hands them back.

    Raises:
        ValueError: a dict without 'class_name' (Keras 3's 'Unknown `config` as a `dict`').
        KeyError: a function entry without 'module' (Keras reads it unguarded).
        TypeError: a user's class from a script (module None) that is not found; a class whose
            from_config fails (Keras 3's 'could not be deserialized properly').
    """
    from framework.keras.module_table_deserialize import deserialize_in_table     # (late: framework imports optim)
    from . import BUILT_IN
    return deserialize_in_table(config, custom_objects, {**BUILT_IN, 'LearningRateSchedule': LearningRateSchedule},
                                _resolve)


def _resolve(config, custom_objects):
    """learning_rate_schedule.deserialize of a name Keras's module (or a custom object) holds; the base class
    too, which Keras's table has and the loaders' resolver leaves out."""
    if isinstance(config, dict) and config['class_name'] == 'function':
        # Keras's entry for a function: found by its name
        return deserialize(config['config'] if config['module'] == 'builtins' else config['registered_name'],
                           custom_objects)
    if isinstance(config, str):     # a class's bare name: Keras builds it from no arguments (which fails for all
        config = {'class_name': config, 'config': None}     # but the base class)
    return deserialize_found(config, {'LearningRateSchedule': LearningRateSchedule, **(custom_objects or {})})
