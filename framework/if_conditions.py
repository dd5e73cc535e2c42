"""A tensor ``if`` statement in a tf.function whose condition is no `tf.bool` scalar, as TensorFlow 2.21 refuses it.

AutoGraph turns ``if tensor:`` into tf.cond, which takes only a boolean scalar: a float or int
tensor (``if x:`` on a loss), or a boolean one with more than one element (``if x > 0:`` on a
vector), fails while tracing with ValueError 'condition of if statement expected to be `tf.bool`
scalar, got Tensor("x:0", shape=(), dtype=float32); to use as boolean Tensor, use `tf.cast`; to
check for None, use `is not None`' (the `tf.cast` advice only for another dtype). tapeflow runs
the Python itself and Python asks the tensor's truth: assert_statements.truth asks here when a
traced function's own code tests a graph tensor of the trace (one trace_names named). Only an
``if`` statement's plain test counts (no ``and`` / ``or`` / ``not`` / conditional expression in
it, on one line): those AutoGraph converts otherwise, with other errors.
"""
import ast

from . import trace_names
from .code_source import scanned

_OTHER_CONVERSIONS = (ast.BoolOp, ast.IfExp, ast.UnaryOp, ast.Lambda, ast.NamedExpr)


def refusal(frame, tensor):
    """TensorFlow's ValueError when ``tensor`` is the condition of the ``if`` at the frame's line, or None."""
    entry = trace_names.entry_of(tensor)
    if entry is None or entry[1] is None:       # not a graph tensor, or of unknown rank
        return None
    name, shape, dtype = entry
    if dtype == 'bool' and shape == ():
        return None
    if frame.f_lineno not in scanned(frame.f_code, _plain_if_lines, frozenset()):
        return None
    advice = '' if dtype == 'bool' else 'to use as boolean Tensor, use `tf.cast`; '
    return ValueError('condition of if statement expected to be `tf.bool` scalar, got %s; %sto check for None, '
                      'use `is not None`' % (trace_names.symbolic_text(tensor, False, 'tf'), advice))


def _plain_if_lines(tree, offset):
    """The file's lines that hold an ``if`` statement's whole plain test."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and node.test.lineno == node.test.end_lineno \
                and not any(isinstance(part, _OTHER_CONVERSIONS) for part in ast.walk(node.test)):
            lines.add(node.test.lineno + offset)
    return frozenset(lines)
