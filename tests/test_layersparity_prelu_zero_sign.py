"""PReLU computes Keras's relu(x) + (-alpha) * relu(-x): alpha's gradient where no input is negative is
then -0., as TF 2.21 prints it (tapeflow's relu(x) - alpha * relu(-x) gave 0.)."""
import numpy as np

import framework as tf
from framework import keras


def test_alpha_gradient_keeps_tf_zero_signs():
    layer = keras.layers.PReLU(alpha_initializer=keras.initializers.Constant(0.25))
    x = tf.constant([[1.0, -2.0, 3.0], [0.5, -1.0, 0.0]])
    with tf.GradientTape() as tape:
        y = layer(x)
        loss = tf.reduce_sum(y * tf.constant([[1.0, 2.0, -3.0], [-1.0, 0.5, 2.0]]))
    g = tape.gradient(loss, layer.alpha).numpy()
    assert y.numpy().tolist() == [[1.0, -0.5, 3.0], [0.5, -0.25, 0.0]]
    assert g.tolist() == [-0.0, -4.5, -0.0]
    assert np.signbit(g).tolist() == [True, True, True]
    assert str(tf.convert_to_tensor(g)) == 'tf.Tensor([-0.  -4.5 -0. ], shape=(3,), dtype=float32)'
