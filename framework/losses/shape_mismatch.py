"""Labels and predictions that do not broadcast together, refused as TensorFlow refuses them.

Keras 3's losses compute ``y_true - y_pred`` (or a product, a quotient) with no shape check of
their own, so the error is the first op's. Eagerly that is the kernel's InvalidArgumentError
('Incompatible shapes: [4,2] vs. [4,3] [Op:Sub]'); in a fit / evaluate step, which TensorFlow
traces, it is the graph's shape inference: a ValueError naming the node, its inputs and their
traced shapes ("Dimensions must be equal, but are 2 and 3 for '{{node compile_loss/mse/sub}} =
Sub[T=DT_FLOAT](data_1, sequential_1/dense_1/BiasAdd)' with input shapes: [?,2], [?,3]."). The
texts below were read off TF 2.21 / Keras 3.15 for each loss (/work/notes/progs/me16/lerr.py).
"""
from .. import trace_names
from ..graph_shape_errors import DT_NAMES, dims_text, first_unequal
from ..errors import InvalidArgumentError, kernel_error
from .tensor_notes import get_keras_logits, get_keras_mask

# loss -> (kernel, the node's name in its scope or None where not measured, its two inputs): each
# input (whose shape: 'true' or 'pred', the graph op it comes from in the scope, or None for the
# label / prediction tensor itself)
_FIRST_OPS = {
    'mean_squared_error': ('Sub', 'sub', (('true', None), ('pred', None))),
    'mean_absolute_error': ('Sub', 'sub', (('true', None), ('pred', None))),
    'mean_absolute_percentage_error': ('Sub', 'sub', (('true', None), ('pred', None))),
    'mean_squared_logarithmic_error': ('Sub', 'sub', (('pred', 'Log'), ('true', 'Log_1'))),
    'huber': ('Sub', 'Sub', (('pred', None), ('true', None))),
    'log_cosh': ('Sub', 'sub', (('pred', None), ('true', None))),
    'kl_divergence': ('RealDiv', 'truediv', (('true', 'clip_by_value'), ('pred', 'clip_by_value_1'))),
    'poisson': ('Mul', 'mul', (('true', None), ('pred', 'Log'))),
    'cosine_similarity': ('Mul', 'mul_2', (('true', 'mul_1'), ('pred', 'mul'))),
    'hinge': ('Mul', 'mul', (('true', 'cond/Identity'), ('pred', None))),
    # (these four's nodes: /work/notes/progs/errors60/yrank2.py)
    'squared_hinge': ('Mul', 'mul', (('true', 'cond/Identity'), ('pred', None))),
    'categorical_hinge': ('Mul', 'mul', (('true', None), ('pred', None))),
    'dice': ('Mul', 'mul', (('true', None), ('pred', None))),
    'tversky': ('Mul', 'mul', (('true', None), ('pred', None))),
    'pearson_correlation': ('Mul', None, (('true', None), ('pred', None))),
    'concordance_correlation': ('Mul', None, (('true', None), ('pred', None))),
}


def mismatch_error(y_true, y_pred, what):
    """The eager error for ``what``'s labels and predictions of shapes that do not broadcast."""
    note = ('%s: y_true of shape %s cannot be compared with y_pred of shape %s; give labels with the shape of '
            'the predictions (or (N,) for (N, 1))' % (what, tuple(y_true.shape), tuple(y_pred.shape)))
    first = _FIRST_OPS.get(what)
    if first is None:
        return InvalidArgumentError(note)
    kernel, _, operands = first
    tensors = {'true': y_true, 'pred': y_pred}
    a, b = (tuple(tensors[role]._data.shape) for role, _ in operands)
    error = kernel_error(kernel, 'Incompatible shapes: [%s] vs. [%s]' % (dims_text(a), dims_text(b)), named=True,
                         note=note)
    error._loss_operands = (what, y_true, y_pred)
    return error


# Keras's losses times sample weights that do not broadcast to them (one weight per sample of a
# sequence's per-step losses): loss function -> (the Mul's node, the op the losses come from, the
# weights' Cast where they are integers), in the loss's scope; read off TF 2.21 for the default
# arguments (label smoothing renames the Mul) (/work/notes/progs/lossmetric/swn.py, swn2.py)
_WEIGHT_MULS = {
    'mean_squared_error': ('mul', 'Mean', 'Cast'),
    'mean_absolute_error': ('mul', 'Mean', 'Cast'),
    'mean_squared_logarithmic_error': ('mul', 'Mean', 'Cast'),
    'mean_absolute_percentage_error': ('mul_1', 'mul', 'Cast'),
    'huber': ('mul_3', 'Mean', 'Cast'),
    'log_cosh': ('mul_1', 'Mean', 'Cast'),
    'poisson': ('mul_1', 'Mean', 'Cast'),
    'kl_divergence': ('mul_1', 'Sum', 'Cast'),
    'cosine_similarity': ('mul_3', 'Neg', 'Cast'),
    'hinge': ('mul_1', 'Mean', 'Cast_2'),
    'squared_hinge': ('mul_1', 'Mean', 'Cast_2'),
    'categorical_hinge': ('mul_2', 'Maximum', 'Cast_1'),
    'binary_crossentropy': ('mul', 'Mean', 'Cast'),
    'binary_focal_crossentropy': ('mul_3', 'Mean', 'Cast'),
    'categorical_focal_crossentropy': ('mul_3', 'Sum_1', 'Cast'),
    'categorical_crossentropy': ('mul', 'softmax_cross_entropy_with_logits/Reshape_2', 'Cast'),
    'sparse_categorical_crossentropy': ('mul', 'SparseSoftmaxCrossEntropyWithLogits/Reshape_2', 'Cast_1'),
}
# TF's sparse_softmax_cross_entropy_with_logits reshapes only logits of another rank than 2: for (N, C)
# the losses are its op's own output
_RANK_2_SOURCES = {'sparse_categorical_crossentropy': 'SparseSoftmaxCrossEntropyWithLogits/'
                                                      'SparseSoftmaxCrossEntropyWithLogits'}
_SMOOTHED_WEIGHT_MULS = {      # the same with label_smoothing
    'binary_crossentropy': ('mul_1', 'Mean', 'Cast'),
    'categorical_crossentropy': ('mul_1', 'softmax_cross_entropy_with_logits/Reshape_2', 'Cast_1'),
}
# The cross-entropies above score logits (given, or a sigmoid's / softmax's); on other probabilities
# (a linear or relu output) Keras's clipped-log formulas run first
_PROBABILITY_WEIGHT_MULS = {
    'binary_crossentropy': ('mul_2', 'Mean', 'Cast'),
    'binary_focal_crossentropy': ('mul_5', 'Mean', 'Cast'),
    'categorical_crossentropy': ('mul_1', 'Neg', 'Cast'),
}
_SMOOTHED_PROBABILITY_WEIGHT_MULS = {
    'binary_crossentropy': ('mul_3', 'Mean', 'Cast'),
    'categorical_crossentropy': ('mul_2', 'Neg', 'Cast_1'),
}


# With a mask (Embedding(mask_zero=True) upstream) Keras first multiplies the weights by it: the same
# Mul node, the weights first, the mask scaled by the averaging reductions ending in a SelectV2
# (its index as read off TF 2.21 for these losses; huber's formula has a select of its own)
_MASK_SELECTS = {'mean_squared_error': 'SelectV2', 'mean_absolute_error': 'SelectV2', 'huber': 'SelectV2_1',
                 'binary_crossentropy': 'SelectV2', 'categorical_crossentropy': 'SelectV2',
                 'sparse_categorical_crossentropy': 'SelectV2', 'log_cosh': 'SelectV2', 'poisson': 'SelectV2',
                 'kl_divergence': 'SelectV2', 'mean_squared_logarithmic_error': 'SelectV2',
                 'mean_absolute_percentage_error': 'SelectV2', 'cosine_similarity': 'SelectV2', 'hinge': 'SelectV2',
                 'squared_hinge': 'SelectV2', 'categorical_hinge': 'SelectV2', 'binary_focal_crossentropy': 'SelectV2',
                 'categorical_focal_crossentropy': 'SelectV2'}   # (these losses' own: /work/notes/progs/losses8/p13.py)
# sparse_categorical_crossentropy's ignore_class is a mask of its own losses (labels != ignore_class),
# built after the losses: the averaging reductions' scaled mask is its SelectV2_3, the others' its Cast_3,
# and integer weights are cast by Cast_3 (/work/notes/progs/losses8/p12.py, TF 2.21)
_IGNORE_CLASS_MASKS = {'averaging': 'SelectV2_3', 'other': 'Cast_3'}
_IGNORE_CLASS_WEIGHT_CAST = 'Cast_3'


def _ignore_class_mask(loss, y_pred):
    """Whether ``loss``'s mask is its ignore_class's alone (no mask came with the predictions)."""
    return getattr(loss, '_fn_kwargs', {}).get('ignore_class') is not None and \
        (y_pred is None or get_keras_mask(y_pred) is None)


def _weight_mul_ops(loss, y_pred, masked):
    """(the weights' Mul node, the op the losses come from, the weights' Cast) in ``loss``'s scope, as TF 2.21
    names them for a Keras loss function; None where not measured."""
    fn, arguments = getattr(loss, 'fn', None), getattr(loss, '_fn_kwargs', {})
    name, smoothed = getattr(fn, '__name__', None), bool(arguments.get('label_smoothing'))
    if name in _PROBABILITY_WEIGHT_MULS and not arguments.get('from_logits') and get_keras_logits(y_pred) is None:
        table = _SMOOTHED_PROBABILITY_WEIGHT_MULS if smoothed else _PROBABILITY_WEIGHT_MULS
    else:
        table = _SMOOTHED_WEIGHT_MULS if smoothed else _WEIGHT_MULS
    ops = table.get(name)
    if arguments.get('ignore_class') is not None:
        # its Mul of the weights is the mask's (apply_mask), a mask only ignore_class gave: the same 'mul'
        return ops if masked and _ignore_class_mask(loss, y_pred) else None
    if ops is None or (masked and name not in _MASK_SELECTS):
        return None
    return ops


# the cross-entropies that take a softmax / sigmoid output's logits (one fused kernel gives losses and gradient)
_LOGITS_CROSSENTROPIES = ('binary_crossentropy', 'categorical_crossentropy', 'sparse_categorical_crossentropy')


def weight_mul_at_run(error, scope, loss, y_pred, taped):
    """(the node, the error) of TF 2.21's run of a traced step whose sample weights do not broadcast to the
    losses of the batch (the trace's open batch axis let them pass, as (N,) weights for the (N, T) losses
    of a sequence output), else None. The graph names the loss's weight Mul ('compile_loss/mse/mul'), and
    grappler gives it the weights first ('Incompatible shapes: [4] vs. [4,5]', eagerly '[4,5] vs. [4]'). In
    fit (``taped``) the Mul's gradient, BroadcastGradientArgs, meets the shapes first and keeps their order,
    except where the losses come from a fused cross-entropy of a softmax / sigmoid output's logits; weights
    times a mask fail in the Mul itself (/work/notes/progs/modelfuzz15/e4.py, e5.py)."""
    masked = getattr(error, '_mask_operands', None) is not None
    if not masked and getattr(error, '_weight_operands', None) is None:
        return None
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is None or getattr(trace, 'graph', None) is None:      # (run eagerly: the kernel's own error)
        return None
    ops = _weight_mul_ops(loss, y_pred, masked)
    if ops is None:
        return None
    node = 'compile_loss/%s/%s' % (scope, ops[0])
    if masked:
        return node, error
    if taped and not (loss.fn.__name__ in _LOGITS_CROSSENTROPIES and get_keras_logits(y_pred) is not None):
        return 'gradient_tape/%s/BroadcastGradientArgs' % node, error
    values, weights = error._weight_operands
    weight_shape = getattr(getattr(weights, '_data', weights), 'shape', None)
    if weight_shape is None:
        return None
    swapped = kernel_error('Mul', 'Incompatible shapes: [%s] vs. [%s]' % (dims_text(weight_shape),
                                                                           dims_text(values._data.shape)), named=True)
    for note in getattr(error, '__notes__', ()):
        swapped.add_note(note)
    return node, swapped


def _next_name(name):
    """The graph's name after ``name`` for the same op: 'Cast' -> 'Cast_1', 'Cast_2' -> 'Cast_3'."""
    base, _, index = name.rpartition('_')
    return '%s_%d' % (base, int(index) + 1) if base and index.isdigit() else name + '_1'


def _weights_in_traced_step(error, scope, loss, y_pred, trace):
    """The graph's ValueError for sample weights that do not broadcast to the losses (or to their
    mask), else ``error``."""
    masked, ignored = getattr(error, '_mask_operands', None), False
    if masked is not None:
        weights, values_shape, reduction = masked
        averaging = reduction in ('sum_over_batch_size', 'mean')
        ignored = _ignore_class_mask(loss, y_pred)
        if not (averaging or ignored):
            return error
        values = None
    else:
        values, weights = error._weight_operands
        values_shape = tuple(values._data.shape)
    ops = _weight_mul_ops(loss, y_pred, masked)
    if ops is None:
        return error
    name = loss.fn.__name__
    node, source, cast = ops
    if y_pred is not None and y_pred._data.ndim == 2:
        source = _RANK_2_SOURCES.get(name, source)
    mask_op = _MASK_SELECTS.get(name) if masked is not None else None
    if masked is not None and ignored:
        mask_op = _IGNORE_CLASS_MASKS['averaging' if averaging else 'other']
        cast = _IGNORE_CLASS_WEIGHT_CAST if averaging else None      # (other reductions' not measured)
    elif trace.graph.used('compile_loss/%s/Cast' % scope):
        # the labels were of another dtype than the loss's: Loss.__call__'s Cast of them comes first
        cast = _next_name(cast)
    weight_dtype = getattr(getattr(weights, '_data', None), 'dtype', None)
    entry = trace_names.entry_of(weights)
    loss_dtype = y_pred._data.dtype if values is None else values._data.dtype
    if entry is None or entry[1] is None or weight_dtype is None:
        return error
    if weight_dtype == loss_dtype:
        weight_name = entry[0]
    elif weight_dtype.kind in 'iu' and cast is not None:
        weight_name = 'compile_loss/%s/%s' % (scope, cast)
    else:
        return error
    weight_shape = tuple(entry[1])
    # the losses' traced batch axis is the predictions': None in fit's traces, the batch's own size in
    # train_on_batch's (weights of another length: 'but are 12 and 5'); the weights' where unknown
    predicted = trace_names.entry_of(y_pred) if y_pred is not None else None
    batch = predicted[1][0] if predicted is not None and predicted[1] else (weight_shape[0] if weight_shape else None)
    value_shape = (batch,) + values_shape[1:] if weight_shape else values_shape
    operands = ((weight_name, weight_shape), ('compile_loss/%s/%s' % (scope, mask_op), value_shape)) \
        if masked else (('compile_loss/%s/%s' % (scope, source), value_shape), (weight_name, weight_shape))
    dims = first_unequal(operands[0][1], operands[1][1])
    dtype = DT_NAMES.get(loss_dtype.name)
    if dims is None or dtype is None:
        return error
    graph_error = ValueError("Dimensions must be equal, but are %d and %d for '{{node compile_loss/%s/%s}} = "
                             "Mul[T=%s](%s, %s)' with input shapes: [%s], [%s]."
                             % (dims[0], dims[1], scope, node, dtype, operands[0][0], operands[1][0],
                                dims_text(operands[0][1]), dims_text(operands[1][1])))
    for note in getattr(error, '__notes__', ()):
        graph_error.add_note(note)
    return graph_error


def in_traced_step(error, scope, loss=None, y_pred=None):
    """``error`` (from ``mismatch_error``, or a sample weight's Mul) as a fit / evaluate step TensorFlow
    traces raises it, the loss running in Keras's name scope ``scope`` ('mse'); ``error`` itself where
    that is not known."""
    operands = getattr(error, '_loss_operands', None)
    trace = trace_names.current() if trace_names.ACTIVE else None
    if trace is None or getattr(trace, 'graph', None) is None:
        return error
    if operands is None:
        if loss is None or (getattr(error, '_weight_operands', None) is None
                            and getattr(error, '_mask_operands', None) is None):
            return error
        return _weights_in_traced_step(error, scope, loss, y_pred, trace)
    what, y_true, y_pred = operands
    kernel, node, inputs = _FIRST_OPS[what]
    tensors = {'true': y_true, 'pred': y_pred}
    names, shapes = [], []
    for role, op in inputs:
        entry = trace_names.entry_of(tensors[role])       # (its graph name, traced shape, dtype name)
        if node is None or entry is None or entry[1] is None:
            return error
        names.append(entry[0] if op is None else 'compile_loss/%s/%s' % (scope, op))
        shapes.append(entry[1])
    dims = first_unequal(*shapes)
    if dims is None:
        return error
    dtype = DT_NAMES.get(y_pred._data.dtype.name) if y_pred._data.dtype.kind == 'f' else None
    if dtype is None:
        return error
    graph_error = ValueError("Dimensions must be equal, but are %d and %d for '{{node compile_loss/%s/%s}} = "
                             "%s[T=%s](%s, %s)' with input shapes: [%s], [%s]."
                             % (dims[0], dims[1], scope, node, kernel, dtype, names[0], names[1],
                                dims_text(shapes[0]), dims_text(shapes[1])))
    for note in getattr(error, '__notes__', ()):
        graph_error.add_note(note)
    return graph_error
