"""What TensorFlow's checkpoint writer leaves behind in Python's logging.

Each checkpoint TensorFlow 2.21 writes (``Checkpoint.save`` / ``write``, ``CheckpointManager.save``,
``tf.saved_model.save``) logs an INFO line through absl ('Sharding callback duration: ...',
checkpoint/functional_saver.py), and absl's ``log`` calls ``logging.basicConfig()`` while the root
logger has no handler. From the first checkpoint on, the root logger holds a stderr StreamHandler:
every later 'WARNING:tensorflow:...' line is printed twice (TensorFlow's own handler and root's use
the same format), and other libraries' warnings reach stderr. The checkpoint guide's output shows it.
"""
import logging


def after_checkpoint_write():
    """Configure the root logger as absl's first log call does, if nothing has yet."""
    if not logging.root.handlers:
        logging.basicConfig()
