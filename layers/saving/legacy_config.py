"""The model config of a legacy ``.h5`` file, in the form Keras 3 writes there.

Keras 3 saves ``model.save('m.h5')`` with its legacy serialization: the root is
``{'class_name': <the model's class name>, 'config': model.get_config()}``, and
a Sequential's or functional model's layers are written
``{'class_name': <registered name>, 'config': ...}`` (a functional model's
also with 'name' and 'inbound_nodes'), without the 'module',
'registered_name' and 'build_config' keys of the ``.keras`` config. Nested
Sequential and functional models are written the same way, all the way down.
The class name is the one Keras's legacy serializer reads off the Python
class: a built-in layer that Keras exports under another name is written
under its class's (GroupQueryAttention as 'GroupedQueryAttention').

A subclassed model's root is written the same way: its Python class name
(not its registered 'package>Name') and its get_config(), no build config, as
TF 2.21 writes it; Keras's loader then finds the class only through
custom_objects, and refuses the weights of a model its config leaves unbuilt.
A Sequential subclass lists its layers in the legacy form too (Keras's
Sequential.get_config honours the legacy switch for every subclass).
"""


def legacy_model_config(config, model):
    """The legacy form of ``serialize_model(model)``'s dict (see the module docstring)."""
    from ..sequential import Sequential
    sequential = frozenset(type(layer).__name__ for layer in model._flatten_layers() if isinstance(layer, Sequential))
    return {'class_name': config['class_name'], 'config': _legacy_inner(config, sequential)}


def _legacy_inner(entry, sequential):
    inner = entry.get('config')
    if not _is_model_config(entry, sequential):
        return inner
    inner = dict(inner)
    inner['layers'] = [_legacy_layer(layer, sequential) for layer in inner['layers']]
    return inner


def _is_model_config(entry, sequential):
    # Only Sequential and functional configs switch to the legacy form in Keras
    # (their get_config honours its 'use_legacy_config' flag); other layers keep theirs.
    # ``sequential``: the class names of the model's Sequential layers (subclasses included)
    inner = entry.get('config')
    return isinstance(inner, dict) and isinstance(inner.get('layers'), list) and \
        ('input_layers' in inner or entry.get('class_name') in sequential)


def _legacy_layer(entry, sequential):
    out = {'class_name': entry.get('registered_name') or _keras_python_name(entry),
           'config': _legacy_inner(entry, sequential)}
    for key in ('name', 'inbound_nodes'):
        if key in entry:
            out[key] = entry[key]
    return out


def _keras_python_name(entry):
    """The name of Keras's Python class for a built-in layer's entry (its ``_keras_class_name``)."""
    name = entry['class_name']
    if entry.get('module') != 'keras.layers':
        return name
    import layers as builtin                 # the package's exports (imported late: it imports the saving code)
    return getattr(getattr(builtin, name, None), '_keras_class_name', name)


# ---- reading -------------------------------------------------------------------------
def require_known_root(config, custom_objects):
    """Refuse a root class that Keras 3's legacy loader cannot find, in its words.

    Its ``model_from_config`` looks the root's class name up in custom_objects, the enclosing
    custom_object_scope, the registry's 'Package>Name' keys and Keras's own classes; a .h5 file names a
    subclassed model by its bare Python name (``legacy_model_config``), so a registered class is not
    found there: TF 2.21 raises "Unknown layer: 'Net'. ..." unless custom_objects names it.
    """
    name = config.get('class_name') if isinstance(config, dict) else None
    if not isinstance(name, str):
        return
    import layers as builtin                 # the package's exports (imported late: it imports the saving code)
    from .h5_io import SavedFileError
    from .keras_internal_classes import keras_internal_classes
    from .registry import registered_objects, scoped_objects
    from ..serialization import legacy_unknown_text
    given = custom_objects if isinstance(custom_objects, dict) else {}
    if name in given or name in scoped_objects() or name in registered_objects() or \
            name in keras_internal_classes() or isinstance(getattr(builtin, name, None), type):
        return
    error = SavedFileError(legacy_unknown_text('layer', name))
    error.add_note("A .h5 file names a model class by its Python name (%r), which Keras's legacy loader looks up in "
                   "custom_objects only: pass custom_objects={%r: %s} to load_model (a subclassed model, which "
                   "its .h5 config leaves unbuilt, still cannot take the weights there: save it as .keras)"
                   % (name, name, name))
    raise error


def with_keras_axis_rule(entry):
    """A copy of a legacy model config with each layer's 'axis' (and 'batch_input_shape') as Keras 3's
    legacy loader leaves it.

    Keras's ``model_from_config`` (run on the root and on every entry of a Sequential's or
    functional model's 'layers', nested models included) pops 'axis' and puts back only an int
    or a one-item list, as an int. A longer list, or an empty one, is dropped, so the layer
    gets its default axis: ``LayerNormalization(axis=[1, 2])`` or ``Normalization(axis=None)``
    in a .h5 file then meets weights of another shape, and TF 2.21 refuses the file ('Shape
    mismatch in layer #1 (named ln)...'); so do we.
    """
    if not isinstance(entry, dict) or not isinstance(entry.get('config'), dict):
        return entry
    from layers.functional.keras_mask_arguments import is_keras_op_entry
    if is_keras_op_entry(entry):        # a keras.ops entry (tapeflow reads those, Keras cannot): its axis as saved
        return entry
    inner = dict(entry['config'])
    # tf.keras 2's 'batch_input_shape': Keras's model_from_config gives an InputLayer's as its
    # 'batch_shape', any other layer's as 'input_shape' (whose warning a Keras 2 file's first Dense then gives)
    batch_input_shape = inner.pop('batch_input_shape', None)
    if batch_input_shape is not None:
        inner['batch_shape' if entry.get('class_name') == 'InputLayer' else 'input_shape'] = batch_input_shape
    axis = inner.pop('axis', None)
    if isinstance(axis, list) and len(axis) == 1:
        inner['axis'] = int(axis[0])
    elif isinstance(axis, (int, float)) and not isinstance(axis, bool):
        inner['axis'] = int(axis)
    if isinstance(inner.get('layers'), list):
        inner['layers'] = [with_keras_axis_rule(layer) for layer in inner['layers']]
    return dict(entry, config=inner)
