"""A tensor made in a tensor loop's body and returned by the tf.function past the loop (appended to a Python
list in the body, ``out.append(i * 2)``): TF 2.21's InaccessibleTensorError.

AutoGraph traces the loop's body as a graph of its own (a while loop's body function), so only the loop
variables leave it; a tensor kept otherwise is out of scope in the function's graph. tapeflow runs the body on
values and the list holds them: the first trace looks at what the function returns for a tensor still named in
a loop body ('while/mul', trace_names), as the graph's outputs would have been refused.
"""
import re

from . import nest
from .tensor import Tensor, DISPLAY_NAME

_LOOP_BODY = re.compile(r'(^|/)while(_\d+)?/')


class InaccessibleTensorError(ValueError):
    """TensorFlow's error for a graph tensor used outside the graph that made it (a ValueError)."""


def refusal(result, names, function_name):
    """The error for the first tensor in ``result`` that the trace named in a loop body (``names``: the trace's
    id(tensor) -> (name, shape, dtype)), or None."""
    for value in nest.flatten(result):
        entry = names.get(id(value)) if isinstance(value, Tensor) else None
        if entry is None or not _LOOP_BODY.search(entry[0]):
            continue
        name, shape, dtype = entry
        text = "<%s.Tensor '%s' shape=%s dtype=%s>" % (DISPLAY_NAME, name if ':' in name else name + ':0',
                                                        '<unknown>' if shape is None else shape, dtype)
        body = _LOOP_BODY.search(name).group(0).strip('/')
        # (TF's ids are its graphs' Python ids, its body's number a graph counter: neither is knowable here)
        return InaccessibleTensorError(
            '%s is out of scope and cannot be used here. Use return values, explicit Python locals or TensorFlow '
            'collections to access it.\nPlease see https://www.tensorflow.org/guide/function'
            '#all_outputs_of_a_tffunction_must_be_return_values for more information.\n\n'
            'The tensor %s cannot be accessed from FuncGraph(name=%s, id=%d), because it was defined in '
            'FuncGraph(name=%s_body, id=%d), which is out of scope.'
            % (text, text, function_name, id(result), body, id(value)))
    return None
