"""Second derivatives of sigmoid round as TensorFlow's _SigmoidGradGrad rounds them
(MAML-style nested tapes; keras.ops.sigmoid under two tapes printed 0.1804728 where TF
2.21 prints 0.18047282). Golden lists: TF 2.21, the same programs, .numpy().tolist()."""
import numpy as np

import framework as tf
from framework.ops.unary import sigmoid_grad

_SIGMOID = [-0.08834751695394516, -0.04743819683790207, -0.09007865935564041, -0.0701875165104866,
            -0.08489084243774414, 0.09002309292554855, -0.08893977105617523, 0.018775876611471176,
            0.012856630608439445, -0.0485408753156662, -0.01788143441081047, -0.09536701440811157,
            -0.07881584018468857, -0.015134545974433422, -0.05198672041296959, -0.040197256952524185,
            -0.09482172876596451, 0.02528819441795349, -0.03788112848997116, 0.08436820656061172,
            0.0573296956717968, -0.07105021923780441, -0.08491700887680054, 0.07755567878484726]
_SIGMOID_OF_PRODUCT = [-0.12002535164356232, 0.011226005852222443, 0.016507532447576523, 0.07297620922327042,
                       -0.06922714412212372, -0.36994895339012146, -0.27827075123786926, -0.008308055810630322,
                       0.00041883502854034305, 0.0007931311847642064, -0.05545409768819809, 0.17410975694656372,
                       0.0031252088956534863, 0.0008609427604824305, -0.07438583672046661, 0.053076550364494324,
                       0.0009365483419969678, -0.017162613570690155, -2.9436316708597587e-06, 0.019477779045701027,
                       -0.057519298046827316, -0.10216393321752548, -0.06502657383680344, 0.011240808293223381]


def _second_derivative(f, w):
    with tf.GradientTape() as outer:
        outer.watch(w)
        with tf.GradientTape() as inner:
            inner.watch(w)
            z = tf.reduce_sum(f(w))
        g = inner.gradient(z, w)
    return outer.gradient(g, w).numpy()


def test_sigmoid_second_derivative_bits_match_tf():
    w = tf.constant(np.random.RandomState(0).randn(24).astype('float32'))
    v = tf.constant(np.random.RandomState(1).randn(24).astype('float32'))
    np.testing.assert_array_equal(_second_derivative(tf.sigmoid, w), np.array(_SIGMOID, np.float32))
    np.testing.assert_array_equal(_second_derivative(lambda x: tf.sigmoid(x * v), w),
                                  np.array(_SIGMOID_OF_PRODUCT, np.float32))


def test_sigmoid_grad_op_gradients_are_tfs_formulas():
    y = tf.constant([0.2, 0.7], dtype=tf.float64)
    dy = tf.constant([1.5, -2.0], dtype=tf.float64)
    grad = tf.constant([0.3, 0.9], dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch([y, dy])
        s = sigmoid_grad(y, dy)
    gy, gdy = tape.gradient(s, [y, dy], output_gradients=grad)
    np.testing.assert_allclose(s.numpy(), dy.numpy() * y.numpy() * (1 - y.numpy()))
    np.testing.assert_allclose(gy.numpy(), grad.numpy() * dy.numpy() * (1 - 2 * y.numpy()))
    np.testing.assert_allclose(gdy.numpy(), grad.numpy() * y.numpy() * (1 - y.numpy()))
