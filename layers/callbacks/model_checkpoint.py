"""ModelCheckpoint: save the model or its weights as training goes."""
import os
import warnings

from framework.errors import shown_as
from framework.keras.interactive_logging import print_msg

from .monitor import MonitorCallback


class FilepathTypeError(TypeError, AttributeError):
    """A filepath that is no path: Keras 3 fails on its missing ``endswith`` (AttributeError)."""


# Programs print type(e).__name__ and tracebacks name the class: TF 2.21 shows AttributeError there
shown_as(FilepathTypeError, AttributeError)


class ModelCheckpoint(MonitorCallback):
    """Save the model (``model.save``) or its weights (``model.save_weights``).

    Args:
        filepath: where to save; may hold ``str.format`` fields filled from the epoch
            (counted from 1) and the logs, e.g. 'ckpt-{epoch:02d}-{val_loss:.2f}.keras'.
            It must end in '.weights.h5' when ``save_weights_only``, else in '.keras' or '.h5'.
        monitor: the log key that decides what 'best' is.
        verbose: 1 prints a line for each save.
        save_best_only: save only when ``monitor`` improves on the best so far.
        save_weights_only: save weights only.
        mode: 'auto', 'min' or 'max' (see ``MonitorCallback``).
        save_freq: 'epoch', or an integer: save after that many batches.
        initial_value_threshold: the best value to beat at first.
    """

    def __init__(self, filepath, monitor='val_loss', verbose=0, save_best_only=False, save_weights_only=False,
                 mode='auto', save_freq='epoch', initial_value_threshold=None):
        super().__init__(monitor, mode, initial_value_threshold)
        self.verbose = verbose
        if not isinstance(filepath, (str, os.PathLike)):
            error = FilepathTypeError("'%s' object has no attribute 'endswith'" % type(filepath).__name__)   # TF's
            error.add_note('ModelCheckpoint: filepath must be a str or os.PathLike, got %r' % (filepath,))
            raise error
        self.filepath = os.fspath(filepath)
        self.save_best_only = save_best_only
        self.save_weights_only = save_weights_only
        self.save_freq = save_freq
        self._batches_since_save = 0
        self._last_batch_seen = None
        self._current_epoch = 0
        if save_freq != 'epoch' and not isinstance(save_freq, int):     # Keras 3's check and words
            raise ValueError("Unrecognized save_freq: %s. Expected save_freq are 'epoch' or integer values"
                             % (save_freq,))
        # Keras 3's words: the distribute tutorial's Keras 2 checkpoint prefix ('.../ckpt_{epoch}')
        # stops here on TF 2.21 with this last line
        if save_weights_only and not self.filepath.endswith('.weights.h5'):
            raise ValueError('When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided must '
                             'end in `.weights.h5` (Keras weights format). Received: filepath=%s' % self.filepath)
        if not save_weights_only and not self.filepath.endswith(('.keras', '.h5')):
            raise ValueError('The filepath provided must end in `.keras` (Keras model format). Received: '
                             'filepath=%s' % self.filepath)

    def on_epoch_begin(self, epoch, logs=None):
        self._current_epoch = epoch

    def on_train_batch_end(self, batch, logs=None):
        if self.save_freq == 'epoch':
            return
        # Keras 3 counts the batches the index moved by, not the calls: with steps_per_execution one
        # call ends several batches (index 9 then 19), and a smaller index means a new epoch began
        if self._last_batch_seen is None or batch <= self._last_batch_seen:
            self._batches_since_save += batch + 1
        else:
            self._batches_since_save += batch - self._last_batch_seen
        self._last_batch_seen = batch
        if self._batches_since_save >= self.save_freq:
            self._batches_since_save = 0
            self._save(self._current_epoch, batch, dict(logs or {}))

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        if self.save_freq == 'epoch':
            self._save(epoch, None, logs or {})

    def file_path(self, epoch, batch, logs):
        """``filepath`` with its fields filled in (epoch and batch counted from 1)."""
        fields = dict(logs)
        fields['epoch'] = epoch + 1
        if batch is not None and 'batch' not in logs:
            fields['batch'] = batch + 1
        try:
            return self.filepath.format(**fields)
        except KeyError as err:
            error = KeyError('Failed to format this callback filepath: "%s". Reason: %s' % (self.filepath, err))
            error.add_note('ModelCheckpoint: the logs hold %s' % ', '.join(sorted(fields)))      # Keras 3's words above
            raise error from None

    def _should_save(self, epoch, logs, filepath):
        if not self.save_best_only:
            if self.verbose > 0:
                print_msg('\nEpoch %d: saving model to %s' % (epoch + 1, filepath))
            return True
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn('Can save best model only with %s available.' % self.monitor, stacklevel=2)
            return True
        if len(getattr(current, 'shape', ())) > 0:
            # an array or tensor (F1Score(average=None) logs one value per class): Keras 3.15 warns and
            # saves every time, without the 'saving model to' line
            warnings.warn('Can save best model only when `monitor` is a scalar value. Received: %s. '
                          'Falling back to `save_best_only=False`.' % (current,))
            return True
        # format(), as Keras's f-string: initial_value_threshold='a' is "Unknown format code 'f' for object of type 'str'"
        best = 'None' if self.best is None else format(self.best, '.5f')
        if self._is_improvement(current, self.best):
            if self.verbose > 0:
                print_msg('\nEpoch %d: %s improved from %s to %s, saving model to %s'
                          % (epoch + 1, self.monitor, best, format(current, '.5f'), filepath))
            self.best = current
            return True
        if self.verbose > 0:
            print_msg('\nEpoch %d: %s did not improve from %s' % (epoch + 1, self.monitor, best))
        return False

    def _save(self, epoch, batch, logs):
        # the comparison is chosen at the first epoch's end only (on_epoch_end), as in Keras 3.15: a
        # save_freq=N save that must compare before then calls None (TF 2.21's TypeError, below)
        filepath = self.file_path(epoch, batch, logs)
        try:
            if not self._should_save(epoch, logs, filepath):
                return
        except TypeError as error:
            if self.monitor_op is None and error.args == ("'NoneType' object is not callable",):
                error.add_note('ModelCheckpoint(save_best_only=True, save_freq=%r): Keras 3 picks how to compare '
                               '%r only when the first epoch ends, so a batch-level save that compares before then '
                               'fails (TF 2.21 too); make save_freq at least the steps of an epoch, or use '
                               "save_freq='epoch'" % (self.save_freq, self.monitor))
            raise
        method = 'save_weights' if self.save_weights_only else 'save'
        save = getattr(self.model, method, None)
        if save is None:
            raise AttributeError('ModelCheckpoint: the model (%s) has no %s() method, so it cannot be saved; '
                                 'saving to HDF5 is not available for this model'
                                 % (type(self.model).__name__, method))
        dirname = os.path.dirname(filepath)
        if dirname and not os.path.exists(dirname):
            # as Keras 3: a file standing where the directory goes is left to the save's NotADirectoryError
            os.makedirs(dirname)
        try:
            save(filepath, overwrite=True)
        except IsADirectoryError:       # Keras 3's words, after its 'saving model to' line
            raise IOError('Please specify a non-directory filepath for ModelCheckpoint. Filepath used is an '
                          'existing directory: %s' % filepath) from None
        if self.verbose > 0:          # Keras 3.15 confirms each save
            print_msg('\nEpoch %d: finished saving model to %s' % (epoch + 1, filepath))
