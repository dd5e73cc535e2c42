"""Hashing's output shape in its encoding modes as Keras 3.15 computes it (compute_output_shape and a
symbolic call): the last axis becomes num_bins in 'one_hot' too, where tapeflow appended an axis as
CategoryEncoding does. Printed by TF 2.21 (/work/notes/progs/layers9/hashcos.py):

    keras.layers.Hashing(5, output_mode='one_hot').compute_output_shape((None, 3))      # (None, 5)
    keras.layers.Hashing(5, output_mode='one_hot')(keras.Input(batch_shape=(2, 3, 4), dtype='int64')).shape
"""
import pytest

from framework import keras


@pytest.mark.parametrize('mode', ['one_hot', 'multi_hot', 'count'])
@pytest.mark.parametrize('shape, expected', [((None, 3), (None, 5)), ((None,), (5,)), ((None, 1), (None, 5)),
                                             ((2, 3, 4), (2, 3, 5)), ((4,), (5,)), ((), (5,))])
def test_encoding_modes_replace_the_last_axis(mode, shape, expected):
    layer = keras.layers.Hashing(5, output_mode=mode)
    assert layer.compute_output_shape(shape) == expected
    if shape:
        assert tuple(layer(keras.Input(batch_shape=shape, dtype='int64')).shape) == expected


def test_int_mode_keeps_the_shape_and_category_encoding_still_appends():
    assert keras.layers.Hashing(5).compute_output_shape((None, 3)) == (None, 3)
    assert keras.layers.CategoryEncoding(5, output_mode='one_hot').compute_output_shape((None, 3)) == (None, 3, 5)
