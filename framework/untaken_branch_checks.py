"""The tensor ``if`` statements nested in a tensor ``if``'s untaken branch, checked as AutoGraph's trace checks them.

AutoGraph traces both branches of a tensor ``if``, so an ``if`` (an ``elif`` too) nested in the branch the
condition does not take is traced as well, and TF 2.21 raises its branch_outputs.py errors whatever the
values: ``if x > 0: return x`` / ``elif x < -1: return -x`` on 2.0 is 'ValueError: the else branch must
also have a return statement.' at the elif line, ``elif x < -1: y = None`` is "'y' is None at the end
of the main branch." there, and an ``elif`` chain's last ``elif`` without an else that assigns what the code
after reads is "'y' must also be initialized in the else branch" (branch_definitions.py). tapeflow runs the taken branch only, so assert_statements.truth asks here
with the outer condition's value, and the error names the nested ``if``'s line (TF's 'in user code' frame).

A nested ``if`` counts where its test reads a tensor the untaken branch does not assign first (its
branches are traced in turn, and their ``if`` statements checked); under ``if flag:`` on a Python value,
the branch the flag picks; other tests are not followed. The branch's values are checked with the names
as they are at the outer test, less those the untaken branch assigns before the nested ``if`` (not known here). Not entered: loops
and nested functions. An error in the taken branch's own trace, which TF raises first where the untaken
branch is the else branch, is not seen: this error comes first here.
"""
import ast

from . import branch_definitions, untaken_branch_raises
from .branch_definitions import one_line_ifs, stores
from .branch_outputs import autograph_branches, refusal_at
from .code_source import scanned


def refusal(frame, taken):
    """TensorFlow's error for a tensor ``if`` nested in the branch that the ``if`` at ``frame``'s line does
    not take (``taken``: its condition's value), with ``_user_line`` naming that ``if``'s line; or None."""
    nested = scanned(frame.f_code, _scan, {}).get(frame.f_lineno)
    if nested is None:
        return None
    return _first_refusal(frame.f_code, nested[1] if taken else nested[0], dict(frame.f_globals, **frame.f_locals))


def _first_refusal(code, nested, names):
    from .tensor import Tensor      # (late: tensor's truth test leads here)
    from .variable import Variable
    for line, read, bare, assigned_before, main, other in nested:
        known = {name: value for name, value in names.items() if name not in assigned_before}
        if any(isinstance(known.get(name), (Tensor, Variable)) for name in read):
            # (a raise in its branches comes first: TF's trace of the branch raises before the branches are checked)
            error = untaken_branch_raises.nested_raise(code, line, known) or \
                branch_definitions.refusal_at(code, line, names.keys() | assigned_before) or \
                refusal_at(code, line, known)
            if error is not None:
                if getattr(error, '_user_line', None) is None:     # (a raise names its own line)
                    error._user_line = line
                return error
            followed = (main, other)        # AutoGraph traces the main branch, then the else branch
        elif bare is not None and bare in known:
            try:
                followed = (main,) if known[bare] else (other,)
            except Exception:       # (a value without a truth of its own)
                followed = ()
        else:
            followed = ()
        for block in followed:
            error = _first_refusal(code, block, names)
            if error is not None:
                return error
    return None


def _scan(tree, offset):
    """{line of an ``if`` with a one-line test: (nested ifs of its main branch, of its else branch)}, the
    branches as AutoGraph makes them (branch_outputs.autograph_branches)."""
    table = {}
    for node, after in one_line_ifs(tree, into_loops=False):
        main, other, _ = autograph_branches(node, after[0])
        branches = (_nested_ifs(main, offset), _nested_ifs(other, offset))
        if any(branches):
            table[node.lineno + offset] = branches
    return table


def _nested_ifs(block, offset, assigned=frozenset()):
    """The ``if`` statements of ``block`` (and of its ``with`` bodies) in trace order, each as (its line, the
    names its test reads, the name that is its whole test or None, the names the untaken branch assigns
    before it (``assigned``: before ``block``), its main branch's, its else branch's)."""
    found = []
    for index, node in enumerate(block):
        if isinstance(node, (ast.With, ast.AsyncWith)):
            found.extend(_nested_ifs(node.body, offset, assigned))
        if isinstance(node, ast.If) and node.test.lineno == node.test.end_lineno:
            main, other, merged = autograph_branches(node, block[index + 1:])
            read = frozenset(n.id for n in ast.walk(node.test) if isinstance(n, ast.Name))
            bare = node.test.id if isinstance(node.test, ast.Name) else None
            found.append((node.lineno + offset, read, bare, assigned, _nested_ifs(main, offset, assigned),
                          _nested_ifs(other, offset, assigned)))
            if merged:      # the rest of the block went into one of its branches
                break
        assigned = assigned | frozenset(stores([node]))
    return tuple(found)
