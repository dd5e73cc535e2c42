"""keras.losses.ctc, keras.losses.CTC and keras.ops.ctc_loss compute in float32 whatever the logits'
dtype, as Keras 3's TensorFlow backend casts them, and return float64 for float64 logits, float32
otherwise (float16 too); tf.nn.ctc_loss with dense labels refuses float64 logits.

Golden values: /work/notes/progs/metrics13/ctc_gold.py run under TF 2.21 + Keras 3.15 (/opt/tfref);
the losses agree with tapeflow's to 1 float32 ulp (TensorFlow's float32 recursion; tapeflow's runs
in float64 and rounds), hence rtol=3e-7 below.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

LOGITS = np.log(np.array([[[0.5, 0.3, 0.2], [0.1, 0.7, 0.2], [0.2, 0.2, 0.6], [0.6, 0.3, 0.1]],
                          [[0.2, 0.2, 0.6], [0.2, 0.6, 0.2], [0.3, 0.6, 0.1], [0.8, 0.1, 0.1]]], np.float32))
CT = np.array([[1, 2], [2, 1]], np.int32)
KERAS_OPS = [1.1900700330734253, 2.263364315032959]        # ops.ctc_loss(CT, x, [2, 1], [4, 3])
KERAS_LOSS = [1.1900700330734253, 0.8155407905578613]      # losses.ctc(CT, x)
KERAS_LOSS_F16 = [1.1900660991668701, 0.8154790997505188]  # float16 logits, computed in float32


@pytest.mark.parametrize('dtype, result', [('float16', 'float32'), ('float32', 'float32'), ('float64', 'float64')])
def test_result_dtype_follows_keras(dtype, result):
    x = LOGITS.astype(dtype)
    by_op = keras.ops.ctc_loss(CT, x, np.array([2, 1]), np.array([4, 3]))
    by_loss = keras.losses.ctc(CT, x)
    assert by_op.dtype == result and by_loss.dtype == result
    np.testing.assert_allclose(by_loss.numpy(), KERAS_LOSS_F16 if dtype == 'float16' else KERAS_LOSS, rtol=3e-7)
    if dtype != 'float16':
        np.testing.assert_allclose(by_op.numpy(), KERAS_OPS, rtol=3e-7)


def test_float64_logits_give_the_float32_loss_widened():
    wide = keras.losses.ctc(CT, LOGITS.astype(np.float64)).numpy()
    narrow = keras.losses.ctc(CT, LOGITS).numpy()
    np.testing.assert_array_equal(wide, narrow.astype(np.float64))
    wide_op = keras.ops.ctc_loss(CT, LOGITS.astype(np.float64), np.array([2, 1]), np.array([4, 3])).numpy()
    narrow_op = keras.ops.ctc_loss(CT, LOGITS, np.array([2, 1]), np.array([4, 3])).numpy()
    np.testing.assert_array_equal(wide_op, narrow_op.astype(np.float64))


def test_float64_gradient_is_the_float32_gradient_widened():
    grads = []
    for dtype in ('float32', 'float64'):
        x = tf.Variable(LOGITS.astype(dtype))
        with tf.GradientTape() as tape:
            loss = keras.losses.ctc(CT, x)
        grads.append(tape.gradient(loss, x))
    assert grads[1].dtype == 'float64'
    np.testing.assert_array_equal(grads[1].numpy(), grads[0].numpy().astype(np.float64))
    # Keras 3.15: d loss / d logits[0, 0] for float32 and float64 logits alike
    np.testing.assert_allclose(grads[1].numpy()[0, 0], [-0.03254443407058716, -0.16745558381080627,
                                                        0.20000000298023224], rtol=3e-6)


def test_ctc_class_with_a_loss_dtype():
    # CTC(dtype=...) casts the logits first; Keras 3.15: 1.0028054118156433 (float64), 1.0029296875 (float16)
    out64 = keras.losses.CTC(dtype='float64')(CT, LOGITS.astype(np.float64))
    out16 = keras.losses.CTC(dtype='float16')(CT, LOGITS.astype(np.float16))
    assert out64.dtype == 'float64' and out16.dtype == 'float16'
    np.testing.assert_allclose(out64.numpy(), 1.0028054118156433, rtol=3e-7)
    assert float(out16.numpy()) == 1.0029296875
