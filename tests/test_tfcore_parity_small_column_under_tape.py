"""The basic training loop's linear model on a 4 x 3 batch: its (4, 3) @ (3, 1) product is summed in
oneDNN's column order under the GradientTape too, so the printed losses and weights carry TensorFlow's
last bit. Expected: TensorFlow 2.21 (/opt/tfref, oneDNN on, as on this CPU) running the same loop."""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow sums with Eigen on this CPU')


def test_three_sgd_momentum_steps_of_a_linear_model():
    w = tf.Variable(np.ones([3, 1], np.float32))
    b = tf.Variable(0.0)
    x = tf.constant(np.linspace(0, 1, 12, dtype=np.float32).reshape(4, 3))
    y = tf.constant([[1.0], [2.0], [3.0], [4.0]])
    opt = keras.optimizers.SGD(0.1, momentum=0.9)
    losses = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            pred = tf.matmul(x, w) + b
            loss = tf.reduce_mean(tf.square(pred - y))
        opt.apply_gradients(zip(tape.gradient(loss, [w, b]), [w, b]))
        losses.append(float(loss))
    # TF 2.21 (notes/progs/tfcore4/x_lin.py)
    assert losses == [1.0413222312927246, 0.4046013355255127, 0.006919107865542173]
    assert pred.numpy().ravel().tolist() == [0.8637471795082092, 1.9130573272705078, 2.962367534637451,
                                             4.0116777420043945]
    assert w.numpy().ravel().tolist() == [1.3663380146026611, 1.4384411573410034, 1.5105443000793457]
    assert float(b.numpy()) == 0.7931350469589233
