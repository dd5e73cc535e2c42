"""A GRU step of Keras's implementation 1 as TensorFlow's graph optimizer regroups it in a traced step.

Keras 3's GRUCell (implementation 1, which recurrent dropout switches to) adds each gate's input bias to
its input product, ``x_z = x_t @ k_z + b_z``, and with reset_after its recurrent bias to its recurrent
product, ``rec_z = h @ r_z + c_z``; then ``z = sigmoid(x_z + rec_z)``. In a tf.function or a Keras
step traced on static shapes, grappler's AddOpsRewrite collapses each such tree of adds and adds the
(batch, units) terms first, the (units,) ones apart, then the two groups:
``(x_t @ k_z + h @ r_z) + (b_z + c_z)``; without reset_after ``(x_t @ k_z + h @ r_z) + b_z``; the
candidate ``hh`` likewise, the reset product ``r * rec_h`` (or ``(r * h) @ r_h``) counting as one
term. The gradients are the unregrouped sums' (TF builds them before grappler runs): each sum passes
its gradient on as ``add`` does (regrouped_step_sum.added_as). See regrouped_step_sum.py for SimpleRNN.
"""
from framework.ops import matmul

from .regrouped_step_sum import added_as


def step(cell, projected, bias_free, h, recurrent_mask):
    """One step of ``cell`` (a GRUCell): ``projected`` = x_t @ kernel + input bias (a Tensor), ``bias_free``
    its array without the bias; ``recurrent_mask`` None, one mask, or one per gate (z, r, h)."""
    u, gate, act = cell.units, cell.recurrent_activation, cell.activation
    masks = recurrent_mask if isinstance(recurrent_mask, list) else [recurrent_mask] * 3
    h_z, h_r, h_h = (h if m is None else h * m for m in masks)
    kernel = cell.recurrent_kernel      # each gate's block a read of its own, as Keras's
    input_bias = (cell.bias[0] if cell.reset_after else cell.bias)._data
    recurrent_bias = cell.bias[1] if cell.reset_after else None
    x_z, x_r, x_h = (projected[:, g * u:(g + 1) * u] for g in range(3))
    k_z, k_r, k_h = (bias_free[:, g * u:(g + 1) * u] for g in range(3))
    b_z, b_r, b_h = (input_bias[g * u:(g + 1) * u] for g in range(3))

    def gate_sum(x, k, b, product, g):
        if recurrent_bias is None:
            return added_as(x, product, (k + product._data) + b)
        c = recurrent_bias[g * u:(g + 1) * u]
        recurrent = product + c          # (Keras's ``+=``: TF's AddV2, for the recurrent bias's gradient)
        return added_as(x, recurrent, (k + product._data) + (b + c._data))

    z = gate(gate_sum(x_z, k_z, b_z, matmul(h_z, kernel[:, :u]), 0))
    r = gate(gate_sum(x_r, k_r, b_r, matmul(h_r, kernel[:, u:2 * u]), 1))
    if recurrent_bias is not None:
        recurrent_h = r * (matmul(h_h, kernel[:, 2 * u:]) + recurrent_bias[2 * u:])
    else:
        recurrent_h = matmul(r * h_h, kernel[:, 2 * u:])
    hh = act(added_as(x_h, recurrent_h, (k_h + recurrent_h._data) + b_h))
    h = z * h + (1 - z) * hh
    return h, [h]
