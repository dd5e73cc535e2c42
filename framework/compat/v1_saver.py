"""``tf.compat.v1.train.Saver`` as TF 2.21 runs it eagerly: name-based checkpoints of a var_list.

The checkpoint-migration guides save and restore TF 1 checkpoints from eager code with
``tf1.train.Saver(var_list=[a, b, c]).save(sess=None, save_path=...)`` / ``.restore(sess=None, ...)``.
Keys are the variables' names (or the var_list dict's keys), the files TensorFlow's own ('<prefix>.index',
'<prefix>.data-00000-of-00001' and the directory's 'checkpoint' state file; no '.meta' graph eagerly),
so either side reads the other's. Graph-mode use (a Session, var_list=None) is refused as TF refuses it
eagerly.
"""
import json
import os

import numpy as np

from .. import backend
from ..atomic_files import atomic_write
from ..tf_logging import logger
from ..train import checkpoint_file, checkpoint_state

_DEPRECATED = ('Saver is deprecated, please switch to tf.train.Checkpoint or tf.keras.Model.save_weights for '
               'training checkpoints. When executing eagerly variables do not necessarily have unique names, and '
               'so the variable.name-based lookups Saver performs are error-prone.')


def _saved_name(variable):
    name = variable.name        # (TF reads it too: a non-variable is Python's AttributeError)
    return name[:-2] if name.endswith(':0') else name


class Saver:
    """Saves and restores variables by name (TF 1's checkpoints), eagerly.

    Raises:
        RuntimeError: no ``var_list`` (TF's eager refusal: there are no global collections).
    """

    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False, saver_def=None,
                 builder=None, defer_build=False, allow_empty=False, write_version=2, pad_step_number=False,
                 save_relative_paths=False, filename=None):
        logger().warning(_DEPRECATED)
        if var_list is None:
            raise RuntimeError('When eager execution is enabled, `var_list` must specify a list or dict of variables '
                               'to save')
        self._var_list = var_list
        self._max_to_keep = max_to_keep
        self._pad_step_number = pad_step_number
        self._last_checkpoints = []

    def _named(self):
        """[(checkpoint key, variable)], each key once; names are read at each use, as TF builds its ops
        when used.

        Raises:
            ValueError: a variable under two dict keys, or two variables of one name (TF's texts).
        """
        named, seen = {}, {}
        if isinstance(self._var_list, dict):
            for key, variable in self._var_list.items():
                if id(variable) in seen:
                    raise ValueError('The same saveable will be restored with two names: %s' % key)
                seen[id(variable)] = key
                named[key] = variable
            return list(named.items())
        for variable in self._var_list:
            key = _saved_name(variable)
            if key in named and named[key] is not variable:
                raise ValueError("Two different ResourceVariable objects with the same shared_name '%s' were passed "
                                 'to the Saver. This likely means that they were created in different Graphs or '
                                 'isolated contexts, and may not be checkpointed together.' % key)
            named[key] = variable
        return list(named.items())

    @property
    def last_checkpoints(self):
        """The prefixes of the checkpoints still kept, oldest first."""
        return list(self._last_checkpoints)

    def save(self, sess, save_path, global_step=None, latest_filename=None, meta_graph_suffix='meta',
             write_meta_graph=True, write_state=True, strip_default_attrs=False, save_debug_info=False):
        """Write the variables under ``save_path`` ('-<global_step>' appended when given); returns the prefix."""
        prefix = os.fspath(save_path)
        if global_step is not None:
            step = int(np.asarray(backend.to_host(getattr(global_step, '_data', global_step))))
            prefix = '%s-%08d' % (prefix, step) if self._pad_step_number else '%s-%d' % (prefix, step)
        tensors = [(key, np.asarray(backend.to_host(v._data))) for key, v in sorted(self._named(), key=lambda kv: kv[0])]
        checkpoint_file.write_bundle(prefix, tensors, absl_logs=False)
        if write_state:
            self._record(prefix)
            _write_state(os.path.dirname(prefix), prefix, self._last_checkpoints, latest_filename)
        return prefix

    def _record(self, prefix):
        if prefix in self._last_checkpoints:
            self._last_checkpoints.remove(prefix)
        self._last_checkpoints.append(prefix)
        while self._max_to_keep and len(self._last_checkpoints) > self._max_to_keep:
            stale = self._last_checkpoints.pop(0)
            for path in (stale + checkpoint_file.INDEX_SUFFIX, stale + checkpoint_file.DATA_SUFFIX):
                if os.path.exists(path):
                    os.remove(path)

    def restore(self, sess, save_path):
        """Assign each variable its saved value.

        Raises:
            ValueError: no ``save_path``, no checkpoint there, or a saved shape that differs (TF's texts).
            NotFoundError: a name the checkpoint lacks (TF's RestoreV2 error).
        """
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        prefix = os.fspath(save_path)
        if not checkpoint_file.exists(prefix):
            raise ValueError('The passed save_path is not a valid checkpoint: ' + prefix)
        reader = checkpoint_file.CheckpointReader(prefix)
        named = self._named()
        for key, _ in named:
            if not reader.has_tensor(key):
                from ..errors import NotFoundError
                raise NotFoundError(None, None, (
                    'Restoring from checkpoint failed. This is most likely due to a Variable name or other graph key '
                    'that is missing from the checkpoint. Please ensure that you have not altered the graph expected '
                    'based on the checkpoint. Original error:\n\n{{function_node __wrapped__RestoreV2_dtypes_%d_device_'
                    '/job:localhost/replica:0/task:0/device:CPU:0}} Key %s not found in checkpoint [Op:RestoreV2]'
                    % (len(named), key)))
        for key, variable in named:
            value = np.asarray(reader.get_tensor(key))
            if tuple(value.shape) != tuple(variable.shape):
                raise ValueError('Received incompatible tensor with shape %s when attempting to restore variable with '
                                 'shape %s and name %s.' % (value.shape, tuple(variable.shape), key))
            variable.assign(value)


def _write_state(directory, prefix, kept, latest_filename):
    """The 'checkpoint' file as TF's Saver writes it: relative paths made relative to a relative
    save directory, absolute ones kept."""
    def shown(path):
        return path if os.path.isabs(directory) or os.path.isabs(path) else os.path.relpath(path, directory)
    lines = ['model_checkpoint_path: %s' % json.dumps(shown(prefix))]
    lines += ['all_model_checkpoint_paths: %s' % json.dumps(shown(p)) for p in kept]
    path = os.path.join(directory, latest_filename or checkpoint_state.STATE_FILENAME)
    with atomic_write(path) as temporary:
        with open(temporary, 'w') as f:
            f.write('\n'.join(lines) + '\n')
