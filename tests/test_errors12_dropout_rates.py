"""Dropout rates at Keras layer constructors as Keras 3.15 on TF 2.21 takes and refuses them.

Golden texts and outcomes from /work/notes/progs/errors12/p/r1.py run under TF 2.21 + Keras 3.15
(tensorflow-cpu): Dropout checks ``0 <= rate <= 1`` only (NumPy scalars, bools and scalar tensors pass, a
string or None is Python's TypeError); RNN cells clip ``min(1.0, max(0.0, rate))``; Attention checks no
range; MultiHeadAttention's Dropout sublayer checks the rate when the layer is built."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
X3 = np.linspace(0, 1, 24, dtype='float32').reshape(2, 4, 3)


@pytest.mark.parametrize('rate', [np.float32(0.5), True, 1])
def test_dropout_takes_any_number_in_range(rate):
    layer = L.Dropout(rate)
    np.testing.assert_array_equal(layer(X3).numpy(), X3)


def test_dropout_takes_a_scalar_tensor():
    assert L.SpatialDropout1D(tf.constant(0.5))(X3).shape == (2, 4, 3)


@pytest.mark.parametrize('rate, text', [('0.5', "'<=' not supported between instances of 'int' and 'str'"),
                                        (None, "'<=' not supported between instances of 'int' and 'NoneType'")])
def test_dropout_non_number_is_pythons_type_error(rate, text):
    for make in (L.Dropout, L.SpatialDropout1D):
        with pytest.raises(TypeError) as info:
            make(rate)
        assert str(info.value) == text


def test_dropout_out_of_range_text_prints_the_value():
    with pytest.raises(ValueError) as info:
        L.Dropout(np.float64(2.0))
    assert str(info.value) == ('Invalid value received for argument `rate`. Expected a float value between 0 and 1. '
                               'Received: rate=2.0')


@pytest.mark.parametrize('rate, want', [(-0.1, 0.0), (1.5, 1.0), (float('nan'), 0.0), (True, 1.0),
                                        (np.float32(0.5), 0.5), (tf.constant(0.5), 0.5)])
def test_rnn_cells_clip_the_rate(rate, want):
    assert float(L.SimpleRNN(2, dropout=rate).cell.dropout) == want
    assert float(L.LSTM(2, recurrent_dropout=rate).cell.recurrent_dropout) == want
    assert L.GRU(2, dropout=rate, seed=1)(X3, training=True).shape == (2, 2)


@pytest.mark.parametrize('rate, text', [('0.5', "'>' not supported between instances of 'str' and 'float'"),
                                        (None, "'>' not supported between instances of 'NoneType' and 'float'")])
def test_rnn_cell_non_number_is_pythons_type_error(rate, text):
    with pytest.raises(TypeError) as info:
        L.LSTM(2, recurrent_dropout=rate)
    assert str(info.value) == text


@pytest.mark.parametrize('rate', [-0.1, 1.0, 1.5, np.float32(0.5), True, float('nan'), 1])
def test_attention_checks_no_range(rate):
    layer = L.Attention(dropout=rate)
    assert layer([X3, X3]).shape == (2, 4, 3)
    assert L.MultiHeadAttention(2, 2, dropout=rate).dropout is rate


@pytest.mark.parametrize('rate, cls', [('0.5', TypeError), (None, TypeError)])
def test_attention_non_number_fails_the_comparison(rate, cls):
    with pytest.raises(cls) as info:
        L.Attention(dropout=rate)
    assert str(info.value) == "'>' not supported between instances of '%s' and 'int'" % type(rate).__name__


@pytest.mark.parametrize('rate, cls, text', [
    (-0.1, ValueError, 'Invalid value received for argument `rate`. Expected a float value between 0 and 1. '
                       'Received: rate=-0.1'),
    (1.5, ValueError, 'Invalid value received for argument `rate`. Expected a float value between 0 and 1. '
                      'Received: rate=1.5'),
    ('0.5', TypeError, "'<=' not supported between instances of 'int' and 'str'")])
def test_multi_head_attention_rate_is_checked_when_built(rate, cls, text):
    layer = L.MultiHeadAttention(2, 2, dropout=rate)      # Keras keeps any value until build
    with pytest.raises(cls) as info:
        layer(X3, X3)
    assert str(info.value) == text


def test_multi_head_attention_rate_one_runs():
    assert L.MultiHeadAttention(2, 2, dropout=1.0)(X3, X3).shape == (2, 4, 3)
