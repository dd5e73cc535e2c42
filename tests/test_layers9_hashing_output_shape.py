"""Hashing and Discretization output shapes in their encoding modes as Keras 3.15 computes them
(compute_output_shape and a symbolic call). Hashing: the last axis becomes num_bins in 'one_hot' too, where
tapeflow appended an axis as CategoryEncoding does. Discretization on rank 3: multi_hot / count drop axis 1.
Printed by TF 2.21 (/work/notes/progs/layers9/hashcos.py, lookcos.py):

    keras.layers.Hashing(5, output_mode='one_hot').compute_output_shape((None, 3))      # (None, 5)
    keras.layers.Hashing(5, output_mode='one_hot')(keras.Input(batch_shape=(2, 3, 4), dtype='int64')).shape
"""
import numpy as np
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


@pytest.mark.parametrize('mode, expected', [('multi_hot', (2, 4, 3)), ('count', (2, 4, 3)), ('one_hot', (2, 3, 4, 3))])
def test_discretization_on_rank_3_declares_keras_shape(mode, expected):
    # TF 2.21 (lookcos.py): Keras 3.15 drops axis 1 for multi_hot / count, which its eager call gives too
    layer = keras.layers.Discretization(bin_boundaries=[0.5, 1.0], output_mode=mode)
    assert layer.compute_output_shape((2, 3, 4)) == expected
    assert tuple(layer(keras.Input(batch_shape=(2, 3, 4))).shape) == expected
    assert tuple(layer(np.arange(24, dtype='float32').reshape(2, 3, 4) / 12).shape) == expected
