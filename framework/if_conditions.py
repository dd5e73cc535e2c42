"""A tensor ``if`` statement in a tf.function whose condition is no `tf.bool` scalar, as TensorFlow 2.21 refuses it.

AutoGraph turns ``if tensor:`` into tf.cond, which takes only a boolean scalar: a float or int
tensor (``if x:`` on a loss), or a boolean one with more than one element (``if x > 0:`` on a
vector), fails while tracing with ValueError 'condition of if statement expected to be `tf.bool`
scalar, got Tensor("x:0", shape=(), dtype=float32); to use as boolean Tensor, use `tf.cast`; to
check for None, use `is not None`' (the `tf.cast` advice only for another dtype); a boolean of one
element, (1,) or (None,), passes. A ``while`` test is TF's 'condition of while loop ...' at its first
test, the tensor named as the loop's cond graph names it (``while/Placeholder:0`` for ``while x:``). tapeflow runs
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
    """TensorFlow's ValueError when ``tensor`` is the condition of the ``if`` at the frame's line, or of the
    ``while`` there at its first test (the loop's cond graph is traced once), or None."""
    entry = trace_names.entry_of(tensor)
    if entry is None or entry[1] is None:       # not a graph tensor, or of unknown rank
        return None
    name, shape, dtype = entry
    if dtype == 'bool' and _elements(shape) <= 1:     # (TF reshapes a one-element condition to a scalar)
        return None
    statement = scanned(frame.f_code, _plain_test_lines, {}).get(frame.f_lineno)
    if statement is None:
        return None
    if statement == 'if statement':
        text = trace_names.symbolic_text(tensor, False, 'tf')
    else:
        from . import traced_while_loops     # (late: it imports the modules that import this one)
        loop = traced_while_loops.loop_test(frame)
        if loop is None or loop[1]:
            return None
        text = 'Tensor("%s:0", shape=%s, dtype=%s)' % (traced_while_loops.condition_name(frame, tensor), shape, dtype)
    advice = '' if dtype == 'bool' else 'to use as boolean Tensor, use `tf.cast`; '
    return ValueError('condition of %s expected to be `tf.bool` scalar, got %s; %sto check for None, '
                      'use `is not None`' % (statement, text, advice))


def _elements(shape):
    """The product of the known lengths of ``shape`` (TF's test: an open length counts as one)."""
    count = 1
    for length in shape:
        count *= 1 if length is None else length
    return count


def _plain_test_lines(tree, offset):
    """{line: 'if statement' / 'while loop'} for the file's lines that hold an ``if`` or ``while`` statement's
    whole plain test."""
    lines = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While)) and node.test.lineno == node.test.end_lineno \
                and not any(isinstance(part, _OTHER_CONVERSIONS) for part in ast.walk(node.test)):
            lines[node.test.lineno + offset] = 'if statement' if isinstance(node, ast.If) else 'while loop'
    return lines
