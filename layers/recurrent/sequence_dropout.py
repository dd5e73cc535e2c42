"""Dropout masks held for one sequence by the cells of a stack (``RNN([cell, cell])``).

Keras 3's RNN draws each cell's masks once per call, before the loop, in the
order of the stack (a cell's input mask, then its recurrent one; the next cell's
input is the previous one's output), and every step reuses them. A built-in
cell run step by step inside StackedRNNCells would draw at each step instead,
so the RNN hands each cell its masks for the sequence here.
"""
import contextlib

from .cell import RecurrentCell


@contextlib.contextmanager
def held_for_sequence(cells, batch, features, training):
    """Within the block, each built-in cell among ``cells`` uses masks drawn once, now."""
    holding = []
    try:
        for cell in cells:
            if isinstance(cell, RecurrentCell):
                cell.sequence_masks = cell.dropout_masks(batch, features, training, in_rnn=True)
                holding.append(cell)
            size = getattr(cell, 'output_size', None)
            if size is None:
                sizes = cell.state_size
                size = sizes[0] if isinstance(sizes, (list, tuple)) else sizes
            features = size
        yield
    finally:
        for cell in holding:
            cell.sequence_masks = None
