"""A model's architecture as JSON (Keras 3's config dicts), and back.

Saving: ``{'module', 'class_name', 'config': model.get_config(),
'registered_name', 'build_config'}``, checked to hold only JSON values.
Loading: every class the config names is looked up first, before anything
is built, in ``custom_objects``, the registry (``register_serializable``)
and tapeflow's own layers; an unknown class is refused with an error saying how
to fix it, and so is a Lambda whose function is a Python lambda (bytecode in the
file) unless safe mode is off, as in Keras, where Keras meets it (``lambda_refusal``);
a Lambda of a named function finds it by name.
"""
import inspect
import json

import numpy as np

from framework.keras.function_code import is_python_lambda
from framework.keras.global_switches import allows_code, effective_safe_mode, safe_mode_scope
from ..layer import Layer
from .. import call_context, object_sharing, policy_sharing
from .h5_io import SavedFileError, UnknownClassError
from .keras_internal_classes import keras_internal_classes
from .lambda_refusal import holds_code, lambda_refused_in_order, layer_entries
from .structured_build import build_for_shape
from ..functional.keras_mask_arguments import is_keras_op_entry
from ..serialization import config_values, getting_config, keras_identity, legacy_unknown_text, names_keras_builtin, \
    not_deserialized_text, not_located_text, overrides_build_from_config, serialized_values, shown_after_failure, \
    wrapped_type_errors, writing_legacy
from . import compile_config, compile_config_restore
from .registry import custom_object_scope, get_registered_object, registered_objects, scoped_objects

# ---- saving --------------------------------------------------------------------------
def serialize_model(model, shared_policy_ids=False, json_safe=True):
    """The model's config dict in Keras 3's form; ``shared_policy_ids``: mark the layers sharing the
    global dtype policy as a ``.keras`` archive does (``policy_sharing``); ``json_safe``: checked to
    hold only JSON values, tuples made lists, as the file and to_json write it (False: as
    serialize_keras_object returns it, tuples kept)."""
    cls = type(model)
    module, registered = keras_identity(cls)
    # a model a user's get_config serializes while a .keras config is recorded: the outer mark marks it
    nested = policy_sharing.is_recording()
    # (the compile config is serialized in the same scope: a loss that is an activation too is marked)
    with policy_sharing.recording(shared_policy_ids or nested), object_sharing.scope(fresh=not nested):
        with policy_sharing.serializing(model), getting_config(model):
            layer_config = model.get_config()
        users_config = policy_sharing.writes_users_config(model)
        if users_config:        # Keras's serialize_dict: a layer or initializer it returns becomes a config
            layer_config = config_values(model, layer_config)       # (its legacy serializer's rules for .h5)
        config = {'module': module, 'class_name': cls.__name__,
                  'config': layer_config if nested else policy_sharing.mark(layer_config, users_config),
                  'registered_name': registered}
        # Keras 3's legacy .h5 writer (saving_utils.model_metadata) writes the root as {'class_name', 'config'}
        # and never asks it for a build config (a subclassed model's that raises saves to .h5 on TF 2.21)
        build_config = model.get_build_config() if model.built and not writing_legacy() else None
        if build_config is not None:        # (a TensorShape given to build is written as its list, as Keras)
            config['build_config'] = serialized_values(build_config)
        if callable(getattr(model, 'compile', None)):     # a model; Keras writes none for a FeatureSpace
            config['compile_config'] = compile_config.config_entry(model)
        if nested:
            policy_sharing.in_users_order(model, config)     # the outer mark reads its policies in Keras's order
    return to_json_safe(config, type(model).__name__) if json_safe else config


def to_json_safe(value, where):
    """``value`` with tuples as lists and numpy values as Python ones.

    Raises:
        TypeError: naming the key path of a value JSON cannot hold (a function,
            an object): such a model cannot be saved to a file.
    """
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (np.generic,)):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {str(k): to_json_safe(v, '%s.%s' % (where, k)) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_json_safe(v, '%s[%d]' % (where, i)) for i, v in enumerate(value)]
    if isinstance(value, np.dtype) or type(value).__name__ == 'DType':
        return getattr(value, 'name', str(value))
    if writing_legacy():            # Keras 3's legacy .h5 writer encodes the rest with its own JSON default
        from .legacy_passive import legacy_json_value
        return to_json_safe(legacy_json_value(value), where)
    if is_python_lambda(value):     # Keras 3's '__lambda__' entry (bytecode), with its warning
        from framework.keras.object_serialization import serialize_keras_object
        return to_json_safe(serialize_keras_object(value), where)
    if _named_function(value):
        # Keras 3 files a function found in a layer's config (TextVectorization's standardize) by its
        # name; the layer's from_config finds it again among custom_objects and the registry
        from framework.keras.object_serialization import serialize_keras_object
        return serialize_keras_object(value)
    if isinstance(value, type) or callable(value):
        raise TypeError('Cannot save the model: %s is the Python object %r, which a file cannot hold: give '
                        'its class get_config() (and register it with layers.saving.register_serializable), '
                        'or save only the weights with save_weights()' % (where, value))
    raise TypeError('Cannot save the model: %s holds a %s (%r), which is not a JSON value; make get_config() '
                    'return numbers, strings, lists and dicts' % (where, type(value).__name__, value))


def _named_function(value):
    """A def-defined (or builtin) function, which a file can name; a lambda has no name to file."""
    return inspect.isroutine(value) and getattr(value, '__name__', '<lambda>') != '<lambda>'


def to_json(config):
    return json.dumps(config)


# ---- loading --------------------------------------------------------------------------
def lookup_table(custom_objects, legacy_h5=False):
    """``custom_objects`` and those of an enclosing ``custom_object_scope``, plus every registered
    object, under its 'Package>Name' and its bare name, and the classes Keras saves by bare name
    outside keras.layers (``keras_internal_classes``).

    A registered 'Package>Name' wins over both in a .keras / JSON config, as in Keras 3, whose
    deserialize_keras_object merges {**custom_objects, **scope, **registry} and opens that as the
    scope of every from_config; its legacy .h5 loader asks the scope before the registry."""
    table = {}
    registered = registered_objects()
    for key, obj in registered.items():
        table.setdefault(key.split('>')[-1], obj)
    for name, cls in keras_internal_classes().items():     # Keras's own, saved by bare name
        table.setdefault(name, cls)
    table.update({**(custom_objects or {})})      # (Keras unpacks it: a non-mapping is Python's TypeError)
    # a scope's names, as Keras merges them ({**custom_objects, **scope, ...}): the legacy .h5 loader and the
    # compile config look only here, so a scoped layer class or loss function is found in either format
    scoped = scoped_objects()
    for layer in ((registered, scoped) if legacy_h5 else (scoped, registered)):
        table.update(layer)
    return table


def resolve_layer_class(class_name, registered_name, table, entry=None):
    """The Layer class for a config entry, or None; only known classes are ever returned. An
    ``entry`` that Keras writes for its own class gets tapeflow's class first (``names_keras_builtin``)."""
    import layers as builtin                 # the package's explicit exports (imported late: it imports us)
    first = (getattr(builtin, class_name, None),) if names_keras_builtin(entry) else ()
    for candidate in first + (table.get(registered_name) if registered_name else None, table.get(class_name),
                              get_registered_object(registered_name) if registered_name else None,
                              getattr(builtin, class_name, None)):
        if isinstance(candidate, type) and issubclass(candidate, Layer):
            return candidate
    return None


def check_loadable(config, table, path):
    """Raise before building anything if the config names a class we cannot (or must not) create."""
    unknown, legacy_only = [], []
    legacy_h5 = str(path).lower().endswith(('.h5', '.hdf5'))
    for entry in layer_entries(config):
        name = entry.get('class_name')
        if is_keras_op_entry(entry):
            continue                # a keras.ops call: functional.config decides whether it can be rebuilt
        cls = resolve_layer_class(name, entry.get('registered_name'), table, entry)
        if name == 'Lambda' and holds_code(entry.get('config', {})) and not unknown and not allows_code():
            # Keras 3 deserializes layers in order: a Lambda's code met before any unknown class is refused
            # by its from_config (lambda_refused_in_order names the file), after an earlier layer's own
            # failure if one has one (an activation function not in custom_objects)
            return
        if cls is None:
            unknown.append(entry.get('registered_name') or name)
        elif legacy_h5 and _found_only_as_tf_keras_legacy_layer(cls, entry, table):
            unknown.append(name)
            legacy_only.append(name)
    if unknown:
        names = sorted(set(unknown))
        ours = ('%s names unknown layer class(es) %s. Make them known by decorating each class with '
                "@layers.saving.register_serializable(package='Custom') (Keras: "
                '@keras.saving.register_keras_serializable()), or pass custom_objects={%s} to load_model'
                % (path, names, ', '.join("'%s': %s" % (n.split('>')[-1], n.split('>')[-1]) for n in names)))
        if unknown == [config.get('registered_name') or config.get('class_name')] and not legacy_h5:
            # the model's own class: Keras 3 cannot locate it before anything else, in these words (its
            # legacy .h5 loader says 'Unknown layer', below, as for any class)
            error = UnknownClassError('Could not locate class %r. Make sure custom classes and functions are decorated '
                                      'with `@keras.saving.register_keras_serializable()`. If they are already '
                                      'decorated, make sure they are all imported so that the decorator is run before '
                                      'trying to load them. Full object config: %s' % (config.get('class_name'), config))
            error.add_note(ours)
            raise error
        if not str(path).lower().endswith(('.h5', '.hdf5')):
            first = _first_unknown_entry(config, table)
            module = str(first.get('module') or '')
            if module == 'keras' or module.startswith(('keras.', 'keras_hub.', 'keras_cv.', 'keras_nlp.')):
                # Keras 3 imports a Keras package's module and finds no such class there: a ValueError
                # that no enclosing from_config wraps
                error = SavedFileError("Could not deserialize '%s.%s' because it is not a KerasSaveable subclass"
                                       % (module, first.get('class_name')))
                error.add_note(ours)
                raise error
            error = UnknownClassError(_keras_unknown_class_text(config, table))     # Keras 3's TypeError
            error.add_note(ours)
            raise error
        # Keras 3's legacy .h5 loader: a ValueError naming the first class it cannot find, in its words
        error = SavedFileError(legacy_unknown_text('layer', unknown[0]))
        if legacy_only:
            ours = ("%s: %s %s tf.keras's legacy layer(s), which Keras 3's .h5 loader does not look up (TF 2.21 "
                    'cannot load this file either): pass custom_objects={%s} to load_model, or save as .keras'
                    % (path, sorted(set(legacy_only)), 'is' if len(set(legacy_only)) == 1 else 'are',
                       ', '.join("'%s': keras.layers.%s" % (n, n) for n in sorted(set(legacy_only)))))
        error.add_note(ours)
        raise error


def _found_only_as_tf_keras_legacy_layer(cls, entry, table):
    """Whether ``cls`` is one of tf.keras's legacy layers (ThresholdedReLU, RandomHeight, RandomWidth:
    keras._legacy.layers; not AlphaDropout, which keras.layers has too) and was found only among tapeflow's own classes. Keras 3's legacy .h5 loader
    looks names up in custom_objects, the scope, the registry and keras.layers, which lacks these, so
    TF 2.21 refuses a .h5 file of its own that holds one ('Unknown layer: 'ThresholdedReLU'. ...')."""
    return (vars(cls).get('_keras_identity', (None,))[0] == 'keras._legacy.layers'
            and entry.get('class_name') not in _IN_KERAS_LAYERS
            and cls is not table.get(entry.get('class_name')) and cls is not table.get(entry.get('registered_name')))


# tf.keras's legacy layers whose name Keras 3's own keras.layers also holds: its .h5 loader finds that class
_IN_KERAS_LAYERS = frozenset(('AlphaDropout',))


def _first_unknown_entry(entry, table):
    """The first entry at or under ``entry`` whose class is unknown, in Keras's deserialization order
    (the one _keras_unknown_class_text words); None if none."""
    name = entry.get('class_name')
    if not is_keras_op_entry(entry) and resolve_layer_class(name, entry.get('registered_name'), table, entry) is None:
        return entry
    inner = entry.get('config')
    for child in (inner.get('layers') or ()) if isinstance(inner, dict) else ():
        found = _first_unknown_entry(child, table) if isinstance(child, dict) else None
        if found is not None:
            return found
    return None


def _keras_unknown_class_text(entry, table):
    """Keras 3's text for the first unknown class at or under ``entry`` (None if none): 'Could not
    locate class', wrapped once per enclosing model, as its deserialize_keras_object wraps the
    TypeError of a from_config. A functional model's config reads {} there: its from_config has
    popped every key of the dict the message shows."""
    name = entry.get('class_name')
    if not is_keras_op_entry(entry) and resolve_layer_class(name, entry.get('registered_name'), table, entry) is None:
        return not_located_text(name, entry)
    inner = entry.get('config')
    for child in (inner.get('layers') or ()) if isinstance(inner, dict) else ():
        text = _keras_unknown_class_text(child, table) if isinstance(child, dict) else None
        if text is not None:
            return not_deserialized_text(resolve_layer_class(name, entry.get('registered_name'), table, entry),
                                         shown_after_failure(entry), text)
    return None


def build_model(config, table, path):
    """The model a ``serialize_model`` dict describes, built when its input shape is known."""
    if not isinstance(config, dict) or 'class_name' not in config:
        # Keras 3 deserializes such a config to itself (a list or dict of plain values) and refuses it when
        # it walks the result for its weights (an archive without a weights member fails first, there)
        error = SavedFileError('Expected object to be an instance of `KerasSaveable`, but got %s of type %s'
                               % (config, type(config)))
        error.add_note('%s: its model config names no class (config.json holds %.80r); the file is not a model '
                       'saved by model.save()' % (path, config))
        raise error
    check_loadable(config, table, path)
    cls = resolve_layer_class(config['class_name'], config.get('registered_name'), table, config)
    inner = dict(config.get('config') or {})
    takes_custom_objects = 'custom_objects' in inspect.signature(cls.from_config).parameters
    with custom_object_scope(table), wrapped_type_errors(cls, config), lambda_refused_in_order(config, path):
        model = cls.from_config(inner, custom_objects=table) if takes_custom_objects else cls.from_config(inner)
    build_config = config.get('build_config') or {}
    if not model.built and build_config and overrides_build_from_config(model):
        model.build_from_config(build_config)     # a layer whose build config is its own (FeatureSpace)
    elif not model.built and build_config.get('input_shape') is not None:
        shape = build_config['input_shape']        # a dict of shapes: a model called on a dict of inputs
        build_for_shape(model, shape, names_keras_tensors=True)     # as the file holds it: [None, 3]
    return model


def model_from_json(json_string, custom_objects=None):
    """The model that ``model.to_json()`` described, built but with fresh weights, and compiled
    when the model was (Keras's ``keras.models.model_from_json``).

    Raises:
        ValueError: text that is not JSON; SavedFileError: classes that are unknown or Lambdas.
    """
    try:
        config = json.loads(json_string)
    except (TypeError, ValueError) as err:      # Keras 3 lets json's error through (JSONDecodeError, TypeError)
        err.add_note('model_from_json: expected the JSON text of model.to_json(), got %r' % (str(json_string)[:60],))
        raise
    table = lookup_table(custom_objects)
    with safe_mode_scope(effective_safe_mode(True)):        # Keras's default: a lambda only when switched off
        model = build_model(config, table, 'model_from_json')
    compile_as_described(model, config, table, 'model_from_json')
    return model


def compile_as_described(model, config, table, caller):
    """Compile ``model`` (with a fresh optimizer) when its ``config`` has a 'compile_config', as Keras 3's
    model_from_json and deserialize_keras_object do (a class with its own compile or compile_from_config:
    through its compile_from_config, which Keras's base refuses for a custom compile, warning)."""
    from ..training.trainer import Trainer      # (imported late: training imports saving)
    cls = type(model)
    if config.get('compile_config') and (cls.compile is not Trainer.compile
                                         or cls.compile_from_config is not Trainer.compile_from_config):
        from .registry import custom_object_scope
        with custom_object_scope(table):
            model.compile_from_config(config['compile_config'])
    elif config.get('compile_config'):
        model.compile(**compile_config_restore.compile_arguments(config['compile_config'], table, caller))
        if model.built:
            model.optimizer.build(model.trainable_variables)     # Keras's compile_from_config does too
