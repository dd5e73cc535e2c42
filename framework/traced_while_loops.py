"""A Python ``while`` on a tensor inside a traced call, as AutoGraph runs it.

AutoGraph turns ``while x > 1:`` in a tf.function into one ``tf.while_loop``, whose body it traces
once: a ``print`` in the body shows once however many turns the loop runs, while ``tf.print`` prints at
every turn. tapeflow runs the turns on the real values: assert_statements.truth hands each test of a
traced ``while`` here, and from the second turn on (the test at the loop's end, a backward jump)
the turns run as TensorFlow's graph runs them, their Python output dropped (``function.replaying``),
until the frame leaves the loop's lines (frame_lines.py): the loop ends, breaks or returns. A loop
that runs no turn still has its body traced there: its prints of constants show (untaken_branches.py).
A loop whose first test was a Python value is a Python loop to AutoGraph: a tensor test after a turn
(``done = False`` then ``done = i > n``) is TF's NotImplementedError (python_loop_breaks.while_refusal).
"""
import ast
import dis
import re

from . import autograph_numbers, frame_lines, loop_variable_checks, name_scopes, python_loop_breaks, tensor_loop_returns, \
    trace_names, untaken_branches
from .code_source import function_body, scanned
from .graph_scopes import LoopBodyScopes, names_in_body
from .while_loop_variables import loop_variables

_BACKWARD_TESTS = {}     # code -> offsets of its conditional jumps back (a loop's test at its end)


def turn_tested(frame, value):
    """The test of a ``while`` in the traced frame gave ``value``: from the second turn on, mute the turns;
    a loop that runs no turn shows the body's constant prints, as the trace of its body does."""
    loop = scanned(frame.f_code, _loops, {}).get(frame.f_lineno)
    if loop is None:
        return
    last, body = loop
    again = frame.f_lasti in _backward_tests(frame.f_code)
    key = (frame, frame.f_lineno)
    if not again:
        error = tensor_loop_returns.refusal(frame)
        if error is not None:
            raise error
        if frame_lines.when_leaving(frame, frame.f_lineno, last, lambda *_: _ENTERED.discard(key)):
            _ENTERED.add(key)
        scope = _open_body_graph(frame, last) if trace_names.ACTIVE else None
        names = _name_loop_variables(frame, scope) if scope else None
        if not value:
            untaken_branches.show(body, frame)
        if names:
            _restore_after_first_turn(frame, names, last)
        return
    if key not in _ENTERED and frame_lines.watching():
        raise python_loop_breaks.while_refusal()    # (the loop's first test was a Python value: a Python loop)
    restore = _RENAMED.pop(key, _NOTHING)     # the first turn is over: names go back
    started = _STARTED.pop(key, None)
    try:
        if started is not None:     # (AutoGraph's check of the loop variables after the body's one trace)
            error = loop_variable_checks.refusal(frame, *started)
            if error is not None:   # (its text shows the entry values as the body's placeholders)
                raise error
    finally:
        restore()
    if not value:
        return
    from .function import replaying     # (late: function imports tensor, whose truth test leads here)
    muted = replaying()
    muted.__enter__()
    if not frame_lines.when_leaving(frame, frame.f_lineno, last, lambda finished: muted.__exit__(None, None, None)):
        muted.__exit__(None, None, None)


def _open_body_graph(frame, last):
    """In a graph trace, name the loop (its op takes a 'while' name, turns or not) and let the ops of its
    turns take names in its body's graph (``while/mul``), as TF 2.21 prints them, not the enclosing graph's
    (a ``y = x * 2`` after the loop stays ``mul``); once the frame leaves the loop, the loop variables
    print as the loop op's outputs (``while:2``, after its counter and its maximum). The loop's name, or
    None."""
    trace = trace_names.current()
    graph = getattr(trace, 'graph', None)
    if graph is None:
        return None
    scope = graph.unique(name_scopes.current() + 'while')
    variables = scanned(frame.f_code, loop_variables, {}).get(frame.f_lineno, ())
    for _ in range(autograph_numbers.make_tensors(frame, variables, nested=True)):
        graph.unique(name_scopes.current() + 'Const')       # (the loop's input: a Const each)
    before = [frame.f_locals.get(name) for name in variables]
    names_in_body(trace, frame, frame.f_lineno, last,
                  LoopBodyScopes(scope + '/', ['Placeholder'] * len(variables), name_scopes.current()),
                  lambda: name_loop_outputs(trace, frame, scope, variables, before))
    key = (frame, frame.f_lineno)
    if frame_lines.when_leaving(frame, frame.f_lineno, last, lambda *_: _forget(key)):
        _STARTED[key] = (variables, before)     # (until the test after the first turn checks them)
    return scope


def _forget(key):
    """A loop left in its first turn (a break, a return): no check, nothing kept."""
    if _STARTED.pop(key, None) is not None:
        loop_variable_checks.forget(key[0])


def name_loop_outputs(trace, frame, scope, variables, before, first=2):
    """Name the loop variables' tensors after the loop as its op's outputs, ``while:2`` on (the loop's
    counter and maximum come first; a for loop's iterate too: ``first``), with their shapes before the
    loop; an argument too when the loop ran no turn (TF 2.21: ``x`` after ``while x > 10.0`` is while:2)."""
    from .tensor import Tensor      # (late: tensor imports assert_statements, which imports this module)
    autograph_numbers.make_tensors(frame, variables, nested=True)    # (a Python value a muted turn gave: still the loop's)
    values = frame.f_locals
    olds = dict(flat_leaves(variables, before))
    for index, tensor in flat_leaves(variables, [values.get(name) for name in variables]):
        if type(tensor) is not Tensor:
            continue
        old = olds.get(index)
        name = '%s:%d' % (scope, index + first)
        invariant = loop_variable_checks.exit_shape(old) if type(old) is Tensor else False
        if invariant is not False:      # (set_loop_options' shape_invariants: the while op's output shape)
            from . import dtypes        # (late: dtypes is imported through tensor, which imports this module)
            trace.rename(tensor, name, invariant, dtypes.display_name(tensor._data.dtype))
            if invariant is None:       # (TensorShape(None): of unknown rank after the loop)
                trace.unknown_rank.add(id(tensor))
        else:
            trace.rename_traced(tensor, name, shape_of=old if type(old) is Tensor else None)


def flat_leaves(variables, values):
    """[(index, leaf), ...]: the loop variables' values flattened as the while op takes them, one input per
    leaf of a tuple / list / dict variable (``x = (a, b)`` is two: ``while/Placeholder_1`` and ``_2``)."""
    from . import nest      # (late: nest imports tensor, whose truth test leads here)
    leaves = []
    for name, value in zip(variables, values):
        leaves.extend(nest.flatten(value) if type(value) in (tuple, list, dict) else (value,))
    return list(enumerate(leaves))


def _name_loop_variables(frame, scope):
    """Name the loop variables' tensors as the body's graph sees them (``while/Placeholder``, ...), in a graph
    trace; [(trace, tensor, its former entry), ...] to restore."""
    variables = scanned(frame.f_code, loop_variables, {}).get(frame.f_lineno, ())
    return name_placeholders(frame, variables, lambda index: scope + '/Placeholder' + ('_%d' % index if index else ''))


def name_placeholders(frame, variables, name_of):
    """Name the tensors among the loop variables' leaves ``name_of(their flat index)`` for the body's one
    trace; [(trace, tensor, its former entry), ...] to restore."""
    from .tensor import Tensor      # (late: tensor imports assert_statements, which imports this module)
    trace = trace_names.current()
    renamed = []
    values = frame.f_locals
    for index, tensor in flat_leaves(variables, [values.get(name) for name in variables]):
        if type(tensor) is Tensor:      # (not a Python value AutoGraph would refuse: None)
            renamed.append((trace, tensor, trace.rename_traced(tensor, name_of(index))))
    return renamed


def restore_names(renamed):
    """Put back the names name_placeholders changed (the body's trace is over)."""
    for trace, tensor, previous in reversed(renamed):
        trace.restore(tensor, previous)
    renamed.clear()


def _restore_after_first_turn(frame, renamed, last):
    """Put the loop variables' names back when the first turn ends: at the test after it, or when the frame
    leaves the loop (a break, a return), whichever comes first."""
    def restore(*_):
        restore_names(renamed)
    _RENAMED[frame, frame.f_lineno] = restore
    if not frame_lines.when_leaving(frame, frame.f_lineno, last, restore):
        _RENAMED.pop((frame, frame.f_lineno))
        restore()


_RENAMED = {}       # (frame, line of a while test) -> what puts its loop variables' names back
_STARTED = {}       # (frame, line of a while test) -> (its loop variables, their values before the loop)
_ENTERED = set()    # (frame, line of a while test) whose test before the first turn was a tensor, until it ends
_NOTHING = lambda: None     # noqa: E731


def condition_name(frame, tensor):
    """The name of ``tensor``, the first test of the ``while`` at the frame's line, in the loop's cond graph
    (for an error of that test: the loop's name is taken): a loop variable's placeholder
    (``while/Placeholder``), else the test's op below the loop (``Sum_1`` is ``while/Sum``)."""
    graph = getattr(trace_names.current(), 'graph', None)
    prefix = name_scopes.current()
    scope = graph.unique(prefix + 'while') if graph is not None else prefix + 'while'
    variables = scanned(frame.f_code, loop_variables, {}).get(frame.f_lineno, ())
    for index, leaf in flat_leaves(variables, [frame.f_locals.get(name) for name in variables]):
        if leaf is tensor:
            return scope + '/Placeholder' + ('_%d' % index if index else '')
    op = trace_names.entry_of(tensor)[0].partition(':')[0]
    op = op[len(prefix):] if op.startswith(prefix) else op
    return scope + '/' + re.sub(r'_\d+$', '', op)      # (the cond graph's first op of its kind)


def loop_test(frame):
    """(the last line of the body, whether this is the test after a turn) when ``frame`` is at the test of
    a ``while`` of the traced function's own code, else None."""
    loop = scanned(frame.f_code, _loops, {}).get(frame.f_lineno)
    if loop is None:
        return None
    return loop[0], frame.f_lasti in _backward_tests(frame.f_code)


def _backward_tests(code):
    found = _BACKWARD_TESTS.get(code)
    if found is None:
        found = _BACKWARD_TESTS[code] = frozenset(
            i.offset for i in dis.get_instructions(code)
            if 'JUMP' in i.opname and '_IF_' in i.opname and isinstance(i.argval, int) and i.argval < i.offset)
    return found


def _loops(tree, offset):
    """{line of a ``while`` statement's test: (the last line of its body, the body's constant prints)} for
    the function's own code."""
    body = function_body(tree)
    if body is None:
        return {}
    return {node.test.lineno + offset: (node.body[-1].end_lineno + offset, untaken_branches.block_items(node.body))
            for statement in body for node in ast.walk(statement) if isinstance(node, ast.While)}
