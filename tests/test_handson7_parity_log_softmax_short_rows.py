"""tf.nn.log_softmax on rows shorter than a packet, as a policy's action log-probabilities (Hands-On ML
ch. 18, keras.io PPO): TF's LogSoftmax sums ``exp(shifted)`` in Eigen's inner-dimension reducer, which
runs C's exp (not the packet exp) on the part of each row past its whole packets. Values from TF 2.21."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

POLICY_LOGITS = [[2.115000009536743, -1.2410000562667847], [-0.11699999868869781, 0.12099999934434891],
                 [2.506999969482422, 2.1589999198913574], [-1.4600000381469727, 0.14499999582767487]]
# TF 2.21; an exp of the whole array before the row sums was 1 ulp off in 2 of these 8
TF_POLICY_LOG_PROBS = [[-0.03428010269999504, -3.39028000831604], [-0.8192111253738403, -0.5812110900878906],
                       [-0.5342093706130981, -0.8822094202041626], [-1.788062572479248, -0.1830625981092453]]


def test_two_action_log_probabilities_float32():
    out = tf.nn.log_softmax(np.array(POLICY_LOGITS, np.float32))
    np.testing.assert_array_equal(out.numpy(), np.array(TF_POLICY_LOG_PROBS, np.float32))


def test_keras_ops_log_softmax_takes_the_same_kernel():
    out = keras.ops.log_softmax(tf.constant(POLICY_LOGITS))
    np.testing.assert_array_equal(np.asarray(out), np.array(TF_POLICY_LOG_PROBS, np.float32))


def test_three_classes_float64_rows_shorter_than_a_packet_of_four():
    x = np.array([[-2.74, 1.462, -0.517], [2.276, 0.547, -1.498], [2.165, -1.615, -4.105]])
    tf_values = [[-4.34451726580358, -0.14251726580357987, -2.12151726580358],
                 [-0.18267301357290772, -1.9116730135729074, -3.9566730135729076],
                 [-0.024414447084766415, -3.8044144470847665, -6.294414447084767]]
    np.testing.assert_array_equal(tf.nn.log_softmax(x).numpy(), np.array(tf_values))


def test_policy_gradient_through_the_log_probabilities():
    x = tf.constant(POLICY_LOGITS)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.nn.log_softmax(x) * tf.one_hot([0, 1, 1, 0], 2))
    assert float(y) == -3.2857632637023926
    tf_grad = [[0.033699214458465576, -0.033699240535497665], [-0.4407792389392853, 0.44077932834625244],
               [-0.5861325263977051, 0.5861325263977051], [0.8327160477638245, -0.8327159881591797]]
    np.testing.assert_array_equal(tape.gradient(y, x).numpy(), np.array(tf_grad, np.float32))
