"""keras.layers.SimpleRNN takes activity_regularizer and drops it, as Keras 3 on TF 2.21 (its __init__ passes it
nowhere): no loss, the attribute and the config say None, any value is taken. LSTM and GRU apply theirs."""
import numpy as np
import pytest

from framework import keras

X = np.ones((2, 3, 2), 'float32')


def _layer(cls, regularizer):
    return getattr(keras.layers, cls)(2, activity_regularizer=regularizer, kernel_initializer='ones',
                                      recurrent_initializer='ones')


def test_simple_rnn_adds_no_activity_loss():
    # TF 2.21: losses [], activity_regularizer None, config None
    layer = _layer('SimpleRNN', 'l2')
    layer(X)
    assert layer.losses == []
    assert layer.activity_regularizer is None
    assert layer.get_config()['activity_regularizer'] is None


@pytest.mark.parametrize('value', ['abc', 1.5, [1, 2]])
def test_simple_rnn_takes_any_activity_regularizer(value):
    assert _layer('SimpleRNN', value).activity_regularizer is None


def test_simple_rnn_training_loss_has_no_activity_term():
    model = keras.Sequential([keras.Input((3, 2)), _layer('SimpleRNN', keras.regularizers.L2(10.0))])
    model.compile('sgd', 'mse')
    assert model.evaluate(X, np.zeros((2, 2)), verbose=0) == pytest.approx(
        float(np.mean(np.asarray(model(X)) ** 2)), rel=1e-6)


@pytest.mark.parametrize('cls, loss', [('LSTM', 0.01885), ('GRU', 0.00139)])
def test_lstm_gru_keep_theirs(cls, loss):
    # TF 2.21: LSTM losses [0.01885], GRU [0.00139] (rounded to 5 places)
    layer = _layer(cls, 'l2')
    layer(X)
    assert [round(float(v), 5) for v in layer.losses] == [loss]
    with pytest.raises(ValueError, match='^Could not interpret regularizer identifier: abc'):
        _layer(cls, 'abc')
