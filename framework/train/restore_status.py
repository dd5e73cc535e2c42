"""What ``Checkpoint.restore`` returns: which saved values found a variable, and which did not."""
from ..deprecation import deprecated
from .object_graph import SUFFIX
from .trackable_proto import node_names, node_text
from ..keras_repr import default_repr


def _names(keys):
    return [key[:-len(SUFFIX)] if key.endswith(SUFFIX) else key for key in keys]


class _LoadStatus:
    """The outcome of a restore. Each ``assert_*`` returns the status, or raises AssertionError
    naming what did not match; ``expect_partial`` marks a partial restore as intended. Subclasses
    give ``save_path``, ``matched`` (keys restored), ``unused_values`` (keys in the checkpoint with
    no variable), ``unbound_variables`` (keys of variables the checkpoint lacks) and ``unbound_objects``
    (those variables)."""

    partial_expected = False

    def assert_consumed(self):
        """Every variable got a value and every saved value went to a variable (checked in that
        order, as TensorFlow checks)."""
        self.assert_existing_objects_matched()
        if self.unused_values:
            raise AssertionError('Unresolved object in checkpoint %s: %s. The program does not create these '
                                 'objects; use expect_partial() or assert_existing_objects_matched() if that is '
                                 'intended.' % (self.save_path, _names(self.unused_values)))
        return self

    def assert_existing_objects_matched(self):
        """Every variable of the program got a saved value (saved values may be left over)."""
        unbound = self.unbound_variables
        if unbound:
            raise _unbound_error(self.unbound_objects, unbound, self.save_path)
        return self

    def assert_nontrivial_match(self):
        """At least one variable other than the save counter was restored."""
        if not [key for key in self.matched if not key.startswith('save_counter/')]:
            raise AssertionError('Found no checkpointed values to restore from %s: the program shares no '
                                 'object path with it (checkpoint holds %s)'
                                 % (self.save_path, _names(self.unused_values)))
        return self

    def expect_partial(self):
        self.partial_expected = True
        return self

    def run_restore_ops(self, session=None):
        """Nothing to run: the restore already happened eagerly (TF 1 graph code calls it in a session)."""

    def initialize_or_restore(self, session=None):
        """Nothing to run: the restore already happened eagerly."""


def _unbound_error(objects, unbound, save_path):
    """TensorFlow 2.21's words, showing at most 10 of the variables; their paths go in a note. Made
    here, not in the raising method: an error kept in that frame's locals would hold the status (and
    its restore) in a reference cycle, delaying TF's unrestored-values warning to the next collection."""
    shown = min(10, len(objects))
    error = AssertionError('Found %d Python objects that were not bound to checkpointed values, likely '
                           'due to changes in the Python program. Showing %d of %d unmatched objects: %s'
                           % (len(objects), shown, len(objects), objects[:shown]))
    error.add_note('Their paths: %s; checkpoint %s. Create them as the saving program did, or use '
                   'expect_partial().' % (_names(unbound), save_path))
    return error


class InitializationOnlyStatus:
    """``restore(None)``: nothing is restored; variables keep their initial values."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def run_restore_ops(self, session=None):
        """Nothing to run: restores happen eagerly (TF 1 sessions' hook)."""

    def initialize_or_restore(self, session=None):
        """Nothing to run: variables are initialized when made."""

    def _nothing(self):
        raise AssertionError('No checkpoint specified (save_path=None); nothing is being restored.')

    def assert_consumed(self):
        self._nothing()

    def assert_existing_objects_matched(self):
        self._nothing()

    def assert_nontrivial_match(self):
        self._nothing()

    def expect_partial(self):
        return self


class KeyedLoadStatus(_LoadStatus):
    """The status of a restore matched by key alone (tapeflow's own files, a TensorFlow checkpoint
    without an object graph): what matched is known once the restore returns."""

    def __init__(self, save_path, matched, unused_values, unbound_variables, unbound_objects):
        self.save_path = save_path
        self.matched = list(matched)
        self.unused_values = list(unused_values)
        self.unbound_variables = list(unbound_variables)
        self.unbound_objects = list(unbound_objects)


class CheckpointLoadStatus(_LoadStatus):
    """The status of a restore from a TensorFlow-format checkpoint (TensorFlow's class name, which
    the distribute tutorial's ``type(ckpt.restore(...))`` shows): what matched is read when an
    ``assert_*`` runs, so values restored later (when a model builds) count, as in TensorFlow."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, save_path, restore, root):
        self.save_path = save_path
        self._restore, self._root = restore, root

    def assert_consumed(self):
        """As TF: every variable matched, then every saved object with values paired with one (the
        first that is not is shown as TF prints it), then every saved value used."""
        self.assert_existing_objects_matched()
        nodes = self._restore.nodes
        for node_id, node in enumerate(nodes):
            if node.keys and node_id not in self._restore.bound:
                raise AssertionError('Unresolved object in checkpoint %s: %s'
                                     % (node_names(nodes).get(node_id), node_text(node)))
        return super().assert_consumed()

    def assert_existing_objects_matched(self):
        """As TF: a paired saved object whose value never arrived (lost in Keras's symbolic build run,
        see layers/lost_restore.py) is named first, as TF prints it; then every variable matched."""
        if self._restore.lost_nodes:
            raise AssertionError('Object %s not assigned a value from checkpoint.'
                                 % node_text(self._restore.nodes[self._restore.lost_nodes[0]]))
        return super().assert_existing_objects_matched()

    def expect_partial(self):
        self._restore.unrestored_warning.partial_expected = True      # silences TF's log when freed
        return super().expect_partial()

    def assert_nontrivial_match(self):
        """As TF: some saved object other than the root was paired with a live one (an unbuilt
        model's object counts, and so does a save counter saved by ``save``), else TF's error listing
        the program's variables that nothing restored."""
        if len(self._restore.bound) > 1:
            return self
        unused = self.unbound_objects
        if unused:
            raise AssertionError('Nothing except the root object matched a checkpointed value. Typically this means '
                                 'that the checkpoint does not match the Python program. The following objects have '
                                 'no matching checkpointed value: %s' % (unused,))
        raise AssertionError('Nothing to load. No dependencies have been added to %s yet.' % (self._root,))

    @property
    def matched(self):
        return sorted(self._restore.restored)

    @property
    def unused_values(self):
        return self._restore.unused_keys()

    @property
    def unbound_variables(self):
        return self._restore.unbound_keys(self._root)

    @property
    def unbound_objects(self):
        return self._restore.unbound_variables(self._root)


class NameBasedSaverStatus:
    """The status of ``Checkpoint.restore`` from a name-based (TF 1 Saver) checkpoint: variables were
    matched by their names, and the checkpoint has no objects to check, so every ``assert_*`` asks
    only whether each variable found its name (TensorFlow's class and texts)."""

    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    @deprecated('NameBasedSaverStatus.__init__', 'tensorflow.python.checkpoint.checkpoint',
                'Restoring a name-based tf.train.Saver checkpoint using the object-based restore API. This mode uses '
                'global names to match variables, and so is somewhat fragile. It also adds new restore ops to the '
                'graph each time it is called when graph building. Prefer re-encoding training checkpoints in the '
                'object-based format: run save() on the object-based saver (the same one this message is coming '
                'from) and use that checkpoint in the future.')
    def __init__(self, unrestored):
        self._unrestored = list(unrestored)        # [(variable, [names looked up])]

    def assert_consumed(self):
        if self._unrestored:
            raise AssertionError('Some objects had attributes which were not restored: %s' % ''.join(
                '\n    %s: %s' % (variable, names) for variable, names in self._unrestored))
        return self

    assert_existing_objects_matched = assert_nontrivial_match = assert_consumed

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None):
        """Nothing to run: the restore already happened eagerly."""

    def initialize_or_restore(self, session=None):
        """Nothing to run: the restore already happened eagerly."""
