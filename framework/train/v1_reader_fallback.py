"""What TensorFlow's checkpoint reader does with a path that has no '<path>.index'.

TF 2.21's NewCheckpointReader (behind ``Checkpoint.restore`` / ``read``, ``tf.train.load_checkpoint``
and ``list_variables``) then falls back to TF 1's V1 TensorSliceReader, which opens the file at the
path itself as a LevelDB table. So a program that passes a file where a prefix belongs gets:
- ``restore('model.keras')``, ``restore('w.weights.h5')``, ``restore('ckpt-1.data-00000-of-00001')``:
  DataLossError 'Unable to open table file model.keras: DATA_LOSS: not an sstable (bad magic number):
  perhaps your file is in a different file format ...' ('file is too short to be an sstable' under
  48 bytes; 'FAILED_PRECONDITION: <path>; Is a directory' for a directory);
- ``restore('ckpt-1.index')``: the index is itself a table, whose header the V1 reader does not read
  as a tensor; TF sees a checkpoint without tensors and restores nothing, by names
  (NameBasedSaverStatus, whose ``assert_consumed`` names every variable).
Paths with wildcards ('ck/*'), which TF globs, are left to the 'Failed to find any matching files'
error.
"""
import os

from . import sstable
from .format_errors import CheckpointDataLossError

_FORMAT_ADVICE = 'perhaps your file is in a different file format and you need to use a different restore operator?'


def existing_v1_file(path):
    """``path`` when TF's V1 reader would open it (it exists and holds no wildcard), else None."""
    if any(char in path for char in '*?[') or not os.path.exists(path):
        return None
    return path


def check_v1_table(path):
    """Raise TF 2.21's DataLossError unless the file at ``path`` is a LevelDB table.

    Returns:
        True when it is a TF 2 checkpoint's index (a table whose first value is a bundle header),
        which the V1 reader reads as a checkpoint without tensors; False for any other table.
    """
    if os.path.isdir(path):
        reason = 'FAILED_PRECONDITION: %s; Is a directory' % path
    else:
        with open(path, 'rb') as f:
            data = f.read()
        if len(data) < sstable.FOOTER_SIZE:
            reason = 'DATA_LOSS: file is too short to be an sstable'
        elif not sstable.is_table(data):
            reason = 'DATA_LOSS: not an sstable (bad magic number)'
        else:
            entries = sstable.decode(data, path)
            # a V2 BundleHeaderProto starts with its num_shards varint (tag 0x08); a V1 table's '' entry
            # is a SavedTensorSlices message (tag 0x0a), which tapeflow does not read
            return bool(entries) and entries[0][0] == b'' and entries[0][1][:1] != b'\x0a'
    error = CheckpointDataLossError(None, None, 'Unable to open table file %s: %s: %s' % (path, reason, _FORMAT_ADVICE))
    error.add_note('%s is not a checkpoint prefix: pass the prefix that save() returned (the path without '
                   "'.index' / '.data-00000-of-00001'), e.g. tf.train.latest_checkpoint(directory); a .keras "
                   'or .h5 file loads with keras.models.load_model or model.load_weights' % path)
    raise error
