"""A variable that only one branch of a tensor ``if`` defines, read after it, in a tf.function.

AutoGraph turns ``if tensor:`` into tf.cond, whose outputs are the variables the branches assign and
the code after reads; each branch must give every output a value. TensorFlow 2.21 raises, while
tracing, ``ValueError: 'x' must also be initialized in the else branch`` (or ``main branch``) when a
branch leaves such a variable undefined and it had no value before the ``if`` (the performance
tutorial's ``if tf.constant(True): x = tf.ones([3, 3])`` then ``return x``). A variable that nothing
reads afterwards is no output and raises nothing. tapeflow runs the Python itself:
assert_statements.truth asks here when a traced function's own ``if`` tests a tensor. The reads are
looked for in the statements that follow the ``if`` in its block and the enclosing blocks; where a
later statement may assign the name first (inside a nested block), nothing is raised.
"""
import ast

from .code_source import function_body, scanned

def refusal(frame):
    """TensorFlow's ValueError for the ``if`` at the frame's line, or None."""
    return refusal_at(frame.f_code, frame.f_lineno, frame.f_locals)


def refusal_at(code, line, defined):
    """TensorFlow's ValueError for the ``if`` of ``code`` at ``line`` where ``defined`` holds the names that
    have a value before it (an ``if`` nested in an untaken branch: untaken_branch_checks.py), or None."""
    candidates = scanned(code, _scan, {}).get(line)     # {if line: [(name, 'else' or 'main'), ...]}
    if not candidates:
        return None
    for name, branch in candidates:
        if name not in defined:
            return ValueError("'%s' must also be initialized in the %s branch" % (name, branch))
    return None


def _scan(tree, offset):
    body = function_body(tree)
    if body is None:
        return {}
    table = {}
    # (not into loops: their bodies' reads are loop-carried)
    for node, after in statements_with_followers(body, into_loops=False):
        if isinstance(node, ast.If):
            found = []
            main, orelse = stores(node.body), stores(node.orelse)
            for name in sorted(main - orelse, key=lambda n: _first_store(node.body, n)):
                if read_later(name, after):
                    found.append((name, 'else'))
            for name in sorted(orelse - main, key=lambda n: _first_store(node.orelse, n)):
                if read_later(name, after):
                    found.append((name, 'main'))
            if found:
                table[node.lineno + offset] = found
    return table


def one_line_ifs(tree, into_loops=True):
    """Each ``if`` statement of the parsed function ``tree``'s own body (see ``statements_with_followers``)
    whose test is on one line, the ifs AutoGraph's tracing can be told apart by, with the statement lists
    that run after it."""
    body = function_body(tree)
    if body is None:
        return
    for node, after in statements_with_followers(body, into_loops=into_loops):
        if isinstance(node, ast.If) and node.test.lineno == node.test.end_lineno:
            yield node, after


def statements_with_followers(block, followers=(), into_loops=True):
    """Each statement of ``block`` and of the blocks nested in it (not of nested functions or classes, nor
    of loops unless ``into_loops``), with the statement lists that run after it, innermost first (for
    ``read_later``)."""
    for index, node in enumerate(block):
        after = [block[index + 1:], *followers]
        yield node, after
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) or (
                not into_loops and isinstance(node, (ast.For, ast.While, ast.AsyncFor))):
            continue
        for field in ('body', 'orelse', 'finalbody'):
            inner = getattr(node, field, None)
            if inner:
                yield from statements_with_followers(inner, after, into_loops)


def stores(block, comprehensions=False):
    """Plain names a block assigns (not inside nested functions or classes; a comprehension's own
    variables only when ``comprehensions``)."""
    names = set()
    for node in walk_statements(block, comprehensions):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
    return names


def _first_store(block, name):
    for node in walk_statements(block):
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            return (node.lineno, node.col_offset)
    return (0, 0)


_SIMPLE = (ast.Assign, ast.AnnAssign, ast.Return, ast.Expr)


def read_later(name, followers):
    """Whether ``name`` is read by the code after a statement (``followers``: the statement lists that run
    after it, innermost first) before anything may assign it."""
    for statements in followers:
        for statement in statements:
            loads = any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
                        for n in walk_statements([statement], True))
            assigns = name in stores([statement], True)
            if isinstance(statement, _SIMPLE) and not any(
                    isinstance(n, _COMPREHENSIONS) for n in walk_statements([statement], True)):
                if loads:               # (an assignment's value is read before its targets are set)
                    return True
                if assigns:
                    return False        # overwritten before any read
                continue
            if assigns:
                return False            # a compound statement (or comprehension) may assign it first
            if loads:
                return True
    return False


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


def walk_statements(block, comprehensions=False):
    """ast.walk over statements, not entering nested function, lambda or class bodies (nor
    comprehensions unless asked)."""
    stack = list(reversed(block))
    while stack:
        node = stack.pop()
        yield node
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            continue
        if not comprehensions and isinstance(node, _COMPREHENSIONS):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))
