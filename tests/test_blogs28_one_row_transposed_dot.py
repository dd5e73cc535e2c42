"""One row times a transposed matrix of depth 8 and more, summed as TF 2.21's oneDNN sums it.

A blog's saliency map (the gradient of one sample's prediction with respect to the input) is
``g @ kernel.T`` per Dense layer: a one-row product with transpose_b. TF adds it in 8-lane
packets (framework/ops/one_row_dot.py); tapeflow used numpy's BLAS from a depth of 8, which
differed in the last bit (TF 0.1170602, tapeflow 0.11706021 in notes/progs/blogs28/p42.py).
Goldens: notes/progs/blogs28/q42_pin.py under TF 2.21 on the AVX-512 Xeon."""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

# depth -> TF's tf.matmul(g, w, transpose_b=True) for draws of default_rng(123), in this order
_PRODUCTS = {
    8: [0.40789860486984253, -3.5327916145324707, 1.0942362546920776],
    12: [0.6015461683273315, -1.403144121170044, 6.525196552276611],     # numpy: other bits
    16: [4.877818584442139, -2.598804473876953, -0.40757298469543457],
    24: [3.142561197280884, 5.538156986236572, -2.8249902725219727],     # numpy: other bits
    40: [1.6539175510406494, 12.79249382019043, 0.8992385864257812],     # numpy: other bits
    100: [-9.314888954162598, -0.006749629974365234, 15.189923286437988],  # numpy: other bits
}


def test_one_row_products_with_a_transposed_b_add_eight_lane_packets():
    rng = np.random.default_rng(123)
    for depth, expected in _PRODUCTS.items():
        g = rng.standard_normal((1, depth)).astype(np.float32)
        w = rng.standard_normal((3, depth)).astype(np.float32)
        assert tf.matmul(g, w, transpose_b=True).numpy()[0].tolist() == expected, depth


def test_a_single_samples_input_gradient_through_dense_layers():
    rng = np.random.default_rng(5)
    k1 = rng.standard_normal((5, 12)).astype(np.float32) * 0.5
    k2 = rng.standard_normal((12, 1)).astype(np.float32) * 0.5
    x = tf.constant(rng.standard_normal((1, 5)).astype(np.float32))
    model = keras.Sequential([keras.Input((5,)),
                              keras.layers.Dense(12, activation='tanh', kernel_initializer=keras.initializers.Constant(k1)),
                              keras.layers.Dense(1, kernel_initializer=keras.initializers.Constant(k2))])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = model(x)
    assert tape.gradient(y, x).numpy()[0].tolist() == [
        -0.19382427632808685, 0.09272855520248413, 0.11935002356767654, -0.48393282294273376, 0.23571449518203735]

