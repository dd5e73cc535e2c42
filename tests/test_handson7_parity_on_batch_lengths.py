"""train_on_batch / test_on_batch check no cardinality, as Keras 3 on TF 2.21
(progs/handson7/x17.py): a y or sample_weight of one sample broadcasts over the batch and trains
(Géron's GAN and DQN loops call train_on_batch by hand), other mismatches fail in the loss."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _model():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.layers.Input(shape=[4]), keras.layers.Dense(2)])
    model.compile(loss='mse', optimizer='sgd')
    return model


def test_one_target_broadcasts_over_the_batch():
    broadcast, full = _model(), _model()
    x = np.linspace(-1, 1, 8, dtype=np.float32).reshape(2, 4)
    y = np.array([[0.5, -1.0]], np.float32)
    assert broadcast.train_on_batch(x, y) == full.train_on_batch(x, np.repeat(y, 2, axis=0))
    np.testing.assert_array_equal(broadcast.layers[0].kernel.numpy(), full.layers[0].kernel.numpy())
    assert broadcast.test_on_batch(x, y) == full.test_on_batch(x, np.repeat(y, 2, axis=0))
    assert broadcast.train_on_batch(x, y, sample_weight=np.ones(1)) == \
        full.train_on_batch(x, np.repeat(y, 2, axis=0), sample_weight=np.ones(2))


def test_other_mismatches_fail_in_the_loss():
    # TF 2.21 traces train_on_batch on the batch's shapes: its graph refuses them (progs/me16/tob2.py)
    with pytest.raises(ValueError, match=r"Dimensions must be equal, but are 3 and 2 for '\{\{node "
                                         r"compile_loss/mse/sub\}\} = Sub\[T=DT_FLOAT\]"):
        _model().train_on_batch(np.ones((2, 4)), np.ones((3, 2)))


def test_fit_still_checks_cardinality():
    with pytest.raises(ValueError, match='Data cardinality is ambiguous'):
        _model().fit(np.ones((2, 4)), np.ones((1, 2)), verbose=0)
