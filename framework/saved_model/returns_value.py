"""Whether a tf.function can serve as a default signature: TensorFlow exports one only if its trace
has outputs (``signature_serialization.valid_signature``), so a setter such as ``mutate(self, v):
self.v.assign(v)`` is never picked. tapeflow has no trace before the function runs, so it reads the
function's Python: one whose body never returns a value (or returns only {} / [] / ()) has a trace
without outputs."""
import ast
import inspect
import textwrap


def _empty(value):
    """A returned expression with no tensors in it: none, None, or an empty {}, [] or ()."""
    return (value is None or isinstance(value, ast.Constant) and value.value is None
            or isinstance(value, ast.Dict) and not value.keys
            or isinstance(value, (ast.List, ast.Tuple)) and not value.elts)


def _returns(node):
    """True if ``node`` (a function body) has a ``return <value>`` of its own that is not empty (nested
    functions, lambdas and classes return for themselves), or a ``yield``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            continue
        if isinstance(child, ast.Return) and not _empty(child.value):
            return True
        if isinstance(child, (ast.Yield, ast.YieldFrom)) or _returns(child):
            return True
    return False


def may_return_value(python_function):
    """False only when the source shows that ``python_function`` always returns None; True when it
    may return a value or its source cannot be read (a lambda returns its expression)."""
    try:
        source = textwrap.dedent(inspect.getsource(python_function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError):
        return True
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == python_function.__name__:
            return _returns(node)
    return True
