"""How often TF 2.21 runs a user's RNN cell's Python: what a ``print`` (or a counter) in its call sees.

Keras 3's TensorFlow backend (``backend/tensorflow/rnn.py``), when not unrolled, first calls the
step once on the first input to learn the output's shape and dtype (``output_time_zero``, then
discarded), and then runs a ``tf.while_loop``. Eagerly the loop runs the step's Python once per
step; in a graph (a tf.function, fit's traced step) the body is traced once, so the cell's Python
runs twice in all. tapeflow's loop computes every step in Python: the steps TF would not trace run
as replays (``framework.function.replaying``), whose prints are dropped. Built-in cells have no
Python of their own to show, and take another path (rnn.py's RecurrentCell branch).
"""
from contextlib import nullcontext

from framework import nest

from framework.eager_graph_names import inside_function, lifted
from framework.function import replaying
from framework.tape import paused

from ..call_context import in_traced_function


def run_dropout_mask_calls(cell, sequences, states, training):
    """Keras 3's RNN.call first calls each cell of a StackedRNNCells once on the first step
    (``_maybe_config_dropout_masks``, to settle dropout masks; results discarded), unrolled or not:
    a custom cell in a stack runs its Python once more than a lone cell does. Only a stack with a
    custom cell pays this here (the built-in cells have no Python of their own to show, and
    sequence_dropout draws their masks)."""
    from ..stacked_rnn_cells import StackedRNNCells, _sizes
    from .cell import RecurrentCell
    if not isinstance(cell, StackedRNNCells) or all(isinstance(c, RecurrentCell) for c in cell.cells):
        return
    flat = list(nest.flatten(states))
    inputs = sequences[:, 0]
    with paused():
        for inner in cell.cells:
            count = len(_sizes(inner))
            mine, flat = flat[:count], flat[count:]
            inputs, _ = inner(inputs, list(mine), training=training)


def run_time_zero(rnn, cell, sequences, states, training):
    """The discarded first call TF's while_loop path makes (none when ``unroll``)."""
    if rnn.unroll:
        return
    with paused():      # its output is never used: nothing to record
        cell(sequences[:, 0], tuple(states), training=training)


def step_context(rnn, t):
    """The context for step ``t``: a replay for the steps past the first in a graph's while_loop."""
    if t == 0 or rnn.unroll or lifted() or not (in_traced_function() or inside_function()):
        return nullcontext()        # (in_traced_function: a predict step too, which Keras traces)
    return replaying()
