"""framework.blas_threads: mid-sized products on one BLAS thread, numpy's setting put back."""
import numpy as np
import pytest

import framework as tf
from framework import blas_threads


@pytest.fixture
def recorded(monkeypatch):
    """A fake OpenBLAS setter with 4 threads: the counts tapeflow sets, in order."""
    calls = []
    monkeypatch.setattr(blas_threads, '_control', (calls.append, 4))
    return calls


@pytest.mark.parametrize('m, k, n', [(64, 64, 256), (43264 // 16, 9, 32), (4, 512, 512)])
def test_a_mid_sized_product_runs_on_one_thread_and_restores_numpys_count(recorded, m, k, n):
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=(m, k)).astype(np.float32), rng.normal(size=(k, n)).astype(np.float32)
    np.testing.assert_array_equal(blas_threads.product(a, b), a @ b)
    assert recorded == [1, 4]


@pytest.mark.parametrize('m, k, n', [(32, 8, 30), (1, 64, 64), (1024, 512, 512)])
def test_small_and_large_products_keep_numpys_threads(recorded, m, k, n):
    a, b = np.ones((m, k), np.float32), np.ones((k, n), np.float32)
    np.testing.assert_array_equal(blas_threads.product(a, b), a @ b)
    assert recorded == []


def test_a_failing_product_still_restores_the_count(recorded):
    with pytest.raises(ValueError):
        blas_threads.product(np.ones((3, 64, 64)), np.ones((2, 64, 256)))
    assert recorded == [1, 4]


def test_ops_and_their_gradients_go_through_it(recorded):
    # the matmul op, Dense's affine op and conv2d, forward and backward
    x = tf.Variable(np.ones((64, 64), np.float32))
    w = tf.Variable(np.ones((64, 256), np.float32))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.matmul(x, w))
    tape.gradient(y, [x, w])
    assert recorded == [1, 4] * 3
    del recorded[:]
    images, filters = tf.ones((64, 28, 28, 1)), tf.Variable(tf.ones((3, 3, 1, 32)))
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.nn.conv2d(images, filters, 1, 'VALID'))
    tape.gradient(y, filters)
    assert recorded == [1, 4] * 2


def test_a_thread_count_set_in_the_environment_is_left_alone(monkeypatch):
    monkeypatch.setattr(blas_threads, '_control', blas_threads._UNKNOWN)
    monkeypatch.setenv('OPENBLAS_NUM_THREADS', '2')
    a = np.ones((64, 64), np.float32)
    blas_threads.product(a, np.ones((64, 256), np.float32))
    assert blas_threads._control is None


def test_cupy_and_other_arrays_pass_straight_through(recorded):
    class Matrix:
        ndim = 2
        shape = (64, 64)

        def __matmul__(self, other):
            return 'product'
    assert blas_threads.product(Matrix(), np.ones((64, 256))) == 'product'
    assert recorded == []


def test_numpys_real_openblas_keeps_its_thread_count(monkeypatch):
    threadpoolctl = pytest.importorskip('threadpoolctl')
    monkeypatch.delenv('OPENBLAS_NUM_THREADS', raising=False)
    monkeypatch.delenv('OMP_NUM_THREADS', raising=False)
    monkeypatch.setattr(blas_threads, '_control', blas_threads._UNKNOWN)

    def counts():
        return [lib['num_threads'] for lib in threadpoolctl.threadpool_info() if lib['internal_api'] == 'openblas']
    before = counts()
    a, b = np.ones((64, 64), np.float32), np.ones((64, 256), np.float32)
    np.testing.assert_array_equal(blas_threads.product(a, b), np.full((64, 256), 64, np.float32))
    assert counts() == before
