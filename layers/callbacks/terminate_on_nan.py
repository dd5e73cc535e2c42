"""TerminateOnNaN: stop training when the loss becomes NaN or infinite."""
import math

import numpy as np

from framework.keras.interactive_logging import print_msg

from .callback import Callback


class TerminateOnNaN(Callback):
    """Stop training at the first batch whose running loss is NaN or infinite.

    Args:
        raise_error: raise a RuntimeError instead of stopping quietly.
    """

    # Reads batch logs only during the hook: a live view of the metrics will do.
    reads_batch_logs_at_once = True

    def __init__(self, raise_error=False):
        super().__init__()
        self.raise_error = raise_error

    def on_batch_end(self, batch, logs=None):
        loss = (logs or {}).get('loss')
        if loss is None:
            return
        if type(loss) is float:
            if math.isfinite(loss):
                return
        # Keras's own test for other values: a custom step's vector loss meets numpy's ValueError ("The truth
        # value of an array with more than one element is ambiguous ..."), as in TF 2.21
        elif not (np.isnan(loss) or np.isinf(loss)):
            return
        if self.raise_error:
            raise RuntimeError('NaN or Inf loss encountered at batch %d. Loss value: %s. '
                               'Terminating training immediately.' % (batch, loss))
        print_msg('Batch %d: Invalid loss, terminating training' % batch)
        self.model.stop_training = True
