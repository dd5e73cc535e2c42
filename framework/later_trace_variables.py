"""tf.Variable created by user code in a tf.function's later traces, as TensorFlow 2.21 refuses it.

TensorFlow lets a function create variables only in its first trace (the state it keeps
across calls, the tf.function guide's ``if self.v is None: self.v = tf.Variable(...)``). A
later trace (new argument shapes or types) that creates one fails once the trace is done:
ValueError 'Creating variables on a non-first call to a function decorated with
tf.function.'; from then on the function traces with creation refused, and the ``tf.Variable``
call itself raises the singleton error, in autograph's 'in user code:' words.

tapeflow runs the Python of each trace itself; ``Function._run`` puts its later traces in
``later_trace`` and the Variable constructor asks ``created_by`` while one runs. Only a
``tf.Variable(...)`` written in user code counts: tapeflow's own layers and optimizers make
theirs where Keras would have built them before the trace.
"""
import sys

from .trace_names import _TAPEFLOW_PACKAGES

SINGLETON_REFUSAL = (
    'tf.function only supports singleton tf.Variables created on the first call. Make sure the tf.Variable '
    'is only created once or created outside tf.function. See '
    'https://www.tensorflow.org/guide/function#creating_tfvariables for more information.')
NON_FIRST_CALL = 'Creating variables on a non-first call to a function decorated with tf.function.'

RUNNING = []        # the later traces running now, innermost last (empty: the constructor's one cheap test)


class later_trace:
    """Around a tf.function's trace that is not its first. ``refusing``: the function already
    had a later trace create variables, so creating one now raises where it is made. After the
    block, ``created`` says whether user code made a tf.Variable in it."""

    def __init__(self, refusing):
        self.refusing = refusing
        self.created = False

    def __enter__(self):
        RUNNING.append(self)
        return self

    def __exit__(self, *exc):
        RUNNING.remove(self)
        return False


def created_by(depth=1):
    """A tf.Variable is being made by the code ``depth`` frames above the caller, inside a later
    trace: raise TensorFlow's singleton error when that trace refuses creation, else note it."""
    trace = RUNNING[-1]
    module = sys._getframe(depth + 1).f_globals.get('__name__', '')
    if module.partition('.')[0] in _TAPEFLOW_PACKAGES:
        return
    if trace.refusing:
        raise ValueError(SINGLETON_REFUSAL)
    trace.created = True
