"""A generator or PyDataset whose first two batches hold arrays of different ranks (or a rank-0 array):
Keras 3 builds its signature from them (get_keras_tensor_spec) and refuses them before any step (probe:
/work/notes/progs/errors40/gen2.py). TF 2.21 printed, for batches (X, Y) then (X[0], Y) with X = ones((4, 3)):
'When passing a dataset to a Keras model, the corresponding arrays in each batch must have the same rank.
Received: [[1. 1. 1.]\\n [1. 1. 1.]\\n [1. 1. 1.]\\n [1. 1. 1.]] and [1. 1. 1.]'; tapeflow left the axis open
and failed in the step (Sequential's 'Invalid input shape' text), or, for a PyDataset, with its own sentence."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.ones((4, 3), 'float32')
Y = np.ones((4, 1), 'float32')
RANKS = ('When passing a dataset to a Keras model, the corresponding arrays in each batch must have the same '
         'rank. Received: [[1. 1. 1.]\n [1. 1. 1.]\n [1. 1. 1.]\n [1. 1. 1.]] and [1. 1. 1.]')


def _model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    return model


def _two_ranks():
    yield X, Y
    yield X[0], Y


class _TwoRanks(keras.utils.PyDataset):
    def __len__(self):
        return 2

    def __getitem__(self, index):
        return (X if index == 0 else X[0]), Y


@pytest.mark.parametrize('call', [
    lambda m: m.fit(_two_ranks(), verbose=0),
    lambda m: m.fit(_TwoRanks(), verbose=0),
    lambda m: m.evaluate(_two_ranks(), verbose=0),
    lambda m: m.predict(((x,) for x, _ in _two_ranks()), verbose=0),
])
def test_batches_of_two_ranks_are_refused_before_any_step(call):
    model = _model()
    before = [w.numpy().copy() for w in model.weights]
    with pytest.raises(ValueError) as info:
        call(model)
    assert str(info.value) == RANKS
    assert all(np.array_equal(a, w.numpy()) for a, w in zip(before, model.weights))
    assert int(model.optimizer.iterations) == 0


def test_tensors_print_by_value_and_a_scalar_is_refused():
    def tensors():
        yield X, tf.ones([4, 1])
        yield X, tf.ones([4])
    with pytest.raises(ValueError) as info:
        _model().fit(tensors(), verbose=0)
    assert str(info.value).endswith('Received: [[1.]\n [1.]\n [1.]\n [1.]] and [1. 1. 1. 1.]')

    def scalar_targets():
        while True:
            yield X, np.float32(1.0)
    with pytest.raises(ValueError, match=r'^When passing a dataset to a Keras model, the arrays must be at least '
                                         r'rank 1\. Received: 1\.0 of rank 0\.$'):
        _model().fit(scalar_targets(), steps_per_epoch=2, verbose=0)
