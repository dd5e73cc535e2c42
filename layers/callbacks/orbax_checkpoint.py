"""``keras.callbacks.OrbaxCheckpoint``: Keras 3's asynchronous checkpointing through the orbax-checkpoint
package. TF 2.21's Keras exports it, and its constructor first loads orbax, so without that package (TF's
own install has none) it raises Keras's ImportError; tapeflow writes no Orbax checkpoints, so it refuses
in that ImportError's words when orbax is missing and says so when it is there."""
import importlib.util

from .monitor import MonitorCallback


class OrbaxCheckpoint(MonitorCallback):
    """Refused at construction: Keras's ImportError without orbax-checkpoint, NotImplementedError with it
    (use ModelCheckpoint or BackupAndRestore, which write Keras's .keras / .weights.h5 files)."""

    def __init__(self, directory, monitor='val_loss', verbose=0, save_best_only=False, mode='auto',
                 save_freq='epoch', initial_value_threshold=None, max_to_keep=1, save_on_background=True,
                 save_weights_only=False):
        if importlib.util.find_spec('orbax') is None:
            raise ImportError("OrbaxCheckpoint requires the 'orbax-checkpoint' package. You can install it via "
                              'pip install orbax-checkpoint')
        raise NotImplementedError('OrbaxCheckpoint: tapeflow writes no Orbax checkpoints; use '
                                  'keras.callbacks.ModelCheckpoint or BackupAndRestore instead')
