"""zero_output_for_mask in an unrolled RNN, as Keras 3's TF backend runs it (TF 2.21).

Unrolled, Keras carries a masked step's previous output and zeros the stacked outputs after the loop
with the mask as given, not reversed for go_backwards: the zeros land on other steps than the masked
ones. Bidirectional sets zero_output_for_mask for return_sequences, so its backward half shows it.
Values: TF 2.21 (progs/layers20/t1.py); compared within float32 rounding.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _inputs():
    x = (np.arange(24, dtype='float32').reshape(2, 4, 3) / 10 - 1).astype('float32')
    return x, np.array([[1, 1, 0, 0], [0, 1, 1, 1]], bool)


def _init():
    return dict(kernel_initializer='ones', recurrent_initializer=keras.initializers.Constant(0.5))


def test_bidirectional_unrolled_backward_half_zeroed_by_the_given_mask():
    x, m = _inputs()
    b = L.Bidirectional(L.GRU(2, unroll=True, return_sequences=True, **_init()), merge_mode=None)
    forward, backward = b(x, mask=m)
    # TF 2.21 gives (the forward half as without unroll)
    np.testing.assert_allclose(forward.numpy()[:, :, 0], [[-0.92860043, -0.9509355, 0, 0],
                                                          [0, 0.13430545, 0.1819624, 0.20015736]], atol=1e-6)
    np.testing.assert_allclose(backward.numpy()[:, :, 0], [[0, 0, 0, 0],
                                                           [0.20018218, 0.20018218, 0.08582477, 0]], atol=1e-6)


def test_lstm_unrolled_go_backwards_carries_then_zeros():
    x, m = _inputs()
    layer = L.LSTM(2, unroll=True, go_backwards=True, return_sequences=True, return_state=True,
                   zero_output_for_mask=True, **_init())
    seq, h, c = layer(x, mask=m)
    # TF 2.21 gives: row 1 (mask [0, 1, 1, 1], run [1, 1, 1, 0]) carries step 2 into step 3
    np.testing.assert_allclose(seq.numpy()[:, :, 0], [[0, 0, 0, 0], [0, 0.92841744, 0.93193746, 0.93193746]],
                               atol=1e-6)
    np.testing.assert_allclose(h.numpy()[:, 0], [-0.0050459197, 0.93193746], atol=1e-6)
    np.testing.assert_allclose(c.numpy()[:, 0], [-0.081744865, 2.812572], atol=1e-6)


def test_while_loop_zeros_each_masked_step():
    x, m = _inputs()
    layer = L.SimpleRNN(2, go_backwards=True, return_sequences=True, zero_output_for_mask=True, **_init())
    # TF 2.21 gives (unroll=False: the masked steps themselves are zeros)
    np.testing.assert_allclose(layer(x, mask=m).numpy()[:, :, 0], [[0, 0, -0.946806, -0.99864113],
                                                                   [0.99850804, 0.9987745, 0.99261343, 0]],
                               atol=1e-6)


def _step(inp, states):
    h = states[0] * 0.5 + tf.reduce_sum(inp, axis=1, keepdims=True)
    return h, [h]


@pytest.mark.parametrize('unroll, expected', [
    (False, [[0, 0, 3.1311731, 4.7085342], [0.7758897, -2.7060728, 0.2695588, 0]]),
    (True, [[0, 0, 0, 0], [0, -2.7060728, 0.2695588, 0.2695588]]),        # TF 2.21 gives
])
def test_legacy_backend_rnn_unrolled_zero_output(unroll, expected):
    x = np.random.RandomState(0).randn(2, 4, 3).astype('float32')
    m = np.array([[1, 1, 0, 0], [0, 1, 1, 1]], bool)
    last, outputs, states = tf.keras.backend.rnn(_step, tf.constant(x), [tf.zeros((2, 1))], go_backwards=True,
                                                 mask=tf.constant(m), unroll=unroll, zero_output_for_mask=True)
    np.testing.assert_allclose(outputs.numpy()[:, :, 0], expected, atol=1e-6)
    np.testing.assert_allclose(last.numpy()[:, 0], [4.7085342, 0], atol=1e-6)
    np.testing.assert_allclose(states[0].numpy()[:, 0], [4.7085342, 0.2695588], atol=1e-6)


def test_legacy_backend_rnn_unrolled_zero_output_last_only_refused():
    x = np.random.RandomState(0).randn(2, 4, 3).astype('float32')
    m = np.array([[1, 1, 0, 0], [0, 1, 1, 1]], bool)
    step = lambda inp, states: (states[0] * 0.5 + inp, [states[0] * 0.5 + inp])
    # TF 2.21: Keras's set_shape refuses the one step's outputs zeroed by every step's mask
    with pytest.raises(ValueError, match=r"^Tensor's shape \(4, 2, 3\) is not compatible with supplied shape "
                                         r"\(1, 2, 3\)\.$"):
        tf.keras.backend.rnn(step, tf.constant(x), [tf.zeros((2, 3))], go_backwards=True, mask=tf.constant(m),
                             unroll=True, zero_output_for_mask=True, return_all_outputs=False)
