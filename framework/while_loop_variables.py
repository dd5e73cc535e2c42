"""The loop variables AutoGraph gives a ``while`` statement's tf.while_loop, in its order.

AutoGraph's loop variables are the plain names the body assigns that are live into the loop (read by
the test, or by the body before it assigns them) or live out of it (read after the loop). It orders
them outputs first (the ones read after the loop), then the input-only ones, each group by name
(control_flow.py's _get_block_vars), and the body's graph holds one placeholder per variable in that
order: ``while/Placeholder``, ``while/Placeholder_1``, ... (the collatz loop of the tf.function guide
prints its ``count`` as ``Tensor("while/Placeholder:0", ...)``). The liveness here reads the source as
written: the statements after the loop in its block and the enclosing ones (branch_definitions.py).
"""
import ast

from .branch_definitions import read_later, statements_with_followers, stores, walk_statements
from .code_source import function_body
from .untaken_branches import block_items


def loop_variables(tree, offset):
    """{line of a ``while`` statement's test: its loop variables' names, in AutoGraph's order} for the
    function's own code."""
    body = function_body(tree)
    if body is None:
        return {}
    return {node.test.lineno + offset: _scope(node, after)
            for node, after in statements_with_followers(body) if isinstance(node, ast.While)}


def for_loops(tree, offset):
    """{line of a ``for`` statement's iterable: (the last line of its body, its loop variables' names in
    AutoGraph's order, the loop target's among them only where read after the loop (autograph's own iterate
    goes before them); what its body's
    trace may show, untaken_branches.block_items; the target's name where it is one)} for the function's
    own code."""
    body = function_body(tree)
    if body is None:
        return {}
    return {node.iter.lineno + offset: (node.body[-1].end_lineno + offset, _scope(node, after),
                                        block_items(node.body),
                                        node.target.id if isinstance(node.target, ast.Name) else None)
            for node, after in statements_with_followers(body) if isinstance(node, ast.For)}


def _scope(node, after):
    """A ``while`` or ``for`` statement's loop variables in AutoGraph's order (``after``: what runs after it)."""
    if isinstance(node, ast.While):
        modified = stores(node.body)
        live_in = _loads(node.test) | _read_first(node.body)
    else:
        # (the target is the body's first store, from the iterate: a loop variable only where read after it)
        target = node.target.id if isinstance(node.target, ast.Name) else None
        modified = stores(node.body) - stores([node.target]) | (
            {target} if target is not None and read_later(target, after) else set())
        live_in = _read_first(node.body)
    live_out = {name for name in modified if read_later(name, after)}
    return tuple(sorted((name for name in modified if name in live_in or name in live_out),
                        key=lambda n: (n not in live_out, n)))


def _loads(node):
    return {n.id for n in walk_statements([node], True) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}


def _read_first(body):
    """Names the body may read before it assigns them: its statements in order, a simple statement's reads
    before its writes; a compound statement's writes may not happen, so they do not hide later reads."""
    written, found = set(), set()
    for statement in body:
        found |= _loads(statement) - written
        if isinstance(statement, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            written |= stores([statement])
    return found
