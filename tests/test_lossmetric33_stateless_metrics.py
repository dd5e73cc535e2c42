"""Keras 3's stateless metric API (stateless_update_state / _result / _reset_state), TF 2.21 values."""
import numpy as np
import pytest

from framework import keras


def test_stateless_update_and_result_leave_the_metric_as_it_was():
    mean = keras.metrics.Mean()
    state = mean.stateless_update_state([np.float32(3.0), np.float32(2.0)], np.array([1., 2., 4.]))
    assert [float(v) for v in state] == [10.0, 5.0]
    assert float(mean.stateless_result(state)) == 2.0
    assert float(mean.result()) == 0.0 and [float(v.numpy()) for v in mean.variables] == [0.0, 0.0]


def test_stateless_reset_gives_zeros_and_keeps_the_state():
    mean = keras.metrics.Mean()
    mean.update_state([5.0])
    assert [float(v) for v in mean.stateless_reset_state()] == [0.0, 0.0]
    assert float(mean.result()) == 5.0


def test_stateless_auc_over_two_batches():
    auc = keras.metrics.AUC(num_thresholds=5)
    state = auc.stateless_reset_state()
    for scale in (0.5, 1.0):
        state = auc.stateless_update_state(state, np.array([0, 1, 1, 0]), np.array([0.2, 0.6, 0.3, 0.9]) * scale)
    assert [v.numpy().tolist() for v in state] == [[4.0, 3.0, 1.0, 0.0, 0.0], [4.0, 2.0, 1.0, 1.0, 0.0],
                                                   [0.0, 2.0, 3.0, 3.0, 4.0], [0.0, 1.0, 3.0, 4.0, 4.0]]
    assert float(auc.stateless_result(state)) == 0.5625
    assert float(auc.result()) == 0.0


def test_a_state_of_another_length_is_refused_in_keras_words():
    with pytest.raises(ValueError, match=r'^Argument `metric_variables` must be a list of tensors corresponding 1:1 '
                                         r'to Mean\(\)\.variables\. Received list with length 1, but expected 2 '
                                         r'variables\.'):
        keras.metrics.Mean().stateless_result([1.0])
