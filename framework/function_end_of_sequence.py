"""A dataset iterator that runs out inside a tf.function: TensorFlow's graph OutOfRangeError.

In TensorFlow ``next(iterator)`` in a tf.function is an IteratorGetNext node of the graph. At the
end of the data the graph's run fails with OutOfRangeError ('Graph execution error: ... End of
sequence'), which custom training loops catch (``except tf.errors.OutOfRangeError``) to end an
epoch. tapeflow runs the Python, where the iterator raises StopIteration; the Function's call turns
that into TensorFlow's error. The node is 'defined at' the user frames of the trace that made it:
the call that first traced the function, then the function's frames down to ``next``.

The node is the failing call's own: a trace's second ``next`` is IteratorGetNext_1, one inside
``tf.name_scope('s')`` s/IteratorGetNext (TF 2.21). A trace names it as the call raises
(traced_ops.py: ``error.graph_node``); a replay of a finished trace finds the call's node in the
trace's note_node table. TensorFlow's op name ends in a graph id (__inference_step_39), which
tapeflow leaves out, as in its other texts.
"""
import sys

from .errors import OutOfRangeError
from .function_errors import _OWN_DIRS, _user_frames
from .graph_runtime_errors import kernel_run_text, noted_node


def _is_iterator_end(error):
    """Whether StopIteration ``error`` came from a dataset iterator's ``__next__`` (not a Python
    iterator's: TensorFlow ran that one while tracing, and raises its StopIteration there)."""
    from .data.dataset_iterator import DatasetIterator
    tb = error.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    return tb is not None and tb.tb_frame.f_code is DatasetIterator.__next__.__code__


def call_site(depth=1):
    """The user frames (file, line, function) of the stack ``depth`` frames above the caller,
    outermost first: where a trace is made (tapeflow's own frames left out)."""
    frames = []
    frame = sys._getframe(depth + 1)
    while frame is not None:
        code = frame.f_code
        if not code.co_filename.startswith(_OWN_DIRS):
            frames.append((code.co_filename, frame.f_lineno, code.co_name))
        frame = frame.f_back
    return frames[::-1]


def graph_end_of_sequence(error, python_function, name, site, nodes=None):
    """TensorFlow's OutOfRangeError for StopIteration ``error`` from a dataset iterator in the
    traced ``python_function`` (tf.function ``name``) whose trace was made from ``site``
    (``call_site``'s frames) and, for a replay, noted ``nodes``; None for any other StopIteration."""
    if not isinstance(error, StopIteration) or not _is_iterator_end(error):
        return None
    node = getattr(error, 'graph_node', None)
    if node is None:
        noted = noted_node(error, nodes)
        node = 'IteratorGetNext' if noted is None else noted[0]
    inner = [frame[:3] for frame in _user_frames(error.__traceback__, python_function)]
    text = kernel_run_text(node, list(site) + inner, 'End of sequence', name)
    return OutOfRangeError(None, None, text, OutOfRangeError.code)
