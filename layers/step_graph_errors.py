"""A kernel's error in a Keras step, in the words TensorFlow's run of the traced step gives it.

Keras 3 runs fit's, evaluate's and predict's steps as tf.functions, so a kernel that fails on the data (a
label out of SparseCategoricalCrossentropy's range, an index past an Embedding's input_dim) fails as a node
of the step's graph (TF 2.21, notes/progs/lead42/e2.py, e3.py, e6.py):

    InvalidArgumentError: Graph execution error:

    Detected at node sequential_1/embedding_1/GatherV2 defined at (most recent call last):
      File "prog.py", line 9, in <module>
      ...
    indices[1,1] = 9 is not in [0, 5)
    	 [[{{node sequential_1/embedding_1/GatherV2}}]] [Op:__inference_multi_step_on_iterator_301]

where tapeflow, running the step's Python, met the eager kernel's error. The failing call names its node as
it fails (``note_layer_node`` from a layer's call, ``note_loss_node`` from the compiled loss), and the step's
runner rewords the error (``graph_error``). Node names follow a graph in which each layer runs once (as the
step's own trace numbers them: the model's and each layer's scope entered twice, 'functional_1/embedding_1');
TF's frames inside Keras's own files are left out (tapeflow has none of them), as is the graph's uid.
"""
import sys

from framework.graph_runtime_errors import runtime_error
from framework.graph_scopes import GraphScopes, defined_at
from framework import trace_names, traced_ops

# op types whose public API opens a name scope of the same name around the op (tf.nn's sparse cross-entropy)
_SCOPED_OPS = {'SparseSoftmaxCrossEntropyWithLogits': 'SparseSoftmaxCrossEntropyWithLogits/'
                                                      'SparseSoftmaxCrossEntropyWithLogits',
               'Assert': 'Assert/Assert'}       # (tf.debugging.Assert's scope: a lookup layer's OOV check)


def _op_node(error):
    """The failing op's node below its caller's scope, from the eager text's '[Op:GatherV2]'; None where
    ``error`` is no eager kernel's."""
    text = str(error)
    at = text.rfind(' [Op:')
    if at < 0 or not text.startswith('{{function_node __wrapped__'):
        return None
    op = text[at + 5:text.index(']', at)]
    if op == 'DepthwiseConv2dNative':
        # tf.nn.depthwise_conv2d names its op after its scope, 'depthwise'; separable_conv2d names it 'depthwise'
        # inside its own 'separable_conv2d' scope (the eager text's ' name: depthwise' tail says which)
        return 'separable_conv2d/depthwise' if text.endswith(' name: depthwise') else 'depthwise'
    return _SCOPED_OPS.get(op, op)


def note_layer_node(error, layer):
    """Note on ``error`` (a kernel's, raised through ``layer``'s call in a Keras step, while the call is still
    on the stack) the node it fails at: the scope of the layer calls around it, then the op."""
    if getattr(error, 'step_node', None) is not None:
        return
    op = _op_node(error)
    if op is None:
        return
    from . import call_context
    trace = trace_names.current()
    if trace is not None and trace.graph is not None:       # the step's trace: its own graph's scopes
        scope = traced_ops.scope_prefix(trace)
    else:
        scope = GraphScopes().scope_of(call_context.enclosing_calls(layer)) + '/'
    error.step_node = scope + op


def note_loss_node(error, scope):
    """Note on ``error`` (a kernel's, raised by a compiled loss running in the name ``scope``,
    'compile_loss/sparse_categorical_crossentropy/') the node it fails at."""
    op = _op_node(error)
    if op is not None and scope and getattr(error, 'step_node', None) is None:
        error.step_node = scope + op


def raise_as_graph_run(error, function_name):
    """Raise ``error`` as the run of Keras's traced step function ``function_name`` raises it, where the
    failing call noted its node; return otherwise (the caller re-raises ``error``)."""
    node = getattr(error, 'step_node', None)
    refused = None if node is None else runtime_error(error, node, _defining_frames(error), function_name)
    if refused is not None:
        raise refused from None


def _defining_frames(error):
    """The user frames of the failing call, outermost first: those around the step's runner, then the user's
    own code the step called into (a custom layer's call)."""
    innermost, traceback = None, error.__traceback__
    while traceback is not None:
        frame = traceback.tb_frame
        if not _is_own(frame):
            innermost = frame
        traceback = traceback.tb_next
    return defined_at(None, innermost if innermost is not None else sys._getframe(3))


def _is_own(frame):
    from framework.function_errors import _OWN_DIRS
    return frame.f_code.co_filename.startswith(_OWN_DIRS)
