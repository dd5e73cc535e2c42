"""A ``raise`` statement in the branch of a tensor ``if`` that the condition does not take, as AutoGraph's trace raises it.

AutoGraph makes a tensor ``if`` a tf.cond and traces both branches, main branch first, so a Python ``raise`` in
either branch runs while tracing, whatever the condition's value: the tf.function guide's warning. TF 2.21::

    @tf.function
    def f(x):
        if x > 0:
            raise ValueError('positive')
        return x
    f(tf.constant(-1.0))    # ValueError: in user code: ... line 4, in f * raise ValueError('positive') ... positive

TF raises it before its checks of the branches' outputs (branch_outputs.py, branch_definitions.py). tapeflow runs
the taken branch only, so assert_statements.truth asks here after the condition's own checks: the raise of the
untaken branch (one of the branch's own statements, before any return) is raised at the test, its line named as
TF's 'in user code' frame names it (``_user_line``); where the taken branch holds the raise TF reaches first,
that branch runs to it. Where its exception cannot be made from the names the frame holds at the test (it
reads a name the branch assigns first, or making it fails), nothing is raised here.
Prints the taken main branch makes before TF reaches the else branch's raise are not made here.
"""
import ast

from .branch_definitions import one_line_ifs
from .branch_outputs import autograph_branches
from .code_source import scanned


def refusal(frame, value_of):
    """For the tensor ``if`` at ``frame``'s line whose branches raise: (the exception AutoGraph's trace raises first
    where the branch holding that raise is not taken, with ``_user_line`` naming the raise, or None where the taken
    branch reaches it itself, the branch checks left to it, as TF raises before them; the condition's value).
    None where neither branch raises (``value_of`` not called)."""
    branches = scanned(frame.f_code, _scan, {}).get(frame.f_lineno)
    if branches is None:
        return None
    value = value_of()
    main, other = branches
    if main is not None:            # (AutoGraph traces the main branch first)
        return (None if value else _made(frame.f_globals, frame.f_locals, main)), value
    return (_made(frame.f_globals, frame.f_locals, other) if value else None), value


def nested_raise(code, line, names):
    """The exception AutoGraph's trace raises first in the branches of the tensor ``if`` at ``line`` of ``code``,
    an ``if`` nested in an untaken branch (untaken_branch_checks.py: both its branches are traced), made from
    ``names``; or None."""
    branches = scanned(code, _scan, {}).get(line)
    if branches is None:
        return None
    found = branches[0] if branches[0] is not None else branches[1]
    return _made(names, {}, found)


def _made(globals_, locals_, found):
    """The exception of the raise ``found`` ((line, compiled expression)) made in those names, or None."""
    line, source = found
    try:
        error = eval(source, globals_, locals_)      # noqa: S307 (the program's own expression)
        if isinstance(error, type) and issubclass(error, BaseException):
            error = error()
    except Exception:       # noqa: BLE001 (names the branch makes first, or a failing constructor: left alone)
        return None
    if not isinstance(error, Exception):
        return None
    error._user_line = line
    return error


def _scan(tree, offset):
    """{line of an ``if`` with a one-line test: ((line, compiled exception) of its main branch's raise or None,
    the same of its else branch)}, for the ``if`` statements a branch of which raises."""
    table = {}
    for node, after in one_line_ifs(tree):
        main, other, _ = autograph_branches(node, after[0])
        branches = (_raise_in(main, offset), _raise_in(other, offset))
        if any(branches):
            table[node.lineno + offset] = branches
    return table


def _raise_in(block, offset):
    """(line, compiled exception expression) of the ``raise`` among ``block``'s own statements that runs before any
    ``return`` there, or None (a bare ``raise`` re-raises nothing while tracing: not followed)."""
    for node in block:
        if isinstance(node, ast.Return):
            return None
        if isinstance(node, ast.Raise):
            if node.exc is None:
                return None
            return node.lineno + offset, compile(ast.Expression(node.exc), '<raise>', 'eval')
    return None
