"""The prints of the branch a tf.cond in a tf.function does not take, shown as TF 2.21's trace shows them.

TensorFlow traces both of a graph tf.cond's branch functions, true_fn first: a Python ``print`` in the
branch the predicate does not pick still shows, once, while tracing (``tf.cond(x > 0, t, e)`` with ``def
e(): print('false branch', x); ...`` prints 'false branch Tensor("x:0", ...)'). tapeflow runs only the
taken branch; the untaken one's prints of constants and names (untaken_branches.py's rules: nothing else
of it runs, so no state changes) are shown where TensorFlow's trace shows them: true_fn's before a false_fn
that runs, false_fn's after a true_fn that ran. A lambda branch (an expression, no statements) shows none.
"""
from . import untaken_branches
from .code_source import function_body, function_names, scanned


def show(fn):
    """Print what ``fn``'s trace would print of its own statements' prints (see the module)."""
    code = getattr(fn, '__code__', None)
    if code is None or code.co_name == '<lambda>':
        return
    items = scanned(code, _items, ())
    if not items:
        return
    untaken_branches.show(items, None, function_names(fn))


def _items(tree, offset):
    body = function_body(tree)
    return () if body is None else untaken_branches.block_items(body)
