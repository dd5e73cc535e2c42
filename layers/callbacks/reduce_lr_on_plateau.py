"""ReduceLROnPlateau: lower the learning rate when a monitored value stalls."""
import warnings

import numpy as np

from framework.keras.interactive_logging import print_msg

from .learning_rate_scheduler import learning_rate_owners, log_learning_rates
from .monitor import MonitorCallback


class ReduceLROnPlateau(MonitorCallback):
    """Multiply the optimizer's learning rate by ``factor`` after ``patience`` epochs without improvement.

    Args:
        monitor: the log key to watch (default 'val_loss').
        factor: the multiplier, below 1.
        patience: epochs without improvement before reducing.
        verbose: 1 prints a line for each reduction.
        mode: 'auto', 'min' or 'max' (see ``MonitorCallback``).
        min_delta: the smallest change that counts as an improvement.
        cooldown: epochs to wait after a reduction before counting again.
        min_lr: the learning rate never goes below this.

    Adds 'learning_rate' to each epoch's logs, as Keras 3 does ('learning_rate_<name>' for each
    sub-optimizer of a MultiOptimizer, whose rates it reduces one by one).
    """

    def __init__(self, monitor='val_loss', factor=0.1, patience=10, verbose=0, mode='auto', min_delta=1e-4,
                 cooldown=0, min_lr=0.0, **kwargs):
        super().__init__(monitor, mode, min_delta=min_delta)
        if factor >= 1.0:
            raise ValueError('ReduceLROnPlateau does not support a factor >= 1.0. Received factor=%s' % format(factor))
        self.factor = factor
        self.patience = patience
        self.verbose = verbose
        self.cooldown = cooldown
        self.min_lr = min_lr
        self.cooldown_counter = 0
        self.wait = 0

    def on_train_begin(self, logs=None):
        self.best = None
        self.cooldown_counter = 0
        self.wait = 0

    def in_cooldown(self):
        return self.cooldown_counter > 0

    def on_epoch_end(self, epoch, logs=None):
        if self.monitor_op is None:
            self._set_monitor_op()
        logs = logs if logs is not None else {}
        optimizer = self.model.optimizer
        log_learning_rates(optimizer, logs)
        current = logs.get(self.monitor)
        if current is None:
            warnings.warn('Learning rate reduction is conditioned on metric `%s` which is not available. '
                          'Available metrics are: %s.' % (self.monitor, ','.join(logs)), stacklevel=2)
            return
        if self.in_cooldown():
            self.cooldown_counter -= 1
            self.wait = 0
        if self._is_improvement(current, self.best):
            self.best = current
            self.wait = 0
        elif not self.in_cooldown():
            self.wait += 1
            if self.wait >= self.patience:
                # each sub-optimizer of a MultiOptimizer in turn, as Keras 3.15 (all of them, reduced or not)
                reduced = [self._reduce(owner, epoch, name) for owner, name in learning_rate_owners(optimizer)]
                if any(reduced):
                    self.cooldown_counter = self.cooldown
                    self.wait = 0

    def _reduce(self, optimizer, epoch, name=''):
        old_lr = float(np.asarray(optimizer.learning_rate))
        if old_lr <= np.float32(self.min_lr):
            return False
        new_lr = max(old_lr * self.factor, self.min_lr)
        optimizer.learning_rate = new_lr
        if self.verbose > 0:
            print_msg('\nEpoch %d: ReduceLROnPlateau reducing %slearning rate to %s.'
                      % (epoch + 1, name + ' ' if name else '', new_lr))
        return True
