"""The loop variables a tensor ``for`` loop of no turn leaves, as AutoGraph's loop leaves them.

AutoGraph carries a ``for`` loop's variables through one tf.while_loop, so a variable the body first
assigns (``j = i * 2``, read after the loop) starts as AutoGraph's Undefined. When the loop runs no
turn, TF 2.21's graph gives:
    - the target of ``for i in tf.range(...)``: the range's start (AutoGraph's range loop carries its
      own iterate from ``start`` and lets the target take it while undefined), so ``i`` is 0 after
      ``for i in tf.range(0)``;
    - any other undefined variable (``j``; the row of ``for row in x``): the Assert AutoGraph adds,
      failing as the graph runs: InvalidArgumentError 'assertion failed: [loop must iterate at least
      once to initialize j]' at node Assert/Assert, in the graph's 'Graph execution error' words.
tapeflow runs the Python ``for`` itself, which binds nothing when there is no turn (Python's
UnboundLocalError): here the range's start is bound to the target in the running frame, or the
Assert's error raised, when the loop's iteration ends. Where TensorFlow's trace went on past the loop
(its prints after it), the error here comes at the loop, before them.
"""
import sys
import weakref

from . import graph_asserts, name_scopes, trace_names
from .autograph_numbers import _rebind
from .code_source import scanned
from .while_loop_variables import for_loops

_RANGE_STARTS = {}      # id(an empty tf.range result) -> (a weak reference to it, its start as a tensor)
# (code, line of a for statement) -> the user frames of the trace that ran it: TF's Assert is defined by
# that trace (a later call of no turn names the trace's call site, not its own)
_TRACED_SITES = {}


def note_empty_range(result, start):
    """``result`` is an empty ``tf.range`` starting at ``start`` (a tensor of its dtype): a loop over it
    gives its target that start (only empty ranges are noted: a loop with turns binds its own)."""
    key = id(result)
    _RANGE_STARTS[key] = (weakref.ref(result, lambda _: _RANGE_STARTS.pop(key, None)), start)


def loops_on_range_inputs():
    """Whether the tf.range being made is the iterable of a ``for`` statement AutoGraph converts in the trace
    running now: AutoGraph then loops on the Range op's inputs and the graph prunes the op, so a start past
    the limit is a loop of no turn (``for i in tf.range(5, n)`` with n = 3 leaves i = 5 in TF 2.21), not the
    Range kernel's error."""
    from . import assert_statements, symbolic_iteration, unconverted_callers
    from .function_errors import UNCONVERTED_CODE
    if not assert_statements.traced_mode():
        return False
    frame = sys._getframe(1)
    while frame is not None and frame.f_code.co_filename.startswith(assert_statements.LIBRARIES):
        frame = frame.f_back
    return frame is not None and symbolic_iteration.iterates_call_result(frame) and \
        frame.f_code not in UNCONVERTED_CODE and not unconverted_callers.called_unconverted(frame)


def traced(frame):
    """A graph trace runs ``frame``'s ``for`` statement (at its for line): its frames define the loop's Assert."""
    _TRACED_SITES[frame.f_code, frame.f_lineno] = graph_asserts.frames_from(frame)


def settle(frame, tensor):
    """The ``for`` statement of ``frame`` (at its for line) over ``tensor`` ran no turn: bind the range's
    start to its target, or raise AutoGraph's Assert error for the loop variables still undefined."""
    loop = scanned(frame.f_code, for_loops, {}).get(frame.f_lineno)
    if loop is None:
        return
    variables, target = loop[1], loop[3]
    bound = frame.f_locals
    undefined = [name for name in variables if name not in bound]
    if not undefined:
        return
    found = _RANGE_STARTS.get(id(tensor))
    if target in undefined and found is not None and found[0]() is tensor:
        _rebind(frame, {target: found[1]})
        undefined.remove(target)
    if undefined:
        trace = trace_names.current() if trace_names.ACTIVE else None
        graph = getattr(trace, 'graph', None)
        if graph is not None:
            scope, frames = graph.unique(name_scopes.current() + 'Assert'), graph_asserts.frames_from(frame)
        else:
            scope = 'Assert'
            frames = _TRACED_SITES.get((frame.f_code, frame.f_lineno)) or graph_asserts.frames_from(frame)
        check = graph_asserts.GraphCheck(scope, {}, scope, frames)
        raise check.error(['loop must iterate at least once to initialize ' + ', '.join(undefined)])
