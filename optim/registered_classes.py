"""Optimizer and schedule classes by name, for serialize / deserialize, as Keras 3 files them.

A built-in class is written under Keras's module ('keras.optimizers', ...)
with no registered name. A user's class is written as Keras writes it: its
module (None for a script) and its registered name ('Package>Name' after
``keras.saving.register_keras_serializable``, else the bare class name), and
reading finds it in ``custom_objects``, an enclosing ``custom_object_scope``,
or the registry.

The registry lives in ``layers.saving``, which imports ``optim``; it is
imported here only when a user's class is met.
"""


def class_identity(cls, built_in, keras_module):
    """(module, registered_name) to write for ``cls``; ``built_in`` maps names to the built-in classes."""
    if built_in.get(cls.__name__) is cls:
        return keras_module, None
    from layers.saving.registry import custom_class_identity
    return custom_class_identity(cls)


def find_class(config, built_in, custom_objects=None):
    """The class a serialized ``config`` names, or None: ``custom_objects`` first,
    then the built-in classes (``built_in``, keyed as the caller looks them up),
    then the registered user classes."""
    name = config['class_name']
    custom_objects = custom_objects or {}
    for key in (config.get('registered_name'), name):
        if key and key in custom_objects:
            return custom_objects[key]
    cls = built_in(name)
    if cls is not None:
        return cls
    from layers.saving.registry import get_registered_object
    for key in (config.get('registered_name'), name):
        cls = get_registered_object(key, custom_objects) if key else None
        if cls is not None:
            return cls
    return None
