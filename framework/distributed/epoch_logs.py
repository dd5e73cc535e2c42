"""AverageEpochLogs: the epoch's training metrics averaged over all ranks.

Each rank's ``fit`` measures the loss and metrics on its own shard; averaged,
they are the metrics of the whole epoch (the shards are equal, so the mean of
the ranks' means is the mean over all samples). Validation runs on the same
data on every rank and is left as it is. Every rank then holds the same logs,
so callbacks that act on them (EarlyStopping, ReduceLROnPlateau) decide alike.
"""
import numpy as np

from layers.callbacks.callback import Callback
from . import collectives


class AverageEpochLogs(Callback):
    """Replace the training entries of each epoch's logs with their mean over all ranks.

    Put it first in the callback list: later callbacks, ``History`` and the
    progress bar read the shared logs dict after it.
    """

    def on_epoch_end(self, epoch, logs=None):
        if not logs:
            return
        keys = sorted(k for k, v in logs.items() if not k.startswith('val_') and isinstance(v, (int, float)))
        if not keys:
            return
        means = collectives.allreduce(np.array([float(logs[k]) for k in keys]), op='mean')
        for key, mean in zip(keys, means):
            logs[key] = float(mean)
