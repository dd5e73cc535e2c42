"""BackupAndRestore: resume an interrupted ``fit`` from its last backup, as Keras 3 does."""
import json
import os
import shutil

from framework.atomic_files import atomic_write

from .callback import Callback


class BackupAndRestore(Callback):
    """Back up the weights (with optimizer state) and epoch count; restore them when fit starts.

    Each backup overwrites the last one in ``backup_dir`` ('latest.weights.h5' and
    'training_metadata.json'). A later ``fit`` with this callback reloads them and
    starts at the epoch after the last one backed up, so an interrupted run ends
    as the uninterrupted one would.

    Args:
        backup_dir: a directory for the backup only.
        save_freq: 'epoch' (back up after every epoch) or a number of batches.
        double_checkpoint: keep the previous backup too ('.bkp'), used when the
            latest cannot be read.
        delete_checkpoint: remove ``backup_dir`` when fit finishes.
    Raises:
        ValueError: an empty backup_dir, a save_freq neither 'epoch' nor an int; an unbuilt model at fit.
    """

    def __init__(self, backup_dir, save_freq='epoch', double_checkpoint=False, delete_checkpoint=True):
        super().__init__()
        if not backup_dir:
            raise ValueError('Empty `backup_dir` argument passed')      # Keras 3's words
        if save_freq != 'epoch' and not isinstance(save_freq, int):      # Keras 3's check and words
            # (an int <= 0 backs up after every batch, as in Keras)
            raise ValueError("Invalid value for argument `save_freq`. Received: save_freq=%s. Expected either "
                             "'epoch' or an integer value." % (save_freq,))
        self.backup_dir = os.fspath(backup_dir)
        self.save_freq = save_freq
        self.double_checkpoint = double_checkpoint
        self.delete_checkpoint = delete_checkpoint
        self._weights_path = os.path.join(self.backup_dir, 'latest.weights.h5')
        self._metadata_path = os.path.join(self.backup_dir, 'training_metadata.json')
        self._batches_since_save = 0
        self._last_batch_seen = 0
        self._current_epoch = 0

    def on_train_begin(self, logs=None):
        try:
            self._restore()
        except (OSError, ValueError):
            # The latest backup is unreadable: fall back on the previous one when kept.
            if not os.path.exists(self._weights_path + '.bkp'):
                raise
            shutil.copyfile(self._weights_path + '.bkp', self._weights_path)
            if os.path.exists(self._metadata_path + '.bkp'):
                shutil.copyfile(self._metadata_path + '.bkp', self._metadata_path)
            elif os.path.exists(self._metadata_path):
                os.remove(self._metadata_path)
            self._restore()

    def _restore(self):
        if not self.model.built:
            # Keras 3.15's words, typo included ('you model'); the note says how to build it
            error = ValueError('To use the BackupAndRestore callback, you model must be built before you call '
                               '`fit()`. Model %r is unbuilt. You can build it beforehand by calling it on a '
                               'batch of data.' % (self.model,))
            error.add_note('tapeflow: e.g. model.build(input_shape=(None, n_features)), or start a Sequential '
                           'with keras.Input(shape=...); the backed-up weights are loaded into the built model')
            raise error
        if os.path.exists(self._weights_path):
            optimizer = getattr(self.model, 'optimizer', None)
            if optimizer is not None and not optimizer.built:
                # Keras's "Make sure optimizer weights exist before loading": fit leaves it to the first step
                optimizer.build(self.model.trainable_variables)
            self.model.load_weights(self._weights_path)
        if os.path.exists(self._metadata_path):
            with open(self._metadata_path) as f:
                self.model._initial_epoch = json.load(f)['epoch']

    def on_epoch_end(self, epoch, logs=None):
        self._current_epoch = epoch + 1
        self._last_batch_seen = 0
        if self.save_freq == 'epoch':
            self._backup()

    def on_train_batch_end(self, batch, logs=None):
        if self.save_freq == 'epoch':
            return
        # A batch index that does not grow means a new epoch began (batches count from 0).
        self._batches_since_save += batch + 1 if batch <= self._last_batch_seen else batch - self._last_batch_seen
        self._last_batch_seen = batch
        if self._batches_since_save >= self.save_freq:
            self._batches_since_save = 0
            self._backup()

    def _backup(self):
        os.makedirs(self.backup_dir, exist_ok=True)
        # Every file is replaced atomically, so a backup that fails part-way (disk full, a kill) leaves
        # the previous one readable; the epoch count is written after the weights it describes.
        if self.double_checkpoint:
            for path in (self._weights_path, self._metadata_path):
                if os.path.exists(path):
                    with atomic_write(path + '.bkp', create_directories=False) as temporary:
                        shutil.copyfile(path, temporary)
        self.model.save_weights(self._weights_path, overwrite=True)
        with atomic_write(self._metadata_path, create_directories=False) as temporary:
            with open(temporary, 'w') as f:
                json.dump({'epoch': self._current_epoch, 'batch': self._last_batch_seen}, f)

    def on_train_end(self, logs=None):
        if self.delete_checkpoint and os.path.exists(self.backup_dir):
            shutil.rmtree(self.backup_dir)
