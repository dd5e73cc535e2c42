"""Keras 3's ``deserialize(config, custom_objects=None)`` of a family with a module table.

``keras.losses`` / ``metrics`` / ``initializers`` / ``regularizers`` / ``constraints`` /
``activations`` ``.deserialize`` all call Keras's ``deserialize_keras_object(config,
module_objects=ALL_OBJECTS_DICT, custom_objects=...)``. Before any class is built, that reads the
name the config stands for (the string itself, a dict's 'class_name', a function dict's name) and
hands back whatever its table and the custom objects lack, as it is: a ported program sees
``'Nope'`` (or ``3``, ``None``) come back, and ``get`` is where the refusal happens. This module
is that preamble; each family keeps its own resolver for the names it knows.
"""


def deserialize_in_table(config, custom_objects, table, resolve):
    """The object ``config`` describes, as Keras 3's deserialize with a module table answers.

    Args:
        config: a name, a config dict, None, or anything else a user passes.
        custom_objects: the caller's {name: object} (enclosing scopes and the registry join it).
        table: the names the family's Keras module holds (its ALL_OBJECTS_DICT keys).
        resolve: ``resolve(config, custom_objects)``, the family's resolver for a config whose
            name the table or the custom objects hold.

    Raises:
        ValueError: a dict without 'class_name' (Keras's "Unknown `config` as a `dict`" text).
        KeyError: a function dict without 'module' (Keras reads it unguarded).
        TypeError: a class dict saved from a script ('module': None), Keras's text.
    """
    if config is None:
        return None
    from layers.saving.registry import merged_custom_objects
    custom = merged_custom_objects(custom_objects)
    if isinstance(config, str) and custom.get(config) is not None:
        return custom[config]
    if isinstance(config, (list, tuple)):
        # Keras deserializes each item without the module table (a built-in class needs its 'module')
        from .moduleless_configs import deserialize_keras_object
        return [deserialize_keras_object(item, custom_objects) for item in config]
    name = config
    if isinstance(config, dict):
        if 'class_name' not in config:
            raise ValueError('Unknown `config` as a `dict`, config=%s' % (config,))
        inner = config.get('config')
        if custom and (config['class_name'] in custom or config.get('registered_name') in custom
                       or (isinstance(inner, str) and inner in custom)):
            return resolve(config, custom_objects)
        if config['class_name'] == 'function':
            name = inner if config['module'] == 'builtins' else config['registered_name']
        elif config.get('module', '_') is None:
            raise TypeError('Cannot deserialize object of type `{0}`. If `{0}` is a custom class, please '
                            'register it using the `@keras.saving.register_keras_serializable()` '
                            'decorator.'.format(config['class_name']))
        else:
            name = config['class_name']
    if name not in table:
        return name
    return resolve(config, custom_objects)

