"""A Python ``while`` on a tensor inside a traced call, as AutoGraph runs it.

AutoGraph turns ``while x > 1:`` in a tf.function into one ``tf.while_loop``, whose body it traces
once: a ``print`` in the body shows once however many turns the loop runs, while ``tf.print`` prints at
every turn. tapeflow runs the turns on the real values: assert_statements.truth hands each test of a
traced ``while`` here, and from the second turn on (the test at the loop's end, a backward jump)
the turns run as TensorFlow's graph runs them, their Python output dropped (``function.replaying``),
until the frame leaves the loop's lines (frame_lines.py): the loop ends, breaks or returns. A loop
that runs no turn still has its body traced there: its prints of constants show (untaken_branches.py).
"""
import ast
import dis

from . import frame_lines, untaken_branches
from .code_source import scanned

_BACKWARD_TESTS = {}     # code -> offsets of its conditional jumps back (a loop's test at its end)


def turn_tested(frame, value):
    """The test of a ``while`` in the traced frame gave ``value``: from the second turn on, mute the turns;
    a loop that runs no turn shows the body's constant prints, as the trace of its body does."""
    loop = scanned(frame.f_code, _loops, {}).get(frame.f_lineno)
    if loop is None:
        return
    last, body = loop
    again = frame.f_lasti in _backward_tests(frame.f_code)
    if not value:
        if not again:
            untaken_branches.show(body, frame)
        return
    if not again:
        return
    from .function import replaying     # (late: function imports tensor, whose truth test leads here)
    muted = replaying()
    muted.__enter__()
    if not frame_lines.when_leaving(frame, frame.f_lineno, last, lambda finished: muted.__exit__(None, None, None)):
        muted.__exit__(None, None, None)


def _backward_tests(code):
    found = _BACKWARD_TESTS.get(code)
    if found is None:
        found = _BACKWARD_TESTS[code] = frozenset(
            i.offset for i in dis.get_instructions(code)
            if 'JUMP' in i.opname and '_IF_' in i.opname and isinstance(i.argval, int) and i.argval < i.offset)
    return found


def _loops(tree, offset):
    """{line of a ``while`` statement's test: (the last line of its body, the body's constant prints)} for
    the function's own code."""
    if not tree.body or not isinstance(tree.body[0], (ast.FunctionDef, ast.AsyncFunctionDef)):
        return {}
    return {node.test.lineno + offset: (node.body[-1].end_lineno + offset, untaken_branches.block_items(node.body))
            for node in ast.walk(tree.body[0]) if isinstance(node, ast.While)}
