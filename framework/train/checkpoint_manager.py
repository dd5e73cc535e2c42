"""``tf.train.CheckpointManager``: numbered saves in one directory, keeping the newest few."""
import numbers
import os
import time

import numpy as np

from . import checkpoint_file, checkpoint_state
from ..keras_repr import default_repr


class CheckpointManager:
    """Saves ``checkpoint`` as '<directory>/<checkpoint_name>-<n>' and deletes all but the newest
    ``max_to_keep`` (None keeps all). Picks up the checkpoints already listed in the directory.

    Args:
        checkpoint: a ``tf.train.Checkpoint``.
        directory: where checkpoints and the 'checkpoint' state file go.
        max_to_keep: how many to keep (None: all).
        keep_checkpoint_every_n_hours: also keep one checkpoint per this many hours.
        checkpoint_name: the file prefix ('ckpt').
        step_counter, checkpoint_interval: with both, ``save`` skips unless ``checkpoint_interval``
            steps passed since the last save (or restore_or_initialize), and always skips at the
            step it last saved.
        init_fn: called by ``restore_or_initialize`` when there is nothing to restore.
        last_checkpoint_step: the step of the last save, for a manager made to continue one.
    Raises:
        ValueError: max_to_keep below 1, or checkpoint_interval without step_counter.
    """
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, checkpoint, directory, max_to_keep, keep_checkpoint_every_n_hours=None,
                 checkpoint_name='ckpt', step_counter=None, checkpoint_interval=None, init_fn=None,
                 last_checkpoint_step=None):
        if max_to_keep is not None and max_to_keep <= 0:    # a string: Python's own TypeError, as in TF
            error = ValueError('Expected a positive integer or `None` for `max_to_keep`, got %d.' % max_to_keep)
            error.add_note('CheckpointManager keeps the newest max_to_keep checkpoints; None keeps them all')
            raise error
        if checkpoint_interval is not None and step_counter is None:
            error = ValueError('`step_counter` should be passed if `checkpoint_interval` is not None.')
            error.add_note('CheckpointManager: checkpoint_interval counts the steps of step_counter (a variable '
                           'the training loop increments)')
            raise error
        # Any checkpoint is taken here, as TF 2.21 does; one that is no tf.train.Checkpoint (a Keras
        # model passed directly) fails at save / restore_or_initialize with TF's AttributeError.
        self._checkpoint = checkpoint
        self._directory = os.fspath(directory)
        self._max_to_keep = max_to_keep
        self._keep_every_seconds = None if keep_checkpoint_every_n_hours is None \
            else keep_checkpoint_every_n_hours * 3600.
        self._prefix = os.path.join(self._directory, checkpoint_name)
        self._step_counter = step_counter
        self._checkpoint_interval = checkpoint_interval
        self._init_fn = init_fn
        self._last_saved_step = last_checkpoint_step if checkpoint_interval is not None else None
        state = checkpoint_state.get_checkpoint_state(self._directory)
        if state is None:
            self._kept = []                  # (path, timestamp), oldest first
            self._last_preserved = time.time()
        else:
            stamps = state.all_model_checkpoint_timestamps or [time.time()] * len(state.all_model_checkpoint_paths)
            self._kept = list(zip(state.all_model_checkpoint_paths, stamps))
            self._last_preserved = state.last_preserved_timestamp or time.time()

    @property
    def directory(self):
        return self._directory

    @property
    def checkpoint(self):
        return self._checkpoint

    @property
    def checkpoints(self):
        """The kept checkpoints' prefixes, oldest first."""
        return [path for path, _ in self._kept]

    @property
    def latest_checkpoint(self):
        return self._kept[-1][0] if self._kept else None

    @property
    def checkpoint_interval(self):
        return self._checkpoint_interval

    def save(self, checkpoint_number=None, check_interval=True, options=None):
        """Save a new checkpoint; returns its prefix, or None when the interval skipped it.

        ``checkpoint_number`` numbers it (default: the checkpoint's save_counter, which is
        incremented either way, as TensorFlow does).
        """
        if self._checkpoint_interval is not None:
            # TF 2.21: a save at the last saved step is skipped even with check_interval=False, and every
            # save records its step, so the interval counts from an unchecked save too
            step = int(self._step_counter.numpy())
            if self._last_saved_step is not None and (step == self._last_saved_step or (
                    check_interval and step < self._last_saved_step + self._checkpoint_interval)):
                return None
            self._last_saved_step = step
        counter = getattr(self._checkpoint, 'save_counter', None)
        if counter is None:
            raise _not_a_checkpoint(self._checkpoint, 'save_counter')
        counter.assign_add(1)
        number = counter if checkpoint_number is None else checkpoint_number
        if not isinstance(number, (numbers.Integral, np.integer)):
            # TF's training_util.global_step reads anything else: a str / float is its AttributeError
            # "'str' object has no attribute 'numpy'" (the save counter already moved on, as TF's)
            number = int(number.numpy())
        path = self._checkpoint.write('%s-%d' % (self._prefix, number), options)
        now = time.time()
        self._kept = [(p, t) for p, t in self._kept if p != path] + [(path, now)]
        self._sweep()
        checkpoint_state.write_state(self._directory, checkpoint_state.CheckpointState(
            path, self.checkpoints, [t for _, t in self._kept], self._last_preserved))
        return path

    def _sweep(self):
        if self._max_to_keep is None:
            return
        while len(self._kept) > self._max_to_keep:
            path, stamp = self._kept.pop(0)
            if self._keep_every_seconds is not None and stamp - self._last_preserved >= self._keep_every_seconds:
                self._last_preserved = stamp     # preserved: left on disk, no longer managed
                continue
            for suffix in (checkpoint_file.INDEX_SUFFIX, checkpoint_file.DATA_SUFFIX):
                if os.path.exists(path + suffix):
                    os.remove(path + suffix)

    def sync(self):
        """Wait for the checkpoint's outstanding saves (TF 2.21's; tapeflow saves synchronously)."""
        if self._checkpoint:
            self._checkpoint.sync()

    def restore_or_initialize(self):
        """Restore the latest checkpoint and return its path; or call ``init_fn`` and return None."""
        if self.latest_checkpoint is not None:
            if not hasattr(self._checkpoint, 'restore'):
                raise _not_a_checkpoint(self._checkpoint, 'restore')
            self._checkpoint.restore(self.latest_checkpoint)
            if self._checkpoint_interval is not None:     # the interval counts from the restored step
                self._last_saved_step = int(self._step_counter.numpy())
            return self.latest_checkpoint
        if self._init_fn is not None:
            self._init_fn()
        return None


def _not_a_checkpoint(checkpoint, attribute):
    """TF 2.21's AttributeError for a manager whose checkpoint is no tf.train.Checkpoint (its save reads
    ``checkpoint.save_counter``, its restore_or_initialize ``checkpoint.restore``), with tapeflow's note."""
    error = AttributeError("'%s' object has no attribute '%s'" % (type(checkpoint).__name__, attribute))
    error.add_note('CheckpointManager manages a tf.train.Checkpoint: wrap the model, as in '
                   'tf.train.CheckpointManager(tf.train.Checkpoint(model=model), directory, max_to_keep)')
    return error
