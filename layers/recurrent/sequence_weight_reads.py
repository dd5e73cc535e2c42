"""Cells called a step at a time (a stack of cells) read their weights once per sequence in a traced step.

In a graph (a tf.function, fit's traced step) Keras's while_loop body reads each weight once, and the
backward loop adds the steps' gradient terms to that read one step at a time, last step first. tapeflow's
loop calls the cells step by step: each call read the weights anew (RecurrentCell.step_weight_reads, as
Keras's eager loop does), and the tape added those reads' terms otherwise (RNN(StackedRNNCells([LSTMCell(2)]))
in a tf.function: every weight's gradient a few ulps off where TF's traced and eager ones are equal; measured
on TF 2.21, notes progs/layers16/g1.py, sb9.py). Here, in a traced call, each built-in cell's kernel, recurrent
kernel and bias are read once for the sequence and stand in for the variables until it ends. Keras's
implementation 1 (per-gate slices at every step) keeps its own reads.
"""
import contextlib

from framework import graph_random_ops
from framework.variable import Variable

from .cell import RecurrentCell

_WEIGHTS = ('kernel', 'recurrent_kernel', 'bias')


@contextlib.contextmanager
def held(cells):
    """Within the block, in a traced call, each built-in cell among ``cells`` computes from one read of its weights."""
    swapped = []
    try:
        if graph_random_ops.current() is not None:
            for cell in cells:
                if isinstance(cell, RecurrentCell) and cell.reads_weights_per_call():
                    saved = {name: cell.__dict__[name] for name in _WEIGHTS
                             if type(cell.__dict__.get(name)) is Variable}
                    swapped.append((cell, saved))
                    for name, variable in saved.items():
                        cell.__dict__[name] = variable._read_value()
        yield
    finally:
        for cell, saved in swapped:
            cell.__dict__.update(saved)
