"""A kernel TF's op registry allows but no CPU kernel computes (Reciprocal of int32), in a tf.function's trace.

Eagerly TF 2.21 raises NotFoundError 'Could not find device for node: ...' (ops/missing_kernels.py). A
tf.function's graph builds the node: its trace prints Tensor("Reciprocal:0", shape=(None, 4), dtype=int32) and
goes on, and the graph's run fails, at every call, with

    No OpKernel was registered to support Op 'Reciprocal' used by {{node Reciprocal}} with these attrs: [T=DT_INT32]
    Registered devices: [CPU]
    Registered kernels:
      device='XLA_CPU_JIT'; T in [DT_FLOAT, ...]
      ...

    	 [[Reciprocal]] [Op:__inference_f_8]

(InvalidArgumentError; notes/progs/kerasops7/recip.py). Here the traced op gives zeros of its input's shape and
dtype (no value of that node is ever read: the run fails) and the trace notes the failure; tf.function raises it
once the trace is made, and again at each later call. The uid after the function's name is left out, as
graph_runtime_errors.py does.
"""
import contextlib
import threading

import numpy as np

from . import trace_names
from .errors import InvalidArgumentError

_local = threading.local()


def built_node(error, x, shape=None):
    """In a tf.function's trace, the stand-in result of the op that raised ``error`` (a NotFoundError of
    ops/missing_kernels.py) on the tensor ``x``: zeros of ``x``'s dtype and of ``shape`` (an elementwise op's:
    ``x``'s; a determinant's: the batch lengths), the failure noted on the trace; else None (it raises)."""
    missing = getattr(error, 'missing_kernel', None)
    failures = getattr(trace_names.current(), 'missing_kernels', None)
    if missing is None or failures is None:     # (eager, or a trace no tf.function runs: a Keras step's, ...)
        return None
    from .tensor import Tensor
    result = Tensor(np.zeros_like(x._data) if shape is None else np.zeros(shape, x._data.dtype))
    failures.append(missing + (result,))
    return result


def collect(trace):
    """Let ``trace`` (a tf.function's trace_names.naming) note the nodes no CPU kernel computes."""
    trace.missing_kernels = []


def run_error(trace, function_name):
    """The graph run's InvalidArgumentError for the first failure ``trace`` noted in the tf.function
    ``function_name``, or None."""
    failures = getattr(trace, 'missing_kernels', None) if trace is not None else None
    if not failures:
        return None
    kernel, dtype_name, registered, *attrs, result = failures[0]     # (attrs: the node's, where not T alone)
    entry = trace._names.get(id(result))
    node = entry[0].partition(':')[0] if entry is not None else kernel     # (its graph name: 'Reciprocal_1')
    return InvalidArgumentError(
        "No OpKernel was registered to support Op '%s' used by {{node %s}} with these attrs: [%s]\n"
        "Registered devices: [CPU]\nRegistered kernels:\n%s\n\n\t [[%s]] [Op:__inference_%s]"
        % (kernel, node, attrs[0] if attrs else 'T=DT_' + dtype_name, '\n'.join('  ' + line for line in registered),
           node, function_name))


def raised(error):
    """A fresh copy of the noted run error ``error``, to raise at a call."""
    return type(error)(None, None, error.message)


@contextlib.contextmanager
def tracing_only():
    """A trace that runs no graph (get_concrete_function's): its noted failures are not raised."""
    _local.depth = getattr(_local, 'depth', 0) + 1
    try:
        yield
    finally:
        _local.depth -= 1


def runs_graph():
    """Whether the trace running now stands for a call that runs its graph (not tracing_only)."""
    return not getattr(_local, 'depth', 0)
