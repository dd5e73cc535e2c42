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

    Adds 'learning_rate' to each epoch's logs, as Keras 3 does ('learning_rate_<name>' for each
    sub-optimizer of a MultiOptimizer, which it schedules one by one).
    """

    def __init__(self, schedule, verbose=0):
        super().__init__()
        self.schedule = schedule
        self.verbose = verbose

    def on_epoch_begin(self, epoch, logs=None):
        # A MultiOptimizer (no learning_rate of its own) has each sub-optimizer scheduled and named, as Keras 3.15
        for optimizer, name in learning_rate_owners(self.model.optimizer):
            lr = self._update_optimizer_lr(optimizer, epoch)
            if self.verbose > 0:
                print_msg('\nEpoch %d: LearningRateScheduler setting %slearning rate to %s.'
                          % (epoch + 1, name + ' ' if name else '', format(lr)))

    def _update_optimizer_lr(self, optimizer, epoch):
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
        return lr

    def on_epoch_end(self, epoch, logs=None):
        if logs is not None:
            log_learning_rates(self.model.optimizer, logs)


def learning_rate_owners(optimizer):
    """(optimizer, name for messages) pairs whose learning rate a callback reads and sets: a
    MultiOptimizer's sub-optimizers (Keras 3.15 asks for an ``optimizers`` attribute), else the optimizer
    itself, unnamed."""
    if hasattr(optimizer, 'optimizers'):
        return [(inner, inner.name) for inner in optimizer.optimizers]
    return [(optimizer, '')]


def log_learning_rates(optimizer, logs):
    """Keras 3.15's epoch logs: 'learning_rate', or 'learning_rate_<name>' for each sub-optimizer of a
    MultiOptimizer."""
    for owner, name in learning_rate_owners(optimizer):
        logs['learning_rate_' + name if name else 'learning_rate'] = float(np.asarray(owner.learning_rate))
