"""SimpleRNN's pre-activation as TensorFlow's graph optimizer regroups it in a traced step.

Keras 3's SimpleRNNCell computes ``(x_t @ kernel + bias) + h @ recurrent_kernel`` (a BiasAdd, then
an AddV2). In a tf.function or a Keras step traced on fully defined shapes, grappler's arithmetic
optimizer (AddOpsRewrite) collects that sum and adds the two (batch, units) terms first, the
broadcast bias last: ``(x_t @ kernel + h @ recurrent_kernel) + bias``. Measured on TF 2.21
(SimpleRNN(3) over 16 x 6 x 3): 63 of 288 outputs differ from eager in a static trace, none from the
regrouped sum; on a None batch (input_signature, a relaxed trace, a fit whose last batch is partial)
none differ from eager. The gradients are the sum's either way (the graph's gradient ops are built
before grappler runs): ``regrouped_sum`` passes the output gradient to both terms, as ``add``.
"""
import numpy as np

from framework import onednn_policy
from framework.backend import array_module
from framework.ops import graph_rewrites
from framework.ops.linalg import affine_array
from framework.ops.operands import ACTIVE, record
from framework.tape import pass_gradient
from framework.tensor import Tensor

from .cell import _broadcast_mask
from .sequence_projection import _sequence_affine

_ADD_RULES = (pass_gradient, pass_gradient)


def regroups(cell, sequences):
    """Whether the running code is a trace on static shapes, where grappler regroups the sum (float32
    cells: a mixed-precision one's fused half-precision projection is left as it is). A SimpleRNN cell's sum
    is regrouped only with oneDNN on (its remapper's fused MatMul + BiasAdd + Add): without it (an AMD EPYC's
    default) TF 2.21's traced SimpleRNN step sums as its eager one (SimpleRNN(3) over 16 x 6 x 3: 0 of 288 outputs
    differ, 121 with TF_ENABLE_ONEDNN_OPTS=1; notes/progs/epyc3/regroup2.py), while implementation 1's GRU and LSTM
    gate sums and a ConvLSTM's are regrouped either way (105, 118 and 108 outputs differ from eager there;
    notes/progs/modelfuzz17/p9.py)."""
    from .simple_rnn import SimpleRNNCell      # (that module imports this one)
    return bool(graph_rewrites.GATE[0]) and graph_rewrites.tracing() and graph_rewrites.static_shapes() \
        and sequences._data.dtype == np.float32 and cell.kernel._data.dtype == np.float32 \
        and (not isinstance(cell, SimpleRNNCell) or onednn_policy.enabled())


def bias_free_steps(cell, sequences, input_mask, backwards):
    """Each step's ``x_t @ kernel`` array, in the loop's order, from the same products as the cell's
    projection (``RecurrentCell.project_steps``: the masked, promoted inputs; one per step and gate block
    where those round apart, sequence_projection._sequence_affine: an LSTM(3, recurrent_dropout=0.1) in a
    tf.function on the AVX2 CPU differed from TF 2.21 in 8 of 24 outputs over one step, notes
    progs/modelfuzz26/red/s29t.py)."""
    inputs = sequences if input_mask is None else sequences * _broadcast_mask(input_mask, sequences)
    inputs = cell._promoted(inputs, cell.kernel)
    _, product = _sequence_affine(inputs, cell.kernel, None, cell.gate_blocks())
    order = range(product.shape[1] - 1, -1, -1) if backwards else range(product.shape[1])
    return [product[:, t] for t in order]


def bias_free_masked_steps(cell, sequences, masks, backwards):
    """``bias_free_steps`` under one input dropout mask per gate (Keras's implementation 1): the gates'
    products ``(x_t * m_g) @ kernel_g`` side by side."""
    u, kernel = cell.units, cell.kernel._data
    inputs = cell._promoted(sequences, cell.kernel)._data
    product = array_module(inputs).concatenate([affine_array(Tensor(inputs * m._data[:, None, :]), Tensor(kernel[:, g * u:(g + 1) * u]),
                                           None, 'affine')[1] for g, m in enumerate(masks)], axis=-1)
    order = range(product.shape[1] - 1, -1, -1) if backwards else range(product.shape[1])
    return [product[:, t] for t in order]


def regrouped_sum(projected, recurrent, bias_free, bias):
    """``projected + recurrent`` (``projected`` being ``bias_free + bias``, ``bias`` an array) with
    the value ``(bias_free + recurrent) + bias``."""
    return added_as(projected, recurrent, (bias_free + recurrent._data) + bias)


def added_as(projected, recurrent, value):
    """``projected + recurrent`` as the tape sees it (each takes the output gradient), with ``value``: the
    sum as grappler regrouped its terms (an array)."""
    out = Tensor(value)
    if ACTIVE:
        record('add', (projected, recurrent), out, _ADD_RULES)
    return out
