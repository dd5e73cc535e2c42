"""LearningRateScheduler: set the learning rate from a function of the epoch."""
import inspect

import numpy as np

from framework.keras.interactive_logging import print_msg

from .callback import Callback


class LearningRateScheduler(Callback):
    """At the start of each epoch, set ``optimizer.learning_rate = schedule(epoch, lr)``.

    Args:
        schedule: a function of (epoch, current learning rate), or of the epoch alone,
            returning a float.
        verbose: 1 prints the rate set at each epoch.

    Adds 'learning_rate' to each epoch's logs, as Keras 3 does.
    """

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def _call_schedule(self, epoch, lr):
        try:
            takes_lr = len(inspect.signature(self.schedule).parameters) >= 2
        except (TypeError, ValueError):
            takes_lr = True
        return self.schedule(epoch, lr) if takes_lr else self.schedule(epoch)

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = self.model.optimizer
        if not hasattr(optimizer, 'learning_rate'):
            raise ValueError('LearningRateScheduler: the optimizer must have a "learning_rate" attribute')
        lr = self._call_schedule(epoch, float(np.asarray(optimizer.learning_rate)))
        if not isinstance(lr, (float, np.float32, np.float64)):
            raise ValueError('LearningRateScheduler: the schedule must return a float, got %r (%s) for epoch %d'
                             % (lr, type(lr).__name__, epoch))
        optimizer.learning_rate = lr
        if self.verbose > 0:
            print_msg('\nEpoch %d: LearningRateScheduler setting learning rate to %s.' % (epoch + 1, lr))

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs['learning_rate'] = float(np.asarray(self.model.optimizer.learning_rate))
