"""TensorFlow's frequent-retracing warning for Keras's train and test functions.

On TensorFlow, Keras 3 runs fit's and evaluate's steps through ``multi_step_on_iterator``, a
``tf.function`` made anew by every compile (one for train, one for test), but always from the same
code object. TensorFlow keys its frequent-tracing detector by that code object, so the traces of
every model's train and test functions count together: a program that fits and evaluates a few
models logs "WARNING:tensorflow:5 out of the last 15 calls to <function
TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator at 0x...> triggered tf.function
retracing..." (keras.io's intro_to_keras_for_engineers, audio/stft on TF 2.21).

tapeflow knows when Keras traces (``StepTraces.step``: a function's first step, or a batch spec its
traces do not serve), always on a pass's first step. The calls between traces are counted per pass
(``calls_made``, once at its end), not per step, so the detector costs the step loop nothing.
predict's function (``one_step_on_data_distributed``; ``multi_step_on_data`` with steps_per_execution > 1,
``predict_family``) has a detector of its own; its traces
(``StepTraces.shaped_step``) may come at any batch (a short last one), so its calls count per batch.
train_on_batch's and test_on_batch's function (``one_step_on_data``) has one too, counted per call.
"""
from framework.retracing_warning import TracingDetector

# The Python functions Keras makes tf.functions of, by the qualified names TensorFlow's warning shows:
# fit's and evaluate's steps, and predict's (its own code object, so its own detector)
# (with steps_per_execution > 1 Keras makes predict's function of another code object, multi_step_on_data)
_NAMES = {'step': 'TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator',
          'predict': 'TensorFlowTrainer.make_predict_function.<locals>.one_step_on_data_distributed',
          'predict_multi': 'TensorFlowTrainer.make_predict_function.<locals>.multi_step_on_data',
          # train_on_batch / test_on_batch call the one-step function inside fit's and evaluate's
          # multi-step one directly, eagerly: only such calls reach TF's detector (a call made while
          # another function traces is not counted), so it counts the on-batch calls of every model
          'on_batch': 'TensorFlowTrainer._make_function.<locals>.one_step_on_data'}


class _Family:
    """TensorFlow's detector for one code object, and the calls of its functions: [made so far,
    already given to the detector]."""
    __slots__ = ('detector', 'calls')

    def __init__(self):
        self.detector, self.calls = TracingDetector(), [0, 0]


_FAMILIES = {name: _Family() for name in _NAMES}


class _StepFunction:
    """Prints as Keras's step function of ``family`` does (its qualified name; the address is this
    object's): the warning names the function whose call traced. A module-level class, not a local
    function, so that a model holding it still pickles (tf.saved_model.save stores the model so)."""
    __slots__ = ('family',)

    def __init__(self, family):
        self.family = family

    def __repr__(self):
        return '<function %s at 0x%x>' % (_NAMES[self.family], id(self))


def predict_family(steps_per_execution):
    """The family of a model's predict function: Keras 3 makes it of another code object for groups of steps."""
    return 'predict' if steps_per_execution == 1 else 'predict_multi'


def stand_in(family='step'):
    """What TensorFlow's retracing warning names for ``family``'s function (a ``_StepFunction``)."""
    return _StepFunction(family)


def calls_made(count, family='step'):
    """``count`` more calls of ``family``'s functions ran: a train / test pass's at its end (one per
    step, or per group of ``steps_per_execution`` steps); one per predict batch."""
    _FAMILIES[family].calls[0] += count


def traced(function, family='step'):
    """The call after the counted ones traced ``function`` (a ``stand_in``): the calls since the last
    trace went untraced; TensorFlow's detector warns when 5 of its recent calls traced."""
    state = _FAMILIES[family]
    detector, calls = state.detector, state.calls
    untraced = calls[0] - calls[1]
    if untraced > 0:        # TensorFlow's called_without_tracing, once per call: the same sums
        if not detector.calls_per_trace:
            detector.calls_per_trace.append(0)
        detector.calls_per_trace[-1] += untraced
        detector.calls += untraced
    detector.called(True, function)
    calls[1] = calls[0] + 1         # this call is counted with the others (calls_made), after it ran


def forget():
    """A fresh history, as a new process starts with (the detectors are process-wide, as TensorFlow's;
    tests that count their warnings start from here)."""
    for name in _NAMES:
        _FAMILIES[name] = _Family()
