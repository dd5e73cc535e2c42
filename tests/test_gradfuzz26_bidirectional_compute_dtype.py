"""Bidirectional casts both RNN outputs to its own compute dtype, as Keras 3 does on TF 2.21: with
dtype='mixed_float16' around a float32 LSTM, the input is autocast to float16 (then back to float32 by the
LSTM), and the output is float16; tapeflow returned the LSTM's float32 output (and its x gradient was not
float16-rounded). Probes notes/progs/gradfuzz26/mp2.py, bd.py."""
import numpy as np

import framework as tf
from framework import keras

X = (np.arange(24, dtype=np.float32).reshape(2, 3, 4) * 0.37) % 1.3 - 0.6
# TF 2.21 gives these (Bidirectional(LSTM(2, return_sequences=True), dtype='mixed_float16'), cosine weights)
Y = [0.10552978515625, 0.050567626953125, -0.371337890625, -0.3515625, 0.1673583984375, 0.08624267578125,
     -0.252197265625, -0.385009765625, 0.1864013671875, 0.1549072265625, -0.06591796875, -0.1864013671875,
     0.13427734375, 0.103271484375, -0.060699462890625, -0.270751953125, 0.0914306640625, 0.14501953125,
     -0.00923919677734375, -0.14306640625, 0.10113525390625, 0.1719970703125, -0.01104736328125, -0.1241455078125]
GRADIENT = [-0.09991455078125, 0.080322265625, 0.1976318359375, 0.16015625, 0.1556396484375,
            0.07025146484375, -0.0701904296875, -0.1556396484375, -0.05804443359375, -0.06610107421875,
            -0.022430419921875, 0.038848876953125, -0.05511474609375, 0.05108642578125, 0.1173095703125,
            0.09161376953125, 0.231689453125, -0.000225067138671875, -0.2320556640625, -0.281982421875, -0.14501953125,
            -0.047119140625, 0.0877685546875, 0.15380859375]


def test_mixed_precision_bidirectional_output_is_float16():
    layer = keras.layers.Bidirectional(keras.layers.LSTM(2, return_sequences=True), dtype='mixed_float16')
    layer.build((2, 3, 4))
    layer.set_weights([np.cos(np.arange(np.prod(w.shape)) * 0.9 + i).reshape(w.shape).astype(np.float32) * 0.5
                       for i, w in enumerate(layer.get_weights())])
    x = tf.constant(X)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer(x)
        weights = tf.cos(tf.reshape(tf.range(tf.size(y), dtype=tf.float32), y.shape))
        loss = tf.reduce_sum(tf.cast(y, tf.float32) * weights)
    g = tape.gradient(loss, x)
    assert y.dtype == tf.float16 and g.dtype == tf.float32
    # float16 values (a float32 LSTM's last bits may move one float16 step at most)
    np.testing.assert_allclose(np.asarray(y.numpy(), np.float64).ravel(), Y, rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(g.numpy().ravel(), GRADIENT, rtol=1e-3, atol=1e-4)
    # the gradient reaches x through its cast to float16: float16 values
    np.testing.assert_array_equal(g.numpy(), g.numpy().astype(np.float16).astype(np.float32))
