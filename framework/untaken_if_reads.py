"""Zero gradients for what the untaken branch of a tensor ``if`` statement reads in a tf.function, as TF's If op gives them.

AutoGraph makes ``if x > 0: y = v * x`` / ``else: y = w * x`` a tf.cond whose branches are both traced,
so w, which only the else branch reads, is an input of the If op all the same: under a GradientTape in
the function, ``tape.gradient(y, [v, w])`` on x = 2.0 is [2.0, 0.0] in TF 2.21, not [2.0, None], and an
optimizer then moves w's slots (Adam's momentum) where None would skip it. A watched tensor the untaken
branch reads gets zeros too. untaken_branch_reads.py does this for an explicit tf.cond, whose result
comes back from one call; here the If op's outputs are the names the branches assign, so when the
taken branch ends (frame_lines.py) each of them that holds a floating tensor is passed through that
module's node, and rebound in the traced frame (autograph_numbers._rebind), on every call of the
function (a replay computes gradients too).

What the untaken branch reads is found in its source: the names it loads, followed through plain
attributes (``self.w``), as untaken_branch_reads follows a branch function's code. A branch that
returns gives no outputs here (the return value is the function's); only an ``if`` with a plain test
on one line counts (untaken_branches._plain_test).
"""
import ast

from . import frame_lines
from .autograph_numbers import _rebind
from .branch_definitions import stores, walk_statements
from .code_source import function_body, scanned
from .untaken_branches import _plain_test


def watch(frame, taken):
    """At the test of the tensor ``if`` at ``frame``'s line (``taken``: its value), while a tape records
    on this thread: after the taken branch, connect the branch outputs to what the other branch reads."""
    entry = scanned(frame.f_code, _scan, {}).get(frame.f_lineno)
    if entry is None:
        return
    from . import untaken_branch_reads     # (late: it imports the tape, whose tensors' truth test leads here)
    marked = untaken_branch_reads.marks()
    if not marked:
        return
    lines, outputs, main_reads, other_reads = entry
    reads = _reached(other_reads if taken else main_reads, dict(frame.f_globals, **frame.f_locals))
    if not reads:
        return

    def connect(finished):
        if finished:
            _connect_outputs(frame, outputs, reads, marked)
    span = lines[0] if taken else lines[1]
    if span is None:        # no else block: the If op's outputs are the names as they are now
        connect(True)
    else:
        frame_lines.when_leaving(frame, span[0], span[1], connect, anywhere=True)


def _connect_outputs(frame, outputs, reads, marked):
    from . import untaken_branch_reads
    from .tensor import Tensor      # (late: tensor's truth test leads here)
    values = frame.f_locals
    names = [name for name in outputs if type(values.get(name)) is Tensor and values[name]._data.dtype.kind in 'fc']
    if not names:
        return
    connected = untaken_branch_reads.connect(tuple(values[name] for name in names), (), marked, reads)
    _rebind(frame, dict(zip(names, connected)))


def _reached(chains, names):
    """The variables and tensors the name chains (('self', 'w'), ('v',)) reach (untaken_branch_reads's rules)."""
    from . import untaken_branch_reads
    from .tensor import Tensor      # (late: tensor's truth test leads here)
    from .variable import Variable
    missing = untaken_branch_reads._MISSING
    found, seen = [], set()
    for chain in chains:
        value = names.get(chain[0], missing)
        for attribute in chain[1:]:
            if value is missing:
                break
            following = untaken_branch_reads._own_attribute(value, attribute)
            if following is missing:
                break
            value = following
        if value is missing:
            continue
        for reached in untaken_branch_reads._reached(value, (Variable, Tensor), 0):
            if id(reached) not in seen:
                seen.add(id(reached))
                found.append(reached)
    return found


def _scan(tree, offset):
    """{line of an ``if`` with a plain one-line test: ((first, last) line of its main branch, of its else
    branch or None, the names either branch assigns, the name chains the main branch reads, the else
    branch's)}."""
    body = function_body(tree)
    if body is None:
        return {}
    table = {}
    for node in walk_statements(body):
        if isinstance(node, ast.If) and node.test.lineno == node.test.end_lineno and _plain_test(node.test):
            spans = tuple((block[0].lineno + offset, block[-1].end_lineno + offset) if block else None
                          for block in (node.body, node.orelse))
            outputs = tuple(sorted(stores(node.body) | stores(node.orelse)))
            table[node.lineno + offset] = (spans, outputs, _chains(node.body), _chains(node.orelse))
    return table


def _chains(block):
    """The name chains a block loads: ``self.w.kernel`` as ('self', 'w', 'kernel'), ``v`` as ('v',)."""
    found, inner_parts = set(), set()
    for node in walk_statements(block):     # (a chain's outer attribute comes before its parts)
        if id(node) in inner_parts:
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
            found.add((node.id,))
        elif isinstance(node, ast.Attribute):
            chain, inner = [node.attr], node.value
            while isinstance(inner, ast.Attribute):
                inner_parts.add(id(inner))
                chain.append(inner.attr)
                inner = inner.value
            if isinstance(inner, ast.Name):
                inner_parts.add(id(inner))
                found.add(tuple([inner.id] + chain[::-1]))
    return tuple(sorted(found))
