"""LambdaCallback: a callback made of plain functions."""
from .callback import Callback


class LambdaCallback(Callback):
    """Build a callback from functions, e.g. ``LambdaCallback(on_epoch_end=lambda epoch, logs: ...)``.

    Args:
        on_epoch_begin, on_epoch_end: functions of (epoch, logs).
        on_train_begin, on_train_end: functions of (logs).
        on_train_batch_begin, on_train_batch_end: functions of (batch, logs).
        **kwargs: any other hook by its name (e.g. ``on_test_end``).
    """

    def __init__(self, on_epoch_begin=None, on_epoch_end=None, on_train_begin=None, on_train_end=None,
                 on_train_batch_begin=None, on_train_batch_end=None, **kwargs):
        super().__init__()
        hooks = dict(kwargs, on_epoch_begin=on_epoch_begin, on_epoch_end=on_epoch_end,
                     on_train_begin=on_train_begin, on_train_end=on_train_end,
                     on_train_batch_begin=on_train_batch_begin, on_train_batch_end=on_train_batch_end)
        for name, fn in hooks.items():
            if fn is not None:
                setattr(self, name, fn)
