"""A custom train / test step's Python numbers as Keras's step function returns them.

Keras 3's fit and evaluate get each step's logs through a tf.data Optional (eager or traced), and
train_on_batch / test_on_batch through the step's tf.function (unless run_eagerly): both make
every Python number in the logs a tensor, a float a float32, an int an int32. So a step that sets
``logs['lr'] = 0.1`` logs 0.10000000149011612 in History (TF 2.21), and 1e-5 logs
9.999999747378752e-06. Only train_on_batch / test_on_batch with run_eagerly=True keep the floats.
"""
from collections.abc import Mapping

from framework.tensor import convert_to_tensor

from .logs import LiveLogs

_PYTHON_NUMBERS = (bool, int, float)


def numbers_as_tensors(logs):
    """A copy of the dict ``logs`` with its Python numbers as tensors (nested dicts too)."""
    return type(logs)((key, _as_tensor(value)) for key, value in logs.items())


def _as_tensor(value):
    if type(value) in _PYTHON_NUMBERS:
        return convert_to_tensor(value)
    if isinstance(value, Mapping) and not isinstance(value, LiveLogs):
        return numbers_as_tensors(value)
    return value


def step_function_logs(logs):
    """A step's logs as Keras's step function returns them: a dict the step built, or the metrics'
    logs with keys it set (``logs['lr'] = 0.01``), with Python numbers as tensors."""
    if type(logs) is dict:
        return numbers_as_tensors(logs)
    if isinstance(logs, LiveLogs) and logs.changed:
        return LiveLogs(numbers_as_tensors(logs.raw()))
    return logs


def returning_tensors(step):
    """``step`` returning ``step_function_logs`` of its logs."""
    def step_function(data):
        return step_function_logs(step(data))
    return step_function
