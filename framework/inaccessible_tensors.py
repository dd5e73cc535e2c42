"""A tensor made in a tensor loop's body and returned by the tf.function past the loop (appended to a Python
list in the body, ``out.append(i * 2)``): TF 2.21's InaccessibleTensorError.

AutoGraph traces the loop's body as a graph of its own (a while loop's body function), so only the loop
variables leave it; a tensor kept otherwise is out of scope in the function's graph. tapeflow runs the body on
values and the list holds them: the first trace looks at what the function returns for a tensor still named in
a loop body ('while/mul', trace_names), as the graph's outputs would have been refused.
"""
import re
import sys

from . import nest, trace_names
from .graph_scopes import defined_at
from .tensor import Tensor, DISPLAY_NAME

_LOOP_BODY = re.compile(r'(^|/)while(_\d+)?/')


class InaccessibleTensorError(ValueError):
    """TensorFlow's error for a graph tensor used outside the graph that made it (a ValueError)."""
    # (built from one message: autograph's 'in user code' rewrite keeps the class, as TensorFlow's does)
    __init__ = Exception.__init__


def check_inputs(parameters, graph, api_name):
    """Raise TensorFlow's error when an API call in a trace is handed a tensor a tensor loop's body made
    (a list appended in the body, read after the loop: ``tf.stack(out)``), outside that body. ``graph``: the
    trace's GraphScopes now (a loop body's has the body's prefix, 'while/'); ``api_name``: the call's function."""
    in_body = getattr(graph, 'loop_body', False)
    here = getattr(graph, '_prefix', '') if in_body else ''
    trace = trace_names.current()
    for value in parameters.values():
        for item in (value if type(value) in (list, tuple) else (value,)):
            entry = trace_names.entry_of(item) if isinstance(item, Tensor) else None
            if entry is None:
                continue
            bodies = list(_LOOP_BODY.finditer(entry[0]))
            outside = not here.startswith(entry[0][:bodies[-1].end()]) if bodies else \
                not in_body and _body_of(item, entry, trace) == _DATASET_BODY
            if outside:
                error = _error(item, entry, _tracing_function_name(), id(parameters), trace)
                # (the note names the call, so that the op's error wrapper lets TensorFlow's class through)
                error.add_note('%s: a tensor made in a tensor loop\'s body is read after the loop; write it to a '
                               'tf.TensorArray in the body and stack that instead' % api_name)
                raise error


def _tracing_function_name():
    """The name of the tf.function whose trace runs here (its Function._run frame's)."""
    from .function import Function
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code is Function._run.__code__:
            return frame.f_locals['self']._name
        frame = frame.f_back
    return 'function'


def refusal(result, names, function_name, trace=None):
    """The error for the first tensor in ``result`` that the trace named in a loop body (``names``: the trace's
    id(tensor) -> (name, shape, dtype); ``trace``: its naming, which noted where they were made), or None."""
    for value in nest.flatten(result):
        entry = names.get(id(value)) if isinstance(value, Tensor) else None
        if entry is None or _body_of(value, entry, trace) is None:
            continue
        return _error(value, entry, function_name, id(names), trace)
    return None


_DATASET_BODY = 'Dataset_scan_scan'      # (AutoGraph's loop over a Dataset: a scan, whose body names ops plainly)


def _body_of(tensor, entry, trace):
    """The name of the loop body's graph that made ``tensor`` ('while'), or None."""
    found = _LOOP_BODY.search(entry[0])
    if found is not None:
        return found.group(0).strip('/')
    noted = getattr(trace, 'defined_at', {}).get(id(tensor))
    # (a Dataset loop's body names ops plainly: its own tensor, unless since renamed as the loop's output)
    return noted[1] if noted is not None and noted[2] == entry[0] else None


def note_definition(trace, tensor, name):
    """``trace`` names ``tensor`` ``name``: where it is a loop body's, keep the user frames that made it,
    outermost first, as TF's 'was defined here' lists them (AutoGraph calls a loop's body from the loop's
    statement: that line comes before the body's line in the loop's frame, once per enclosing loop)."""
    found = _LOOP_BODY.search(name)
    if found is not None:
        body = found.group(0).strip('/')
    elif getattr(trace.graph, 'loop_body', False) and not trace.graph._prefix:
        body = _DATASET_BODY
    else:
        return
    frames = defined_at(trace, sys._getframe(2))
    defined = getattr(trace, 'defined_at', None)
    if defined is None:
        defined = trace.defined_at = {}
    defined[id(tensor)] = (frames, body, name)


def _error(value, entry, function_name, graph_id, trace=None):
    name, shape, dtype = entry
    text = "<%s.Tensor '%s' shape=%s dtype=%s>" % (DISPLAY_NAME, name if ':' in name else name + ':0',
                                                    '<unknown>' if shape is None else shape, dtype)
    body = _body_of(value, entry, trace)
    frames = getattr(trace, 'defined_at', {}).get(id(value), (None,))[0]
    where = '%s was defined here:\n%s\n' % (text, ''.join('    File "%s", line %d, in %s\n' % frame
                                                         for frame in frames)) if frames else ''
    # (TF's ids are its graphs' Python ids, its body's number a graph counter: neither is knowable here)
    return InaccessibleTensorError(
        '%s is out of scope and cannot be used here. Use return values, explicit Python locals or TensorFlow '
        'collections to access it.\nPlease see https://www.tensorflow.org/guide/function'
        '#all_outputs_of_a_tffunction_must_be_return_values for more information.\n\n%s'
        'The tensor %s cannot be accessed from FuncGraph(name=%s, id=%d), because it was defined in '
        'FuncGraph(name=%s_body, id=%d), which is out of scope.'
        % (text, where, text, function_name, graph_id, body, id(value)))
