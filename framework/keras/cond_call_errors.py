"""An error in a branch of ``keras.ops.cond``, worded as Keras 3 words it.

keras.ops.cond is ``Cond()(pred, true_fn, false_fn)``, a Keras Operation, so a branch's error comes back as
'Exception encountered when calling Cond.call().' with the arguments it received (``args=`` the three as text,
``kwargs=<class 'inspect._empty'>``: Cond.call takes ``*args, **kwargs``), eagerly and in a tf.function's trace
(TF 2.21, notes/progs/optimtraj28/p4_cond.py). Not reworded: an error an inner Keras call already worded, a
dataset's end (StopIteration: the graph's OutOfRangeError), and a kernel error that TensorFlow's graph raises
only when it runs (traced_ops.py hangs that on the kernel's error), outside the Cond's call.
"""
import inspect

from .operation_call_errors import in_call


def in_cond_call(error, pred, true_fn, false_fn):
    """The error keras.ops.cond(pred, true_fn, false_fn) raises for ``error`` from its branch (``error`` itself
    where Keras's Cond leaves it)."""
    if getattr(error, '_keras_call_info_injected', False) or isinstance(error, StopIteration):
        return error
    refused = getattr(error, '_graph_error', None)
    if refused is not None:
        if not getattr(refused, 'graph_refused', False):    # a graph run's error: raised when the graph runs
            return error
        error = refused         # the graph's refusal while tracing (a dtype or shape TypeError / ValueError)
    from framework.tensor import Tensor
    shown = 'tf.Tensor(shape=%s, dtype=%s)' % (tuple(pred.shape), pred.dtype.name) if isinstance(pred, Tensor) \
        else repr(pred)
    return in_call(error, 'Cond', [('args', (shown, repr(true_fn), repr(false_fn))),
                                   ('kwargs', inspect.Parameter.empty)])
