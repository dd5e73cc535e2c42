"""A loss_weights dict keyed otherwise than the losses, as Keras 3.15 (TensorFlow 2.21) packs it.

Golden values: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) running this file's model and
compile/evaluate calls with keras.utils.set_random_seed(1); evaluate's dict rounded to 5 digits.
Keras packs a dict of weights whose keys are not the loss dict's by order: the weights' values in
sorted-key order go to the losses' sorted keys (so {'a': .5, 'c': 2.} weighs 'a' by .5 and 'b' by 2);
a count that differs is its ValueError. A list-output model picks each weight by output name (a
missing name is a bare KeyError), and a list of losses takes a weights dict's values in key order.
"""
import numpy as np
import pytest

from framework import keras


def _data():
    rs = np.random.RandomState(0)
    x = rs.normal(size=(30, 4)).astype('float32')
    return x, x[:, :1] * 2, (x[:, 1:2] > 0).astype('float32')


def _model(dict_outputs):
    keras.utils.set_random_seed(1)
    i = keras.Input((4,), name='x')
    h = keras.layers.Dense(3, activation='relu', name='h')(i)
    a = keras.layers.Dense(1, name='a')(h)
    b = keras.layers.Dense(1, activation='sigmoid', name='b')(h)
    return keras.Model(i, {'a': a, 'b': b} if dict_outputs else [a, b])


def _evaluate(dict_outputs, loss, loss_weights):
    x, y, yb = _data()
    model = _model(dict_outputs)
    model.compile('sgd', loss, loss_weights=loss_weights)
    return model.evaluate(x, {'a': y, 'b': yb} if dict_outputs else [y, yb], verbose=0, return_dict=True)


BCE = 'binary_crossentropy'


@pytest.mark.parametrize('dict_outputs, loss, loss_weights, expected', [
    (True, {'a': 'mse', 'b': BCE}, {'a': 0.5, 'c': 2.0}, {'a_loss': 5.19568, 'b_loss': 0.58523, 'loss': 3.7683}),
    (True, {'b': BCE, 'a': 'mse'}, {'z': 0.5, 'c': 2.0}, {'a_loss': 5.19568, 'b_loss': 0.58523, 'loss': 10.68398}),
    (True, {'a': 'mse'}, {'c': 3.0}, {'loss': 15.58704}),
    (True, ['mse', 'mse'], {'c': 0.5, 'b': 2.0}, {'a_loss': 5.19568, 'b_loss': 0.20812, 'loss': 10.49542}),
    (True, {'a': 'mse', 'b': None}, {'a': 0.5, 'c': 2.0}, {'loss': 2.59784}),
    (False, {'a': 'mse', 'b': 'mse'}, {'a': 0.5, 'b': 2.0, 'c': 1.0},
     {'a_loss': 5.19568, 'b_loss': 0.20812, 'loss': 3.01408}),
    (False, ['mse', 'mse'], {'c': 0.5, 'b': 2.0}, {'a_loss': 5.19568, 'b_loss': 0.20812, 'loss': 10.49542}),
])
def test_weights_dict_packed_as_keras_packs_it(dict_outputs, loss, loss_weights, expected):
    result = _evaluate(dict_outputs, loss, loss_weights)
    assert sorted(result) == sorted(expected)
    for key, value in expected.items():
        assert result[key] == pytest.approx(value, rel=2e-5, abs=1e-5), key


@pytest.mark.parametrize('dict_outputs, loss, loss_weights, error, text', [
    (True, {'a': 'mse', 'b': BCE}, {'a': 0.5}, ValueError,
     '`loss_weights` must match the number of losses, got 2 losses and 1 weights.'),
    (True, {'a': 'mse'}, {'a': 0.5, 'b': 2.0}, ValueError,
     '`loss_weights` must match the number of losses, got 1 losses and 2 weights.'),
    (True, {'a': 'mse', 'b': 'mse'}, {'a': 0.5, 'b': 2.0, 'c': 1.0}, ValueError,
     '`loss_weights` must match the number of losses, got 2 losses and 3 weights.'),
    (True, {'a': 'mse', 'b': None}, {'c': 3.0}, ValueError,
     '`loss_weights` must match the number of losses, got 2 losses and 1 weights.'),
    (False, {'a': 'mse', 'b': BCE}, {'a': 0.5, 'c': 2.0}, KeyError, "'b'"),
    (False, {'b': BCE, 'a': 'mse'}, {'z': 0.5, 'c': 2.0}, KeyError, "'a'"),
    (False, {'a': 'mse', 'b': None}, {'c': 3.0}, KeyError, "'a'"),
])
def test_weights_dict_refused_as_keras_refuses_it(dict_outputs, loss, loss_weights, error, text):
    with pytest.raises(error) as info:
        _evaluate(dict_outputs, loss, loss_weights)
    assert type(info.value) is error
    assert str(info.value) == text
