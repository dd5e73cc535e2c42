"""``keras.utils.CustomObjectScope`` and ``get_custom_objects``: the names that deserialization finds.

Both sit on tapeflow's one registry (``layers.saving.registry``): the dict
``get_custom_objects()`` returns is the registry's own table, so adding to it
(``get_custom_objects()['MyLayer'] = MyLayer``, as Keras programs do) makes
the name loadable, exactly like ``register_keras_serializable``.
"""
from layers.saving import registry


def get_custom_objects():
    """The global, mutable {name: class or function} of registered objects (Keras's
    ``GLOBAL_CUSTOM_OBJECTS``); registered names have the form 'Package>Name'."""
    return registry._REGISTERED


def get_registered_object(name, custom_objects=None, module_objects=None):
    """``keras.saving.get_registered_object``: the object an enclosing ``custom_object_scope``, the
    registry (by its exact key: 'Package>Name'), ``custom_objects`` or ``module_objects`` holds under
    ``name``, in that order (Keras 3's); None otherwise. A class registered as 'pk>Foo' is not found
    as 'Foo' here, though loading a file finds it so (``registry.get_registered_object``)."""
    for table in (registry.scoped_objects(), registry._REGISTERED, custom_objects or {}, module_objects or {}):
        if name in table:
            return table[name]
    return None


class CustomObjectScope:
    """Within ``with CustomObjectScope({'MyLayer': MyLayer}):`` deserialization finds those names.

    Args:
        *custom_objects: dicts of {name: class or function}, merged in order.
    Raises:
        TypeError: an argument that is not a dict.
    """

    def __init__(self, *custom_objects):
        for table in custom_objects:
            if table is not None and not isinstance(table, dict):
                raise TypeError('CustomObjectScope: expected dicts of {name: class or function}, got %s (%r)'
                                % (type(table).__name__, table))
        self.custom_objects = {}
        for table in custom_objects:
            self.custom_objects.update(table or {})
        self._scope = None

    def __enter__(self):
        self._scope = registry.custom_object_scope(self.custom_objects)
        self._scope.__enter__()
        return self

    def __exit__(self, *exc_info):
        scope, self._scope = self._scope, None
        return scope.__exit__(*exc_info)


# Keras 3 exports the class under both names.
custom_object_scope = CustomObjectScope
