"""``tf.train.CheckpointOptions``: how a checkpoint is written and read."""
from ..keras_repr import default_repr


class CheckpointOptions:
    """Options for ``Checkpoint.save/write/restore/read`` and ``CheckpointManager.save``.

    Args:
        experimental_io_device: accepted; tapeflow reads and writes files from the host.
        experimental_enable_async_checkpoint, enable_async: accepted; tapeflow writes
            synchronously, so the files are complete when ``save`` returns (``sync()`` has
            nothing to wait for).
        experimental_write_callbacks: functions called after each write, with the save path
            when they take an argument.
        experimental_skip_slot_variables: leave optimizer slots out of the save and the restore.
        experimental_sharding_callback: must be None (tapeflow writes one shard).
    Raises:
        ValueError: a sharding callback, or write callbacks that are not callable.
    """

    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    def __init__(self, experimental_io_device=None, experimental_enable_async_checkpoint=False,
                 experimental_write_callbacks=None, enable_async=False, experimental_skip_slot_variables=False,
                 experimental_sharding_callback=None):
        if experimental_sharding_callback is not None:
            raise ValueError('CheckpointOptions: experimental_sharding_callback is not supported (tapeflow writes '
                             'one data shard); pass None')
        callbacks = list(experimental_write_callbacks or [])
        if not all(callable(c) for c in callbacks):
            raise ValueError('CheckpointOptions: experimental_write_callbacks must be callables, got %r' % callbacks)
        self.experimental_io_device = experimental_io_device
        self.experimental_enable_async_checkpoint = bool(experimental_enable_async_checkpoint)
        self.enable_async = bool(enable_async)
        self.experimental_write_callbacks = callbacks
        self.experimental_skip_slot_variables = bool(experimental_skip_slot_variables)
        self.experimental_sharding_callback = None

    def run_write_callbacks(self, save_path):
        import inspect
        for callback in self.experimental_write_callbacks:
            try:
                takes_path = bool(inspect.signature(callback).parameters)
            except (TypeError, ValueError):
                takes_path = True
            callback(save_path) if takes_path else callback()


def checked(options, where):
    """``options`` or the defaults. Raises TypeError for anything but CheckpointOptions or None."""
    if options is None:
        return CheckpointOptions()
    if not isinstance(options, CheckpointOptions):
        raise TypeError('%s: options must be a tf.train.CheckpointOptions, got %r' % (where, options))
    return options
