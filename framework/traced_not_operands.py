"""``not`` on a tensor inside a tf.function, as TensorFlow 2.21's AutoGraph converts it.

AutoGraph turns ``not x`` (``if not count:``, ``while not done:``, ``y = not x``) into ag__.not_, which on
a tensor is tf.logical_not: an int or float tensor fails while tracing with TypeError "Input 'x' of
'LogicalNot' Op has type int32 that does not match expected type of bool." where Python would take its
truth, and ``if not mask:`` on a boolean vector is tf.cond's refusal of the LogicalNot's output
(if_conditions.py's words for a plain test). tapeflow runs the Python itself: assert_statements.truth asks
here when the traced function's own code tests a graph tensor, and the caller's instruction tells a
``not`` (UNARY_NOT) or an ``if`` / ``while`` whose whole test is ``not <operand>`` (a jump on the operand).
"""
import ast
import dis

from . import name_scopes, trace_names
from .code_source import scanned

_UNARY_NOT = dis.opmap['UNARY_NOT']
_PASSED_OVER = {dis.opmap[name] for name in ('CACHE', 'EXTENDED_ARG', 'NOP', 'TO_BOOL') if name in dis.opmap}


def refusal(frame, tensor):
    """TensorFlow's error when ``tensor``'s truth is asked for a ``not`` at the frame's instruction, or None."""
    entry = trace_names.entry_of(tensor)
    if entry is None:
        return None
    _, shape, dtype = entry
    if dtype == 'bool' and (shape is None or _elements(shape) <= 1):
        return None
    statement = scanned(frame.f_code, _negated_tests, {}).get(frame.f_lineno)
    if not _at_unary_not(frame) and statement is None:
        return None
    if dtype != 'bool':
        return TypeError("Input 'x' of 'LogicalNot' Op has type %s that does not match expected type of bool."
                         % dtype)
    if statement != 'if statement':
        return None
    graph = getattr(trace_names.current(), 'graph', None)
    name = graph.unique(name_scopes.current() + 'LogicalNot') if graph is not None else 'LogicalNot'
    return ValueError('condition of if statement expected to be `tf.bool` scalar, got Tensor("%s:0", shape=%s, '
                      'dtype=bool); to check for None, use `is not None`' % (name, tuple(shape)))


def _at_unary_not(frame):
    """Whether the frame's current instruction is (a truth test leading into) UNARY_NOT: ``y = not x``."""
    code = frame.f_code.co_code
    at = frame.f_lasti
    for _ in range(4):
        if at >= len(code):
            return False
        if code[at] == _UNARY_NOT:
            return True
        if code[at] not in _PASSED_OVER:
            return False
        at += 2
    return False


def _elements(shape):
    count = 1
    for length in shape:
        count *= 1 if length is None else length
    return count


def _negated_tests(tree, offset):
    """{line: 'if statement' / 'while loop'} for the lines holding an ``if`` / ``while`` whose whole test,
    on that line, is ``not <operand>`` (the operand's truth is the one Python asks there)."""
    lines = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.If, ast.While)) and isinstance(node.test, ast.UnaryOp) \
                and isinstance(node.test.op, ast.Not) and node.test.lineno == node.test.end_lineno \
                and not any(isinstance(part, (ast.BoolOp, ast.IfExp, ast.UnaryOp, ast.Lambda, ast.NamedExpr))
                            for part in ast.walk(node.test.operand)):
            lines[node.test.lineno + offset] = 'if statement' if isinstance(node, ast.If) else 'while loop'
    return lines
