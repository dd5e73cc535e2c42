"""The error a damaged checkpoint file raises.

TensorFlow reports damaged checkpoint files as data loss (a bad block checksum,
a file too short to be a table, a tensor whose checksum does not match). This
is that ``tf.errors.DataLossError``, and also a ValueError, the class tapeflow
raised for damaged files before.
"""
from ..errors import DataLossError


class CheckpointDataLossError(DataLossError, ValueError):
    """A checkpoint file that is damaged, truncated or not a checkpoint; the message names the file."""


CheckpointDataLossError.__name__ = CheckpointDataLossError.__qualname__ = DataLossError.__name__   # as TF shows it
