"""A VALID max pool whose window is larger than the input, where TF 2.21 runs its own MaxPool kernels (oneDNN off:
the AMD EPYC these were measured on, every dtype): an empty output, as AvgPool's, where the Xeon's oneDNN MaxPool
raises AbortedError (tests/test_fuzz2_pool_windows.py). Probe /work/notes/progs/errors46/c19.txt."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def onednn_off(monkeypatch):
    from framework import onednn_policy
    monkeypatch.delenv('TF_ENABLE_ONEDNN_OPTS', raising=False)
    monkeypatch.setattr(onednn_policy, '_cpu_flags', lambda: {'avx', 'avx2', 'fma'})
    monkeypatch.setattr(onednn_policy, '_ANSWERS', {})


@pytest.mark.parametrize('call, out', [
    (lambda: keras.layers.MaxPooling2D(5)(np.ones((1, 3, 3, 1))), (1, 0, 0, 1)),     # TF 2.21: (1, 0, 0, 1)
    (lambda: keras.layers.MaxPooling2D(5, dtype='float64')(np.ones((1, 3, 3, 1))), (1, 0, 0, 1)),
    (lambda: keras.layers.MaxPooling1D(5)(np.ones((1, 3, 1))), (1, 0, 1)),
    (lambda: keras.layers.MaxPooling3D(5)(np.ones((1, 3, 3, 3, 1))), (1, 0, 0, 0, 1)),
    (lambda: tf.nn.max_pool2d(tf.ones((1, 3, 6, 1)), (4, 2), (4, 2), 'VALID'), (1, 0, 3, 1)),
])
def test_an_empty_max_pool_is_an_empty_output(onednn_off, call, out):
    assert tuple(call().shape) == out


def test_max_pool_with_argmax_gives_two_empty_outputs(onednn_off):
    pooled, argmax = tf.nn.max_pool_with_argmax(tf.ones((1, 3, 3, 1)), 5, 5, 'VALID')
    assert tuple(pooled.shape) == (1, 0, 0, 1) and tuple(argmax.shape) == (1, 0, 0, 1)     # TF 2.21
    assert argmax.dtype == tf.int64


def test_a_negative_size_is_still_the_kernel_error(onednn_off):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.nn.max_pool2d(tf.ones((1, 3, 3, 1)), 5, 1, 'VALID')
    assert str(info.value) == ('{{function_node __wrapped__MaxPool_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                               ' Computed output size would be negative: -1 [input_size: 3, effective_filter_size: 5, '
                               'stride: 1] [Op:MaxPool] name: ')


def test_the_empty_max_pool_gradient_is_zeros(onednn_off):
    # (TF 2.21's gradient here reads uninitialized memory: 1.86e+25 in one run; zeros are the defined answer)
    x = tf.Variable(tf.ones((1, 3, 3, 1)))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.max_pool2d(x, 5, 5, 'VALID'))
    assert not np.any(tape.gradient(y, x).numpy())
