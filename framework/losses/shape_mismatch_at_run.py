"""Labels and predictions that pass a traced step's shape inference but not its run, named as TF names the node.

fit / evaluate trace their step with an open batch axis, so labels of another rank than the predictions
((N, 2, 2) for a (N, 1) output) pass the graph's shape inference ([?,2,2] against [?,1] broadcasts) and
fail when the step runs, at the loss's first op. TF 2.21 names that node by its graph name, the Python
op's ('compile_loss/mse/sub', 'compile_loss/kld/truediv'), not the kernel's ('Sub', 'RealDiv'); in fit the
op's gradient, whose BroadcastGradientArgs reads the same two shapes, usually meets them first
('gradient_tape/compile_loss/mse/sub/BroadcastGradientArgs'). Which of the two fails first in fit is TF's
executor's race: over six fits each (/work/notes/progs/errors60/yrank3.py) the gradient's node won 6 of 6
for mse, mae, msle, huber, log_cosh, hinge, categorical_hinge and dice, 4 or 5 of 6 for mape, kld,
squared_hinge and cosine_similarity, 3 of 6 for poisson; tversky's is tapeflow's guess. This module takes
the gradient's in fit. Evaluate's node is the forward op's, always (yrank.py, yrank2.py).
"""
from ..errors import kernel_error
from ..graph_shape_errors import dims_text
from .. import trace_names
from .shape_mismatch import _FIRST_OPS

# losses whose gradient node is not '<first op>/BroadcastGradientArgs' (huber's Sub sits in a formula whose
# gradient TF's graph numbers at the loss's scope)
_GRADIENT_NODES = {'huber': 'BroadcastGradientArgs_2'}
# losses whose forward op grappler gives its operands in the other order than the Python call (the
# predictions' side first: cosine_similarity's mul_2 of (labels mul_1, predictions mul))
_SWAPPED_AT_RUN = ('cosine_similarity',)


def first_op_at_run(error, scope, taped):
    """(the node, the error) TF 2.21's run of a traced step gives for ``error`` (``mismatch_error``'s, for
    shapes the trace let pass), the loss running in the name scope ``scope``; ``taped`` in fit. None where
    the step is not traced or the loss's first op was not measured."""
    operands = getattr(error, '_loss_operands', None)
    if operands is None:
        return None
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is None or getattr(trace, 'graph', None) is None:      # (run eagerly: the kernel's own error)
        return None
    what, y_true, y_pred = operands
    kernel, node, inputs = _FIRST_OPS[what]
    if node is None:
        return None
    if taped:
        gradient = _GRADIENT_NODES.get(what, node + '/BroadcastGradientArgs')
        return 'gradient_tape/compile_loss/%s/%s' % (scope, gradient), error
    if what not in _SWAPPED_AT_RUN:
        return 'compile_loss/%s/%s' % (scope, node), error
    tensors = {'true': y_true, 'pred': y_pred}
    first, second = (tuple(tensors[role]._data.shape) for role, _ in reversed(inputs))
    swapped = kernel_error(kernel, 'Incompatible shapes: [%s] vs. [%s]' % (dims_text(first), dims_text(second)),
                           named=True)
    for note in getattr(error, '__notes__', ()):
        swapped.add_note(note)
    return 'compile_loss/%s/%s' % (scope, node), swapped
