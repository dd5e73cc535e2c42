"""tf.debugging.assert_* and tf.Assert inside a traced function: TF 2.21's graph Assert kernel error.

In a tf.function (or a Keras step) TF's checks build an ``Assert`` op over a data list, which fails when
the graph runs, with the kernel's text in the graph's wrapper:

    Graph execution error:

    Detected at node assert_positive/assert_less/Assert/AssertGuard/Assert defined at (most recent call last):
      File "prog.py", line 8, in <module>

      File "prog.py", line 6, in f

    assertion failed: [need positive.  ] [Condition x > 0 did not hold element-wise:] [x (x:0) = ] [1 -2]
    	 [[{{node assert_positive/assert_less/Assert/AssertGuard/Assert}}]] [Op:__inference_f]

(eagerly the same checks raise another text: assertions.py). Each entry is ``[...]``: a string as it is
(C-escaped), a tensor as Tensor::SummarizeValue writes it (its first ``summarize`` values, 3 by default,
rows in brackets, '...' where values are left out); tensors are named as the graph names them ('x:0' for
the argument x, 'assert_less/y:0' for a number converted inside the check's name scope). The node is
``<scope>/Assert/Assert`` where every entry is a string or int32 tensor, else the op guards it with a
cond, ``<scope>/Assert/AssertGuard/Assert``. The scopes take the trace's unique names (a second
assert_positive is assert_positive_1; assert_equal opens its scope twice: assert_equal_1); a replay
reuses the names its trace gave that call. TF's op name ends in a graph id (__inference_f_31), which
tapeflow leaves out, as in its other graph texts; the 'defined at' frames are the failing call's.
"""
import os
import threading

import numpy as np

from . import assert_statements, backend, name_scopes, trace_names
from .errors import InvalidArgumentError
from .function_errors import _OWN_DIRS
from .graph_runtime_errors import graph_run_text

# (the public checks' own files: the user's call is the first frame outside them)
CHECK_FILES = tuple(__file__.replace('graph_asserts', name) for name in ('assertions', 'graph_asserts', 'debugging',
                                                                   'type_assertions'))
_DATA_STAGE = os.path.join(os.path.dirname(__file__), 'data', 'stage_function.py')
_local = threading.local()      # .names: {(code, offset) of the user's call: its names in the trace}


class GraphCheck:
    """One check's names in the traced function running now (``scope``: its name scope; ``names``: the
    graph names of the tensors it shows; ``assert_scope``: the name scope of its Assert op, which names
    the node; ``frames``: the user frames down to the call, outermost first, when the trace made it)."""

    def __init__(self, scope, names, assert_scope, frames):
        self.scope, self.names, self.assert_scope, self.frames = scope, names, assert_scope, frames

    def error(self, data, summarize=None, function_name=None):
        """The Assert kernel's InvalidArgumentError over ``data`` (strings and tensors / arrays), in the
        traced function running now (or ``function_name``'s)."""
        limit = 3 if summarize is None else int(summarize)
        host = [item if isinstance(item, str) else _host(item) for item in data]
        node = '%s/%sAssert' % (self.assert_scope, 'AssertGuard/' if guarded(host) else '')
        text = 'assertion failed: ' + ' '.join('[%s]' % _summary(item, limit) for item in host)
        return InvalidArgumentError(None, None, self.op_error(text, node, function_name))

    def op_error(self, text, node=None, function_name=None):
        """The graph error's text around a kernel's ``text`` (``node``: by default the check's scope, as
        CheckNumerics names its node)."""
        return graph_run_text(node or self.scope, self.frames, text,
                              function_name or assert_statements.traced_function_name())


    def binary_error(self, message, sign, x, y, summarize):
        """_binary_assert's error (assert_equal, assert_less, ...): its data list in a graph."""
        return self.error(([message] if message is not None else []) + [
            'Condition x %s y did not hold element-wise:' % sign, 'x (%s) = ' % self.names['x'], x,
            'y (%s) = ' % self.names['y'], y], summarize)

    def sign_check(self, sign):
        """The GraphCheck of the binary check a sign check calls in its scope (assert_positive's assert_less)."""
        return nested(self, _SIGN_CHECKS[sign])

    def sign_error(self, message, sign, x, summarize):
        """assert_positive's (negative, non_negative, non_positive) error from its binary check's Assert."""
        condition, shown = 'Condition x %s 0 did not hold element-wise:' % sign, 'x (%s) = ' % self.names['x']
        # (TF's assert_non_positive lacks a comma there: its two strings are one entry)
        texts = [condition + shown] if sign == '<=' else [condition, shown]
        return self.error([message + '.  ' if message else ''] + texts + [x], summarize)

    def near_error(self, message, dtype, x, y, summarize):
        """assert_near's error: its tolerances are graph tensors of its scope."""
        tolerances = tuple('Tensor("%s/%s:0", shape=(), dtype=%s)' % (self.scope, key, dtype)
                           for key in ('rtol', 'atol'))
        return self.error(['%s.  ' % message if message else '',
                           'x and y not equal to tolerance rtol = %s, atol = %s' % tolerances,
                           'x (%s) = ' % self.names['x'], x, 'y (%s) = ' % self.names['y'], y], summarize)


# the check TF's sign checks call inside their scope (assert_positive is assert_less(0, x))
_SIGN_CHECKS = {'>': 'assert_less', '>=': 'assert_less_equal', '<': 'assert_less', '<=': 'assert_less_equal'}


def check(kind, name, values, scopes=1):
    """The GraphCheck of a check ``kind`` ('assert_equal', 'Assert', ...; ``name``: the user's, or None) over
    ``values`` ({parameter name: value}) when a traced function's code calls it, else None. ``scopes``:
    how many times TF opens the check's name scope (the last one names the node)."""
    if assert_statements.traced_mode() is None or _called_by_tapeflow():
        return None
    site = _user_site()
    trace = trace_names.current() if trace_names.ACTIVE else None
    graph = getattr(trace, 'graph', None)
    if graph is not None and site in _saved() and _muted():
        return _saved()[site]       # (a tensor loop's later turn: the graph holds the body's one trace)
    if graph is None:       # a replay: the names (and frames) the trace gave this call
        found = _saved().get(site)
        if found is None:
            scope = name or kind
            found = GraphCheck(scope, {key: '%s/%s:0' % (scope, key) for key in values},
                               scope if kind == 'Assert' else scope + '/Assert', _defined_at())
        return found
    for _ in range(scopes):
        scope = graph.unique(_scope_prefix(trace) + (name or kind))
    names = {}
    for key, value in values.items():
        entry = trace_names.entry_of(value)
        if entry is None:           # (a Python value: converted inside the scope, named by its parameter)
            names[key] = '%s/%s:0' % (scope, key)
        else:
            names[key] = entry[0] if ':' in entry[0] else entry[0] + ':0'
    # (tf.Assert's scope is its op's own; a check's Assert opens one inside the check's)
    found = _saved()[site] = GraphCheck(scope, names, scope if kind == 'Assert' else scope + '/Assert',
                                        _defined_at())
    return found


def guarded(host):
    """Whether TF's graph Assert over ``host`` (its data: strings and host arrays) is guarded by a cond:
    unless every entry is a string or an int32 tensor."""
    return any(not isinstance(item, str) and item.dtype.kind not in 'OSU' and item.dtype != np.int32 for item in host)


def _scope_prefix(trace):
    """The open scopes a check's node is named in: a Keras layer's call's ('sequential_1/l_1/'), then the
    tf.name_scopes (TF 2.21, progs/lead41/ge2.py: 'sequential_1/l_1/assert_less/Assert/AssertGuard/Assert')."""
    from .traced_ops import scope_prefix        # (late: traced_ops imports the ops)
    return scope_prefix(trace)


def nested(outer, kind):
    """The GraphCheck of the check ``kind`` that ``outer``'s check calls inside its scope
    (assert_positive's assert_less), sharing its names."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    graph = getattr(trace, 'graph', None)
    site = _user_site()
    if (graph is None or _muted()) and site in _saved_nested():
        return _saved_nested()[site]
    scope = graph.unique(outer.scope + '/' + kind) if graph is not None else outer.scope + '/' + kind
    found = _saved_nested()[site] = GraphCheck(scope, outer.names, scope + '/Assert', outer.frames)
    return found


def named_output(tensor, name):
    """An identity of ``tensor`` that a trace running now names ``name`` (a check's output op: CheckNumerics),
    or ``tensor`` itself outside a trace (a replay)."""
    trace = trace_names.current() if trace_names.ACTIVE else None
    if getattr(trace, 'graph', None) is None:
        return tensor
    from .ops.shapes import identity        # (late: ops import tensor)
    out = identity(tensor)
    trace.rename_traced(out, name, tensor)
    return out


def tensor_name(value):
    """The graph name TF's static checks print for ``value`` in a trace ('x:0'), or None."""
    if assert_statements.traced_mode() is None:
        return None
    entry = trace_names.entry_of(value)
    if entry is None:
        return None
    return entry[0] if ':' in entry[0] else entry[0] + ':0'


def _summary(item, limit):
    """One data entry as the Assert kernel writes it: a string as it is, a tensor as
    Tensor::SummarizeValue(limit) (all values for a negative limit)."""
    from .printing import _c_escape, _format_element       # (late: printing imports tensor)
    if isinstance(item, str):
        return _c_escape(item)
    flat = item.reshape(-1)
    limit = flat.size if limit < 0 else min(limit, flat.size)

    def element(value):
        if item.dtype.kind in 'OSU':        # (strings: as they are, not quoted)
            return _c_escape(value.decode('utf-8', 'replace') if isinstance(value, bytes) else str(value))
        return _format_element(value, item.dtype)
    if item.ndim == 0:
        return element(flat[0]) if limit else ''
    out = []
    index = [0]

    def one_dim(dim):       # TF's PrintOneDim
        if index[0] >= limit:
            return
        if dim == item.ndim - 1:
            for i in range(item.shape[dim]):
                if index[0] >= limit:
                    if dim != 0:
                        out.append('...')
                    return
                if i:
                    out.append(' ')
                out.append(element(flat[index[0]]))
                index[0] += 1
            return
        for _ in range(item.shape[dim]):
            opened = index[0] < limit
            if opened:
                out.append('[')
            one_dim(dim + 1)
            if index[0] < limit or opened:
                out.append(']')
    one_dim(0)
    if flat.size > limit:
        out.append('...')
    return ''.join(out)


def _host(value):
    data = getattr(value, '_data', value)
    return np.asarray(backend.to_host(data))


def _called_by_tapeflow():
    """Whether tapeflow's own code called the public check (a ragged or lookup layer's check keeps its
    texts: TF's node there would be named inside that op's scope), or a tf.data function runs it (TF
    reports its kernel errors through the iterator, in other words)."""
    import sys
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename in CHECK_FILES:
        frame = frame.f_back
    if frame is None or frame.f_code.co_filename.startswith(_OWN_DIRS):
        return True
    while frame is not None:
        if frame.f_code.co_filename == _DATA_STAGE:
            return True
        frame = frame.f_back
    return False


def _user_site():
    """(code, offset) of the user's call that reached the check: the first frame outside tapeflow."""
    import sys
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.startswith(_OWN_DIRS):
        frame = frame.f_back
    return (frame.f_code, frame.f_lasti) if frame is not None else None


def _defined_at():
    """(file, line, function) of the user frames down to the check, outermost first (a tensor loop's
    statement line before its body's, as AutoGraph calls the body: graph_scopes.defined_at)."""
    import sys
    from .graph_scopes import defined_at
    trace = trace_names.current() if trace_names.ACTIVE else None
    return defined_at(trace, sys._getframe(2)) if trace is not None else frames_from(sys._getframe(2))


def _muted():
    """Whether the code runs as TensorFlow's graph would, not traced: a tensor loop's later turns."""
    from .function import is_replaying     # (late: function imports the ops, which import this module)
    return is_replaying()


def frames_from(frame):
    """(file, line, function) of the user frames from ``frame`` out, outermost first."""
    frames = []
    while frame is not None:
        if not frame.f_code.co_filename.startswith(_OWN_DIRS):
            frames.append((frame.f_code.co_filename, frame.f_lineno, frame.f_code.co_name))
        frame = frame.f_back
    return frames[::-1]


def _saved():
    found = getattr(_local, 'names', None)
    if found is None:
        found = _local.names = {}
    return found


def _saved_nested():
    found = getattr(_local, 'nested', None)
    if found is None:
        found = _local.nested = {}
    return found
