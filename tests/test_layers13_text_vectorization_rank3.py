"""TextVectorization on strings of rank 3 (last axis 1) keeps their leading axes, as Keras 3 on TF 2.21
(it squeezes the last axis, splits, and pads or keeps ragged rows per string).

Printed by TF 2.21 (progs/layers13/tv3.py), docs = np.array(['a b', 'b', 'c a a', 'x']),
TextVectorization(vocabulary=['a', 'b', 'c'], ...):
    (docs.reshape(2, 2, 1))                               -> [[[2, 3, 0], [3, 0, 0]], [[4, 2, 2], [1, 0, 0]]]
    output_sequence_length=2, docs.reshape(4, 1, 1)       -> [[[2, 3]], [[3, 0]], [[4, 2]], [[1, 0]]]
    ragged=True, docs.reshape(2, 2, 1)                    -> [[[2, 3], [3]], [[4, 2, 2], [1]]]
    output_mode='one_hot', docs.reshape(2, 2, 1)          -> [[[[0, 1, 0, 0], [0, 0, 1, 0]], [[0, 0, 1, 0]]],
                                                              [[[0, 0, 0, 1], [0, 1, 0, 0], [0, 1, 0, 0]], [[1, 0, 0, 0]]]]
"""
import numpy as np

from framework import keras

DOCS = np.array(['a b', 'b', 'c a a', 'x'])


def vectorize(shape, **kwargs):
    out = keras.layers.TextVectorization(vocabulary=['a', 'b', 'c'], **kwargs)(DOCS.reshape(shape))
    return out.to_list() if hasattr(out, 'to_list') else out.numpy().tolist()


def test_int_rows_keep_the_leading_axes():
    assert vectorize((2, 2, 1)) == [[[2, 3, 0], [3, 0, 0]], [[4, 2, 2], [1, 0, 0]]]
    assert vectorize((4, 1, 1), output_sequence_length=2) == [[[2, 3]], [[3, 0]], [[4, 2]], [[1, 0]]]


def test_ragged_and_one_hot_rows_keep_the_leading_axes():
    assert vectorize((2, 2, 1), ragged=True) == [[[2, 3], [3]], [[4, 2, 2], [1]]]
    assert vectorize((2, 2, 1), output_mode='one_hot') == [
        [[[0, 1, 0, 0], [0, 0, 1, 0]], [[0, 0, 1, 0]]], [[[0, 0, 0, 1], [0, 1, 0, 0], [0, 1, 0, 0]], [[1, 0, 0, 0]]]]


def test_rank_two_unchanged():
    assert vectorize((4, 1)) == [[2, 3, 0], [3, 0, 0], [4, 2, 2], [1, 0, 0]]
