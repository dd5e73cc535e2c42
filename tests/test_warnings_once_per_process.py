"""Keras 3 warns "`build()` was called on layer ..." and Embedding's "`input_length` is deprecated" from one
line of its own code, so Python's default filter shows each text once per process, whichever line of the
program triggered it (TF 2.21: once; tapeflow warned from four places, at the caller's line, so a model
built and then loaded warned twice: /work/notes/progs/handson6/h6k_cells.py, h6m)."""
import warnings

from framework import keras
from layers import layer as layer_module


def _shown(make_twice):
    with warnings.catch_warnings(record=True) as caught:
        warnings.resetwarnings()          # the default filters: 'default' shows a text once per location
        warnings.simplefilter('default')
        make_twice()
    return [str(w.message) for w in caught]


def test_the_unbuilt_state_warning_comes_from_one_line():
    def twice():
        layer_module.warn_unbuilt_state('cell_a')
        layer_module.warn_unbuilt_state('cell_a')
        layer_module.warn_unbuilt_state('cell_b')
    shown = _shown(twice)
    assert len(shown) == 2 and "'cell_a'" in shown[0] and "'cell_b'" in shown[1]


def test_embedding_input_length_warns_once_from_two_lines_of_a_program():
    def twice():
        keras.layers.Embedding(10, 2, input_length=5)
        keras.layers.Embedding(10, 2, input_length=5)
    assert _shown(twice) == ['Argument `input_length` is deprecated. Just remove it.']
