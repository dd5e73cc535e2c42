"""Iterating over a tensor inside a tf.function, as TensorFlow 2.21 allows and refuses it.

In a trace, user code holds symbolic tensors, and ``Tensor.__iter__`` refuses them:
OperatorNotAllowedInGraphError 'Iterating over a symbolic `tf.Tensor` is not allowed. ...'. Only a
``for`` statement that AutoGraph converts (into a loop over the first axis) iterates one: a list
comprehension or generator expression over a tensor, ``a, b = x``, ``list(x)``, ``tf.add(*x)``,
``zip(x, y)`` and ``enumerate(x)`` all fail while tracing, true shapes or not (TF 2.21, probed in
/work/notes/progs/errors22/p_iter.py). With ``autograph=False`` the ``for`` statement fails too.

tapeflow runs the Python itself, so Tensor.__iter__ asks here while a traced body runs
(assert_statements.RUNNING): the calling frame's current instruction tells a ``for`` statement
(GET_ITER, then FOR_ITER) from the rest. Library frames and Python run eagerly inside a trace
(a py_function's func) are left alone. The check joins Tensor.__iter__ when the first tf.function is
made (``install``), so programs without one never pay it.
"""
import dis
import sys

from . import assert_statements, loop_turn_limits, traced_loop_side_effects, unconverted_callers
from .errors import OperatorNotAllowedInGraphError

ITERATION_REFUSAL = assert_statements.BOOL_REFUSAL.replace(
    'Using a symbolic `tf.Tensor` as a Python `bool`', 'Iterating over a symbolic `tf.Tensor`')

_GET_ITER = dis.opmap['GET_ITER']
_FOR_ITER = dis.opmap['FOR_ITER']
_SKIPPED = {dis.opmap[name] for name in ('CACHE', 'EXTENDED_ARG', 'NOP') if name in dis.opmap}
_INSTALLED = []        # [True] once install() has run


def install():
    """Give Tensor (and Variable) an __iter__ that consults ``refuse`` while a traced body runs, and
    their __len__ traced_len's; once."""
    if _INSTALLED:      # (checked before the import: fit and predict call this on every batch)
        return
    from . import traced_len
    from .tensor import Tensor
    traced_len.install()
    plain = Tensor.__iter__
    _INSTALLED.append(True)

    def __iter__(self):
        if assert_statements.RUNNING:
            frame = sys._getframe(1)
            if refuse(frame, self):     # a for statement AutoGraph converts: its set_loop_options' limit
                turns = traced_loop_side_effects.first_turn_only(loop_turn_limits.for_turns(plain(self), frame),
                                                                 frame)
                return turns if self._data.shape[0] else _no_turn(turns, frame, self)
        return plain(self)
    __iter__.__doc__ = plain.__doc__
    Tensor.__iter__ = __iter__


def _no_turn(turns, frame, tensor):
    """A converted loop over an empty tensor: what its variables are after it (unturned_loop_variables)."""
    from . import unturned_loop_variables     # (late: it imports the trace's modules)
    yield from turns
    unturned_loop_variables.settle(frame, tensor)


def refuse(frame, tensor=None):
    """Raise TensorFlow's refusal when ``frame`` (the code iterating ``tensor``) is a traced function's
    own code and its iteration is no ``for`` statement AutoGraph converts; for one it converts over a
    scalar, AutoGraph's ValueError. True for a ``for`` statement AutoGraph converts."""
    mode = assert_statements.traced_mode()
    if mode is None or frame.f_code.co_filename.startswith(assert_statements.LIBRARIES):
        return
    from .function_errors import UNCONVERTED_CODE     # (late: function_errors imports the tensor module)
    # (do_not_convert, for/else and a Keras layer's call are code AutoGraph leaves unconverted)
    if mode and is_for_statement(frame) and frame.f_code not in UNCONVERTED_CODE and \
            not unconverted_callers.called_unconverted(frame):
        if getattr(getattr(tensor, '_data', None), 'ndim', None) == 0:
            raise scalar_len_error()
        return True
    raise OperatorNotAllowedInGraphError(ITERATION_REFUSAL)


def scalar_len_error():
    """AutoGraph's error for len() of a scalar tensor in converted code (traced_len.py; a converted ``for``
    over one asks len() too), whose check names the graph's Shape op (the trace's next 'Shape' name:
    'Shape_1' after a tf.shape)."""
    from . import trace_names
    context = trace_names.current()
    name = context.graph.unique('Shape') if context is not None and context.graph is not None else 'Shape'
    return ValueError('len requires a non-scalar tensor, got one of shape Tensor("%s:0", shape=(0,), dtype=int32)'
                      % name)


def iterates_call_result(frame):
    """Whether the call ``frame`` is making gives a ``for`` statement its iterable (``for i in tf.range(n):``:
    after the call's caches comes that statement's GET_ITER, then its FOR_ITER)."""
    code = frame.f_code.co_code
    at = _next_instruction(code, frame.f_lasti + 2)
    return at < len(code) and code[at] == _GET_ITER and _followed_by_for_iter(code, at)


def is_for_statement(frame):
    """Whether the frame's current instruction is the GET_ITER of a ``for`` statement (its loop's
    FOR_ITER comes next); a comprehension's GET_ITER is followed by the call of its code."""
    code = frame.f_code.co_code
    at = frame.f_lasti
    return at < len(code) and code[at] == _GET_ITER and _followed_by_for_iter(code, at)


def _next_instruction(code, at):
    """The offset of the first instruction from ``at`` on that is not a cache entry or the like."""
    while at < len(code) and code[at] in _SKIPPED:
        at += 2
    return at


def _followed_by_for_iter(code, at):
    """Whether the instruction after the one at ``at`` is a FOR_ITER."""
    at = _next_instruction(code, at + 2)
    return at < len(code) and code[at] == _FOR_ITER
