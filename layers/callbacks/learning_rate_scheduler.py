"""LearningRateScheduler: set the learning rate from a function of the epoch."""
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

    def on_epoch_begin(self, epoch, logs=None):
        optimizer = self.model.optimizer
        if not hasattr(optimizer, 'learning_rate'):
            raise ValueError('Optimizer must have a "learning_rate" attribute.')
        # as Keras 3: the (epoch, lr) form first, and the epoch alone on any TypeError, which therefore
        # also retries a two-argument schedule whose own body raised one
        try:
            lr = self.schedule(epoch, float(np.asarray(optimizer.learning_rate)))
        except TypeError:
            lr = self.schedule(epoch)
        if not isinstance(lr, (float, np.float32, np.float64)):
            raise ValueError('The output of the `schedule` function should be a float. Got: %s' % format(lr))
        optimizer.learning_rate = lr
        if self.verbose > 0:
            print_msg('\nEpoch %d: LearningRateScheduler setting learning rate to %s.' % (epoch + 1, format(lr)))

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            logs['learning_rate'] = float(np.asarray(self.model.optimizer.learning_rate))
