"""Logs as callbacks and progress bars see them: sorted keys, Python floats.

During an epoch the running metrics stay raw arrays; ``LiveLogs`` is a view
that reads them only when someone looks (a progress refresh, a callback that
reads batch logs), so a step never pays a device-to-host copy for nothing.
"""
from collections.abc import Mapping

from framework.backend import to_host
from framework.tensor import Tensor


def to_python(value):
    """A float for scalar tensors and arrays; anything else unchanged."""
    try:
        if isinstance(value, Tensor):
            value = value._data
        return float(to_host(value))
    except (TypeError, ValueError):
        return value


def pythonify_logs(logs):
    """A new dict: keys sorted, nested dicts flattened, values as floats (Keras 3's ``pythonify_logs``)."""
    result = {}
    for key, value in sorted((logs or {}).items()):
        if isinstance(value, Mapping):
            result.update(pythonify_logs(value))
        else:
            result[key] = to_python(value)
    return result


class LiveLogs(Mapping):
    """A read-only view of logs that converts them to Python floats when read.

    Args:
        source: a function returning the raw logs (the model's
            ``get_metrics_result``), or a dict of raw values.

    ``compute_metrics`` returns the model's one view, so a step builds nothing;
    reading it computes every result at that moment.
    """
    __slots__ = ('_source',)

    def __init__(self, source):
        self._source = source

    def _read(self):
        raw = self._source() if callable(self._source) else self._source
        return pythonify_logs(raw)

    def __getitem__(self, key):
        return self._read()[key]

    def __iter__(self):
        return iter(self._read())

    def __len__(self):
        return len(self._read())

    def items(self):
        return self._read().items()

    def __repr__(self):
        return 'LiveLogs(%r)' % (self._read(),)


def batch_logs(logs):
    """What batch hooks receive: a ``LiveLogs`` as it is; a dict a custom step returned, wrapped."""
    if isinstance(logs, LiveLogs) or not isinstance(logs, Mapping):
        return logs
    return LiveLogs(logs)
