"""SAME 3-D windows whose stride is at least two longer than the window, as TF 2.21's own kernels place them
(oneDNN off, the default on CPUs without AVX-512 VNNI): Eigen does not clamp the negative padding, so the first
window starts inside the input (AvgPool3D / MaxPool3D / Conv3D on 0..5 with window 1, stride 3: [1, 4]; oneDNN
and every 1-D / 2-D op: [0, 3]). The gradient kernels keep the unshifted windows (MaxPool3DGrad then finds no
maximum: zeros). Values: TF 2.21 on an AMD EPYC, and with TF_ENABLE_ONEDNN_OPTS=1 (progs/layers20/ap5.py, ap6.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def onednn_off(monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '0')


def _column(values, dtype='float32'):
    return np.asarray(values, dtype).reshape(1, -1, 1, 1, 1)


def _ops(n, k, s):
    x = _column(np.arange(n))
    return [tf.nn.avg_pool3d(x, [k, 1, 1], [s, 1, 1], 'SAME'), tf.nn.max_pool3d(x, [k, 1, 1], [s, 1, 1], 'SAME'),
            tf.nn.conv3d(x, np.ones((k, 1, 1, 1, 1), 'float32'), [1, s, 1, 1, 1], 'SAME'),
            tf.nn.avg_pool2d(x[..., 0], [k, 1], [s, 1], 'SAME')]


# TF 2.21 gives (Eigen's kernels): avg_pool3d, max_pool3d, conv3d (sums), avg_pool2d (never shifted)
@pytest.mark.parametrize('n, k, s, expected', [
    (6, 1, 3, [[1, 4], [1, 4], [1, 4], [0, 3]]),
    (7, 1, 4, [[1, 5], [1, 5], [1, 5], [0, 4]]),
    (10, 2, 5, [[1.5, 6.5], [2, 7], [3, 13], [0.5, 5.5]]),
    (11, 2, 6, [[1.5, 7.5], [2, 8], [3, 15], [0.5, 6.5]]),
    (6, 1, 4, [[0, 4], [0, 4], [0, 4], [0, 4]]),        # a padding of -1 truncates to 0: not shifted
])
def test_eigen_shifts_same_windows(onednn_off, n, k, s, expected):
    assert [op.numpy().ravel().tolist() for op in _ops(n, k, s)] == expected


def test_onednn_keeps_them(onednn_on):
    assert [op.numpy().ravel().tolist() for op in _ops(10, 2, 5)] == [[0.5, 5.5], [1, 6], [1, 11], [0.5, 5.5]]


def test_gradients_keep_the_unshifted_windows(onednn_off):
    x = tf.constant(_column(np.arange(6)))
    weights = tf.constant(_column([1., 2.]))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        avg = tf.reduce_sum(tf.nn.avg_pool3d(x, 1, [1, 3, 1, 1, 1], 'SAME') * weights)
        top = tf.reduce_sum(tf.nn.max_pool3d(x, 1, [1, 3, 1, 1, 1], 'SAME') * weights)
    # TF 2.21 gives
    assert tape.gradient(avg, x).numpy().ravel().tolist() == [1, 0, 0, 2, 0, 0]
    assert tape.gradient(top, x).numpy().ravel().tolist() == [0, 0, 0, 0, 0, 0]
    x = tf.constant(_column(np.arange(10)))
    f = tf.constant(np.array([1., 10.], 'float32').reshape(2, 1, 1, 1, 1))
    with tf.GradientTape(persistent=True) as tape:
        tape.watch([x, f])
        out = tf.nn.conv3d(x, f, [1, 5, 1, 1, 1], 'SAME')
        total = tf.reduce_sum(out * weights)
    assert out.numpy().ravel().tolist() == [21, 76]      # TF 2.21 gives
    assert tape.gradient(total, x).numpy().ravel().tolist() == [1, 10, 0, 0, 0, 2, 20, 0, 0, 0]
    assert tape.gradient(total, f).numpy().ravel().tolist() == [10, 13]


def test_keras_3d_layers(onednn_off):
    x = _column(np.arange(6))
    layers = [keras.layers.Conv3D(1, 1, strides=(3, 1, 1), padding='same', kernel_initializer='ones'),
              keras.layers.AveragePooling3D(1, (3, 1, 1), padding='same'),
              keras.layers.MaxPooling3D(1, (3, 1, 1), padding='same')]
    assert [layer(x).numpy().ravel().tolist() for layer in layers] == [[1, 4]] * 3     # TF 2.21 gives
