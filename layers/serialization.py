"""Layer configs in Keras 3's form: {'module', 'class_name', 'config', 'build_config'}."""
import contextlib
import contextvars

from framework.errors import shown_as

from . import build_shapes
from .keras_build_config import keras_writes_build_config, keras_writes_build_config_unbuilt
from .layer import Layer
from .object_sharing import recorded
from .policy_sharing import in_users_order, serializing


def serialize(layer):
    """The dict that ``deserialize`` turns back into an equal (unweighted) layer."""
    module, registered_name = keras_identity(type(layer))
    with serializing(layer), getting_config(layer):
        config = layer.get_config()
    out = {'module': module, 'class_name': type(layer).__name__, 'config': config_values(layer, config),
           'registered_name': registered_name}
    if _LEGACY_ENTRY.get():
        build_config = None     # Keras's legacy .h5 writer serializes layers without asking for one
    elif overrides_get_build_config(layer) or keras_writes_build_config_unbuilt(type(layer)):
        build_config = layer.get_build_config()     # a user's method (or Keras's lookups) decides, built or not
    else:
        build_config = layer.get_build_config() if layer.built and keras_writes_build_config(type(layer)) else None
    if build_config is not None:        # (serialized as Keras's serialize_dict: a TensorShape as its list)
        out['build_config'] = serialized_values(build_config)
    from .model import Model
    if isinstance(layer, Model):
        from .saving.compile_config import config_entry
        out['compile_config'] = config_entry(layer)
    return recorded(layer, in_users_order(layer, out))     # a layer serialized twice (a model nested twice) is marked


def config_values(layer, config):
    """``layer``'s config with its values serialized: by Keras 3's legacy rules (saving.legacy_passive) in
    an entry its legacy .h5 writer serializes (a user's objects, TextVectorization's functions: what a
    get_config returns unserialized); else ``serialized_values``."""
    if _LEGACY_ENTRY.get():
        from .saving.legacy_passive import legacy_config_values
        return legacy_config_values(config)
    return serialized_values(config)


def serialized_values(value):
    """A config with its values serialized, as Keras 3's serialize_dict does: a layer, regularizer
    or array a custom get_config returns becomes its own config dict (which a custom from_config
    deserializes); a Python lambda becomes Keras's '__lambda__' entry (its bytecode)."""
    from framework.keras.object_serialization import serialize_keras_object
    if isinstance(value, dict):
        return {key: serialized_values(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        items = [serialized_values(item) for item in value]
        return tuple(items) if isinstance(value, tuple) else items
    return serialize_keras_object(value)


def keras_identity(cls):
    """(module, registered_name) as Keras 3 writes them for an object of class ``cls``.

    A functional model is ('keras.src.models.functional', 'Functional'), where Keras 3 finds
    it; Sequential and Model are ('keras', None); the layers Keras exports (tapeflow's own)
    are ('keras.layers', None); any other class gives its module and registered name.
    """
    import layers as builtin            # the package's explicit export list, nothing scanned
    from .functional.functional_model import Functional
    from .model import Model
    if cls is Functional:
        return 'keras.src.models.functional', 'Functional'
    if '_keras_identity' in vars(cls):     # saved under Keras's own name (FeatureSpace and its data layers)
        return cls._keras_identity
    if getattr(builtin, cls.__name__, None) is cls:
        return ('keras' if issubclass(cls, Model) else 'keras.layers'), None
    from .saving.registry import custom_class_identity
    return custom_class_identity(cls)


def names_keras_builtin(entry):
    """Whether a config entry is one Keras 3 writes for its own class (a 'keras...' module and
    'registered_name' None). Keras looks custom_objects and scopes up by registered name only, so
    for such an entry they are not consulted: custom_objects={'Dense': MyDense} loads a .keras
    file's Dense as Dense. (A legacy .h5 entry has neither key: there the class name is looked up.)"""
    return (isinstance(entry, dict) and 'registered_name' in entry and entry['registered_name'] is None
            and isinstance(entry.get('module'), str) and entry['module'].split('.')[0] == 'keras')


class UnknownLayerClassError(TypeError, ValueError):
    """A config names a layer class that is nowhere to be found. Keras 3 raises TypeError ('Could not
    locate class'); tapeflow raised ValueError before, so this is both. (A saved file naming one
    raises saving.h5_io.UnknownClassError, checked before anything is built.)"""


# Programs print type(e).__name__ and tracebacks name the class: Keras 3 shows TypeError there
shown_as(UnknownLayerClassError, TypeError)


def layer_class(name, custom_objects=None, registered_name=None, config=None):
    """The Layer class a config names, looked up as Keras 3 does for ``Model.from_config``.

    In order: ``custom_objects`` (by registered name, then class name), the registry of
    ``register_keras_serializable`` classes and any enclosing ``custom_object_scope`` (by
    registered name 'Package>Name'), tapeflow's own layers, then a registered class whose
    bare name is ``name``.

    Raises:
        UnknownLayerClassError (a TypeError and ValueError): no such class, telling to pass it in
            ``custom_objects``.
    """
    from .saving.registry import get_registered_object
    import layers as builtin            # the package's explicit export list, nothing scanned
    table = custom_objects or {}
    candidates = (table.get(registered_name) if registered_name else None, table.get(name),
                  get_registered_object(registered_name) if registered_name else None,
                  getattr(builtin, name, None), get_registered_object(name))
    if names_keras_builtin(config):
        candidates = (getattr(builtin, name, None),) + candidates
    for cls in candidates:
        if isinstance(cls, type) and issubclass(cls, Layer):
            return cls
    # Keras 3's words ('config': the whole object config it was given); how to fix it, in a note
    error = UnknownLayerClassError(not_located_text(name, config if config is not None else {'class_name': name}))
    error.add_note('unknown layer class %r; decorate it or pass it in custom_objects={%r: %s}'
                   % (registered_name or name, name, name))
    raise error


def deserialize(config, custom_objects=None):
    """A layer from ``serialize``'s dict, built if the dict says how."""
    if config is not None and not isinstance(config, (dict, list, tuple, bool, int, float, str)):
        # Keras 3's serialization_lib cannot read an object (a Layer instance a from_config is handed back)
        raise TypeError('Could not parse config: %s' % (config,))
    if not isinstance(config, dict) or 'class_name' not in config or 'config' not in config:
        # Keras 3 resolves these (None, a name, a number, a dict without both keys) to no Layer, then says so
        raise ValueError('`keras.layers.deserialize` was passed a `config` object that is not a '
                         '`keras.layers.Layer`. Received: %s' % (config,))
    cls = layer_class(config['class_name'], custom_objects, config.get('registered_name'), config)
    inner = dict(config.get('config') or {})
    with wrapped_type_errors(cls, config):
        layer = cls.from_config(inner, custom_objects) if _takes_custom_objects(cls) else cls.from_config(inner)
    build_config = config.get('build_config')
    if build_config and not layer.built:
        if overrides_build_from_config(layer):
            layer.build_from_config(build_config)       # a user's way of building from its own config
        elif build_config.get('input_shape') is not None and _model_with_own_build(layer):
            from .saving.structured_build import build_own_way
            build_own_way(layer, build_config['input_shape'])      # Keras's Model.build_from_config: a failure warns
        elif build_config.get('input_shape') is not None:
            layer._warn_unbuilt_state()     # Keras's build_from_config calls build, whose default warns so
            build_shapes.build_from_saved_shape(layer, build_config['input_shape'])
        elif build_config.get('shapes_dict'):
            # Keras's build(**shapes_dict) here, with the shapes as the file holds them (lists), before a
            # functional model calls the layer: a build(a_shape, b_shape) sees [None, 3], as on TF 2.21
            Layer.build_from_config(layer, build_config)     # (a Model's by-hand one only warns on failure)
    if config.get('compile_config') and hasattr(layer, 'compile_from_config'):
        # a compiled model's serialize() holds its compile arguments: Keras 3 compiles it again
        from .saving.model_config import compile_as_described, lookup_table
        compile_as_described(layer, config, lookup_table(custom_objects), 'keras.layers.deserialize')
    return layer


# Set while a legacy .h5 file's config is written: Keras 3's use_legacy_config, under which its legacy
# serializer never calls get_build_config (a user's that raises does not stop an .h5 save, as on TF 2.21)
_LEGACY_WRITING = contextvars.ContextVar('legacy_writing', default=False)
# Whether the layer serialized now is written by that legacy serializer: the root, what a config holds as
# objects, and the layer lists of Sequential and functional models (their get_config honours the flag).
# What a Keras layer serializes itself in get_config (Bidirectional's layers, a Wrapper's, an RNN's cell)
# goes through serialization_lib, which asks for build configs, so a .h5 file holds them there (TF 2.21)
_LEGACY_ENTRY = contextvars.ContextVar('legacy_entry', default=False)


@contextlib.contextmanager
def legacy_writing():
    """Serialize as Keras 3's legacy .h5 writer does: no layer of a model's layer list is asked for its
    build config (the file's layer entries hold none; a subclassed model's root keeps its own, see
    saving.legacy_config); the layers a layer serializes itself keep theirs."""
    tokens = _LEGACY_WRITING.set(True), _LEGACY_ENTRY.set(True)
    try:
        yield
    finally:
        _LEGACY_ENTRY.reset(tokens[1])
        _LEGACY_WRITING.reset(tokens[0])


def writing_legacy():
    """Whether a legacy .h5 file's config is being written (``legacy_writing``)."""
    return _LEGACY_WRITING.get()


@contextlib.contextmanager
def getting_config(layer):
    """Around ``layer.get_config()``: the layers it serializes are legacy entries only when ``layer`` is a
    Sequential or functional model writing a legacy file (Keras's use_legacy_config switch)."""
    token = _LEGACY_ENTRY.set(_LEGACY_WRITING.get() and _lists_layers(layer))
    try:
        yield
    finally:
        _LEGACY_ENTRY.reset(token)


def _lists_layers(layer):
    from .functional.functional_model import Functional
    from .sequential import Sequential
    return isinstance(layer, (Sequential, Functional))


# Set while a legacy .h5 model is rebuilt: Keras 3's legacy deserializer lets from_config's errors by
_LEGACY_LOADING = contextvars.ContextVar('legacy_loading', default=False)


@contextlib.contextmanager
def legacy_loading():
    """Rebuild layers as Keras 3's legacy .h5 loader does: a from_config TypeError goes by unwrapped."""
    token = _LEGACY_LOADING.set(True)
    try:
        yield
    finally:
        _LEGACY_LOADING.reset(token)


@contextlib.contextmanager
def wrapped_type_errors(cls, config):
    """Keras 3's deserialize_keras_object: a TypeError of ``cls.from_config`` is raised again naming
    the class and its whole config (nested layers wrap once per level, as Keras's); not in
    ``legacy_loading``."""
    try:
        yield
    except TypeError as err:
        if _LEGACY_LOADING.get():
            raise
        raise TypeError(not_deserialized_text(cls, shown_after_failure(config), err))    # no `from`: Keras's
                                                                        # traceback chains it ('During handling')


# The keys Keras 3's functional_from_config pops from the config it is given, before building a layer
_FUNCTIONAL_POPPED = ('layers', 'input_layers', 'output_layers', 'name', 'trainable')


def shown_after_failure(config):
    """``config`` as Keras 3's error shows it after a failed from_config: a functional model's config
    without the keys its functional_from_config has popped by then (so '{}' as a rule), its own and
    those of the functional models nested in it (Keras pops them from the very dicts it shows; a
    nested model after the one that failed, not yet popped there, is shown popped here too)."""
    inner = config.get('config') if isinstance(config, dict) else None
    if not isinstance(inner, dict):
        return config
    if all(key in inner for key in ('name', 'layers', 'input_layers', 'output_layers')):
        return dict(config, config={key: value for key, value in inner.items() if key not in _FUNCTIONAL_POPPED})
    if isinstance(inner.get('layers'), list):
        return dict(config, config=dict(inner, layers=[shown_after_failure(entry) for entry in inner['layers']]))
    return config


def not_deserialized_text(cls, config, err):
    """Keras 3's words for a TypeError ``err`` met deserializing ``cls`` from ``config``."""
    return ('%s could not be deserialized properly. Please ensure that components that are Python object instances '
            "(layers, models, etc.) returned by `get_config()` are explicitly deserialized in the model's "
            '`from_config()` method.\n\nconfig=%s.\n\nException encountered: %s' % (_keras_class_text(cls), config, err))


def _keras_class_text(cls):
    """How Keras 3 prints ``cls`` in that text: its models by their place in keras.src (a model holding an
    unregistered custom layer is the text a user meets most), and the common built-in layers (a Dense
    given an unregistered activation); other classes as Python prints them."""
    from .functional.functional_model import Functional
    from .keras_modules import keras_module_of
    from .model import Model
    from .sequential import Sequential
    if not isinstance(cls, type):       # a value (a list, a dict: unhashable) prints as Python prints it
        return cls
    module = {Sequential: 'sequential', Functional: 'functional', Model: 'model'}.get(cls)
    if module is not None:
        return "<class 'keras.src.models.%s.%s'>" % (module, cls.__name__)
    layer_module = keras_module_of(cls) if isinstance(cls, type) else None
    return cls if layer_module is None else "<class '%s.%s'>" % (layer_module, cls.__name__)


def legacy_unknown_text(kind, name):
    """Keras's legacy deserializer's words for a class ``name`` of ``kind`` ('layer') it cannot find."""
    return ("Unknown %s: '%s'. Please ensure you are using a `keras.utils.custom_object_scope` and that this object "
            "is included in the scope. See https://www.tensorflow.org/guide/keras/save_and_serialize"
            "#registering_the_custom_object for details." % (kind, name))


def not_located_text(name, config):
    """Keras 3's words for a class ``name`` it cannot find (``config``: the whole object config); a
    function entry ({'class_name': 'function', 'config': 'nope'}) names the function, as Keras looks it up."""
    kind = 'class'
    if name == 'function' and isinstance(config, dict) and isinstance(config.get('config'), str):
        kind, name = 'function', config['config']
    return ('Could not locate %s %r. Make sure custom classes and functions are decorated with '
            '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all '
            'imported so that the decorator is run before trying to load them. Full object config: %s'
            % (kind, name, config))


def overrides_get_build_config(layer):
    """Whether a user's class (not tapeflow's) defines ``get_build_config``: Keras 3 writes whatever it
    returns, even for an unbuilt layer, where tapeflow's own rule would write nothing."""
    owner = next(cls for cls in type(layer).__mro__ if 'get_build_config' in vars(cls))
    return owner.__module__.split('.')[0] not in ('layers', 'framework', 'optim')


def _model_with_own_build(layer):
    from .model import Model
    return isinstance(layer, Model) and type(layer).build is not Layer.build


def overrides_build_from_config(layer):
    """Whether ``layer``'s class builds from its build config in its own way (FeatureSpace, a user's)."""
    from .layer import Layer
    from .model import Model
    return type(layer).build_from_config not in (Layer.build_from_config, Model.build_from_config)


def _takes_custom_objects(cls):
    import inspect
    return 'custom_objects' in inspect.signature(cls.from_config).parameters
