"""``save_weights`` and ``load_weights``: the model's weights in an HDF5 file.

Writes Keras 3's ``.weights.h5`` layout (see ``keras3_weights``). Reads that
layout, the weights inside a ``.keras`` archive, and Keras 2's ``.h5``
layouts (``layer_names`` at the root, or under ``model_weights`` in a
full-model file; see ``legacy_h5``). As in Keras 3 the suffix picks the
reader ('.keras', '.weights.json', else an HDF5 file: '.h5' / '.hdf5');
an '.h5' file's layout is recognised from its content.
"""
import contextlib
import os
import warnings

import h5py

from ..dense import Dense
from . import keras3_weights, legacy_h5, sharded_weights
from framework.atomic_files import atomic_write, check_overwrite
from .h5_io import (SavedFileError, loading_path, refuse_missing_directory, open_for_reading, read_array,
                    refuse_directory_target)
from .keras_archive import open_archive_weights
from .keras_tree import saveables
from .model_config import build_for_shape
from .weight_plan import WeightPlan, loading_failure


def save_weights(model, filepath, overwrite=True, max_shard_size=None):
    """Write ``model``'s weights, and its optimizer's state once compiled, to ``filepath``.

    Args:
        filepath: must end in '.weights.h5' (as Keras 3 requires), or, sharded, in 'weights.json'
            or 'weights.h5' (the map is then written as '.weights.json').
        overwrite: replace an existing file (False asks on stdin, as Keras 3 does; 'n' saves nothing).
        max_shard_size: the largest shard in GB: Keras 3's sharded files (see ``sharded_weights``).
    Raises:
        ValueError: another suffix, or a model not built yet (a subclassed model whose train_step
            only called its sublayers), as Keras 3 refuses it; a value larger than a shard.
    The write is atomic: the file is either the previous one or the new one.
    """
    # a path-like is read as its text; anything else (None, a number) gets the suffix error, as in Keras
    path = os.fspath(filepath) if isinstance(filepath, (str, os.PathLike)) else filepath
    if max_shard_size is None and (not isinstance(path, str) or not path.endswith('.weights.h5')):
        raise ValueError('The filename must end in `.weights.h5`. Received: filepath=%s' % path)
    if max_shard_size is not None and (not isinstance(path, str) or not path.endswith(('weights.h5', 'weights.json'))):
        raise ValueError('The filename must end in `.weights.json` when `max_shard_size` is specified. Received: '
                         'filepath=%s' % path)
    if not check_overwrite(path, overwrite):
        return                      # the user answered 'n' to Keras's prompt
    if not model.built:
        raise ValueError('You are saving a model that has not yet been built. Try building the model first by '
                         'calling it on some data or by using `build()`.')
    if max_shard_size is not None:
        sharded_weights.save_sharded(model, path, max_shard_size)
        return
    refuse_missing_directory(path)
    refuse_directory_target(path)
    with atomic_write(path, create_directories=False) as temporary:
        with h5py.File(temporary, 'w') as f:
            keras3_weights.write(f, model)


def load_weights(model, filepath, skip_mismatch=False, by_name=None):
    """Load weights saved by ``save_weights`` / ``save`` here, by Keras 3, or by Keras 2.

    Args:
        filepath: a '.weights.h5', '.h5' / '.hdf5' or '.keras' file.
        skip_mismatch: skip (with a warning) the layers whose weights do not fit,
            instead of raising.
        by_name: for Keras 2 layouts only: match layers by name, skipping those
            absent from the file. Given at all (False too) with a '.keras', '.weights.h5' or
            '.weights.json' file, it is Keras 3's ValueError.
    Raises:
        WeightsMismatchError (a ValueError): the file does not fit the model; every
            missing, unexpected and wrongly shaped weight is listed and no weight
            is changed.
        SavedFileError (a ValueError): not an HDF5 file (also an OSError, as h5py's error
            is on TensorFlow), truncated, or a .keras file that is no zip (also a
            zipfile.BadZipFile). The reader is Keras 3's for the suffix ('.weights.h5': its own
            layout; '.h5' / '.hdf5': the legacy one), so a file in the other layout, or with no
            weights, fails as there (a note says what the file holds).
        SavedFileNotFoundError (a FileNotFoundError and ValueError): no such file.
        ValueError: an unbuilt model (Keras 3's texts: 'You are loading weights into a model that has not
            yet been built...', for a legacy .h5 its 'Layer count mismatch'); a legacy .h5 file with another
            number of layers, or a layer with another number of weights (Keras 3's texts).
    """
    path = loading_path(filepath)
    if path.endswith('.keras'):
        if by_name is not None:
            raise ValueError("`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: %s" % path)
        _refuse_unbuilt(model, path)
        with open_archive_weights(path) as f:
            _load_keras3(model, f, path, skip_mismatch)
        return
    if path.endswith('.weights.h5') and by_name is not None:       # Keras 3 asks before opening the file
        raise ValueError("`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: %s" % path)
    if path.endswith('.weights.h5'):
        _refuse_unbuilt(model, path)
    if path.endswith('.weights.json'):       # Keras 3's sharded weights: the map of the shards
        if by_name is not None:
            raise ValueError("`by_name` only supports loading legacy '.h5' or '.hdf5' files. Received: %s" % path)
        _refuse_unbuilt(model, path)
        with sharded_weights.open_sharded(path) as f:
            _load_keras3(model, f, path, skip_mismatch)
        return
    if not path.endswith(('.h5', '.hdf5')):
        # Keras 3 picks the reader by the suffix alone (TF 2's 'training_1/cp.ckpt' prefixes, files or not)
        raise ValueError('File format not supported: filepath=%s. Keras 3 only supports V3 `.keras` files, '
                         '`.weights.h5` files, legacy H5 format files (`.h5` extension), or Orbax checkpoints.' % path)
    # Keras 3 picks the reader by the suffix, not by what the file holds: '.weights.h5' its own layout,
    # any other '.h5' / '.hdf5' the legacy one (a file in the other layout then finds no layers)
    with open_for_reading(path) as f, _layout_noted(f, path):
        if path.endswith('.weights.h5'):
            _load_keras3(model, f, path, skip_mismatch)
        else:
            _load_legacy(model, f, path, skip_mismatch, bool(by_name))


@contextlib.contextmanager
def _layout_noted(f, path):
    """Say, on a failed load, when the file holds the other reader's layout or no weights at all."""
    try:
        yield
    except ValueError as error:
        legacy, keras3 = legacy_h5.is_legacy_layout(f), keras3_weights.is_keras3_layout(f)
        if path.endswith('.weights.h5') and legacy and not keras3:
            error.add_note("%s holds a legacy .h5 layout ('layer_names'), which Keras 3 reads only from a file "
                           "named '.h5' (not '.weights.h5'): rename it" % path)
        elif not path.endswith('.weights.h5') and keras3 and not legacy:
            error.add_note("%s holds Keras 3's .weights.h5 layout ('layers' / 'vars' groups), which Keras 3 reads "
                           "only from a file named '.weights.h5': rename it" % path)
        elif not legacy and not keras3:
            error.add_note('%s is an HDF5 file but holds no model weights (no `layer_names` attribute, '
                           "`model_weights` group, or Keras 3 'layers'/'vars' groups); top-level keys: %s"
                           % (path, sorted(f.keys())))
        raise


def _refuse_unbuilt(model, path):
    # Keras 3 asks before it opens the file: an unbuilt model and a missing or broken file get this text
    if not model.built:
        error = ValueError('You are loading weights into a model that has not yet been built. Try building the '
                           'model first by calling it on some data or by using `build()`.')      # Keras 3's words
        error.add_note('load_weights(%r) needs the model to have its weights: call it on a batch or '
                       'model.build(input_shape) first (load_model builds the model from the file).' % path)
        raise error


def _load_keras3(model, f, path, skip_mismatch):
    _refuse_unbuilt(model, path)
    weight_plan = WeightPlan(path, skip_mismatch)
    keras3_weights.plan(f, model, weight_plan)
    _apply(weight_plan)


def _load_legacy(model, f, path, skip_mismatch, by_name):
    root = legacy_h5.weights_root(f)
    weight_plan = WeightPlan(path, skip_mismatch)       # an unbuilt model: Keras's 'Layer count mismatch'
    legacy_h5.plan(root, model, weight_plan, by_name=by_name)
    _apply(weight_plan)


def _apply(weight_plan):
    skipped = weight_plan.apply()
    for text in weight_plan.keras_skipped:        # a legacy .h5 file's, one warning per weight as Keras 3
        warnings.warn(text, stacklevel=3)
    if skipped and weight_plan.keras_failures:      # Keras 3's .weights.h5 loader warns its error's words
        warnings.warn(str(loading_failure(weight_plan.keras_failures)))     # from one line, as saving_lib's
    elif skipped:
        warnings.warn('Skipped loading %d weight(s) from %s that do not fit the model:\n%s'
                      % (len(skipped), weight_plan.path, '\n'.join('  - %s' % s for s in skipped)), stacklevel=3)


def keras3_first_shape(model, f):
    layers = list(getattr(model, 'layers', []))
    if not layers:
        return None
    for node in saveables(model, include_optimizer=False):
        if node.obj is layers[0]:
            dataset = f.get(node.path + '/vars/0')
            return None if dataset is None else tuple(read_array(dataset).shape)
    return None


def build_from_first_kernel(model, kernel_shape, path):
    """Build an unbuilt model whose first layer is Dense from its saved kernel's shape (input_dim, units)."""
    layers = list(getattr(model, 'layers', []))
    if layers and isinstance(layers[0], Dense) and kernel_shape is not None and len(kernel_shape) == 2:
        build_for_shape(model, (None, kernel_shape[0]))
        return
    raise ValueError('You are loading weights (%s) into a model that has not yet been built, and its input '
                     'shape cannot be read from the file (only a first Dense layer gives it). Build the '
                     'model first by calling it on some data or with model.build(input_shape).' % path)
