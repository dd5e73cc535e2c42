"""Keras 3's ``.weights.h5`` layout: ``<path>/vars/<index>`` per saveable.

The same layout is the ``model.weights.h5`` member of a ``.keras`` archive.
See ``keras_tree`` for how paths are chosen. Each ``vars`` group carries a
``name`` attribute (the layer's or optimizer's name), which Keras writes but
never reads; matching is by path only.
"""
import warnings

import numpy as np

from layers.own_variables import overrides_own_variables

from .depth_list_warnings import replay_load_walk
from .h5_io import read_array, store_array, write_array
from .keras_tree import Saveable, saveables
from .weight_plan import host_value


def write(root, model, include_optimizer=True):
    """Write ``model``'s variables (and its optimizer's) into the h5py group ``root``."""
    for node in saveables(model, include_optimizer):
        group = root.create_group(node.path + '/vars' if node.path else 'vars')
        group.attrs['name'] = node.name
        if not node.is_optimizer and overrides_own_variables(node.obj):
            store = {}
            node.obj.save_own_variables(store)      # the user's class chooses what to file, and under which keys
            for key, value in store.items():
                write_array(group, str(key), store_array(host_value(value) if hasattr(value, '_data') else value))
            continue
        for index, variable in enumerate(node.variables):
            write_array(group, str(index), host_value(variable))
        # State kept outside variables under its own name, as Keras 3's save_own_variables
        # (a tf_idf lookup's 'idf_weights'); the layer reads it back with load_saved_arrays.
        for key, array in (node.obj.saved_arrays() if callable(getattr(node.obj, 'saved_arrays', None))
                           else {}).items():
            write_array(group, key, array)


def is_keras3_layout(root):
    return 'vars' in root or 'layers' in root


def plan(root, model, weight_plan):
    """Match every array under ``root`` to ``model``'s variables, into ``weight_plan``.

    Layers missing from the file and count or shape differences are all noted;
    layers in the file that the model lacks are not read (Keras 3 loads such a file). The optimizer's state is
    loaded when the model has one (built first if needed, so that training
    resumes where it stopped); a different number of optimizer variables only
    warns, as in Keras 3.
    """
    nodes = saveables(model, include_optimizer=True)
    first_attempts = {id(node.obj): _attempt(root, node.obj, node.path) for node in nodes if _matched_here(node)}
    # Keras retries a layer that failed wherever its walk reaches it again (a subclassed model's
    # 'layers' property): where a Sequential's or functional model's file holds it, it loads from there
    replay = replay_load_walk(model, [node.obj for node in nodes if _matched_here(node)
                                      and first_attempts[id(node.obj)][0] is not None],
                              lambda obj, path: _attempt(root, obj, path))
    for node in nodes:
        vars_path = node.path + '/vars' if node.path else 'vars'
        if node.is_optimizer:
            _plan_optimizer(root, vars_path, node, model, weight_plan)
            continue
        variables = node.variables
        group = root.get(vars_path)
        if overrides_own_variables(node.obj):
            # the user's load_own_variables reads its own entries, once the other layers are assigned
            store = {key: read_array(group[key]) for key in group.keys()} if group is not None else {}
            weight_plan.then(lambda layer=node.obj, store=store: layer.load_own_variables(store), node.obj.weights,
                             owner=node.obj)
            continue
        if getattr(node.obj, '_finalizes_when_loaded', False):     # Keras 3's load_own_variables calls it
            weight_plan.finalize_after(node.obj)
        first = first_attempts.get(id(node.obj))
        _, retry_path, retry = replay.retries.get(id(node.obj), (None, None, None)) if first else (None,) * 3
        if first and first[0] is not None and retry is not None and retry[0] is None:
            weight_plan.match(Saveable(retry_path, node.obj).describe(), variables, retry[1],
                              ['%s/vars/%s' % (retry_path, n) for n in retry[2]])
            continue
        if group is None:
            if variables:
                weight_plan.problem('%s: missing from the file (no group %s; the model has %d weight(s): %s)'
                                    % (node.describe(), vars_path, len(variables),
                                       ', '.join(v.path for v in variables)))
                weight_plan.keras_failure(node.obj, _keras_error(node.obj, variables, []))
        else:
            loader = getattr(node.obj, 'load_saved_arrays', None)
            named = {k: read_array(group[k]) for k in group.keys() if not k.isdigit()} if callable(loader) else {}
            if named:
                weight_plan.then(lambda loader=loader, named=named: loader(named))
            if first and len(first[2]) == len(group):
                arrays, names = first[1], first[2]        # (read once: a large model's file is read once)
            else:
                arrays, names = read_vars(group, weight_plan, skip=named)
            error = None if named else _keras_error(node.obj, variables, arrays)
            if error is not None:
                weight_plan.keras_failure(node.obj, error)
            weight_plan.match(node.describe(), variables, arrays, ['%s/%s' % (vars_path, n) for n in names])
        if retry is not None and retry[0] is not None:
            weight_plan.keras_failure(node.obj, retry[0])      # Keras keeps an object's last error
    # (entries of layers the model lacks are left unread, as Keras 3 leaves them: a smaller model loads
    # the layers it shares with the file's)
    replay.warn()


def _matched_here(node):
    """A layer whose arrays ``plan`` matches itself (not the optimizer, nor a layer reading its own)."""
    return (not node.is_optimizer and not overrides_own_variables(node.obj)
            and not callable(getattr(node.obj, 'load_saved_arrays', None)))


def _attempt(root, obj, path):
    """Keras 3's load of ``obj``'s own variables at ``path`` of the file: (its error text or None,
    the arrays there, their keys)."""
    group = root.get(path + '/vars' if path else 'vars')
    keys = sorted((k for k in group.keys() if k.isdigit()), key=int) if group is not None else []
    arrays = [read_array(group[k]) for k in keys]
    return _keras_error(obj, Saveable(path, obj).variables, arrays), arrays, keys


def _keras_error(owner, variables, arrays):
    """What Keras 3's Layer.load_own_variables raises for these arrays, or None: its count check
    first, then the first assign of another shape."""
    if len(arrays) != len(variables):
        if not variables and not getattr(owner, 'built', True):
            return _never_built_error(owner.name, len(arrays))
        return ("Layer '%s' expected %d variables, but received %d variables during loading. Expected: %s"
                % (owner.name, len(variables), len(arrays), [v.name for v in variables]))
    for variable, array in zip(variables, arrays):
        if tuple(np.shape(array)) != tuple(variable.shape):
            return str(variable._shape_mismatch('assign', np.shape(array)))
    return None


def _never_built_error(name, count):
    """Keras 3's words for a layer left unbuilt on load whose file entry holds weights (the sublayers of
    a cell with no build() of its own, such as Hands-On ML's LNSimpleRNNCell)."""
    return ("Layer '%s' was never built and thus it doesn't have any variables. However the weights file lists %d "
            "variables for this layer.\nIn most cases, this error indicates that either:\n\n1. The layer is owned "
            "by a parent layer that implements a `build()` method, but calling the parent's `build()` method did NOT "
            "create the state of the child layer '%s'. A `build()` method must create ALL state for the layer, "
            "including the state of any children layers.\n\n2. You need to implement the `def "
            "build_from_config(self, config)` method on layer '%s', to specify how to rebuild it during loading. In "
            "this case, you might also want to implement the method that generates the build config at saving time, "
            "`def get_build_config(self)`. The method `build_from_config()` is meant to create the state of the layer "
            "(i.e. its variables) upon deserialization." % (name, count, name, name))


def read_vars(group, weight_plan, skip=()):
    """The arrays of a ``vars`` group in index order, and their keys (``skip``: named entries
    the layer reads itself)."""
    keys = [k for k in group.keys() if k not in skip]
    if not all(k.isdigit() for k in keys):
        weight_plan.problem('%s holds entries %s; Keras 3 numbers them 0, 1, ...' % (group.name, sorted(keys)))
        return [], []
    keys.sort(key=int)
    return [read_array(group[k]) for k in keys], keys


def _plan_optimizer(root, vars_path, node, model, weight_plan):
    group = root.get(vars_path)
    optimizer = node.obj
    # As Keras 3's load_weights: an optimizer not built yet (no step taken) has only its iterations
    # and learning rate, so a trained optimizer's state is skipped with this warning (load_model
    # builds the optimizer first and so restores it). A file saved without an optimizer (from a
    # model not compiled) has no group: Keras 3's store reads that as 0 entries and warns the same.
    variables = node.variables
    saved_count = 0 if group is None else len(group)
    if saved_count != len(variables):
        warnings.warn("Skipping variable loading for optimizer '%s', because it has %d variables whereas the "
                      'saved optimizer has %d variables. ' % (optimizer.name, len(variables), saved_count))
        # (from this one line, as Keras warns from saving_lib's one call of load_own_variables: Python's
        # default filter shows a message once a process whichever of load_weights / load_model reads it)
        return
    arrays, names = read_vars(group, weight_plan)
    error = _keras_error(optimizer, variables, arrays)      # (the counts agree: the first assign of another shape)
    if error is not None:
        weight_plan.keras_failure(optimizer, error)         # Keras 3 lists the optimizer among the failed objects
    weight_plan.match(node.describe(), variables, arrays, ['%s/%s' % (vars_path, n) for n in names])
