"""The weights an eager loop of ten or more steps reads at each step, so that a variable's gradients
add as TensorFlow's tape adds them: one AddN of the T reads' (step_term_sums.py).

Each step reads the recurrent weights anew (rnn.py's per-step loop: a mask, return_state, an initial
state). A GRU(reset_after=True) reads its whole bias once per step in Keras (``ops.unstack(bias)``):
the input half for that step's projection, the recurrent half for its product. tapeflow projects the
whole sequence first, so its input half would be one more reader of the variable (an AddN of T + 1,
whose chunks group the recurrent half's terms otherwise: TF 2.21's bias gradient differed in the
last bits under a mask). Here the projection takes its input half from step 0's read, which the
tape visits last: the variable's gradient is then the AddN of T terms, step 0's holding the input
half's sum (x + 0 is x).
"""
from framework.variable import Variable


def reads_per_step(cell):
    """How often a Keras cell's step reads its recurrent kernel: twice for GRU(reset_after=False), whose step
    slices it into kernel[:, :2u] and kernel[:, 2u:] (a variable read each), else once. A loop of five such
    steps already gives the kernel ten gradients, which TF's tape adds as one AddN (TF 2.21: a 5-step
    GRU(3, reset_after=False)'s recurrent kernel gradient differed in 11 of 27 values as running sums)."""
    from .gru import GRUCell        # (gru.py imports the RNN layer, which imports this module)
    return 2 if isinstance(cell, GRUCell) and not cell.reset_after else 1


def per_step_weights(cell, steps, project):
    """``(weights of each step, projected steps or None)``: ``project()`` projects the sequence again
    where the input bias must come from a step's read."""
    from .gru import GRUCell        # (gru.py imports the RNN layer, which imports this module)
    if isinstance(cell, GRUCell) and cell.reset_after and type(cell.bias) is Variable:
        kernel = cell.recurrent_kernel
        reads = [(kernel._read_value() if type(kernel) is Variable else kernel, cell.bias._read_value())
                 for _ in range(steps)]
        cell._bias_read = reads[0][1]
        try:
            projected = project()
        finally:
            cell._bias_read = None
        return [(k, b[1]) for k, b in reads], projected
    return [tuple(w._read_value() if type(w) is Variable else w for w in cell.recurrent_weights())
            for _ in range(steps)], None
