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
from framework.tensor import Tensor, convert_to_tensor
from framework.trace_names import eager_inside

from .logs import LiveLogs, pythonify_logs

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


def step_function_logs(logs, optional=False, eager=False):
    """A step's logs as Keras's step function returns them: a dict the step built, or the metrics'
    logs with keys it set (``logs['lr'] = 0.01``), with Python numbers as tensors (numbers_as_tensors).
    A value no tensor can hold (a metric object) is refused as refuse_untensorable says."""
    if type(logs) is dict:
        refuse_untensorable(logs, eager)
        return numbers_as_tensors(logs, optional)
    if isinstance(logs, LiveLogs) and logs.changed:
        refuse_untensorable(logs.raw(), eager)
        return LiveLogs(numbers_as_tensors(logs.raw(), optional))
    if type(logs) in (list, tuple):     # (tf.data's Optional makes a list one tensor)
        return _as_tensor(logs, optional)
    if type(logs) in _PYTHON_SCALARS:   # a bare ``return 3.5``: Keras then fails on the tensor's missing .items()
        return convert_to_tensor(logs)
    return logs


def returning_tensors(step, eager=False):
    """``step`` returning ``step_function_logs`` of its logs; ``eager``: Keras's step function runs
    as Python (run_eagerly), which words refuse_componentless's error as the eager kernel does."""
    def step_function(data):
        logs = step(data)
        if not (type(logs) is LiveLogs and not logs.changed):      # (the metrics' own logs: tensors)
            refuse_componentless(logs, eager)
        logs = step_function_logs(logs, optional=True, eager=eager)
        if not isinstance(logs, Mapping):
            # Keras's callbacks read each step's logs as a dict (pythonify_logs: ``(logs or {}).items()``),
            # which a returned loss tensor or list fails as in TF 2.21, after the step's function ran: outside
            # its graph, so the tensor is an EagerTensor there ("... EagerTensor' object has no attribute 'items'")
            try:
                with eager_inside():
                    pythonify_logs(logs)
            except (AttributeError, ValueError) as error:
                error.step_ran = True
                raise
        return logs
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


_ONE_STEP = 'TensorFlowTrainer._make_function.<locals>.one_step_on_data'


def refuse_untensorable(logs, eager):
    """Raise what TF 2.21 raises when a custom step's logs hold a value no tensor holds (a beginner's
    ``return {m.name: m for m in self.metrics}``, without ``.result()``): Keras's traced step function
    (fit, evaluate, train_on_batch, test_on_batch) refuses the first such value in tf.nest's order
    (dict keys sorted) as tf.function refuses its outputs; with run_eagerly, fit's and evaluate's
    tf.experimental.Optional refuses the first in the dict's own order."""
    value = _first_untensorable(logs, sort_keys=not eager)
    if value is _TENSORABLE:
        return
    own = ('the train_step / test_step returned a %s in its logs, which is no tensor: return its value '
           '(e.g. {m.name: m.result() for m in self.metrics})' % type(value).__name__)
    if eager:
        raise noted(TypeError('Could not build a `TypeSpec` for %r with type %s' % (value, type(value).__name__)), own)
    raise noted(TypeError('To be compatible with tf.function, Python functions must return zero or more Tensors or '
                          'ExtensionTypes or None values; in compilation of <function %s at 0x%x>, found return '
                          'value of type %s, which is not a Tensor or ExtensionType.'
                          % (_ONE_STEP, id(logs), type(value).__name__)), own)


_TENSORABLE = object()


def _first_untensorable(value, sort_keys):
    if value is None or type(value) is Tensor or type(value) in _PYTHON_SCALARS:
        return _TENSORABLE
    if isinstance(value, Mapping):
        keys = sorted(value) if sort_keys else list(value)
        children = [value[key] for key in keys]
    elif isinstance(value, (list, tuple)):
        children = value
    else:
        try:
            convert_to_tensor(value)
        except (TypeError, ValueError):
            return value
        return _TENSORABLE
    for child in children:
        found = _first_untensorable(child, sort_keys)
        if found is not _TENSORABLE:
            return found
    return _TENSORABLE
