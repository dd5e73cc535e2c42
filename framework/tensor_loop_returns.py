"""A ``return`` inside a loop that AutoGraph makes a tf.while_loop, in a traced function.

AutoGraph carries the function's return value through a converted loop as one of its loop variables, and
that value is undefined when the loop starts: TensorFlow 2.21 raises NotImplementedError while tracing,
whatever the condition around the ``return`` (``for i in tf.range(n): if i > 2: return i``, a ``while`` on a
tensor, a ``for`` over a tensor's rows or a dataset), with the loop's line as the user-code frame. tapeflow
runs the loop itself: the start of such a loop (traced_while_loops.py, traced_for_loops.py) asks here.
"""
import ast

from .code_source import function_body, scanned

_MESSAGE = ('a return statement cannot be placed inside this TensorFlow loop; this may happen if a return '
            'statement depends on a static Python condition such as a hyperparameter')
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def refusal(frame):
    """TensorFlow's error when the converted loop whose test (a ``while``) or iterable (a ``for``) is at
    ``frame``'s line returns from its body, else None."""
    line = scanned(frame.f_code, _returning_loops, {}).get(frame.f_lineno)
    if line is None:
        return None
    error = NotImplementedError(_MESSAGE)
    error._user_line = line
    return error


def _returning_loops(tree, offset):
    """{line of a loop's test or iterable: the loop's line} for the function's own loops whose body returns."""
    body = function_body(tree)
    if body is None:
        return {}
    return {(node.test if isinstance(node, ast.While) else node.iter).lineno + offset: node.lineno + offset
            for statement in body for node in ast.walk(statement)
            if isinstance(node, (ast.While, ast.For)) and _returns(node.body)}


def _returns(body):
    """Whether a loop body holds a ``return`` of the function (not of a function defined in it)."""
    pending = list(body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Return):
            return True
        if not isinstance(node, _SCOPES):
            pending.extend(ast.iter_child_nodes(node))
    return False
