"""A model's weight penalties, asked for inside a tf.function, named as TensorFlow's graph tensors.

TensorFlow runs a tf.function's Python on graph tensors, and Keras 3 computes ``model.losses`` when
asked: each regularizer's ops enter the graph then, so ``print(model.losses)`` in the seed tutorial's
traced step shows ``[<tf.Tensor 'mul:0' shape=() dtype=float32>, <tf.Tensor 'mul_1:0' ...>]`` and the
user's next ``tf.square(x)`` is 'Square_2' (TF 2.21; notes/progs/seedvariants2/names6.py, names7.py).
tapeflow's penalties are computed by its own code, which the trace hook (framework/traced_ops.py) leaves
unnamed, so this module takes the names Keras's regularizer ops take, in their order.
"""
from framework import dtypes, trace_names, traced_ops
from framework.trace_names import _TAPEFLOW_PACKAGES

from . import regularizers


def _op_names(regularizer):
    """The graph op names Keras 3's ``regularizer(x)`` makes, its result's last; None for a penalty whose
    ops are not known here (a user's function names its own ops through the trace hook)."""
    kind = type(regularizer)
    if kind is regularizers.L2:     # cast(l2) * sum(square(x)): sum's axes are a Const
        return ('Cast', 'Square', 'Const', 'Sum', 'mul')
    if kind is regularizers.L1:
        return ('Cast', 'Abs', 'Const', 'Sum', 'mul')
    if kind is regularizers.L1L2:   # convert_to_tensor(0.0), then += each non-zero penalty
        names = ('Const',)
        if regularizer.l1:
            names += ('Cast', 'Abs', 'Const', 'Sum', 'mul', 'add')
        if regularizer.l2:
            names += ('Cast', 'Square', 'Const', 'Sum', 'mul', 'add')
        return names
    return None


def _tapeflow_code(frame):
    """Whether ``frame`` runs tapeflow's own code (a Keras step's compute_loss: TF's trainer names them
    in its own step, which prints nothing of them)."""
    return frame.f_globals.get('__name__', '').partition('.')[0] in _TAPEFLOW_PACKAGES


def name_penalties(pairs, values, caller):
    """Name ``values`` (the penalties of ``pairs``, (variable, regularizer) in order) in the graph trace
    running now, when ``caller`` (the frame that asked for ``losses``) is the user's code."""
    trace = trace_names.current()
    if trace is None or trace.graph is None or _tapeflow_code(caller):
        return
    prefix = traced_ops.scope_prefix(trace)
    for (_, regularizer), value in zip(pairs, values):
        names = _op_names(regularizer)
        if names is not None and trace_names.entry_of(value) is None:
            _name_last(trace, prefix, names, value)


def name_activity_loss(regularizer, loss, output):
    """Name ``loss``, the activity penalty of ``output`` a layer call adds now, in the graph trace running now
    (if any) as Keras 3's ops name it in the layer's scope: the regularizer's ops, then ``ops.shape(output)``
    (a Shape, and a strided_slice where the batch length is unknown), a Cast, and divide_no_nan, whose name
    ``model.losses`` shows after a traced fit ('functional_1/dense_1/div_no_nan:0')."""
    trace = trace_names.current()
    if trace is None or trace.graph is None or trace_names.entry_of(loss) is not None:
        return
    prefix = traced_ops.scope_prefix(trace)
    names = _op_names(regularizer) or ()
    if output.ndim > 0:
        names += ('Shape',) + (('strided_slice',) if output.shape[0] is None else ()) + ('Cast', 'div_no_nan')
    if names:
        _name_last(trace, prefix, names, loss)


def _name_last(trace, prefix, names, value):
    """Take the graph names of ``names`` (ops under ``prefix``) in order, and give the last to ``value``."""
    for name in names[:-1]:
        trace.graph.unique(prefix + name)
    trace.name_output(value, trace.graph.unique(prefix + names[-1]), (), dtypes.display_name(value._data.dtype))
