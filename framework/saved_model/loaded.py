"""What ``tf.saved_model.load`` returns: the saved object behind a proxy with its signatures.

TensorFlow's loaded functions run the saved graphs, not the Python that traced them, so a ``print``
in a saved ``tf.function`` shows no more (``tf.print`` still does): calls through the proxy run as
a tf.function's replayed calls do (``function.replaying``)."""
import functools
import types
import weakref
from collections.abc import ItemsView, KeysView, ValuesView

from ..concrete_function import ConcreteFunction
from ..function import Function, replaying
from .deleted_captures import check_object_alive
from .graph_debug_info import GraphDebugInfo
from .restored_concrete import restored
from .restored_function_text import restored_signature_text
from .saved_traces import check_call


class LoadedObject:
    """The loaded object's attributes, variables and functions, plus ``signatures`` (name -> function
    taking keyword tensors, returning a dict). Callable (``_CallableLoadedObject``) only when the saved
    object's ``__call__`` is a tf.function: TensorFlow saves no other Python, so a tf.Module with a plain
    ``__call__`` or a Keras model loads as a ``_UserObject`` that is not callable (``callable()`` False,
    a call TypeError "'_UserObject' object is not callable")."""

    def __new__(cls, root, signatures=None, traces=None):
        if cls is LoadedObject and isinstance(getattr(type(root), '__call__', None), Function):
            cls = _CallableLoadedObject
        return object.__new__(cls)

    def __init__(self, root, signatures, traces=None):
        """``signatures`` None for an object inside the loaded one: TF gives only the root its
        ``signatures`` and version strings."""
        object.__setattr__(self, '_root', root)
        if signatures is not None:
            object.__setattr__(self, 'signatures', _SignatureMap(signatures))
        object.__setattr__(self, '_traces', traces or {})      # attribute -> saved traces (saved_traces.py)

    def __getattr__(self, name):
        root = self._root
        is_root = 'signatures' in self.__dict__
        if name in _VERSIONS and is_root:       # TF's loader sets them on every revived root
            return _VERSIONS[name]()
        if name == 'graph_debug_info' and is_root:
            return GraphDebugInfo()
        if _revived_as_trackable(root) and not isinstance(getattr(type(root), name, None), Function):
            return _tracked_attribute(root, name)
        value = getattr(root, name)
        if isinstance(value, Function):
            return _LoadedFunction(value, self._traces.get(name))
        if isinstance(value, types.MethodType) and name in _endpoint_names(root):
            return _RestoredEndpoint(value)       # model.export's 'serve' (a method of tapeflow's archive)
        return value

    def __setattr__(self, name, value):
        setattr(self._root, name, value)

    def __dir__(self):
        """What TF's revived object lists: its saved children and tf.functions, and on the root its
        signatures, version strings and graph_debug_info. An ExportArchive's root lists its endpoints,
        variable collections and variable lists."""
        root = self._root
        saved_names = getattr(root, '_revived_names', None)     # an export's root (ExportArchive, model.export)
        if saved_names is not None:
            return sorted(saved_names() + _ROOT_EXTRAS)
        if not _revived_as_trackable(root):
            return object.__dir__(self)
        names = {name for name in dir(type(root)) if isinstance(getattr(type(root), name, None), Function)}
        for name in list(vars(root)) + [child for child, _ in _keras_children(root)] + ['call_signature_parameters']:
            if not name.startswith('_'):
                try:
                    _tracked_attribute(root, name)
                except AttributeError:
                    continue
                names.add(name)
        if 'signatures' in self.__dict__:
            names.update(_ROOT_EXTRAS)
        return sorted(names)

    def __repr__(self):
        # TF's class is local to its loader, as print(loaded) shows it
        return '<tensorflow.python.saved_model.load.Loader._recreate_base_user_object.<locals>._UserObject ' \
               'object at %#x>' % id(self)


class _CallableLoadedObject(LoadedObject):
    """A loaded object whose saved ``__call__`` is a tf.function: calling it runs the saved traces.
    ``loaded.__call__`` is that function as loaded (TF's RestoredFunction: ``concrete_functions``,
    ``get_concrete_function``), so ``__call__`` is a property; ``loaded(x)`` calls what it returns."""

    @property
    def __call__(self):
        return _LoadedFunction(self._root.__call__, self._traces.get('__call__'))


def _revived_as_trackable(obj):
    """Whether TF would load ``obj`` as a bare ``_UserObject``, which keeps only what was saved: its
    tracked children and its tf.functions. A plain tf.Module (variables, modules, lists and dicts of
    them); a Keras 3 layer, model or optimizer too (Keras 3 writes no Keras SavedModel: TF 2.21 revives
    a saved model without layers, variables, predict or name, a Dense without its '_kernel' as
    'kernel', see keras_child)."""
    from ..module import Module
    from ..train.trackable_view import is_layer, is_optimizer
    return isinstance(obj, Module) or is_layer(obj) or is_optimizer(obj)


# Python values and plain functions: a SavedModel keeps none of them
_UNSAVED = (bool, int, float, complex, str, bytes, type(None), types.FunctionType, types.MethodType,
            types.BuiltinFunctionType, functools.partial)


def _tracked_attribute(root, name):
    """Attribute ``name`` of the loaded plain module ``root`` as TF's revived object has it: what the
    module tracked (variables, modules (revived the same way), lists and dicts of them, assets, tables,
    tf.functions), the version strings TF adds; else TF's AttributeError: the class's own methods and
    properties (``variables``, ``name``, ``submodules``) and plain Python values are not saved.
    """
    if name.startswith('_'):
        value = _MISSING
    elif _is_keras(root):
        value = keras_child(root, name, _MISSING)
    else:
        value = vars(root).get(name, _MISSING)
    if value is _MISSING or isinstance(value, _UNSAVED):
        raise AttributeError("'_UserObject' object has no attribute %r" % (name,))
    return _revived(value)


def _revived(value):
    """``value`` as a loaded object holds it: a module, layer or optimizer revived (no signatures), a
    list or tuple of them a ListWrapper of revived objects, as TF's loader gives them."""
    from ..train.tracked_containers import ListWrapper
    if _revived_as_trackable(value):
        return LoadedObject(value, None)
    if isinstance(value, (list, tuple)) and any(_revived_as_trackable(v) for v in value):
        return ListWrapper(_revived(v) for v in value)
    return value


def _keras_children(obj):
    from ..train.trackable_view import children
    return children(obj) if _is_keras(obj) else []


_MISSING = object()


def _is_keras(obj):
    from ..train.trackable_view import is_layer, is_optimizer
    return is_layer(obj) or is_optimizer(obj)


def keras_child(obj, name, missing):
    """Attribute ``name`` of a revived Keras layer, model or optimizer: its dependency of that name in
    TF's object graph (train/trackable_view.children: a weight, a sublayer, 'optimizer'; Dense's
    kernel is '_kernel'), or a list / tuple of layers it holds, which TF's AutoTrackable saves as a
    ListWrapper (of revived objects); else ``missing``."""
    from ..train.trackable_view import children, is_layer
    from ..train.tracked_containers import ListWrapper
    for child_name, child in children(obj):
        if child_name == name:
            return child
    if name == 'call_signature_parameters' and is_layer(obj):
        return ListWrapper([])      # Keras's list of parameter names: TF saves the list, not the strings
    value = vars(obj).get(name, missing)
    if isinstance(value, (list, tuple)) and any(is_layer(v) for v in value):
        return ListWrapper(value)       # (_tracked_attribute revives its items)
    return missing


def _version(name):
    from .. import version
    return getattr(version, name)


_VERSIONS = {'tensorflow_version': lambda: _version('VERSION'), 'tensorflow_git_version': lambda: _version('GIT_VERSION')}
# what TF's loader sets on every loaded root
_ROOT_EXTRAS = ['signatures', 'graph_debug_info'] + list(_VERSIONS)


# TensorFlow revives a saved tf.Module or Keras export as a ``_UserObject`` and programs print
# ``type(loaded).__name__``; the class keeps its Python name for imports and pickling.
LoadedObject.__name__ = _CallableLoadedObject.__name__ = '_UserObject'


# TF 2.21's loader names every revived function after the graph function it wraps
_RESTORED_NAME = 'restored_function_body'
# archive -> its endpoint's tf.function as loaded (traced once however often the endpoint is looked up)
_SERVING_FUNCTIONS = weakref.WeakKeyDictionary()


def _serving_function(archive):
    function = _SERVING_FUNCTIONS.get(archive)
    if function is None:
        serving = getattr(archive, '_serving_function', None)
        serving = serving() if serving is not None else None
        if serving is None:
            return None
        function = _SERVING_FUNCTIONS[archive] = _LoadedFunction(serving)
    return function


def _endpoint_names(root):
    names = getattr(root, '_revived_names', None)       # an export's root (model.export, ExportArchive)
    return names() if names is not None else ()


class _Restored:
    """What a loaded function shows as TF 2.21's RestoredFunction: its name and its print."""
    __slots__ = ()

    @property
    def __name__(self):
        return _RESTORED_NAME

    @property
    def name(self):
        return _RESTORED_NAME

    def __repr__(self):
        # TF's class, as print(loaded.f) shows it (tapeflow's Function prints as TF's Function likewise)
        return '<tensorflow.python.saved_model.function_deserialization.RestoredFunction object at %#x>' % id(self)


class _RestoredEndpoint(_Restored):
    """A loaded export's endpoint kept as a method of its archive: called as it is, printed as the
    RestoredFunction TF 2.21 revives for it, whose other attributes (concrete_functions,
    pretty_printed_concrete_signatures(), input_signature, get_concrete_function(), ...) are those of the
    tf.function Keras exported (``ExportArchive._serving_function``, one per loaded archive)."""
    __slots__ = ('_method',)

    def __init__(self, method):
        self._method = method

    def __call__(self, *args, **kwargs):
        return self._method(*args, **kwargs)

    def __getattr__(self, name):
        function = None if name.startswith('__') else _serving_function(self._method.__self__)
        if function is None:
            raise AttributeError("'%s' object has no attribute '%s'" % (type(self).__name__, name))
        return _as_revived(name, getattr(function, name))


class _LoadedFunction(_Restored):
    """A saved tf.function as loaded: called without its Python prints; otherwise the function."""

    def __init__(self, function, options=None):
        self._function = function
        self._options = options         # the traces saved, None when any call runs

    def __call__(self, *args, **kwargs):
        check_object_alive(self._function.python_function)
        if self._options is not None:
            args, kwargs = check_call(self._function, self._options, args, kwargs)
        elif self._function.input_signature is not None:
            # bound and cast as the live function binds them (a replayed call runs its Python as given):
            # TF 2.21's loaded function refuses a (2, 4) array for a (None, 3) spec with the same TypeError
            # ('Binding inputs to tf.function failed due to `Can not cast TensorSpec(shape=(2, 4), ...'),
            # and feeds a float64 array or a nested list as the spec's float32 tensor
            _, cast = self._function._key(args, kwargs)
            if cast is not None:
                args, kwargs = cast, {}
        with replaying():
            return self._function(*args, **kwargs)

    @property
    def concrete_functions(self):
        """One concrete function per saved trace (per input_signature when it has one), as TF lists them,
        each as TF revives it (restored_concrete.py: its outputs as named specs)."""
        return [restored(concrete) for concrete in self._concrete_functions()]

    def _concrete_functions(self):
        with replaying():
            if self._options is None:
                return [self._function.get_concrete_function()] if self._function.input_signature is not None \
                    else [ConcreteFunction(self._function, entry) for entry in self._function._traces]
            return [self._function.get_concrete_function(*args, **kwargs) for args, kwargs in self._options]

    def pretty_printed_concrete_signatures(self, verbose=True):
        """Each saved trace's block as TF 2.21's revived function prints it (restored_function_text.py),
        a blank line between them; not verbose, a line each."""
        return ('\n\n' if verbose else '\n').join(restored_signature_text(concrete, verbose)
                                                   for concrete in self._concrete_functions())

    def __getattr__(self, name):
        try:
            return _as_revived(name, getattr(self._function, name))
        except AttributeError:
            # TF's words name its class ("'RestoredFunction' object has no attribute 'bogus'"), not tapeflow's Function
            raise AttributeError("'RestoredFunction' object has no attribute '%s'" % name) from None

    def __dir__(self):
        return sorted(set(dir(self._function)) | {'concrete_functions'})


def _as_revived(name, found):
    """An attribute of the live function as the revived one gives it: its saved concrete functions revived
    (get_concrete_function traces anew on TF, its graph's tensors as a live trace's)."""
    if name == 'concrete_functions':
        return [restored(concrete) for concrete in found]
    return found


# TensorFlow's class, which type(loaded.f).__name__ prints (a loaded export's endpoint is one there too)
_LoadedFunction.__name__ = _LoadedFunction.__qualname__ = 'RestoredFunction'
_RestoredEndpoint.__name__ = _RestoredEndpoint.__qualname__ = 'RestoredFunction'


class _SignatureMap(dict):
    """``loaded.signatures``: a dict that prints as TensorFlow's ``_SignatureMap({...})``."""

    def __repr__(self):
        return '_SignatureMap(%s)' % dict.__repr__(self)

    # TF's _SignatureMap is a Mapping: its views print as KeysView(_SignatureMap({...})), not dict_keys([...])
    def keys(self):
        return KeysView(self)

    def values(self):
        return ValuesView(self)

    def items(self):
        return ItemsView(self)
