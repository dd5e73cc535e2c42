"""The order in which a traced, unrolled RNN's weight gradients add up (``unroll=True`` in a fit
step or tf.function).

Keras's unrolled loop calls the cell once per time step, and each call reads the kernel, the bias
and the recurrent kernel anew (one ReadVariableOp each) under the name scope of that call:
'simple_rnn_cell_1', 'simple_rnn_cell_3', ... (each call opens the scope twice: step s is
'<cell>_{2s + 1}'; printed from TF 2.21's train_step graphs of SimpleRNN, GRU and LSTM). A
weight's gradient is then one AddN of the steps' terms, whose inputs grappler sorts by node name,
so by those scope names as strings: for 7 steps 'cell_1', 'cell_11', 'cell_13', 'cell_3', ...,
that is steps 0, 5, 6, 1, 2, 3, 4. Eagerly (and in tf.while_loop's backward loop) the terms add
last step first instead, tapeflow's usual order. Measured: SimpleRNN(3) over 6 steps in a
tf.function, 2 of 3 bias gradient values differ between the two orders.
"""
from framework import graph_random_ops


def traced_unroll(layer):
    """Whether ``layer`` (an RNN) runs unrolled in a traced step, where its weights' gradients add
    in ``step_order``'s order: for the cells that say so (``RecurrentCell.unrolled_graph_reads``)."""
    return layer.unroll and graph_random_ops.current() is not None and \
        layer.cell.unrolled_graph_reads(layer.return_sequences)


def step_order(steps):
    """The loop's steps (0 first) in the order the graph's AddN adds their weight gradients."""
    return sorted(range(steps), key=lambda s: str(2 * s + 1))
