"""A tf.function's first call, as TensorFlow traces it when the call creates variables.

TensorFlow traces a function's first call with variable creation allowed, and
when that call created variables (a model built or an optimizer's slots made
inside it) it traces the function a second time without: the tracing count
then reads 2, and the Python prints of the trace appear twice. tapeflow runs
the Python once; the second trace's prints are the first's, written again.
"""
import sys

from .variable import CREATED


def from_tf_print(depth=2):
    """Whether the write ``depth`` frames up comes from tf.print (framework.printing), which
    TensorFlow runs at every call rather than at trace time."""
    return sys._getframe(depth).f_globals.get('__name__') == 'framework.printing'


class _Recorder:
    """Stands in for ``sys.stdout`` during the first call: writes through and keeps what the
    traced Python printed (not tf.print's output, which TensorFlow prints once, when it runs)."""

    def __init__(self, target):
        self.target = target
        self.written = []

    def write(self, text):
        if not from_tf_print():
            self.written.append(text)
        return self.target.write(text)

    def __getattr__(self, name):
        return getattr(self.target, name)


def initializing_call(run):
    """``run()`` as the function's first traced call; returns (its result, whether TensorFlow
    would trace again because variables were created)."""
    before = CREATED[0]
    recorder = _Recorder(sys.stdout)
    sys.stdout = recorder
    try:
        result = run()
    finally:
        if sys.stdout is recorder:
            sys.stdout = recorder.target
    if CREATED[0] == before:
        return result, False
    text = ''.join(recorder.written)
    if text:
        sys.stdout.write(text)
    return result, True
