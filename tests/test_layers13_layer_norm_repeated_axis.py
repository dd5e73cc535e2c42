"""LayerNormalization with a repeated axis fails in TF's Mean, as Keras 3 on TF 2.21 (it takes the moments
before reshaping gamma).

Printed by TF 2.21 (progs/layers13/ln1.py), x = np.arange(24, dtype='float32').reshape(2, 3, 4):
    keras.layers.LayerNormalization(axis=(1, 1))(x)  -> InvalidArgumentError '{{function_node
        __wrapped__Mean_device_/job:localhost/replica:0/task:0/device:CPU:0}} Invalid reduction arguments: Axes contains
        duplicate dimension: 1 [Op:Mean]' (in the call's banner)
    keras.layers.LayerNormalization(axis=(-1, 2))(x) -> '... duplicate dimension: 2 [Op:Mean]'
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.arange(24, dtype='float32').reshape(2, 3, 4)


@pytest.mark.parametrize('axis, dim', [((1, 1), 1), ((-1, 2), 2)])
def test_repeated_axis_is_means_error(axis, dim):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.layers.LayerNormalization(axis=axis)(X)
    assert ('Invalid reduction arguments: Axes contains duplicate dimension: %d [Op:Mean]' % dim) in str(info.value)
    assert 'Exception encountered when calling LayerNormalization.call()' in str(info.value)


def test_distinct_axes_still_normalize():
    out = keras.layers.LayerNormalization(axis=(1, 2))(X).numpy()
    np.testing.assert_allclose(out.mean(axis=(1, 2)), 0, atol=1e-5)
