"""History: the per-epoch logs that ``fit`` returns."""
from .callback import Callback


class History(Callback):
    """Records each epoch's logs; ``fit`` returns this object.

    ``history`` maps each log key ('loss', metric names, 'val_...') to a list with
    one value per epoch; ``epoch`` lists the epoch indices that ran.
    """

    def __init__(self):
        super().__init__()
        self.history = {}
        # no ``epoch`` until on_train_begin, as in Keras 3: a History driven by hand that skips it fails at
        # on_epoch_end with "'History' object has no attribute 'epoch'", as in TF 2.21

    def on_train_begin(self, logs=None):
        self.epoch = []

    def on_epoch_end(self, epoch, logs=None):
        self.epoch.append(epoch)
        for key, value in (logs or {}).items():
            self.history.setdefault(key, []).append(value)
        self.model.history = self
