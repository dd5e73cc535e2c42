"""EarlyStopping: stop when a monitored value stops improving."""
import warnings

from framework.keras.interactive_logging import print_msg

from .monitor import MonitorCallback


class EarlyStopping(MonitorCallback):
    """Stop training once ``monitor`` has not improved for ``patience`` epochs.

    Args:
        monitor: the log key to watch (default 'val_loss').
        min_delta: the smallest change that counts as an improvement.
        patience: epochs without improvement before stopping.
        verbose: 1 prints a message when it stops or restores weights.
        mode: 'auto', 'min' or 'max' (see ``MonitorCallback``).
        baseline: training stops unless the value beats this within ``patience`` epochs.
        restore_best_weights: at the end of training, put back the weights of the
            best epoch; as in Keras 3 this also happens when training ran to its
            last epoch without stopping early.
        start_from_epoch: epochs to wait before watching at all (warm-up).
    """

    def __init__(self, monitor='val_loss', min_delta=0, patience=0, verbose=0, mode='auto', baseline=None,
                 restore_best_weights=False, start_from_epoch=0):
        super().__init__(monitor, mode, min_delta=min_delta)
        self.patience = patience
        self.verbose = verbose
        self.baseline = baseline
        self.restore_best_weights = restore_best_weights
        self.start_from_epoch = start_from_epoch
        self.wait = 0
        self.stopped_epoch = 0
        self.best_weights = None
        # no ``best_epoch`` until on_train_begin, as in Keras 3 (reading it before fails with AttributeError)

    def on_train_begin(self, logs=None):
        self.wait = 0
        self.stopped_epoch = 0
        self.best = None
        self.best_weights = None
        self.best_epoch = 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        current = self.get_monitor_value(logs)
        if current is None or epoch < self.start_from_epoch:
            return
        if self.restore_best_weights and self.best_weights is None:
            # Until something improves, the weights seen first count as the best.
            self.best_weights = self.model.get_weights()
            self.best_epoch = epoch
        self.wait += 1
        if self._is_improvement(current, self.best):
            self.best = current
            self.best_epoch = epoch
            if self.restore_best_weights:
                self.best_weights = self.model.get_weights()
            # Patience restarts only when the value also beats the baseline.
            if self.baseline is None or self._is_improvement(current, self.baseline):
                self.wait = 0
            return
        if self.wait >= self.patience and epoch > 0:
            self.stopped_epoch = epoch
            self.model.stop_training = True

    def on_train_end(self, logs=None):
        if self.stopped_epoch > 0 and self.verbose > 0:
            print_msg('Epoch %d: early stopping' % (self.stopped_epoch + 1))
        if self.restore_best_weights and self.best_weights is not None:
            if self.verbose > 0:
                print_msg('Restoring model weights from the end of the best epoch: %d.' % (self.best_epoch + 1))
            self.model.set_weights(self.best_weights)

    def get_monitor_value(self, logs):
        logs = logs or {}
        value = logs.get(self.monitor)
        if value is None:
            warnings.warn('Early stopping conditioned on metric `%s` which is not available. '
                          'Available metrics are: %s' % (self.monitor, ','.join(logs)), stacklevel=2)
        return value
