"""compile(loss=..., loss_weights=...) for two outputs as Keras 3.15 packs them (fuzz2).

Golden numbers from TF 2.21 (progs/fuzz2/lossshort.py): after keras.utils.set_random_seed(0), the
model below evaluates to mse(o1) = 1.5475521, mse(o2) = 1.3201913, mae(o1) = 1.2010782.
With one loss for every output, loss_weights must hold one weight, which weighs the total;
a loss list shorter than the outputs leaves the last outputs without a loss.
"""
import numpy as np
import pytest

from framework import keras

R = np.random.RandomState(0)
XA, XB = R.rand(8, 4).astype('float32'), R.rand(8, 2).astype('float32')
Y1, Y2 = R.rand(8, 1).astype('float32'), R.rand(8, 3).astype('float32')
MSE1, MSE2, MAE1 = 1.5475521087646484, 1.3201912641525269, 1.201078176498413


def _evaluate(**compile_kwargs):
    keras.utils.set_random_seed(0)
    a, b = keras.Input((4,)), keras.Input((2,))
    h = keras.layers.Concatenate()([a, b])
    model = keras.Model([a, b], [keras.layers.Dense(1, name='o1')(h), keras.layers.Dense(3, name='o2')(h)])
    model.compile(optimizer='sgd', **compile_kwargs)
    return model.evaluate([XA, XB], [Y1, Y2], verbose=0, return_dict=True)


def test_a_loss_list_shorter_than_the_outputs_scores_the_first_outputs_only():
    assert _evaluate(loss=['mse']) == pytest.approx({'loss': MSE1}, rel=1e-6)
    assert _evaluate(loss=['mae']) == pytest.approx({'loss': MAE1}, rel=1e-6)


def test_one_weight_weighs_the_shared_loss_of_every_output():
    assert _evaluate(loss='mse', loss_weights=[2.0]) == pytest.approx(
        {'loss': 2 * (MSE1 + MSE2), 'o1_loss': MSE1, 'o2_loss': MSE2}, rel=1e-6)


@pytest.mark.parametrize('kwargs, counts', [
    (dict(loss='mse', loss_weights=[1.0, 0.5]), 'got 1 losses and 2 weights'),
    (dict(loss=['mse', 'mse'], loss_weights=[2.0]), 'got 2 losses and 1 weights'),
])
def test_mismatched_weight_counts_are_keras_value_error(kwargs, counts):
    with pytest.raises(ValueError, match='`loss_weights` must match the number of losses, ' + counts):
        _evaluate(**kwargs)


def test_a_loss_list_longer_than_the_outputs_is_keras_key_error():
    with pytest.raises(KeyError, match=r"The path: \(2,\) in the `loss` argument"):
        _evaluate(loss=['mse', 'mse', 'mse'])


def test_a_weight_per_output_with_a_loss_per_output_is_unchanged():
    result = _evaluate(loss=['mse', 'mse'], loss_weights=[1.0, 0.5])
    assert result == pytest.approx({'loss': MSE1 + 0.5 * MSE2, 'o1_loss': MSE1, 'o2_loss': MSE2}, rel=1e-6)
