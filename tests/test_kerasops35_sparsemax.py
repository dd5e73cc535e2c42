"""keras.ops.sparsemax / keras.activations.sparsemax as Keras 3.15 computes them on TF 2.21.

Keras's tau sums the running totals of the sorted entries over the support, not the entries (so rows need
not sum to 1, and [1.5, -0.3, 1.2] comes out all zeros). tapeflow followed Martins & Astudillo's definition
instead, so 8 of 120 values of a (10, 12) batch differed (not by ulps: 0 against 0.0013, ...).

Goldens: /work/notes/progs/kerasops/g_spm.py run with TF 2.21.
"""
import numpy as np

import framework as tf

keras = tf.keras
X = np.array([[0.1, 0.2, 0.25], [1.5, -0.3, 1.2], [0.3, 0.3, 0.3]], 'float32')


def _hex(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def test_values_along_the_last_axis_and_the_first():
    assert _hex(keras.ops.sparsemax(X)) == [
        '0x1.1111100000000p-6', '0x1.ddddde0000000p-4', '0x1.5555540000000p-3', '0x0.0p+0', '0x0.0p+0', '0x0.0p+0',
        '0x1.1111100000000p-5', '0x1.1111100000000p-5', '0x1.1111100000000p-5']
    assert _hex(keras.ops.sparsemax(X, axis=0)) == [
        '0x0.0p+0', '0x1.3333340000000p-2', '0x0.0p+0', '0x1.0000000000000p+0', '0x0.0p+0', '0x1.6666680000000p-2',
        '0x0.0p+0', '0x1.99999a0000000p-2', '0x0.0p+0']


def test_float64_and_the_activation_layer():
    assert _hex(keras.activations.sparsemax(X.astype('float64')))[6:] == [
        '0x1.11110aaaaaaa8p-5', '0x1.11110aaaaaaa8p-5', '0x1.11110aaaaaaa8p-5']
    assert keras.layers.Activation('sparsemax')(X).numpy().ravel().tolist()[:3] == [
        0.01666666567325592, 0.11666666716337204, 0.1666666567325592]


def test_gradient():
    v = tf.Variable(X)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(keras.ops.sparsemax(v) * np.arange(3, dtype='float32'))
    assert tape.gradient(y, v).numpy().ravel().tolist() == [-1.0, -1.0, -1.0, 0.0, 0.0, 0.0, -3.0, -1.0, 1.0]
