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
(tapeflow numbers no graphs), as graph_asserts.py does. A replay of a finished trace runs without the hook and
keeps the eager words; so do Keras steps, whose defined-at lines TF lists through Keras's own files.
"""
import re

from .errors import OpError

# the eager kernel's wrapper around its text: '{{function_node __wrapped__X_device_...}} ' and ' [Op:X]' with an
# optional ' name: ...' tail
_EAGER = re.compile(r'^\{\{function_node __wrapped__\w+?_device_[^}]*\}\} (?P<text>.*) \[Op:(?P<op>\w+)\]'
                    r'(?: name: .*)?$', re.S)


def runtime_error(error, node, frames, function_name):
    """The graph run's error for the kernel ``error`` at ``node`` (its unique graph name), defined at ``frames``
    ((file, line, function), outermost first) in the tf.function ``function_name``; None where ``error`` is not
    an eager kernel's OpError."""
    if not isinstance(error, OpError) or function_name is None:
        return None
    found = _EAGER.match(str(error))
    if found is None:
        return None
    lines = ''.join('  File "%s", line %d, in %s\n\n' % frame for frame in frames)
    text = ('Graph execution error:\n\nDetected at node %s defined at (most recent call last):\n%s%s\n'
            '\t [[{{node %s}}]] [Op:__inference_%s]' % (node, lines, found.group('text'), node, function_name))
    try:
        refused = type(error)(None, None, text)
    except TypeError:       # (a subclass built otherwise: the kernel's error stands)
        return None
    for note in getattr(error, '__notes__', ()):       # tapeflow's own words on the failure
        refused.add_note(note)
    return refused
