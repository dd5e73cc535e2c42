"""A custom train / test step's Python numbers (and strings, lists) as Keras's step function returns them.

Keras 3's fit and evaluate get each step's logs through a tf.data Optional (eager or traced), and
train_on_batch / test_on_batch through the step's tf.function (unless run_eagerly): both make
every Python number in the logs a tensor, a float a float32, an int an int32. So a step that sets
``logs['lr'] = 0.1`` logs 0.10000000149011612 in History (TF 2.21), and 1e-5 logs
9.999999747378752e-06. Only train_on_batch / test_on_batch with run_eagerly=True keep the floats.

The Optional needs at least one tensor: a step that returns nothing (None, {}, (), or only Nones:
``def train_step(self, data): ...`` without a return) fails in TF 2.21, where tapeflow logged a
loss of 0.0 (refuse_componentless).
"""
from collections.abc import Mapping

from framework.errors import InvalidArgumentError, noted
from framework.tensor import convert_to_tensor

from .logs import LiveLogs

_PYTHON_SCALARS = (bool, int, float, str, bytes)     # (a string becomes a string tensor)


def numbers_as_tensors(logs, optional=False):
    """A copy of the dict ``logs`` with its Python numbers and strings as tensors (nested dicts and
    tuples too). ``optional``: as tf.data's Optional (fit, evaluate) makes them, a list one tensor
    ([1.0, 2.0] one float32 tensor); else as a tf.function returns them, a list of tensors."""
    return type(logs)((key, _as_tensor(value, optional)) for key, value in logs.items())


def _as_tensor(value, optional):
    if type(value) in _PYTHON_SCALARS:
        return convert_to_tensor(value)
    if type(value) is list:
        if not optional:
            return [_as_tensor(each, optional) for each in value]
        if _has_component(value):
            try:
                return convert_to_tensor(value)
            except (TypeError, ValueError):
                return value
    if type(value) is tuple:
        return tuple(_as_tensor(each, optional) for each in value)
    if isinstance(value, Mapping) and not isinstance(value, LiveLogs):
        return numbers_as_tensors(value, optional)
    return value


def step_function_logs(logs, optional=False):
    """A step's logs as Keras's step function returns them: a dict the step built, or the metrics'
    logs with keys it set (``logs['lr'] = 0.01``), with Python numbers as tensors (numbers_as_tensors)."""
    if type(logs) is dict:
        return numbers_as_tensors(logs, optional)
    if isinstance(logs, LiveLogs) and logs.changed:
        return LiveLogs(numbers_as_tensors(logs.raw(), optional))
    return logs


def returning_tensors(step, eager=False):
    """``step`` returning ``step_function_logs`` of its logs; ``eager``: Keras's step function runs
    as Python (run_eagerly), which words refuse_componentless's error as the eager kernel does."""
    def step_function(data):
        logs = step(data)
        if not (type(logs) is LiveLogs and not logs.changed):      # (the metrics' own logs: tensors)
            refuse_componentless(logs, eager)
        return step_function_logs(logs, optional=True)
    return step_function


_NO_COMPONENTS = ("Length for attr 'Toutput_types' of 0 must be at least minimum 1\n\t; NodeDef: {{node "
                  "OptionalFromValue}}; Op<name=OptionalFromValue; signature=components: -> optional:variant; "
                  "attr=Toutput_types:list(type),min=1> [Op:OptionalFromValue] name: ")
_NO_COMPONENTS_TRACED = "Attr 'Toutput_types' of 'OptionalFromValue' Op passed list of length 0 less than minimum 1."


def refuse_componentless(logs, eager):
    """Raise what TF 2.21 raises when a custom step's output holds no tensor: Keras 3 wraps it in
    ``tf.experimental.Optional.from_value``, whose kernel needs one component at least. tf.data's
    structures are dicts and tuples (a list is one value, a list of only Nones none, as None)."""
    if _has_component(logs):
        return
    own = ('the train_step / test_step returned %r: return a dict of logs (e.g. '
           '{m.name: m.result() for m in self.metrics}) holding at least one value' % (logs,))
    if eager:
        raise noted(InvalidArgumentError(_NO_COMPONENTS), own)
    raise noted(ValueError(_NO_COMPONENTS_TRACED), own)


def _has_component(value):
    if value is None:
        return False
    if isinstance(value, Mapping):
        return any(_has_component(each) for each in value.values())
    if isinstance(value, tuple):
        return any(_has_component(each) for each in value)
    if isinstance(value, list) and value:       # tf.data reads [None] (or [[None]]) as None
        return any(_has_component(each) if isinstance(each, list) else each is not None for each in value)
    return True
