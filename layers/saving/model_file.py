"""``save_model`` / ``load_model``: architecture, weights, compile arguments and optimizer state.

Two containers, chosen by the suffix, both readable by Keras 3's ``load_model``:

- ``.keras``: Keras 3's zip archive (config.json, metadata.json and the
  weights and optimizer state in ``model.weights.h5``, an HDF5 file);
- ``.h5`` / ``.hdf5``: one HDF5 file in the layout Keras writes for
  ``model.save('x.h5')``: root attributes ``model_config`` and
  ``training_config`` (JSON), groups ``model_weights`` and ``optimizer_weights``.

Loading recognises the container from the content. Training resumed from a
model loaded from ``.keras`` continues exactly as if it had not stopped: the
optimizer's iteration count, learning rate and slots are restored with the
weights. From ``.h5`` only the iteration count and learning rate come back,
as in Keras 3.15, whose optimizer then refuses the layers' variables in fit.
"""
import contextlib
import os
import tempfile
import warnings
import zipfile

import h5py
import numpy as np

from . import assets, compile_config, compile_config_restore, keras3_weights, keras_archive, keras_directory, legacy_h5
from framework.atomic_files import ask_to_proceed_with_overwrite, atomic_write, check_overwrite
from framework.keras import absl_warnings
from framework.keras.global_switches import effective_safe_mode, safe_mode_scope
from framework.keras.object_serialization import lambdas_unwarned
from .h5_io import (ArchiveNotFoundError, ArchiveNotZipError, SavedFileError, loading_path, missing_file_message,
                    open_for_reading, read_json_attr, refuse_directory_target, refuse_missing_directory)
from .legacy_config import legacy_model_config, require_known_root, with_keras_axis_rule
from .legacy_function_names import with_functions_resolved
from .. import object_sharing
from ..serialization import legacy_loading, legacy_writing
from .model_config import build_model, lookup_table, serialize_model, to_json
from .weight_plan import WeightPlan
from .weights_file import build_from_first_kernel, keras3_first_shape


# Keras 3's words (saving_api.save_model) on every save to '.h5' / '.hdf5'
LEGACY_SAVE_WARNING = ('You are saving your model as an HDF5 file via `model.save()` or '
                       '`keras.saving.save_model(model)`. This file format is considered legacy. We recommend '
                       "using instead the native Keras format, e.g. `model.save('my_model.keras')` or "
                       "`keras.saving.save_model(model, 'my_model.keras')`. ")


def _check_save_format(filepath, save_format):
    """Keras 3's handling of the TF 2 ``save_format`` argument: a warning where the suffix says the format,
    else its ValueError (``model.save('dir', save_format='tf')`` wrote a SavedModel under TF 2)."""
    if not save_format:
        return
    if str(filepath).endswith(('.h5', '.hdf5', '.keras')):
        absl_warnings.warning('The `save_format` argument is deprecated in Keras 3. We recommend removing this '
                              'argument as it can be inferred from the file path. Received: save_format=%s'
                              % (save_format,))
        return
    raise ValueError('The `save_format` argument is deprecated in Keras 3. Please remove this argument and pass a '
                     'file path with either `.keras` or `.h5` extension.Received: save_format=%s' % (save_format,))


def save_model(model, filepath, overwrite=True, zipped=None, **kwargs):
    """Save ``model`` whole to ``filepath`` ('.keras', '.h5' or '.hdf5').

    Args:
        overwrite: replace an existing file (False asks on stdin, as Keras 3 does; 'n' saves nothing).
        zipped: False writes the archive's members as files of the directory ``filepath`` (which
            must not end in '.keras'), as Keras 3 does; None or True writes the zip archive.
        include_optimizer (keyword): also save the compile arguments and the optimizer's state in
            a .h5 file; Keras 3 ignores it for a .keras archive, which always holds them.
        save_format (keyword): Keras 3 takes it with a '.keras' / '.h5' path (with a warning) and
            refuses it otherwise, as TF 2 tutorials' ``save_format='tf'`` finds.
    Raises:
        ValueError: another suffix, a save_format without one, an unknown keyword argument.
        TypeError: a layer whose config holds something JSON cannot (an object without get_config).
    The write is atomic: the file is either the previous one or the new one.
    """
    include_optimizer = kwargs.pop('include_optimizer', True)
    _check_save_format(filepath, kwargs.pop('save_format', False))
    if kwargs:      # Keras 3's words
        raise ValueError('The following argument(s) are not supported: %s' % list(kwargs))
    # a path-like is read as its text; anything else (None, a number) gets the suffix error, as in Keras
    path = os.fspath(filepath) if isinstance(filepath, (str, os.PathLike)) else filepath
    if str(path).endswith(('.h5', '.hdf5')):
        absl_warnings.warning(LEGACY_SAVE_WARNING)      # Keras warns before it looks at zipped
    if zipped is not None and not zipped:
        _save_unzipped(model, str(path), overwrite)
        return
    if not isinstance(path, str) or not path.endswith(('.keras', '.h5', '.hdf5')):
        # Keras 3.15's words (the SavedModel tutorial's model.save('saved_model/my_model') prints them)
        raise ValueError('Invalid filepath extension for saving. Please add either a `.keras` extension for the '
                         'native Keras format (recommended) or a `.h5` extension. Use `model.export(filepath)` if '
                         'you want to export a SavedModel for use with TFLite/TFServing/etc. Received: '
                         'filepath=%s.' % path)
    if not check_overwrite(path, overwrite):
        return                      # the user answered 'n' to Keras's prompt
    if path.endswith(('.h5', '.hdf5')) and not overwrite and os.path.isfile(path) \
            and not ask_to_proceed_with_overwrite(path):
        return                      # Keras's legacy writer asks a second time
    # Keras's legacy .h5 writer names a lambda '<lambda>' (compile_config.training_config), without the
    # warning its .keras serializer gives for the bytecode (and without catch_warnings, which would make
    # once-per-place warnings show again)
    legacy = not path.endswith('.keras')
    with lambdas_unwarned() if legacy else contextlib.nullcontext(), \
            legacy_writing() if legacy else contextlib.nullcontext():
        config = serialize_model(model, shared_policy_ids=path.endswith('.keras'))   # fails before any file is touched
    # Keras 3.15 reads include_optimizer for .h5 only (saving_api passes it to the legacy writer alone)
    keep_optimizer = include_optimizer or path.endswith('.keras')
    compiled = keep_optimizer and getattr(model, 'compiled', False) and model.optimizer is not None
    # (serialize_model's entry, not a second serialization: a lambda loss warns once, as in Keras)
    compile_cfg = (config.get('compile_config') or None) if compiled and 'compile_config' in config \
        else compile_config.serialize(model) if compiled else None
    if path.endswith('.keras'):
        if not model.built:
            # warned from here, not the user's line: as Keras's (saving_api.py's one line), once a process
            warnings.warn('You are saving a model that has not yet been built. It might not contain any weights '
                          'yet. Consider building the model first by calling it on some data.')
        _write_archive(model, path, config, compiled, compile_cfg)
        return
    lost = assets.layers_with_assets(model)
    if lost:
        warnings.warn('save_model(%s): the .h5 format keeps no assets, so the adapted vocabulary of layer(s) %s '
                      'is not saved (nor does Keras 3 save it there); save as .keras to keep it'
                      % (path, ', '.join(repr(n) for n in lost)), stacklevel=3)
    refuse_directory_target(path)
    # Keras's legacy .h5 writer makes the missing directories (its .keras and .weights.h5 writers do not);
    # a file where the directory goes fails in h5py
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.exists(directory):
        os.makedirs(directory)
    refuse_missing_directory(path)
    with atomic_write(path, create_directories=True) as temporary:
        with h5py.File(temporary, 'w') as f:
            f.attrs['backend'] = legacy_h5.BACKEND
            f.attrs['keras_version'] = legacy_h5.KERAS_VERSION
            # Keras writes the two JSON documents as bytes, which HDF5 stores as ASCII strings (UTF-8: str)
            f.attrs['model_config'] = to_json(legacy_model_config(config, model)).encode('utf8')
            if compile_cfg is not None:
                f.attrs['training_config'] = to_json(
                    compile_config.training_config(compile_cfg, model.optimizer)).encode('utf8')
            legacy_h5.write(f.create_group('model_weights'), model)
            if compiled:
                legacy_h5.write_optimizer(f, model.optimizer)
    if compiled:
        compile_config.forget_optimizer_argument(model)


def _write_archive(model, path, config, compiled, compile_cfg):
    if 'compile_config' in config:
        config['compile_config'] = _archive_compile_config(model, compiled, compile_cfg)
    keras_archive.write(path, to_json(config), legacy_h5.KERAS_VERSION,
                        lambda f: keras3_weights.write(f, model, include_optimizer=compiled),
                        assets=lambda: assets.collect(model))


def archive_bytes(model):
    """``model``'s .keras archive as bytes, as Keras 3's ``saving_lib._save_model_to_fileobj`` writes it for
    pickle (no unbuilt-model warning: that is saving_api's)."""
    config = serialize_model(model, shared_policy_ids=True)
    compiled = getattr(model, 'compiled', False) and model.optimizer is not None
    compile_cfg = (config.get('compile_config') or None) if compiled and 'compile_config' in config \
        else compile_config.serialize(model) if compiled else None
    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, 'model.keras')
        _write_archive(model, path, config, compiled, compile_cfg)
        with open(path, 'rb') as f:
            return f.read()


def _save_unzipped(model, path, overwrite):
    """Keras 3's ``zipped=False``: the archive's members as files of the directory ``path``."""
    if path.endswith('.keras'):
        raise ValueError('When using `zipped=False`, the `filepath` argument should not end in `.keras`. '
                         'Received: filepath=%s' % path)      # Keras 3's words
    if not check_overwrite(path, overwrite):
        return                      # the user answered 'n' to Keras's prompt
    config = serialize_model(model, shared_policy_ids=True)
    if not model.built:         # (once a process, apart from the .keras one, as Keras's)
        warnings.warn('You are saving a model that has not yet been built. It might not contain any weights '
                      'yet. Consider building the model first by calling it on some data.')
    compiled = getattr(model, 'compiled', False) and model.optimizer is not None    # (include_optimizer: .h5 only)
    if 'compile_config' in config:
        config['compile_config'] = config['compile_config'] if compiled else {}
    keras_directory.write(path, to_json(config), legacy_h5.KERAS_VERSION,
                          lambda f: keras3_weights.write(f, model, include_optimizer=compiled),
                          assets=lambda: assets.collect(model), asset_directories=assets.directories(model))


def load_model(filepath, custom_objects=None, compile=True, safe_mode=True):
    """A model saved by ``save_model`` here, or by Keras 3 (.keras, .h5) or Keras 2 (.h5).

    Args:
        custom_objects: {name: class or function} for classes the file names that are
            neither built in nor registered with ``register_serializable``.
        compile: compile with the saved arguments and restore the optimizer's state.
        safe_mode: False lets a Lambda layer's Python lambda (its bytecode in the
            file) be run, as in Keras 3; otherwise such a file is refused.
    Raises:
        SavedFileError (a ValueError): not a model file, truncated, an unknown class
            (saying how to register it) or a Lambda layer; an HDF5 file that does not
            open is also an OSError, as h5py's error is on TensorFlow.
        WeightsMismatchError: the weights do not fit the architecture.
        SavedFileNotFoundError (a FileNotFoundError and ValueError): no such file.
    """
    path = loading_path(filepath)
    table = lookup_table(custom_objects)
    # Keras 3's dispatch, by the name first: a zip named .keras (or an unzipped archive's directory) is an
    # archive, a .h5 / .hdf5 name is HDF5 whatever it holds, and any other name is refused
    if (path.endswith('.keras') and os.path.isfile(path) and zipfile.is_zipfile(path)) \
            or keras_directory.is_unzipped_archive(path):
        with safe_mode_scope(effective_safe_mode(safe_mode)):
            return _load_archive(path, table, compile)
    if path.endswith(('.h5', '.hdf5')):
        with safe_mode_scope(safe_mode):       # Keras's legacy loader: the argument, whatever the global switch
            return _load_h5(path, lookup_table(custom_objects, legacy_h5=True), compile, custom_objects)
    if path.endswith('.keras'):
        if not os.path.exists(path):
            raise ArchiveNotFoundError(missing_file_message(path))          # Keras 3: a ValueError
        error = ArchiveNotZipError('File not found: filepath=%s. Please ensure the file is an accessible `.keras` '
                                   'zip file.' % path)        # Keras 3's words for a .keras name that is no zip
        error.add_note('%s is not a .keras archive (not a zip file: truncated, damaged, a directory, or an HDF5 '
                       'file misnamed .keras)' % path)
        raise error
    # Keras 3.15's words and class (a plain ValueError: programs print its name), its TFSMLayer advice
    # included (tapeflow has that layer)
    error = ValueError('File format not supported: filepath=%s. Keras 3 only supports V3 `.keras` files, '
                           'legacy H5 format files (`.h5` extension). Note that the legacy SavedModel format is not '
                           'supported by `load_model()` in Keras 3. In order to reload a TensorFlow SavedModel as an '
                           "inference-only layer in Keras 3, use `keras.layers.TFSMLayer(%s, call_endpoint="
                           "'serving_default')` (note that your `call_endpoint` might have a different name)."
                           % (path, path))
    error.add_note('or reload the SavedModel written by `model.export()` or `tf.saved_model.save()` with '
                   '`tf.saved_model.load(%s)`' % path)
    raise error


def _load_archive(path, table, compile):
    config = keras_archive.read_config(path)
    if not compile:     # as Keras's loader: a failed deserialization's text then shows 'compile_config': None
        config['compile_config'] = None
    with object_sharing.reviving():     # Keras's ObjectSharingScope: a regularizer shared by layers stays one
        model = build_model(config, table, path)
        compile_cfg = config.get('compile_config')
        if compile and compile_cfg:
            _compile_from_config(model, compile_cfg, table, path)
    with keras_archive.open_archive_weights(path, loading_model=True) as f:
        first_shape = None if model.built else keras3_first_shape(model, f)
        if first_shape is not None:       # (a model saved unbuilt has no weights to read: it stays unbuilt, as in Keras)
            build_from_first_kernel(model, first_shape, path)
        weight_plan = WeightPlan(path)
        keras3_weights.plan(f, model, weight_plan)
    weight_plan.apply()
    assets.restore(model, keras_archive.read_assets(path), path)
    return model


def _load_h5(path, table, compile, custom_objects=None):
    with open_for_reading(path) as f:
        model_config = read_json_attr(f, 'model_config', path)
        if model_config is None:
            error = SavedFileError('No model config found in the file at %s.' % path)      # Keras 3's words
            error.add_note('A weights-only file? Load it with model.load_weights() into a model built in code.')
            raise error
        require_known_root(model_config, custom_objects)
        with legacy_loading():
            model = build_model(with_keras_axis_rule(with_functions_resolved(model_config, custom_objects)), table, path)
        legacy_h5.require_model_weights(f, path)
        root = legacy_h5.weights_root(f)
        # Keras 3 loads the weights into the model as its config leaves it: a subclassed model (whose .h5
        # config holds no build config) is unbuilt, and TF 2.21 refuses its weights ('Layer count mismatch
        # ... Model expected 0 layers, found 1 saved layers.')
        weight_plan = WeightPlan(path)
        legacy_h5.plan(root, model, weight_plan)
        weight_plan.check()         # Keras 3 loads the weights before it compiles: a mismatch comes before its warnings
        training = read_json_attr(f, 'training_config', path)
        if compile and training is None:
            absl_warnings.warning('No training configuration found in the save file, so the model was *not* '
                                  'compiled. Compile it manually.')
        if compile and training:
            training['optimizer_config']        # Keras 3 reads it first: its KeyError where it is missing
            arguments = compile_config_restore.compile_arguments(training, table, path)
            saved = legacy_h5.read_optimizer(f)
            if saved is None:
                _compile(model, arguments)
            else:
                # Keras 3.15 builds the optimizer for the model's own variables only (Layer._trainable_variables:
                # none for a Sequential or functional model), so the saved slots find no variable, and fit
                # then refuses the layers' variables ('Unknown variable: ...'); so here too
                model.compile(**arguments)
                model.optimizer.build(list(model._trainable_created))
            # Keras 3 then tries Keras 2's compiled_loss / compiled_metrics, which no longer exist, and says so
            absl_warnings.warning('Compiled the loaded model, but the compiled metrics have yet to be built. '
                                  '`model.compile_metrics` will be empty until you train or evaluate the model.')
            if saved is not None:
                _plan_legacy_optimizer(model.optimizer, saved, weight_plan)
    weight_plan.apply()
    return model


def _compile(model, arguments):
    model.compile(**arguments)
    if model.built:
        model.optimizer.build(model.trainable_variables)


def _archive_compile_config(model, compiled, compile_cfg):
    """The compile_config a .keras file holds. A model class with its own ``get_compile_config``
    (the customizing-saving guide's) has what that returns, values serialized, as Keras 3 writes it."""
    from ..training.trainer import Trainer
    if compiled and type(model).get_compile_config is not Trainer.get_compile_config:
        from framework.keras.object_serialization import serialize_keras_object
        return serialize_keras_object(model.get_compile_config()) or {}
    return compile_cfg or {}


def _compile_from_config(model, compile_cfg, table, path):
    """Compile a loaded model as Keras 3's load does: through the class's own ``compile_from_config``
    (inside the custom objects' scope) when it has one; not at all, warning, when only ``compile`` is
    its own (its signature is unknown); else with the saved arguments."""
    from ..training.trainer import Trainer
    cls = type(model)
    if cls.compile_from_config is not Trainer.compile_from_config:
        from .registry import custom_object_scope
        with custom_object_scope(table):
            model.compile_from_config(compile_cfg)
        return
    if cls.compile is not Trainer.compile:
        model.compile_from_config(compile_cfg)      # warns (from here, once a process, as Keras's load) and returns
        return
    _compile(model, compile_config_restore.compile_arguments(compile_cfg, table, path))


def _plan_legacy_optimizer(optimizer, saved, weight_plan):
    """The saved optimizer state, as Keras 3's legacy loader restores it (``optimizer.set_weights``):
    variables and saved arrays paired in order, as far as both go (a tf.keras 2 SGD file's lone
    iteration count fills Keras 3's 'iteration' and nothing more, silently); at the first pair whose
    shapes differ it stops, keeping the pairs before it, and warns that the state was not loaded."""
    names, arrays = saved
    # set_weights pairs the optimizer's own variables: a LossScaleOptimizer's iteration, learning rate,
    # step counter and scale, not its inner optimizer's (whose iteration then stays 0, as in TF 2.21)
    slots = getattr(optimizer, '_slots', None)
    own = list(slots.variables) if slots is not None else list(optimizer.variables)
    paired = list(zip(own, arrays))
    fitting = next((i for i, (variable, array) in enumerate(paired)
                    if tuple(variable.shape) != tuple(np.shape(array))), len(paired))
    weight_plan.match("optimizer '%s'" % optimizer.name, [v for v, _ in paired[:fitting]],
                      [a for _, a in paired[:fitting]], names[:fitting])
    if fitting < len(paired):
        absl_warnings.warning('Error in loading the saved optimizer state. As a result, your model is starting '
                              'with a freshly initialized optimizer.')
