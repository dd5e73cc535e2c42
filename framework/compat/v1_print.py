"""tf.compat.v1.Print: TF 1's identity op that prints a message and some tensors as a side effect.

TF 1 answers debug a graph with ``x = tf.Print(x, [x, tf.shape(x)], 'x = ')``; TF 2.21 keeps it under
compat.v1 and runs it eagerly too. Its PrintOp writes, to stderr, the message and each data tensor in
brackets as Tensor::SummarizeValue shows it (its first ``summarize`` values, 3 by default:
``x = [[1 2.5][3...]...]``), at most ``first_n`` times per kernel (TF's eager kernel cache keeps one per
message, first_n, summarize and dtypes), and returns its input. In a tf.function the lines come with the
graph's run, after the trace's Python prints (trace_prints.py).
"""
import sys

from .. import trace_prints
from ..deprecation import deprecated
from ..tensor import convert_to_tensor

_PRINTED = {}       # the kernel's attributes -> how many times it printed (its call_counter_)
_INSTRUCTIONS = ('Use tf.print instead of tf.Print. Note that tf.print returns a no-output operator that directly '
                 'prints the output. Outside of defuns or eager mode, this operator will not be executed unless it is '
                 'directly specified in session.run or used as a control dependency for other operators. This is '
                 'only a concern in graph mode. Below is an example of how to ensure tf.print executes in graph '
                 'mode:\n')


@deprecated('Print', 'tensorflow.python.ops.logging_ops', _INSTRUCTIONS, date='2018-08-20')
def Print(input_, data, message=None, first_n=None, summarize=None, name=None):     # noqa: N802  (TF's name)
    """``input_`` unchanged; prints ``message`` and each tensor of ``data`` (a list) to stderr as TF 1's
    PrintOp does, the first ``first_n`` times (all when None or negative), ``summarize`` values of each (3)."""
    from ..graph_asserts import _host, _summary
    from ..ops import identity
    value = convert_to_tensor(input_)
    tensors = [convert_to_tensor(item) for item in data]
    message = '' if message is None else message
    first_n = -1 if first_n is None else int(first_n)
    summarize = 3 if summarize is None else int(summarize)
    kernel = (message, first_n, summarize, value.dtype.name, tuple(t.dtype.name for t in tensors))
    count = _PRINTED.get(kernel, 0)
    if first_n < 0 or count < first_n:
        _PRINTED[kernel] = count + 1
        text = message + ''.join('[%s]' % _summary(_host(t), summarize) for t in tensors) + '\n'
        trace_prints.emit(lambda: _write(text))
    return identity(value)


def _write(text):
    sys.stderr.write(text)
    sys.stderr.flush()
