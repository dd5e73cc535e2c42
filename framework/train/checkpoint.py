"""``tf.train.Checkpoint``: save and restore the variables of a graph of objects.

Checkpoints are written in TensorFlow's format, keyed as TensorFlow 2.21 with
Keras 3 keys them (``trackable_view``), with the object graph TensorFlow's
restore walks; so TensorFlow restores them, and tapeflow restores TensorFlow's
(``graph_restore``: values for objects not built yet wait until they build).
Objects are matched by their path from the checkpoint, never by variable
names, so a freshly built program restores the state of another run of the
same program. Checkpoints in tapeflow's earlier own format restore by their
keys (``object_graph``), an unbuilt Keras model built first from the input
shape saved with them.
"""
import json
import os

import numpy as np

from ..errors import NotFoundError
from ..variable import Variable
from . import checkpoint_file, checkpoint_state, deferred_restore, tracked_containers, trackable_proto
from .checkpoint_options import CheckpointOptions, checked
from .format_errors import CheckpointDataLossError
from .graph_restore import GraphRestore
from .object_graph import SLOT_MARK, SUFFIX, ObjectGraph, is_trackable, layer_class
from .restore_checks import check_restorable
from .restore_status import CheckpointLoadStatus, InitializationOnlyStatus, KeyedLoadStatus, NameBasedSaverStatus
from .trackable_view import TrackableGraph
from ..keras_repr import default_repr


def _not_trackable(name, value):
    error = ValueError('`Checkpoint` was expecting %s to be a trackable object (an object derived from '
                       '`Trackable`), got %r. If you believe this object should be trackable (i.e. it is part of '
                       'the TensorFlow Python API and manages state), please open an issue.' % (name, value))
    error.add_note('Pass variables, tf.Module objects, Keras layers, models or optimizers, or other Checkpoints.')
    return error      # TensorFlow 2.21's words; what to pass instead in a note


def _as_shape(value):
    """A JSON build shape back as Keras gives it: tuples of ints and None, lists of those."""
    if isinstance(value, list) and all(v is None or isinstance(v, int) for v in value):
        return tuple(value)
    return [_as_shape(v) for v in value] if isinstance(value, list) else value


_OWN_ATTRIBUTES = frozenset({'_tracked', '_root', '_save_counter', '_kwargs', '_async_copy', '_async_options'})


def _is_async(options):
    return options.enable_async or options.experimental_enable_async_checkpoint


class Checkpoint:
    """Groups trackable objects (``tf.train.Checkpoint(model=model, optimizer=opt)``) to save and restore.

    Args:
        root: an object whose children are saved at the checkpoint's top level.
        **kwargs: objects saved under their keyword: variables, modules, Keras layers, models,
            optimizers, other Checkpoints.
    Raises:
        ValueError: a value that holds no variables.
    """
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, root=None, **kwargs):
        object.__setattr__(self, '_tracked', {})
        object.__setattr__(self, '_root', None)
        object.__setattr__(self, '_save_counter', None)
        # what TF's async saves checkpoint (AsyncCheckpointHelper: a Checkpoint of the constructor's objects)
        object.__setattr__(self, '_kwargs', dict(kwargs))
        object.__setattr__(self, '_async_copy', None)
        object.__setattr__(self, '_async_options', None)
        if root is not None:
            if not is_trackable(root):
                raise _not_trackable('root', root)
            object.__setattr__(self, '_root', root)
        for name, value in sorted(kwargs.items()):
            if not _can_track(tracked_containers.wrapped(value)):
                raise _not_trackable(name, value)       # TF refuses them here only
            setattr(self, name, value)

    def __setattr__(self, name, value):
        # TF's Checkpoint tracks every attribute that holds state, '_b' or '_model' as 'b' (kwargs too);
        # only its own bookkeeping stays out of the saved graph
        if name in _OWN_ATTRIBUTES or name.startswith('__'):
            object.__setattr__(self, name, value)
            return
        value = tracked_containers.wrapped(value)
        if not _can_track(value):       # as TF: a plain attribute (c.x = 3), not saved
            self._tracked.pop(name, None)
            object.__setattr__(self, name, value)
            return
        self._tracked[name] = value
        # a restore waiting for an object of this name, before the attribute is set: as TF's tracking,
        # a refused value (another shape or dtype) raises with the object tracked but not assigned
        deferred_restore.after_build(self)
        object.__setattr__(self, name, value)

    def _checkpoint_children(self):
        children = [('', self._root)] if self._root is not None else []
        children += sorted(self._tracked.items())
        if self._save_counter is not None:
            children.append(('save_counter', self._save_counter))
        return children

    @property
    def save_counter(self):
        """How many times ``save`` has run (an int64 Variable, restored with the checkpoint)."""
        if self._save_counter is None:
            from .. import dtypes
            self._save_counter = Variable(0, dtype=dtypes.int64, trainable=False, name='save_counter')
            # a read() that found a saved count waits for it: TF restores it as it is made
            deferred_restore.after_build(self)
        return self._save_counter

    # ---- saving ----------------------------------------------------------------
    def write(self, file_prefix, options=None):
        """Write the checkpoint at exactly ``file_prefix`` (no numbering, no 'checkpoint' file)."""
        options = checked(options, 'Checkpoint.write')
        if _is_async(options):
            return self._async_checkpointer(options)._write_now(file_prefix, options)
        return self._write_now(file_prefix, options)

    def _write_now(self, file_prefix, options):
        # TF makes the directory before it gathers the values: a refused value (an iterator's
        # SerializeIterator error) leaves it there, empty
        if isinstance(file_prefix, (str, os.PathLike)):
            try:
                os.makedirs(os.path.dirname(os.path.abspath(file_prefix)), exist_ok=True)
            except OSError:     # (a file in the way: the bundle's write below raises TF's error for it)
                pass
        graph = TrackableGraph(self)
        tensors = list(graph.values.items())
        tensors.append((trackable_proto.GRAPH_KEY, np.array(trackable_proto.encode(graph), dtype=object)))
        path = checkpoint_file.write_bundle(_prefix_text(file_prefix), tensors)
        options.run_write_callbacks(path)
        return path

    def sync(self):
        """Wait for pending asynchronous saves: tapeflow saves synchronously, so none are pending."""

    def save(self, file_prefix, options=None):
        """Write '<file_prefix>-<n>' (n = the incremented ``save_counter``) and name it the
        directory's latest checkpoint. Returns the path."""
        options = checked(options, 'Checkpoint.save')
        if _is_async(options):
            return self._async_checkpointer(options)._save_now(file_prefix, options)
        return self._save_now(file_prefix, options)

    def _save_now(self, file_prefix, options):
        self.save_counter.assign_add(1)
        prefix = os.fspath(file_prefix) if isinstance(file_prefix, os.PathLike) else file_prefix   # TF formats any
        path = self._write_now('%s-%d' % (prefix, int(self.save_counter.numpy())), options)
        directory = os.path.dirname(os.path.abspath(path))
        checkpoint_state.write_state(directory, checkpoint_state.CheckpointState(path, [path]))
        return path

    # ---- restoring -------------------------------------------------------------
    def restore(self, save_path, options=None):
        """Load the checkpoint at ``save_path`` (a prefix that ``save`` returned) into the objects.

        Returns a status: ``assert_consumed()``, ``assert_existing_objects_matched()``,
        ``assert_nontrivial_match()``, ``expect_partial()``.
        Raises:
            NotFoundError: no checkpoint at ``save_path``.
            ValueError: a saved value whose shape differs from its variable's.
            InvalidArgumentError: a saved value whose dtype differs from its variable's.
        """
        options = checked(options, 'Checkpoint.restore')
        if self._async_checkpointer_for(options) is not None:
            return self._async_copy.restore(save_path, CheckpointOptions())
        status = self._load(save_path, options, explain_missing=True)
        # TF's restore (unlike read) then makes the save counter: one the checkpoint did not hold (a
        # checkpoint from write) is a variable its status finds unmatched, as in TF
        self.save_counter
        return status

    def read(self, save_path, options=None):
        """As ``restore``, for a checkpoint written by ``write``; a missing one raises the reader's
        NotFoundError alone, as TensorFlow's ``read`` does (``restore`` adds its advice)."""
        options = checked(options, 'Checkpoint.read')
        if self._async_checkpointer_for(options) is not None:
            return self._async_copy.read(save_path, CheckpointOptions())
        return self._load(save_path, options, explain_missing=False)

    def _async_checkpointer(self, options):
        """The Checkpoint TF 2.21's async saves go through (its AsyncCheckpointHelper's): one of the objects
        given to the constructor (attributes set later are not in it), with a save counter of its own, so
        async saves number their files by it and ``save_counter`` here stays as it was. Once one ran (or
        the options ask for it), read and restore go through it too, as TF's do."""
        object.__setattr__(self, '_async_options', options)
        if self._async_copy is None:
            object.__setattr__(self, '_async_copy', Checkpoint(root=self._root, **self._kwargs))
        return self._async_copy

    def _async_checkpointer_for(self, options):
        if _is_async(options):
            object.__setattr__(self, '_async_options', options)
        return self._async_checkpointer(options) if self._async_options is not None else None

    def _load(self, save_path, options, explain_missing):
        if save_path is None:
            return InitializationOnlyStatus()
        path = os.fspath(save_path)
        if os.path.isdir(path):     # TensorFlow 2.21 tries to read the directory as the index file
            error = CheckpointDataLossError(
                None, None, 'Unable to open table file %s: FAILED_PRECONDITION: %s; Is a directory: perhaps your '
                'file is in a different file format and you need to use a different restore operator?' % (path, path))
            error.add_note('Checkpoint.restore takes a checkpoint prefix, e.g. tf.train.latest_checkpoint(%r).' % path)
            raise error
        try:
            reader = checkpoint_file.CheckpointReader(path)
        except NotFoundError as missing:
            if not explain_missing:
                raise
            error = NotFoundError(None, None, 'Error when restoring from checkpoint or SavedModel at %s: %s\nPlease '
                                  'double-check that the path is correct. You may be missing the checkpoint suffix '
                                  "(e.g. the '-1' in 'path/to/ckpt-1')." % (path, missing))
            error.__notes__ = list(getattr(missing, '__notes__', []))
            raise error from None
        if reader.is_tensor_bundle:
            return self._restore_tensor_bundle(reader, path)
        values = reader.values()
        if options.experimental_skip_slot_variables:
            values = {k: v for k, v in values.items() if SLOT_MARK not in k}
        if 'save_counter' + SUFFIX in values:
            self.save_counter          # made now to take the saved count (TensorFlow restores it on creation)
        build_configs = {p: e['build_config'] for p, e in reader.object_graph.get('objects', {}).items()
                         if 'build_config' in e}
        graph = ObjectGraph(self._checkpoint_children(), self._builder(build_configs))
        if self._build_missing_slots(graph, values):
            graph = ObjectGraph(self._checkpoint_children())
        targets = {key: variable for key, variable in graph.variables.items()
                   if not (options.experimental_skip_slot_variables and SLOT_MARK in key)}
        matched = [key for key in targets if key in values]
        # every value checked before any is assigned: a refused restore changes nothing
        check_restorable([(key, targets[key], values[key]) for key in matched])
        for key in matched:
            targets[key].assign(values[key])
        unbound = sorted(set(targets) - set(matched))
        return KeyedLoadStatus(path, matched, sorted(set(values) - set(matched)), unbound,
                               [targets[key] for key in unbound])

    def _restore_tensor_bundle(self, reader, path):
        values = reader.values()
        if reader.saved_graph is None:             # no object graph: TF 1 Saver's keys, variables' names
            return self._restore_by_names(values)
        restore = GraphRestore(reader.saved_graph, values)
        restore.run(self)
        return CheckpointLoadStatus(path, restore, self)

    def _restore_by_names(self, values):
        """TF's restore of a name-based checkpoint: each variable (but the save counter) takes the value
        saved under its name ('scoped/c' for 'scoped/c:0'), all checked before any is assigned."""
        targets = [(key, variable) for key, variable in TrackableGraph(self).variables.items()
                   if not key.startswith('save_counter/')]
        names = [(variable.name[:-2] if variable.name.endswith(':0') else variable.name, variable)
                 for _, variable in targets]
        found = [(name, variable) for name, variable in names if name in values]
        check_restorable([(name, variable, values[name]) for name, variable in found])
        for name, variable in found:
            variable.assign(values[name])
        return NameBasedSaverStatus([(variable, [name]) for name, variable in names if name not in values])

    @staticmethod
    def _builder(build_configs):
        Layer = layer_class()

        def build_if_saved_built(path, obj):
            config = build_configs.get(path)
            if Layer is not None and isinstance(obj, Layer) and not obj.built and config:
                obj._build_from_shape(_as_shape(config['input_shape']))
        return build_if_saved_built

    @staticmethod
    def _build_missing_slots(graph, values):
        """Create the optimizer slots the checkpoint has values for (an optimizer that has not
        stepped yet has none); True when any were made."""
        made = False
        for path, optimizer in graph.optimizers:
            marker = SLOT_MARK + path + '/'
            missing = [variable for key, variable in graph.variables.items()
                       if marker not in key and variable not in optimizer._slots
                       and any(k.startswith(key[:-len(SUFFIX)] + marker) for k in values)]
            if missing:
                optimizer.build(_in_model_order(missing, graph))
                made = True
        return made


def _json_ready(value):
    try:
        json.dumps(value)
        return True
    except (TypeError, ValueError):      # a build config holding objects: that layer is not rebuilt on restore
        return False


def _can_track(value):
    return (isinstance(value, (tracked_containers.ListWrapper, tracked_containers.DictWrapper))
            or tracked_containers.is_tuple_wrapper(value) or is_trackable(value))


def _in_model_order(variables, graph):
    """``variables`` in the order their models list them (Keras creates slots in that order),
    the outermost model first; variables no model lists keep their order, last."""
    order = {}
    for obj in graph.objects.values():
        for variable in getattr(obj, 'trainable_variables', ()):
            order.setdefault(id(variable), len(order))
    return sorted(variables, key=lambda v: order.get(id(v), len(order)))


def _prefix_text(file_prefix):
    """``file_prefix`` as a str, refused as TF 2.21 refuses it (it converts the prefix to a string tensor)."""
    if isinstance(file_prefix, (str, bytes, os.PathLike)):
        prefix = os.fspath(file_prefix)
        return prefix.decode() if isinstance(prefix, bytes) else prefix
    if file_prefix is None:
        raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.")
    raise TypeError('Cannot convert %r to EagerTensor of dtype string' % (file_prefix,))
