"""User code that Keras 3 calls inside a tf.function, which AutoGraph leaves unconverted.

AutoGraph converts a tf.function's own code and the user functions that code calls, but not library
code nor what library code calls in turn (tf.cond / tf.while_loop convert the functions handed to them
only where they are called from converted code). Keras 3's ``Layer.__call__`` and ``Loss.__call__``
call ``self.call`` as plain Python, and its optimizers call a learning-rate schedule or a constraint as
plain Python, so under a tf.function a tensor ``if`` / ``while`` / ``for`` in a layer's (or model's or
loss's) ``call`` meets TF 2.21's refusal, ``OperatorNotAllowedInGraphError: Exception encountered when
calling Gate.call(). Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. ...``, where the
same code in the function itself runs. tapeflow runs all Python as it is: assert_statements.py and
symbolic_iteration.py ask here, only once a traced user frame tests or iterates a tensor (never on the
eager path).
"""
import os

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Keras's layers (Layer.__call__ and the models, wrappers and RNNs built on it), its optimizers (a schedule,
# a constraint) and its Loss objects (Loss.__call__ calling a subclass's call, a wrapped loss function)
_KERAS_CALLERS = tuple(os.path.join(_ROOT, package) + os.sep
                       for package in ('layers', 'optim', os.path.join('framework', 'losses')))
# where a trace starts, converting the function it calls: a tf.function, a tf.data function
_TRACERS = (os.path.join(_ROOT, 'framework', 'function.py'), os.path.join(_ROOT, 'framework', 'data') + os.sep)


def called_unconverted(frame):
    """Whether user code ``frame`` runs below Keras code that called it: on the way out, a Keras frame
    comes before the tf.function (or tf.data function) that traces it. tf.cond / tf.while_loop frames
    between do not count: they convert their functions only in converted code (TF 2.21 refuses a
    tensor ``if`` in a while_loop body that a layer's call runs)."""
    caller = frame.f_back
    while caller is not None:
        path = caller.f_code.co_filename
        if path.startswith(_KERAS_CALLERS):
            return True
        if path.startswith(_TRACERS):
            return False
        caller = caller.f_back
    return False
