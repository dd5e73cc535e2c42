"""A kernel's error while a tf.function traces, in the words TensorFlow's graph run gives it.

Eagerly a failing kernel raises its OpError as ``{{function_node __wrapped__GatherV2_device_/job:localhost/
replica:0/task:0/device:CPU:0}} indices[0] = 1 is not in [0, 1) [Op:GatherV2]``. In a tf.function the op is a
graph node, and where shape inference lets it through (value-dependent checks: index ranges, singular
matrices, an integer division by zero), the graph's run raises the same class with the node and where the
code defined it (TF 2.21):

    Graph execution error:

    Detected at node GatherV2 defined at (most recent call last):
      File "prog.py", line 5, in <module>

      File "prog.py", line 4, in g

    indices[0] = 1 is not in [0, 1)
    	 [[{{node GatherV2}}]] [Op:__inference_g_8]

tapeflow traces on the real arrays, so the kernel fails as the trace runs; the naming hook (traced_ops.py),
which knows the API call and its graph name, hangs this error on the kernel's (as graph_shape_errors does for
the refusals of shape inference), and tf.function raises it. The uid after the function's name is left out
(tapeflow numbers no graphs), as graph_asserts.py does. A replay of a finished trace runs without the hook: the
trace noted the node each user line's API call made and the lines that made it (``note_node``), and a kernel
failing in a replay gets both from there (``replayed_error``): TF lists the lines of the call that traced, not of
the one running now. Keras steps' errors lack the defined-at lines TF lists through Keras's own files.
"""
import re

from .errors import OpError
from .graph_scopes import defined_at

# the eager kernel's wrapper around its text: '{{function_node __wrapped__X_device_...}} ' and ' [Op:X]' with an
# optional ' name: ...' tail
_EAGER = re.compile(r'^\{\{function_node __wrapped__\w+?_device_[^}]*\}\} (?P<text>.*) \[Op:(?P<op>\w+)\]'
                    r'(?: name: .*)?$', re.S)


def graph_run_text(node, frames, text, function_name):
    """The text of an error a graph run raises: the failing ``node``, the user ``frames`` ((file, line, function),
    outermost first) that defined it, the kernel's ``text``, and the tf.function ``function_name`` (no uid)."""
    lines = ''.join('  File "%s", line %d, in %s\n\n' % frame for frame in frames)
    return ('Graph execution error:\n\nDetected at node %s defined at (most recent call last):\n%s%s\n'
            '\t [[{{node %s}}]] [Op:__inference_%s]' % (node, lines, text, node, function_name))


def kernel_run_text(node, frames, text, function_name):
    """graph_run_text for a kernel's error in a graph run. TF 2.21 interpolates the node's defining frames only
    where the function's name is a word: a tf.function made from a lambda ('<lambda>') keeps the runtime's raw
    text, '{{function_node __inference_<lambda>_10}} <text>\n\t [[{{node Gather}}]] [Op:__inference_<lambda>_10]'
    (notes/progs/optimtraj28/p11_lambda2.py; the uid left out here)."""
    if re.fullmatch(r'\w+', function_name):
        return graph_run_text(node, frames, text, function_name)
    return '{{function_node __inference_%s}} %s\n\t [[{{node %s}}]] [Op:__inference_%s]' % (
        function_name, text, node, function_name)


def runtime_error(error, node, frames, function_name):
    """The graph run's error for the kernel ``error`` at ``node`` (its unique graph name), defined at ``frames``
    ((file, line, function), outermost first) in the tf.function ``function_name``; None where ``error`` is not
    an eager kernel's OpError."""
    if not isinstance(error, OpError) or function_name is None:
        return None
    found = _EAGER.match(str(error))
    if found is None:
        return None
    try:
        refused = type(error)(None, None, kernel_run_text(node, frames, found.group('text'), function_name))
    except TypeError:       # (a subclass built otherwise: the kernel's error stands)
        return None
    for note in getattr(error, '__notes__', ()):       # tapeflow's own words on the failure
        refused.add_note(note)
    return refused


def note_node(trace, caller, node):
    """Remember in ``trace`` (a tf.function's naming) that the API call the user frame ``caller`` makes now
    added the graph node ``node``, with the user frames that define it: a replay's kernel error names them
    (the first, for a line run in a loop), as TF lists the lines that ran when the graph was made."""
    nodes = trace.__dict__.setdefault('nodes', {})
    key = (caller.f_code, caller.f_lasti)
    if key not in nodes:
        nodes[key] = (node, defined_at(trace, caller))


def replayed_error(error, nodes, function_name):
    """The graph run's error for ``error``, raised by a kernel while a finished trace with ``nodes`` (its
    note_node table) replays; None where the failing call is not one the trace named."""
    found = noted_node(error, nodes)
    if found is None:
        return None
    return runtime_error(error, found[0], found[1], function_name)


def noted_node(error, nodes):
    """(node, defining frames) that a trace's note_node table ``nodes`` holds for the innermost user call in
    ``error``'s traceback (the API call a replay failed in); None where the trace named none of them."""
    if not nodes:
        return None
    found, traceback = None, error.__traceback__
    while traceback is not None:
        found = nodes.get((traceback.tb_frame.f_code, traceback.tb_lasti)) or found
        traceback = traceback.tb_next
    return found
