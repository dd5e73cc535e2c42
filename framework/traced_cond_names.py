"""The names an ``if`` on a tensor gives the tensors of its branch and the variables after it, in a graph trace.

AutoGraph turns ``if x > 0:`` in a tf.function into one tf.cond whose branches are graphs of their own, below
the cond's name: ``y = x * 2`` in a branch prints as ``Tensor("cond/mul:0", ...)`` and leaves the enclosing
graph's ``mul`` free, and each variable the branches assign and the code after the ``if`` reads is an output
of the cond, ``cond/Identity``, ``cond/Identity_1``, ... in AutoGraph's order (by name: control_flow.py's
_get_block_vars), so ``print(y)`` after the ``if`` shows ``Tensor("cond/Identity:0", ...)`` (TF 2.21).
tapeflow runs the taken branch only: its ops take names in a branch graph (graph_scopes.LoopBodyScopes)
until the frame leaves the branch's lines (frame_lines.py), and then the outputs are renamed; a Python
number there (``n = 1``) becomes a tensor first, as AutoGraph makes it (autograph_numbers.py).
"""
import ast
import sys

from . import autograph_numbers, name_scopes, trace_names
from .branch_definitions import read_later, one_line_ifs, stores
from .code_source import function_body, scanned
from .graph_scopes import LoopBodyScopes, names_in_body


def cond_scope(frame):
    """The name of the cond that the ``if`` at ``frame``'s line on a tensor makes in the graph trace running
    now ('cond', 'cond_1', ...: taken, so ask once per test), or None where its branches are not named."""
    entry = scanned(frame.f_code, _ifs, {}).get(frame.f_lineno)
    graph = getattr(trace_names.current(), 'graph', None)
    if entry is None or graph is None:
        return None
    return graph.unique(name_scopes.current() + 'cond')


def branch_taken(frame, taken, scope):
    """The ``if`` at ``frame``'s line tests a tensor in a graph trace and takes its main branch or not;
    ``scope``: its cond's name (``cond_scope``)."""
    if scope is None:
        return
    trace = trace_names.current()
    graph = trace.graph
    main, other, outputs = scanned(frame.f_code, _ifs, {})[frame.f_lineno]
    lines = main if taken else other
    if lines is None:
        _name_outputs(trace, frame, scope, outputs)     # an absent else branch: the values pass through
        if not taken:
            _guard_rest_of_body(trace, graph, frame)
        return
    names_in_body(trace, frame, lines[0], lines[1], LoopBodyScopes(scope + '/', (), name_scopes.current()),
                  lambda: _name_outputs(trace, frame, scope, outputs))


def _guard_rest_of_body(trace, graph, frame):
    """After ``if t: break`` (or ``continue``) in a loop body that did not break: AutoGraph wraps the rest
    of the body in ``if not break_:``, a cond of its own, so its ops are named below that cond
    (``while/cond_1/add``, TF 2.21), until the frame leaves the body's last lines."""
    rest = scanned(frame.f_code, _loop_guards, {}).get(frame.f_lineno)
    if rest is not None:
        scope = graph.unique(name_scopes.current() + 'cond')
        names_in_body(trace, frame, rest[0], rest[1], LoopBodyScopes(scope + '/', (), name_scopes.current()),
                      lambda: None)


def _loop_guards(tree, offset):
    """{line of the one-line test of an ``if`` in a loop's body whose branch ends in ``break`` / ``continue``
    (no else) and is followed by more of the body: (first, last line of the rest of the body)}."""
    body = function_body(tree)
    if body is None:
        return {}
    table = {}
    for statement in body:
        for loop in ast.walk(statement):
            if not isinstance(loop, (ast.While, ast.For)):
                continue
            for index, node in enumerate(loop.body[:-1]):
                if isinstance(node, ast.If) and not node.orelse and node.test.lineno == node.test.end_lineno \
                        and isinstance(node.body[-1], (ast.Break, ast.Continue)):
                    table[node.test.lineno + offset] = (loop.body[index + 1].lineno + offset,
                                                        loop.body[-1].end_lineno + offset)
    return table


def _name_outputs(trace, frame, scope, outputs):
    from .tensor import Tensor      # (late: tensor's truth test leads here)
    autograph_numbers.make_tensors(frame, outputs)      # (made in the branches: no Const outside)
    values = frame.f_locals
    for index, name in enumerate(outputs):
        tensor = values.get(name)
        if type(tensor) is not Tensor or trace_names.is_argument(trace, tensor):
            continue
        trace.rename_traced(tensor, '%s/Identity%s' % (scope, '_%d' % index if index else ''))


def _ifs(tree, offset):
    """{line of an ``if`` statement's one-line test: ((first, last line of the main branch), the else
    branch's or None, the cond's outputs by name)} for the function's own code."""
    table = {}
    for node, after in one_line_ifs(tree):
        outputs = sorted(n for n in stores(node.body) | stores(node.orelse) if read_later(n, after))
        table[node.test.lineno + offset] = (_lines(node.body, offset), _lines(node.orelse, offset), tuple(outputs))
    return table


def _lines(block, offset):
    return (block[0].lineno + offset, block[-1].end_lineno + offset) if block else None


class api_op:
    """Around an explicit tf.cond or tf.while_loop called by the user's code in a graph trace: the op takes
    its name (``kind``, or the call's ``name``), the ops its functions make take names in its branch or body
    graph (``cond/mul``), and ``outputs`` names its results as TF 2.21 prints them (tf.cond's
    ``cond/Identity:0``, tf.while_loop's ``while:2`` on). Nothing outside such a trace."""

    def __init__(self, kind, name=None, depth=1):
        self.trace = trace_names.current() if trace_names.ACTIVE else None
        self.graph = getattr(self.trace, 'graph', None)
        caller = sys._getframe(depth + 1).f_globals.get('__name__', '')
        if caller.partition('.')[0] in trace_names._TAPEFLOW_PACKAGES:
            self.graph = None       # (tapeflow's own use of the op, depth frames above: not the user's)
        if self.graph is not None:
            outer = name_scopes.current()
            self.scope = self.graph.unique(outer + (name if isinstance(name, str) and name else kind))
            self.body = LoopBodyScopes(self.scope + '/', (), outer)

    def __enter__(self):
        if self.graph is not None:
            self.trace.graph = self.body
        return self

    def __exit__(self, *exc):
        if self.graph is not None:
            self.trace.graph = self.graph
        return False

    def placeholders(self, values):
        """Name a tf.while_loop's variables' tensors as its cond and body graphs' placeholders for the first
        turn, which TF 2.21 traces on them ('while/Placeholder', 'while/Placeholder_1', ...); returns what puts
        their names back (the loop's checks then name what entered: 'Const:0', 'x:0')."""
        from . import nest
        from .tensor import Tensor      # (late: tensor's truth test leads to this module)
        renamed = []
        if self.graph is not None:
            for index, tensor in enumerate(nest.flatten(values)):
                if type(tensor) is Tensor:
                    name = '%s/Placeholder%s' % (self.scope, '_%d' % index if index else '')
                    renamed.append((tensor, self.trace.rename_traced(tensor, name)))

        def restore():
            for tensor, previous in reversed(renamed):
                self.trace.restore(tensor, previous)
            renamed.clear()
        return restore

    def outputs(self, result, loop=False, shapes=None):
        """Name ``result``'s tensors as the op's outputs; ``shapes``: a loop's shape invariants, one per
        flat result (TF 2.21's while op outputs take them: [None] gives (None,)), or None."""
        from . import dtypes, nest
        from .tensor import Tensor      # (late: tensor's truth test leads to this module)
        if self.graph is None:
            return result
        sources = {}
        if not loop:
            result = self._passed_through(result, sources)
        for index, tensor in enumerate(nest.flatten(result)):
            if type(tensor) is not Tensor or trace_names.is_argument(self.trace, tensor):
                continue
            name = '%s:%d' % (self.scope, index + 2) if loop else \
                '%s/Identity%s' % (self.scope, '_%d' % index if index else '')
            shape = shapes[index] if shapes is not None else None
            if shape is not None:
                self.trace.rename(tensor, name, shape, dtypes.display_name(tensor._data.dtype))
            else:
                self.trace.rename_traced(tensor, name, sources.get(id(tensor), tensor))
        return result

    def _passed_through(self, result, sources):
        """``result`` with each tensor a branch returned as it came in (an argument, a tensor made before the
        cond: ``tf.cond(p, lambda: x, lambda: x)``) replaced by an identity of it, made in the branch's graph:
        TF 2.21's cond outputs are its own (``cond/Identity:0``), and renaming the tensor itself would rename
        ``x`` for the rest of the trace. ``sources`` maps each identity's id to its input (whose traced shape
        it has)."""
        from . import nest
        from .ops.shapes import identity
        from .tensor import Tensor      # (late: tensor's truth test leads to this module)
        inside = self.scope + '/'
        flat = nest.flatten(result)
        outside = [type(t) is Tensor and (trace_names.is_argument(self.trace, t) or
                                          not (trace_names.entry_of(t) or (inside,))[0].startswith(inside))
                   for t in flat]
        if not any(outside):
            return result
        with self:
            copies = [identity(t) if passed else t for t, passed in zip(flat, outside)]
        sources.update((id(copy), t) for copy, t, passed in zip(copies, flat, outside) if passed)
        return nest.pack_sequence_as(result, copies)
