"""The 'checkpoint' file of a directory: which checkpoints it holds, the latest last.

TensorFlow writes it as a text protocol buffer; this is the same text::

    model_checkpoint_path: "ckpt-5"
    all_model_checkpoint_paths: "ckpt-4"
    all_model_checkpoint_paths: "ckpt-5"

Paths inside the directory are written relative to it and read back joined to it.
"""
import json
import os
import re

from ..atomic_files import atomic_write
from . import checkpoint_file

STATE_FILENAME = 'checkpoint'
_LINE = re.compile(r'^\s*(\w+)\s*:\s*(.*?)\s*$')


class CheckpointState:
    """TensorFlow's CheckpointState message: its fields, printed (str and repr) as its text format,
    the 'checkpoint' file's lines with the paths as held here."""

    def __init__(self, model_checkpoint_path, all_model_checkpoint_paths, timestamps=(), last_preserved=None):
        self.model_checkpoint_path = model_checkpoint_path
        self.all_model_checkpoint_paths = list(all_model_checkpoint_paths)
        self.all_model_checkpoint_timestamps = list(timestamps)
        self.last_preserved_timestamp = last_preserved or 0.0       # the message's default when unset

    def __str__(self):
        return ''.join(line + '\n' for line in _text_lines(self, lambda path: path))

    __repr__ = __str__


def _relative(path, directory):
    return os.path.basename(path) if os.path.dirname(os.path.abspath(path)) == os.path.abspath(directory) else path


def _absolute(path, directory):
    return path if os.path.isabs(path) else os.path.join(directory, path)


def _text_lines(state, shown_path):
    """The message's text format, a line per set field (a zero last_preserved_timestamp is unset)."""
    lines = ['model_checkpoint_path: %s' % json.dumps(shown_path(state.model_checkpoint_path))]
    lines += ['all_model_checkpoint_paths: %s' % json.dumps(shown_path(p)) for p in state.all_model_checkpoint_paths]
    lines += ['all_model_checkpoint_timestamps: %r' % t for t in state.all_model_checkpoint_timestamps]
    if state.last_preserved_timestamp:
        lines.append('last_preserved_timestamp: %r' % state.last_preserved_timestamp)
    return lines


def write_state(directory, state, latest_filename=None):
    """Write ``state`` to '<directory>/checkpoint', replacing the old file atomically."""
    lines = _text_lines(state, lambda path: _relative(path, directory))
    path = os.path.join(directory, latest_filename or STATE_FILENAME)
    with atomic_write(path) as temporary:
        with open(temporary, 'w') as f:
            f.write('\n'.join(lines) + '\n')


def get_checkpoint_state(checkpoint_dir, latest_filename=None):
    """The directory's CheckpointState, or None when it has no 'checkpoint' file.

    Raises:
        ValueError: the file is not a checkpoint state (it names the bad line).
    """
    path = os.path.join(os.fspath(checkpoint_dir), latest_filename or STATE_FILENAME)
    if not os.path.isfile(path):
        return None
    fields = {'model_checkpoint_path': [], 'all_model_checkpoint_paths': [],
              'all_model_checkpoint_timestamps': [], 'last_preserved_timestamp': []}
    with open(path) as f:
        for number, line in enumerate(f, 1):
            match = _LINE.match(line)
            if not line.strip():
                continue
            if not match or match.group(1) not in fields:
                raise ValueError('%s line %d is not a checkpoint state line: %r' % (path, number, line))
            fields[match.group(1)].append(json.loads(match.group(2)))
    if not fields['model_checkpoint_path']:
        return None
    directory = os.fspath(checkpoint_dir)
    return CheckpointState(_absolute(fields['model_checkpoint_path'][-1], directory),
                           [_absolute(p, directory) for p in fields['all_model_checkpoint_paths']],
                           fields['all_model_checkpoint_timestamps'],
                           (fields['last_preserved_timestamp'] or [None])[-1])


def latest_checkpoint(checkpoint_dir, latest_filename=None):
    """The prefix of the directory's newest checkpoint, or None when it has none (or its files are gone)."""
    state = get_checkpoint_state(checkpoint_dir, latest_filename)
    if state is None or not checkpoint_file.exists(state.model_checkpoint_path):
        return None
    return state.model_checkpoint_path
