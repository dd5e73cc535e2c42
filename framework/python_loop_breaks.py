"""A ``break`` under a tensor condition inside a Python loop of a tf.function.

AutoGraph converts ``if tensor:`` into tf.cond, but a loop over a Python iterable stays a Python
loop, and a cond cannot break out of it: TensorFlow 2.21 raises NotImplementedError while tracing
(the performance tutorial's ``buggy_while_py_true_tf_break`` and ``buggy_py_for_tf_break``), with
the loop's line as the user-code frame. tapeflow runs the Python itself, so assert_statements.truth
asks here when a traced function's own ``if`` tests a tensor. Only loops that are Python loops
whatever the values are recognised: ``while <constant>:`` and ``for ... in range(<int literals>)``
or a list/tuple literal (``range(tensor)`` and ``while tensor`` are TF loops in TensorFlow).
"""
import ast

from .code_source import scanned

_WHILE = ('The condition of while loop started as non-Tensor, then changed to Tensor. This may happen either '
          'because variables changed type, or when a break or return statement inside the loop depends on a '
          'Tensor condition. In both cases, changing to a TF loop should remove the error.\n'
          'See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/'
          'reference/limitations.md#consistency-of-control-flow-types for more info.')
_FOR = ('break and return statements which depend on a TF condition are not supported in Python for loops. '
        'Did you intend to make it a TF loop?\n'
        'See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/'
        'reference/limitations.md#consistency-of-control-flow-types for more info.')

def while_refusal():
    """TensorFlow's NotImplementedError for a ``while`` whose test was a Python value before the first turn
    (AutoGraph made it a Python loop) and a tensor after one (``done = False`` then ``done = i > n``)."""
    return NotImplementedError(_WHILE)


def refusal(frame):
    """TensorFlow's NotImplementedError for the ``if`` at the frame's line, or None. The error carries
    the loop's line (``_user_line``) for the 'in user code:' frame, as TensorFlow reports it."""
    found = scanned(frame.f_code, _scan, {}).get(frame.f_lineno)      # {if line: (message, loop line)}
    if found is None:
        return None
    error = NotImplementedError(found[0])
    error._user_line = found[1]
    return error


def _scan(tree, offset):
    table = {}
    for loop in ast.walk(tree):
        message = _python_loop(loop)
        if message is None:
            continue
        for node in _own_statements(loop.body):
            if isinstance(node, ast.If) and _exits(node):
                table[node.lineno + offset] = (message, loop.lineno + offset)
    return table


def _python_loop(node):
    """TensorFlow's message when ``node`` is a loop AutoGraph leaves to Python whatever the values."""
    if isinstance(node, ast.While) and isinstance(node.test, ast.Constant):
        return _WHILE
    if isinstance(node, ast.For):
        it = node.iter
        if isinstance(it, (ast.List, ast.Tuple)):
            return _FOR
        if isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == 'range' and \
                it.args and all(isinstance(a, ast.Constant) and isinstance(a.value, int) for a in it.args):
            return _FOR
    return None


def _own_statements(body):
    """Statements of a loop body, not descending into nested loops or function definitions."""
    for node in body:
        yield node
        if isinstance(node, (ast.For, ast.While, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        for field in ('body', 'orelse', 'finalbody', 'handlers'):
            yield from _own_statements(getattr(node, field, []) or [])


def _exits(node):
    """Whether an ``if`` holds a break of the enclosing loop (not of a nested loop). A ``return`` under a
    tensor condition fails earlier in TensorFlow ('the else branch must also have a return statement.')."""
    return any(isinstance(n, ast.Break) for n in _own_statements(node.body + node.orelse))
