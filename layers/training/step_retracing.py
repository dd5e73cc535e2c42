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
"""
from framework.function import _TracingDetector

# One detector for every model's train and test functions (TensorFlow keys it by their code object)
_DETECTOR = _TracingDetector()
_calls = [0, 0]     # [calls of the step functions made so far, calls already given to the detector]


def stand_in():
    """A function that prints as Keras's step function does (its qualified name; the address is
    this object's): the warning names the function whose call traced."""
    def multi_step_on_iterator(iterator):
        raise NotImplementedError('a stand-in for the name of Keras 3\'s step function; it is never called')
    multi_step_on_iterator.__qualname__ = 'TensorFlowTrainer._make_function.<locals>.multi_step_on_iterator'
    return multi_step_on_iterator


def calls_made(count):
    """A train / test pass ended after ``count`` calls of its step function (one per step, or per
    group of ``steps_per_execution`` steps)."""
    _calls[0] += count


def traced(function):
    """The call that starts a pass traces ``function`` (a ``stand_in``): the calls since the last
    trace went untraced; TensorFlow's detector warns when 5 of its recent calls traced."""
    untraced = _calls[0] - _calls[1]
    if untraced > 0:        # TensorFlow's called_without_tracing, once per call: the same sums
        if not _DETECTOR.calls_per_trace:
            _DETECTOR.calls_per_trace.append(0)
        _DETECTOR.calls_per_trace[-1] += untraced
        _DETECTOR.calls += untraced
    _DETECTOR.called(True, function)
    _calls[1] = _calls[0] + 1       # this call is counted with its pass, at the pass's end


def forget():
    """A fresh history, as a new process starts with (the detector is process-wide, as TensorFlow's;
    tests that count its warnings start from here)."""
    global _DETECTOR
    _DETECTOR = _TracingDetector()
    _calls[:] = [0, 0]
