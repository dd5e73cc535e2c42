"""Ops whose result a traced function throws away: TensorFlow's graph never runs them, so their errors never show.

A tf.function runs as a graph, and TensorFlow runs only the ops its outputs and its stateful ops need
(non-strict execution). The graph guide shows it: on a one-element ``x``, ``tf.gather(x, [1])  # unused``
raises InvalidArgumentError eagerly, and inside a tf.function the call returns ``x`` without a word.
tapeflow runs the function's Python, so the op runs and its kernel check fails. Only then, on the error
path (a working call pays nothing), an op asks ``result_dropped()``: whether, inside a traced call, the
user code that called it throws the result away, as an expression statement or an assignment to a local
that the function never reads. The op then returns a stand-in value of its output's shape instead of
raising; nothing can read it. A result that is used anywhere raises as before (TensorFlow's graph needs
it); so does a result dropped in eager code.
"""
import dis
import sys

from . import graph_random_ops
from .trace_names import _TAPEFLOW_PACKAGES

_LOADS = frozenset(('LOAD_FAST', 'LOAD_FAST_CHECK', 'LOAD_FAST_AND_CLEAR', 'LOAD_FAST_LOAD_FAST', 'DELETE_FAST'))
_STORES = frozenset(('STORE_FAST',))


def result_dropped():
    """Whether the op calling this (on its error path) runs in a traced call, called by user code that drops
    its result."""
    if graph_random_ops.current() is None:      # eager: every op runs
        return False
    caller = sys._getframe(2)       # who called the op: only the user's own call is looked at (a tapeflow
    # function that reads the op's result, or a stateful one such as an optimizer's step, needs it)
    if caller.f_globals.get('__name__', '').partition('.')[0] in _TAPEFLOW_PACKAGES:
        return False
    return _drops_call_result(caller.f_code, caller.f_lasti)


def _drops_call_result(code, call_offset):
    """Whether the instruction after the call at ``call_offset`` in ``code`` drops its value: POP_TOP, or a
    STORE_FAST to a local that ``code`` never loads (nor a nested function reads: those are cell variables)."""
    instructions = list(dis.get_instructions(code))     # (without the CACHE entries f_lasti may point into)
    position = max((k for k, each in enumerate(instructions) if each.offset <= call_offset), default=None)
    if position is None or position + 1 == len(instructions) or not instructions[position].opname.startswith('CALL'):
        return False
    after = instructions[position + 1]
    if after.opname == 'POP_TOP':
        return True
    if after.opname in _STORES and after.argval not in code.co_cellvars:
        return not any(other.opname in _LOADS and after.argval in _names(other.argval) for other in instructions)
    return False


def _names(argval):
    return argval if isinstance(argval, tuple) else (argval,)       # (3.13's paired loads name two)
