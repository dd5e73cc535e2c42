"""The explicit registry of user classes that saved models may name.

Loading a model never imports or runs code named by the file: a class name
in a file is only ever looked up, here, in ``custom_objects`` or among the
built-in classes. A user layer becomes loadable by decorating it::

    @register_serializable(package='Custom')
    class Scale(Layer): ...

which files it as 'Custom>Scale' (Keras 3's ``registered_name``), or by
passing ``custom_objects={'Scale': Scale}`` to ``load_model``.
"""
import contextlib
import threading

_REGISTERED = {}          # 'Package>Name' -> class or function
_NAMES = {}               # class or function -> 'Package>Name'
_scope = threading.local()


def register_serializable(package='Custom', name=None):
    """Decorator filing a class (or function) under 'package>name' for loading.

    As Keras 3 files it: the key is ``f'{package}>{name}'`` whatever the two are, and a later
    registration under a taken key replaces the earlier one (a notebook cell run again, a
    renamed function kept under its old ``name``).

    Args:
        package: a namespace for the name, 'Custom' by default.
        name: the name to file it under; default the class's ``__name__``.
    Raises:
        ValueError: a class without ``get_config`` (Keras 3's words).
    """
    def decorate(obj):
        key = '%s>%s' % (package, name if name is not None else obj.__name__)
        if isinstance(obj, type) and not hasattr(obj, 'get_config'):
            raise ValueError('Cannot register a class that does not have a get_config() method.')
        _REGISTERED[key] = obj
        _NAMES[obj] = key
        return obj
    return decorate


# Keras 3's spelling.
register_keras_serializable = register_serializable


def get_registered_name(obj):
    """'Package>Name' for a registered class or function, else its ``__name__``.

    Raises:
        AttributeError: for an instance (no ``__name__``), as Keras 3's on TF 2.21:
            get_registered_name(Scale(1.0)) is "'Scale' object has no attribute '__name__'".
    """
    key = _registered_as(obj)
    return _NAMES[key] if key in _NAMES else obj.__name__


def is_registered(obj):
    return _registered_as(obj) in _NAMES


def _registered_as(obj):
    """The class registered for ``obj``: ``obj`` itself (a Model subclass built from inputs and
    outputs is rebased in place, as Keras 3 does: layers.model._inject_functional_base)."""
    return obj


def custom_class_identity(cls):
    """(module, registered_name) as Keras 3 writes them for a class it does not export: the
    class's module (None for a script's ``__main__``) and its registered name ('Package>Name',
    or the bare class name when it is not registered)."""
    module = cls.__module__
    return (None if module == '__main__' else module), get_registered_name(cls)


def get_registered_object(name, custom_objects=None):
    """The class or function filed under ``name``, or None.

    Looked up, in Keras 3's order: an enclosing ``custom_object_scope``, the registry by
    'Package>Name', ``custom_objects`` (so custom_objects={'pk>Foo': Bar} does not replace a
    registered 'pk>Foo', as in TF 2.21); then, tapeflow's leniency for files naming a class
    bare, the registry by the bare class name when exactly one registered object has it.
    """
    for table in scoped_objects(), _REGISTERED, (custom_objects or {}):
        if name in table:
            return table[name]
    matches = [obj for key, obj in _REGISTERED.items() if key.split('>')[-1] == name]
    return matches[0] if len(matches) == 1 else None


def find_by_exact_name(name, custom_objects=None):
    """The object filed under exactly ``name`` in ``custom_objects``, an enclosing scope or the
    registry, or None: Keras 3's lookup for a bare string given to ``deserialize_keras_object``,
    which (unlike a class name read from a file) never matches a registered name by its last part."""
    for table in (custom_objects or {}), scoped_objects(), _REGISTERED:
        if name in table:
            return table[name]
    return None


def merged_custom_objects(custom_objects=None):
    """Keras 3's deserialize_keras_object merge, {**custom_objects, **scope, **registry}: a name held
    by several is the registry's, then the enclosing scope's (legacy lookups ask custom_objects first:
    ``find_by_exact_name``)."""
    return {**(custom_objects or {}), **scoped_objects(), **_REGISTERED}


def scoped_objects():
    """{name: object} of the enclosing ``custom_object_scope``s, inner ones winning (a copy); a
    scope that hides the outer ones starts afresh."""
    merged = {}
    for table, hides_outer in getattr(_scope, 'stack', ()):
        if hides_outer:
            merged = {}
        merged.update(table)
    return merged


@contextlib.contextmanager
def custom_object_scope(custom_objects, hides_outer=False):
    """Within the block, ``custom_objects`` are found by every lookup. Loading opens such scopes
    over the enclosing ones; a user's ``keras.saving.custom_object_scope`` ``hides_outer``, since
    Keras 3's replaces the enclosing scope's dict with its own."""
    stack = getattr(_scope, 'stack', None)
    if stack is None:
        stack = _scope.stack = []
    stack.append((dict(custom_objects or {}), hides_outer))
    try:
        yield
    finally:
        stack.pop()


def registered_objects():
    """{'Package>Name': object} for everything registered (a copy)."""
    return dict(_REGISTERED)
