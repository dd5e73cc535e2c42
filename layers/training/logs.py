"""Logs as callbacks and progress bars see them: sorted keys, Python floats.

During an epoch the running metrics stay raw arrays; ``LiveLogs`` is a view
that reads them only when someone looks (a progress refresh, a callback that
reads batch logs), so a step never pays a device-to-host copy for nothing.
"""
from collections.abc import Mapping, MutableMapping

from framework.backend import to_host
from framework.tensor import Tensor
from framework.variable import Variable


def to_python(value):
    """A float for scalar tensors and arrays, a host (numpy) array for others (an F1Score's per-class
    values: a cupy array on the GPU, which numpy refuses to read); anything else unchanged."""
    live = isinstance(value, Variable)
    if isinstance(value, Tensor):
        value = value._data
    value = to_host(value)
    try:
        return float(value)
    except (TypeError, ValueError):
        # A Variable's result (TruePositives(thresholds=[...]): Keras returns the variable) is read now, as
        # TF's traced step reads it: the live buffer would show later updates in History and evaluate's dict
        return value.copy() if live and hasattr(value, 'copy') else value


def pythonify_logs(logs):
    """A new dict: keys sorted, nested dicts flattened, values as floats (Keras 3's ``pythonify_logs``)."""
    result = {}
    for key, value in sorted((logs or {}).items()):
        if isinstance(value, Mapping):
            result.update(pythonify_logs(value))
        else:
            result[key] = to_python(value)
    return result


_ABSENT = object()


class LiveLogs(MutableMapping):
    """A view of logs that converts them to Python floats when read.

    Args:
        source: a function returning the raw logs (the model's
            ``get_metrics_result``), or a dict of raw values.

    ``compute_metrics`` returns a new view each step (Keras 3 returns a new dict), and building
    one computes nothing: reading it computes every result at that moment. A step may add or
    drop keys before returning it (``logs['grad_norm'] = ...``, as Keras programs do); the view
    then takes the results of that moment as its own dict, which fit logs as it logs a custom
    step's dict.

    as_returned: the view a step hands its caller (what ``compute_metrics`` returns). Keras 3
        returns that as a plain dict of the result tensors in the order of ``model.metrics``
        (a custom loop's ``for name, value in logs.items()`` prints 'loss' first, as tensors);
        callbacks get a sorted copy of floats, which ``batch_logs`` makes of it.
    """
    __slots__ = ('_source', '_as_returned')

    def __init__(self, source, as_returned=False):
        self._source = source
        self._as_returned = as_returned

    @property
    def changed(self):
        """True once a key was set or deleted (the view then holds its own dict)."""
        return not callable(self._source)

    def raw(self):
        """The logs as tensors and values, before conversion to floats."""
        return self._source() if callable(self._source) else self._source

    def _read(self):
        return pythonify_logs(self.raw())

    def _own(self):
        if callable(self._source):
            self._source = dict(self._source())
        return self._source

    def __getitem__(self, key):
        # one key as the step holds it, as Keras's logs dict of tensors gives it (a custom train_step's
        # super().train_step(data)['loss'].numpy() or .dtype); a nested dict's keys read as floats.
        # items(), what callbacks and the progress bar read, stays floats
        value = self.raw().get(key, _ABSENT)
        if value is _ABSENT or isinstance(value, Mapping):
            return self._read()[key]
        return value

    def __setitem__(self, key, value):
        self._own()[key] = value

    def __delitem__(self, key):
        del self._own()[key]

    def __iter__(self):
        return iter(self.raw() if self._as_returned else self._read())

    def __len__(self):
        return len(self.raw() if self._as_returned else self._read())

    def items(self):
        return (self.raw() if self._as_returned else self._read()).items()

    def for_callbacks(self):
        """The sorted view of floats callbacks read, over the same logs."""
        return LiveLogs(self._source) if self._as_returned else self

    def __repr__(self):
        # as Keras's dict of the step's tensors prints (print(model.train_step(batch)) in a custom loop)
        return repr(dict(self.raw()))


def batch_logs(logs):
    """What batch hooks receive: a ``LiveLogs`` as callbacks read it; a dict a custom step returned, wrapped."""
    if isinstance(logs, LiveLogs):
        return logs.for_callbacks()
    if not isinstance(logs, Mapping):
        return logs
    return LiveLogs(logs)
