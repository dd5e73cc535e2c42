"""TF's MatMul(transpose_b=True) of a one-row b (one output column) is oneDNN's matrix-vector kernel from 16
rows on, the order column_product.py sums an untransposed one-column product in; tapeflow took BLAS's product.
That is the gradient of x through tf.matmul(x, w) (or a Dense layer) for x of shape (n, 1), the PINN setup:
u_x and u_xx of a one-input network were an ulp off in half the points (8 of 16). Values printed by TF 2.21
(notes progs/gradfuzz13/pin_col.py); each case fails with the new branch of sixteen_column_product's
rows_matmul_transposed switched off."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

C = np.array([[-0.56, 0.74, -0.59, 0.84, -0.02, 0.22, 0.53, 0.04], [-0.41, -0.62, -0.84, 0.48, -0.12, -0.68,
    0.76, -0.45], [-0.17, -0.41, 0.26, 0.16, 0.2, -0.47, -0.43, -0.49], [-0.34, -0.71, -0.67, 0.93, 0.92, -0.62,
    -0.95, -0.59], [0.4, 0.56, -0.95, 0.16, -1.0, 0.03, 0.28, 0.97], [-0.48, 0.6, 0.74, 0.85, -1.0, -0.06, 0.96,
    -0.2], [0.63, 0.09, 0.54, -0.03, -0.94, -0.83, -0.78, -0.5], [0.93, 0.26, 0.63, 0.13, 0.27, 0.62, 0.85, 0.83],
    [0.65, -0.81, -0.28, -0.93, 0.09, 0.59, -0.9, -0.62], [-0.27, -0.51, 0.59, -0.3, 0.28, -0.01, 0.17, 0.88],
    [0.89, -0.78, 0.69, -0.31, -0.8, -0.23, 0.02, 0.92], [-0.26, -0.98, 0.72, -0.78, -0.04, 0.7, 0.03, -0.11],
    [0.6, -0.96, 0.15, -0.18, 0.97, 0.6, -0.89, -0.62], [-0.1, 0.41, -0.34, -0.28, 0.84, 0.91, -0.18, 0.8],
    [-0.34, -0.83, 0.05, 0.32, 0.79, 0.93, 0.54, 0.52], [0.42, 0.4, 0.53, 0.95, -0.25, -0.83, -0.52, -0.56]],
    np.float32)
W = np.array([[-0.27, 0.62, -0.88, -0.1, 0.63, -0.47, -0.87, -0.52]], np.float32)
X = np.array([[-0.83], [0.62], [-0.66], [-0.61], [0.63], [0.62], [0.18], [0.83], [-0.88], [0.93], [0.14],
    [-0.39], [0.65], [0.32], [0.97], [-0.79], [0.16], [-0.05], [0.3], [-0.52]], np.float32)
W1 = np.array([[-0.94, 0.09, -0.27, 0.78, -0.08, -0.16]], np.float32)
B1 = np.array([0.27, 0.05, 0.92, 0.58, -0.01, -0.58], np.float32)
W2 = np.array([[0.21], [0.5], [0.51], [0.99], [-0.56], [-0.15]], np.float32)


def test_product_with_a_transposed_one_row_operand():
    got = tf.matmul(C, W, transpose_b=True).numpy().ravel()
    np.testing.assert_array_equal(got, np.array([0.4473000168800354, 0.23430001735687256, 0.5227000117301941,
        2.1524999141693115, -0.3329000473022461, -1.5676000118255615, 0.14999991655349731, -1.9496999979019165,
        0.5464998483657837, -1.1568999290466309, -2.1917998790740967, -1.416100025177002, 0.554599940776825,
        0.4505000114440918, -1.1784000396728516, 0.5494000911712646], np.float32))


def test_first_and_second_derivative_of_a_one_input_network():
    x = tf.constant(X)
    with tf.GradientTape() as t2:
        t2.watch(x)
        with tf.GradientTape() as t1:
            t1.watch(x)
            u = tf.matmul(tf.tanh(tf.matmul(x, W1) + B1), W2)
        ux = t1.gradient(u, x)
    uxx = t2.gradient(ux, x)
    np.testing.assert_array_equal(ux.numpy().ravel(), np.array([0.7553278207778931, 0.13747824728488922,
        0.7309084534645081, 0.7180339694023132, 0.13459408283233643, 0.13747824728488922, 0.3193429708480835,
        0.08720021694898605, 0.7567514181137085, 0.06981252878904343, 0.34075111150741577, 0.6340996026992798,
        0.12898345291614532, 0.25003981590270996, 0.06380875408649445, 0.7523130178451538, 0.3299698233604431,
        0.44855207204818726, 0.2593423128128052, 0.6887460350990295], np.float32))
    np.testing.assert_array_equal(uxx.numpy().ravel(), np.array([-0.054415859282016754, -0.29107216000556946,
        -0.23223194479942322, -0.28244224190711975, -0.28577035665512085, -0.29107216000556946,
        -0.5273075699806213, -0.19254674017429352, -0.002716385293751955, -0.1564129889011383,
        -0.5427471399307251, -0.4692995548248291, -0.27532219886779785, -0.4597892463207245, -0.14395704865455627,
        -0.09638674557209015, -0.5352891087532043, -0.5814953446388245, -0.47042566537857056,
        -0.3669125437736511], np.float32))


def test_input_gradient_of_a_dense_layer_on_one_feature():
    layer = keras.layers.Dense(6, activation='tanh')
    layer.build((None, 1))
    layer.set_weights([W1, B1])
    x = tf.constant(X)
    with tf.GradientTape() as t:
        t.watch(x)
        out = tf.reduce_sum(layer(x) * tf.constant(np.round(np.linspace(-1, 1, 6), 2).astype(np.float32)))
    np.testing.assert_array_equal(t.gradient(out, x).numpy().ravel(), np.array([0.3050484359264374,
        0.7398428916931152, 0.40812617540359497, 0.43997061252593994, 0.7345223426818848, 0.7398428916931152,
        0.8399671316146851, 0.6112799048423767, 0.27658942341804504, 0.5424796342849731, 0.8341773748397827,
        0.5832816362380981, 0.7235842347145081, 0.8401423692703247, 0.5145604014396667, 0.32846391201019287,
        0.837382435798645, 0.7753946781158447, 0.8420586585998535, 0.4983806610107422], np.float32))
