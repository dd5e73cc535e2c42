"""TensorFlow's frequent-retracing warning: '5 out of the last 5 calls to <function f ...> triggered
tf.function retracing. ...', logged when five traces come among a function's last ten calls, twice at most.

The call history is kept per Python function (its code object), shared by every Function made from it,
as TensorFlow keeps it: a tf.function redefined in a loop warns too.
"""
import types
import weakref

from .tf_logging import logger


class RetracingWarning(UserWarning):
    """Kept for programs that filter it: the frequent-tracing warning is now logged, as TensorFlow logs it."""


class TracingDetector:
    """TensorFlow's frequent-tracing warning: 5 traces among the last 10 calls, twice at most."""
    __slots__ = ('calls_per_trace', 'calls', 'warnings')

    def __init__(self):
        self.calls_per_trace, self.calls, self.warnings = [], 0, 0

    def called(self, traced, python_function):
        self.calls += 1
        if not traced:
            if not self.calls_per_trace:
                self.calls_per_trace.append(0)
            self.calls_per_trace[-1] += 1
            return
        self.calls_per_trace.append(1)
        while self.calls_per_trace and self.calls - self.calls_per_trace[0] > 10:
            self.calls -= self.calls_per_trace.pop(0)
        if self.warnings < 2 and len(self.calls_per_trace) >= 5:
            self.warnings += 1
            # logged, as TensorFlow logs it (tf_logging.warning): 'WARNING:tensorflow:5 out of ...' on stderr
            logger().warning(
                '%d out of the last %d calls to %s triggered tf.function retracing. Tracing is expensive and the '
                'excessive number of tracings could be due to (1) creating @tf.function repeatedly in a loop, (2) '
                'passing tensors with different shapes, (3) passing Python objects instead of tensors. For (1), '
                'please define your @tf.function outside of the loop. For (2), @tf.function has '
                'reduce_retracing=True option that can avoid unnecessary retracing. For (3), please refer to '
                'https://www.tensorflow.org/guide/function#controlling_retracing and '
                'https://www.tensorflow.org/api_docs/python/tf/function for  more details.'
                % (len(self.calls_per_trace), self.calls, as_named_in_warning(python_function)))


def as_named_in_warning(python_function):
    """What TensorFlow's retracing warning shows for ``python_function``: a method decorated with
    tf.function as its plain function ('<function M.f at 0x...>', TF 2.21), not as the weakly bound
    method an instance's Function runs; ``tf.function(obj.f)`` keeps its bound method."""
    if getattr(python_function, '_ref', None) is not None and hasattr(python_function, '__wrapped__'):
        return python_function.__wrapped__      # (function._WeakMethod)
    return python_function


_DETECTORS = weakref.WeakKeyDictionary()     # shared by the Functions of one Python function, as in TF


def detector_for(python_function):
    """The detector shared by the Functions of ``python_function``."""
    target = python_function
    while hasattr(target, '__wrapped__') or isinstance(target, types.MethodType):
        target = target.__func__ if isinstance(target, types.MethodType) else target.__wrapped__
    # keyed by the code object, as TensorFlow: a function redefined in a loop shares one history
    target = getattr(target, '__code__', target)
    try:
        return _DETECTORS.setdefault(target, TracingDetector())
    except TypeError:               # not weakly referable: no shared history
        return TracingDetector()
