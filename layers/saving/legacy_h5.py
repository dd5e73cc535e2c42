"""Keras 2's HDF5 layout (also written by Keras 3 for ``model.save('x.h5')``).

    <root>.attrs['layer_names'] = [layer names in model order]
    <root>/<layer name>.attrs['weight_names'] = [weight paths]
    <root>/<layer name>/<weight path> = the array
    <root>/top_level_model_weights     (the model's own weights; Keras 3 only)

``root`` is the file for ``save_weights('x.h5')`` of Keras 2, and the
``model_weights`` group of a full-model file. A layer's weights are its
trainable weights then its non-trainable ones (sublayers included), as
Keras's ``_legacy_weights``. Optimizer state sits in
``optimizer_weights`` with its own ``weight_names``.
"""
from framework.version import KERAS_VERSION      # the Keras whose layout these files follow
from .h5_io import decode, read_array, read_string_list, write_string_list
from .weight_plan import host_value

BACKEND = 'tensorflow'        # what Keras writes; tapeflow arrays follow TensorFlow's conventions


def legacy_weights(layer):
    return list(layer.trainable_weights) + list(layer.non_trainable_weights)


def own_weights(model):
    return list(model._trainable_created) + list(model._non_trainable_created)


def weights_root(f):
    """The group holding ``layer_names``: the file, or its ``model_weights`` group."""
    if 'layer_names' not in f.attrs and 'layer_names0' not in f.attrs and 'model_weights' in f:
        return f['model_weights']
    return f


def require_model_weights(f, path):
    """Keras 3's load_model reads f['model_weights'] without looking first: a KeyError where it is missing."""
    if 'model_weights' not in f:
        error = KeyError('model_weights')
        error.add_note("%s holds a model config but no 'model_weights' group: not a whole model.save() file" % path)
        raise error


def is_legacy_layout(f):
    root = weights_root(f)
    return 'layer_names' in root.attrs or 'layer_names0' in root.attrs


# ---- writing ----------------------------------------------------------------------------
def write(group, model):
    """Write ``model``'s weights into ``group`` in this layout (Keras 3's ``save_weights_to_hdf5_group``)."""
    layers = list(model.layers)
    write_string_list(group, 'layer_names', [layer.name for layer in layers])
    group.attrs['backend'] = BACKEND.encode('utf8')
    group.attrs['keras_version'] = KERAS_VERSION.encode('utf8')
    # Sorted by name, as Keras does, so that no group name is a prefix-path of a later one.
    for layer in sorted(layers, key=lambda layer: layer.name):
        _write_subset(group.create_group(layer.name), legacy_weights(layer), "layer '%s'" % layer.name)
    _write_subset(group.create_group('top_level_model_weights'), own_weights(model), 'the model')


def write_optimizer(f, optimizer):
    """``optimizer_weights``: every optimizer variable under its path ('adam/iteration', ...)."""
    variables = list(optimizer.variables)
    if variables:
        _write_subset(f.create_group('optimizer_weights'), variables, "optimizer '%s'" % optimizer.name)


def _write_subset(group, variables, owner):
    names = [str(v.path) for v in variables]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        # h5py's words, which Keras 3.15's writer meets at the second dataset of one name (Adafactor's
        # placeholder slots for a bias, say); the file is left as it was
        error = ValueError('Unable to synchronously create dataset (name already exists)')
        error.add_note('Cannot save %s in the .h5 layout: several weights are named %s; give its weights '
                       'distinct names (add_weight(name=...)), or save as .keras' % (owner, duplicates))
        raise error
    write_string_list(group, 'weight_names', names)
    for name, variable in zip(names, variables):
        group.create_dataset(name, data=host_value(variable))


# ---- reading ----------------------------------------------------------------------------
def read_subset(group):
    """(names, arrays) of a layer group, in ``weight_names`` order."""
    names = read_string_list(group, 'weight_names')
    return names, [read_array(group[name]) for name in names]


def saved_layers(root):
    """[(layer name, group)] for the saved layers that have weights, in model order."""
    out = []
    for name in read_string_list(root, 'layer_names'):
        group = root.get(name)
        if group is None:       # Keras 3's safe_get_h5_group: a listed layer without its group
            error = KeyError(name)
            error.add_note("%s lists layer %r in 'layer_names' but holds no group of that name" % (root.file.filename, name))
            raise error
        if read_string_list(group, 'weight_names'):
            out.append((name, group))
    return out


def plan(root, model, weight_plan, by_name=False):
    """Match the saved layers to ``model``'s layers (in order, or by name) into ``weight_plan``."""
    saved = saved_layers(root)
    if by_name:
        _plan_by_name(saved, model, weight_plan, read_string_list(root, 'layer_names'))
    else:
        _plan_in_order(saved, model, weight_plan)
    if 'top_level_model_weights' in root:
        names, arrays = read_subset(root['top_level_model_weights'])
        weight_plan.match('the model itself (top_level_model_weights)', own_weights(model), arrays, names)


def _plan_in_order(saved, model, weight_plan):
    layers = [layer for layer in model.layers if legacy_weights(layer)]
    # Keras 3 refuses these before it assigns a value, skip_mismatch or not (an unbuilt model has 0 layers)
    if len(saved) != len(layers):
        raise _keras_error('Layer count mismatch when loading weights from file. Model expected %d layers, found '
                           '%d saved layers.' % (len(layers), len(saved)), saved, layers)
    for index, ((name, group), layer) in enumerate(zip(saved, layers)):
        names, arrays = read_subset(group)
        weights = legacy_weights(layer)
        if len(arrays) != len(weights):
            if weight_plan.keras_text:       # Keras met an earlier layer's shape first
                return
            raise _keras_error('Weight count mismatch for layer #%d (named %s in the current model, %s in the save '
                               'file). Layer expects %d weight(s). Received %d saved weight(s)'
                               % (index, layer.name, name, len(weights), len(arrays)), saved, layers)
        owner = "layer #%d '%s'" % (index, layer.name) + ('' if name == layer.name else " ('%s' in the file)" % name)
        weight_plan.match(owner, weights, arrays, names, keras_owner='layer #%d (named %s)' % (index, layer.name))
        _finalize_after(weight_plan, layer, weights)


def _keras_error(text, saved, layers):
    error = ValueError(text)
    error.add_note('The file holds weights for the layers %s; the model has weights in %s (an unbuilt model has '
                   'none: build it first, e.g. by calling it on a batch).'
                   % ([name for name, _ in saved], [layer.name for layer in layers]))
    return error


def _plan_by_name(saved, model, weight_plan, all_names):
    by_name = {}
    for layer in model.layers:
        by_name.setdefault(layer.name, []).append(layer)
    for name, group in saved:
        names, arrays = read_subset(group)
        index = all_names.index(name)         # Keras counts every saved layer, weightless ones too
        for layer in by_name.get(name, []):
            expected = len(legacy_weights(layer))
            if expected != len(arrays) and weight_plan.skip_mismatch:
                weight_plan.keras_skipped.append('Skipping loading of weights for layer #%d (named %s) due to mismatch '
                                                 'in number of weights. Layer expects %d weight(s). Received %d saved '
                                                 'weight(s)' % (index, layer.name, expected, len(arrays)))
                continue
            if expected != len(arrays) and weight_plan.keras_text is None:
                weight_plan.keras_text = ('Weight count mismatch for layer #%d (named %s). Layer expects %d '
                                          'weight(s). Received %d saved weight(s)' % (index, layer.name, expected,
                                                                                      len(arrays)))
            weight_plan.match("layer '%s'" % name, legacy_weights(layer), arrays, names,
                              keras_owner='layer #%d (named %s)' % (index, layer.name))
            _finalize_after(weight_plan, layer, legacy_weights(layer))


def _finalize_after(weight_plan, layer, weights):
    """Keras 3's legacy loader calls finalize_state on each model layer it assigns that has one (a
    Normalization takes its new statistics; one inside a nested model is not reached, as in Keras)."""
    if weights and callable(getattr(layer, 'finalize_state', None)):
        weight_plan.finalize_after(layer)


def read_optimizer(f):
    """(names, arrays) from ``optimizer_weights``, or None when the file has none."""
    if 'optimizer_weights' not in f:
        return None
    return read_subset(f['optimizer_weights'])


def file_attr(f, name):
    return decode(f.attrs[name]) if name in f.attrs else None
