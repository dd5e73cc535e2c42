"""One way to look up Keras objects by name, config dict, class or callable.

Initializers, regularizers and constraints all resolve identifiers the same
way (Keras 3's ``get`` / ``serialize`` / ``deserialize``); each module keeps
its own table of names and hands it to a ``KerasObjects``.
"""
import types


class KerasObjects:
    """``get``, ``serialize`` and ``deserialize`` over one family of classes.

    Args:
        kind: what the family is called in messages ('initializer').
        module: Keras's module name written into configs ('keras.initializers').
        base: the family's base class (instances of it serialize to dicts).
        table: names (class names and Keras's snake_case aliases) -> classes.
    """

    def __init__(self, kind, module, base, table):
        self.kind, self.module, self.base, self.table = kind, module, base, table

    def serialize(self, obj):
        """Keras 3's dict for an object: a built-in class under this family's module; a user's
        class under its own module (None for a script) and registered name; a function as
        ``{'module': 'builtins', 'class_name': 'function', 'config': name, ...}``, which
        ``deserialize`` finds again through custom objects or the registry, as Keras does. None
        and other callables (a bound method, a functools.partial) stay themselves."""
        if obj is None:
            return None
        if isinstance(obj, types.FunctionType):
            from framework.keras.object_serialization import serialize_keras_object
            return serialize_keras_object(obj)
        if not isinstance(obj, self.base):
            return obj
        from .object_sharing import recorded
        cls = type(obj)
        if self.table.get(cls.__name__) is cls:
            return recorded(obj, {'module': self.module, 'class_name': cls.__name__, 'config': obj.get_config(),
                                  'registered_name': None})
        from .saving.registry import custom_class_identity
        module, registered = custom_class_identity(cls)
        return recorded(obj, {'module': module, 'class_name': cls.__name__, 'config': obj.get_config(),
                              'registered_name': registered})

    def deserialize(self, config):
        """An object from ``{'class_name': ..., 'config': {...}}``: a built-in class, or a
        user's class or function from custom objects or the registry.

        A function found nowhere comes back as its name, as from Keras 3's deserialize with its
        module table (so ``get`` says it cannot interpret the config).

        Raises:
            ValueError: any other unknown class name.
        """
        name = config.get('class_name')
        if name != 'function' and (config.get('registered_name') or name not in self.table):
            # Keras 3 revives a custom object's 'shared_object_id' once in a load (one regularizer for
            # the layers that shared it); a built-in's config it rebuilds without the id: one per layer
            from .object_sharing import revived
            return revived(config, lambda: self._deserialize(config))
        return self._deserialize(config)

    def keras_deserialize(self, config, custom_objects=None):
        """``keras.<family>.deserialize``: Keras 3's answer with its module table (a name neither the
        table nor the custom objects hold comes back as it is; ``get`` is what refuses it)."""
        from framework.keras.module_table_deserialize import deserialize_in_table
        return deserialize_in_table(config, custom_objects, self.table, self._resolve)

    def _resolve(self, config, custom_objects):
        from .saving.registry import custom_object_scope
        if isinstance(config, str):         # a name of the table: a fresh instance of its class
            return self.table[config].from_config({})
        with custom_object_scope(custom_objects):
            return self.deserialize(config)

    def _deserialize(self, config):
        name = config.get('class_name')
        if name == 'function':
            from framework.keras.object_serialization import located_function
            found = located_function(config.get('config'), config.get('registered_name'))
            if found is not None:
                return found
            return config.get('config') if config.get('module') == 'builtins' else config.get('registered_name')
        cls = self.table.get(name) if not config.get('registered_name') else None
        if cls is None:
            from .saving.registry import get_registered_object
            cls = next((found for key in (config.get('registered_name'), name) if key
                        for found in [get_registered_object(key)] if isinstance(found, type)), None)
            cls = cls or self.table.get(name)
        if cls is None:
            raise ValueError('Unknown %s %r; expected one of %s' % (self.kind, name, self._names()))
        from framework.keras_config_errors import from_config
        return from_config(cls, config, self.module)      # Keras's TypeError text when the config does not fit

    def get(self, identifier):
        """An object from None, a name, a config dict, a class or a callable.

        Raises:
            ValueError: for an unknown name (listing the valid ones) or something else.
        """
        if identifier is None:
            return None
        if isinstance(identifier, dict):
            if 'class_name' not in identifier:      # Keras 3's deserialize_keras_object refuses it first
                raise ValueError('Unknown `config` as a `dict`, config=%s' % (identifier,))
            try:
                # Keras's deserialize with the module table: a script's class (module None) and a function
                # dict without 'module' fail there, in its TypeError / KeyError
                found = self.keras_deserialize(identifier)
            except ValueError as err:
                if getattr(err, 'raised_by_constructor', False):     # the class refused its config: Keras's error
                    raise
                raise self._not_interpreted(identifier, str(err)) from None
            if isinstance(found, str):          # a class or function found nowhere (its name)
                raise self._not_interpreted(identifier, 'Could not locate %r: decorate it with '
                                            '@keras.saving.register_keras_serializable() or pass it in '
                                            'custom_objects' % found)
            return found
        if isinstance(identifier, str):
            cls = self.table.get(identifier)
            if cls is None:
                raise self._not_interpreted(identifier, 'Expected one of %s' % self._names())
            return cls()
        if isinstance(identifier, type):
            return identifier()
        if callable(identifier):
            return identifier
        raise self._not_interpreted(identifier, 'Give a name, a config dict, a %s instance or a callable'
                                    % self.base.__name__)

    def _not_interpreted(self, identifier, note):
        """Keras 3's ValueError text; what tapeflow knows (the valid names) rides as a note."""
        error = ValueError('Could not interpret %s identifier: %s' % (self.kind, identifier))
        error.add_note(note)
        return error

    def _names(self):
        return ', '.join(sorted(self.table))
