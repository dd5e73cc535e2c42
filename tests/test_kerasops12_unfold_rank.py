"""keras.ops.unfold checks its input's rank in Keras 3.15's words, eager and on KerasTensors (TF 2.21).

Goldens: TF 2.21's outputs for /work/notes/progs/kerasops12/g11.py (/opt/tfref; 5 of 5 lines equal after the
fix; tapeflow raised an InvalidArgumentError of its own words, wrapped on KerasTensors).
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops


@pytest.mark.parametrize('call, error, text', [
    (lambda: ops.unfold(ops.ones((1, 4, 4)), 2), ValueError, 'Input must be a 4D tensor. Received: input.shape=(1, 4, 4)'),
    (lambda: ops.unfold(np.ones((1, 1, 1, 4, 4)), 2), ValueError,
     'Input must be a 4D tensor. Received: input.shape=(1, 1, 1, 4, 4)'),
    (lambda: ops.unfold([[1.0]], 2), AttributeError, "'list' object has no attribute 'shape'"),
    (lambda: ops.unfold(keras.KerasTensor((None, 4, 4)), 2), ValueError,
     'Input must be a 4D tensor. Received: input.shape=(None, 4, 4)'),
])
def test_unfold_rank_errors_as_keras(call, error, text):
    with pytest.raises(error) as caught:
        call()
    assert type(caught.value) is error and str(caught.value) == text


def test_unfold_still_computes():
    out = ops.unfold(ops.reshape(ops.arange(16.0), (1, 1, 4, 4)), 2, stride=2)
    assert np.asarray(out).tolist() == [[[0.0, 2.0, 8.0, 10.0], [1.0, 3.0, 9.0, 11.0], [4.0, 6.0, 12.0, 14.0],
                                          [5.0, 7.0, 13.0, 15.0]]]
