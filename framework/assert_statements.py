"""Python ``assert`` statements on tensors inside a tf.function, as TensorFlow 2.21's AutoGraph treats them.

AutoGraph converts ``if`` / ``while`` on tensors into graph ops, but an ``assert`` only when the function
asks for it (``experimental_autograph_options`` with ``Feature.ASSERT_STATEMENTS`` or ``Feature.ALL``).
Otherwise the trace asks for the symbolic tensor's truth value and fails, true condition or not, with
OperatorNotAllowedInGraphError ('Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. ...').
Converted, the assert is a tf.debugging.Assert: a false condition is the Assert kernel's
InvalidArgumentError ('assertion failed: [Do not pass zero!]', the autograph guide's ``inverse``).

tapeflow runs the Python itself, so Tensor.__bool__ asks this module while a trace runs: the caller's
next bytecode instruction tells an assert statement (LOAD_ASSERTION_ERROR after the jump) from an
``if``. An explicit ``bool(x)`` (the caller's current instruction is a call) is refused as TensorFlow
refuses it, AutoGraph or not (the performance tutorial's ``if bool(x):``). An ``if`` that AutoGraph would
convert may still be refused while tracing: python_loop_breaks.py (a break out of a Python loop),
branch_definitions.py (a variable only one branch defines) and branch_outputs.py (a return in one branch
only, None or another dtype left by a branch) say when, and unconverted_callers.py where Keras called the
code; once converted, its other branch's prints show (untaken_branches.py), and a ``while`` body's from
the second turn on do not (traced_while_loops.py). Library frames are left alone, and so is everything
outside a tf.function. The check joins
Tensor.__bool__ when the first tf.function is made (``install``), so programs without one never pay it.
"""
import dis
import os
import sys
import threading

from . import branch_definitions, branch_outputs, if_conditions, loop_turn_limits, python_loop_breaks, \
    traced_cond_names, traced_not_operands, traced_while_loops, unconverted_callers, untaken_branch_checks, untaken_branches, \
    untaken_branch_raises, untaken_if_reads
from .errors import InvalidArgumentError, OperatorNotAllowedInGraphError

CONVERTS = 'converts asserts'      # a Function's autograph value when its options ask for assert conversion
RUNNING = []                       # non-empty while some thread runs a traced function body (a cheap test)

BOOL_REFUSAL = (
    'Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the following resolutions to '
    'the problem: If you are running in Graph mode, use Eager execution mode or decorate this function with '
    '@tf.function. If you are using AutoGraph, you can try decorating this function with @tf.function. If that '
    'does not work, then you may be using an unsupported feature or your source code may not be visible to '
    'AutoGraph. See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/'
    'reference/limitations.md#access-to-source-code for more information.')

_PACKAGE = os.path.dirname(os.path.abspath(__file__)) + os.sep
_LAYERS = os.path.join(os.path.dirname(_PACKAGE.rstrip(os.sep)), 'layers') + os.sep
_OPTIM = os.path.join(os.path.dirname(_PACKAGE.rstrip(os.sep)), 'optim') + os.sep
LIBRARIES = (_PACKAGE, _LAYERS, _OPTIM, sys.prefix, sys.base_prefix)      # never the traced program's code
_ASSERTION = dis.opmap['LOAD_ASSERTION_ERROR']
_CACHE = dis.opmap.get('CACHE', -1)
# (CONTAINS_OP: ``x in [1, 2]`` compares x with each item and asks each result's truth in C: TF refuses it)
_CALLS = {dis.opmap[name] for name in ('PRECALL', 'CALL', 'CALL_FUNCTION_EX', 'CONTAINS_OP') if name in dis.opmap}
_PASSED_OVER = {dis.opmap[name] for name in ('CACHE', 'EXTENDED_ARG', 'NOP', 'TO_BOOL') if name in dis.opmap}
_local = threading.local()
_INSTALLED = []        # [True] once install() has run


def install():
    """Give Tensor (and Variable) a __bool__ that consults ``truth`` while a traced body runs; once."""
    if _INSTALLED:      # (checked before the import: fit and predict call this on every batch)
        return
    from .tensor import Tensor
    plain = Tensor.__bool__
    _INSTALLED.append(True)

    def __bool__(self):
        if RUNNING:
            return truth(lambda: plain(self), self)
        return plain(self)
    __bool__.__doc__ = plain.__doc__
    Tensor.__bool__ = __bool__


def autograph_mode(autograph, options):
    """The ``autograph`` value a Function keeps: CONVERTS when AutoGraph runs with assert conversion."""
    if not autograph or options is None:
        return autograph
    features = options if isinstance(options, (list, tuple, set)) else (options,)
    names = {getattr(f, 'value', f) for f in features}      # tf.autograph.experimental.Feature members
    return CONVERTS if names & {'ASSERT_STATEMENTS', 'ALL'} else autograph


class running:
    """Around one run of a traced function's Python: which assert rule applies in it. After a converted
    assert failed, ``error`` holds the Assert kernel's InvalidArgumentError to raise instead."""

    def __init__(self, autograph, function_name):
        self.autograph = autograph          # None: Python that TensorFlow runs eagerly inside the trace
        self.function_name = function_name
        self.error = None

    def __enter__(self):
        stack = getattr(_local, 'stack', None)
        if stack is None:
            stack = _local.stack = []
        stack.append([self.autograph, False, self.function_name])   # [mode, a converted assert failed, name]
        RUNNING.append(True)
        return self

    def __exit__(self, kind, error, traceback):
        RUNNING.pop()
        failed = _local.stack.pop()[1]
        if failed and kind is AssertionError:
            from . import graph_asserts     # (late: it imports function_errors, which imports tensor)
            message = error.args[0] if error.args else 'Assertion error'
            self.error = graph_asserts.GraphCheck('Assert', {}, 'Assert', failed).error([str(message)], None,
                                                                                      self.function_name)
        return False


def traced_function_name():
    """The name of the traced function whose body runs on this thread (innermost), or None."""
    stack = getattr(_local, 'stack', None)
    return stack[-1][2] if stack else None


def traced_mode():
    """The autograph value of the traced body running on this thread (innermost), or None where none
    runs or Python runs eagerly inside one (symbolic_iteration.py asks)."""
    stack = getattr(_local, 'stack', None)
    return stack[-1][0] if stack else None


def truth(value_of, tensor=None):
    """The tensor's truth (``value_of()``) for the caller of Tensor.__bool__, or TensorFlow's refusal when
    the caller is an ``assert`` statement in the traced function's own code."""
    stack = getattr(_local, 'stack', None)
    if not stack:
        return value_of()
    frame = sys._getframe(2)        # (truth <- Tensor.__bool__ <- the code asking)
    if frame.f_code.co_filename.startswith(LIBRARIES):
        return value_of()
    state = stack[-1]
    if state[0] is None:            # Python run eagerly inside a trace (a py_function's func): plain asserts
        return value_of()
    if not _is_assert(frame):
        if _is_call(frame):         # bool(x), x.__bool__(): no AutoGraph conversion, TF's refusal
            raise OperatorNotAllowedInGraphError(BOOL_REFUSAL)
        from .function_errors import UNCONVERTED_CODE
        if state[0] is False or frame.f_code in UNCONVERTED_CODE or \
                unconverted_callers.called_unconverted(frame):
            # tf.function(autograph=False), code do_not_convert leaves as it is, or a Keras layer's call:
            # nothing converts an `if` / `while` on a tensor, and the graph tensor's truth is refused
            raise OperatorNotAllowedInGraphError(BOOL_REFUSAL)
        if state[0]:                # AutoGraph on: a tensor `if` that breaks out of a Python loop
            error = python_loop_breaks.refusal(frame) or \
                (tensor is not None and (traced_not_operands.refusal(frame, tensor) or
                                         if_conditions.refusal(frame, tensor))) or None
            raised = untaken_branch_raises.refusal(frame, value_of) if error is None else None
            if raised is not None:      # a branch raises: TF's trace of it raises before the branches are checked
                if raised[0] is not None:
                    raise raised[0]
                return raised[1]        # (the taken branch runs to its raise)
            error = error or branch_definitions.refusal(frame) or branch_outputs.refusal(frame) or None
            if error is not None:
                raise error
            value = value_of()
            error = untaken_branch_checks.refusal(frame, value)     # AutoGraph traces the other branch too
            if error is not None:
                raise error
            from .tape import ACTIVE     # (late: tape imports tensor, whose truth test leads here)
            if ACTIVE:          # and what that branch reads is an input of the If op: zero gradients
                untaken_if_reads.watch(frame, value)
            loop = traced_while_loops.loop_test(frame)
            if loop is not None:        # (a while test: set_loop_options' maximum_iterations may end it)
                value = loop_turn_limits.while_test(frame, value, loop)
            from .function import is_replaying     # (late: function imports this module)
            if not is_replaying():      # (a replay's prints are dropped anyway)
                scope = traced_cond_names.cond_scope(frame)
                untaken_branches.trace(frame, value, scope)    # AutoGraph traces the other branch too
                traced_cond_names.branch_taken(frame, value, scope)    # and names its ops below the cond
                traced_while_loops.turn_tested(frame, value)     # and a while loop's body once
            return value
        return value_of()
    if state[0] != CONVERTS:
        raise OperatorNotAllowedInGraphError(BOOL_REFUSAL)
    value = value_of()
    if not value:
        from . import graph_asserts     # (late: it imports function_errors, which imports tensor)
        # Python raises the AssertionError next; the Function raises the kernel's, defined at these frames
        state[1] = graph_asserts.frames_from(frame)
    return value


def _is_call(frame):
    """Whether the frame's current instruction is a call: a truth test made by ``bool(x)`` (or any C builtin
    the code calls, or an ``in`` test over a list), not by an ``if`` / ``while`` / ``and`` / ``not`` that
    AutoGraph would convert."""
    code = frame.f_code.co_code
    at = frame.f_lasti
    while at > 0 and code[at] == _CACHE:       # a Python-level callee leaves f_lasti on the call's caches
        at -= 2
    return code[at] in _CALLS


def _is_assert(frame):
    """Whether the frame's current instruction is the jump of an ``assert`` statement."""
    code = frame.f_code.co_code
    at = frame.f_lasti + 2
    for _ in range(4):
        if at >= len(code):
            return False
        op = code[at]
        if op == _ASSERTION:
            return True
        if op not in _PASSED_OVER:
            return False
        at += 2
    return False
