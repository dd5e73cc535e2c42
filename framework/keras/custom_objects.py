"""``keras.utils.CustomObjectScope`` and ``get_custom_objects``: the names that deserialization finds.

Both sit on tapeflow's one registry (``layers.saving.registry``): the dict
``get_custom_objects()`` returns is the registry's own table, so adding to it
(``get_custom_objects()['MyLayer'] = MyLayer``, as Keras programs do) makes
the name loadable, exactly like ``register_keras_serializable``.
"""
from framework.keras_repr import default_repr
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

    As in Keras 3.15, the scope's dict replaces an enclosing scope's for the block (an inner
    ``custom_object_scope({'A': f})`` hides the outer one's 'B'), and its one argument is the dict.

    Args:
        custom_objects: {name: class or function} (None: none).
    """

    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, custom_objects):
        self.custom_objects = custom_objects or {}
        self._scope = None

    def __enter__(self):
        # Keras 3 copies the dict here: an int fails now, with "'int' object has no attribute 'copy'"
        self._scope = registry.custom_object_scope(self.custom_objects.copy(), hides_outer=True)
        self._scope.__enter__()
        return self

    def __exit__(self, *exc_info):
        scope, self._scope = self._scope, None
        return scope.__exit__(*exc_info)


# Keras 3 exports the class under both names.
custom_object_scope = CustomObjectScope
