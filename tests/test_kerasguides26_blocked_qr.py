"""keras.initializers.Orthogonal from 48 columns on carries TensorFlow's bits: TF's Qr kernel is
Eigen's blocked HouseholderQR there (framework/ops/eigen_blocked_qr.py), which LAPACK's QR (the
previous fallback) matched in no case below. An LSTM(64), GRU(64) or SimpleRNN(128) (the Keras
guides' RNNs) starts from TF's recurrent kernel, so its outputs are TF's too.

Golden values: printed by TF 2.21 (tensorflow-cpu, Keras 3.15) on an Intel Xeon with 48 KiB of L1
data cache, 2 MiB of L2 and 480 MiB of L3 (/work/notes/progs/kerasguides26/gold1.py): Eigen sizes
its product blocks from the CPU's caches, so the fixture gives the emulation those sizes.
Digests: the first 16 hex digits of sha256 over the C-order bytes.
"""
import contextlib
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_triangular_products

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # TF 2.21's values on the AVX-512 Xeon


@pytest.fixture(autouse=True)
def xeon_caches(monkeypatch):
    monkeypatch.setattr(eigen_triangular_products, '_CACHES', [(49152, 2097152, 503316480)])


def _digest(x):
    return hashlib.sha256(np.ascontiguousarray(np.asarray(x)).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize('shape, seed, digest', [
    ((64, 256), 1, '5dde3128e6eb0eac'),      # LSTM(64)'s recurrent kernel: QR of (256, 64)
    ((48, 192), 3, '4be5e830dfbab8d1'),      # the first width Eigen blocks
    ((64, 192), 2, '119ba2653b1689cb'),      # GRU(64)
    ((128, 128), 5, 'f4956abcf5d916a7'),     # SimpleRNN(128): square
    ((50, 50), 7, 'e9e6959cb1a69ab4'),       # square: TF's Identity is a stored matrix
    ((100, 60), 4, '8cb8b3f2f0f82f01'),
    ((60, 100), 4, '9b3fa35e46571941'),
    ((2, 4, 8, 56), 1, 'f7516a3b7548ef17'),  # flattened to (64, 56)
])
def test_orthogonal_from_48_columns_has_tf_bits(shape, seed, digest):
    keras.utils.set_random_seed(seed)
    assert _digest(keras.initializers.Orthogonal()(shape)) == digest


def test_orthogonal_gain():
    keras.utils.set_random_seed(9)
    assert _digest(keras.initializers.Orthogonal(gain=1.5)((64, 64))) == '6e7a7e7d27b86039'


@pytest.mark.parametrize('shape, q_digest, r_digest', [
    ((100, 60), '7e17b13e3db3179a', '5069485120312f28'),
    ((200, 100), '79cd21f46e3c5262', 'b883333b3b345891'),     # three blocks of reflectors
    ((97, 97), '483c51b097e800ad', 'e6e316ceb8eed246'),
    ((300, 51), '7f5d2a5adfb3b1f6', 'aa8dfae42356914f'),      # a one-column last block
])
def test_linalg_qr_has_tf_bits_in_exact_mode(shape, q_digest, r_digest):
    a = np.random.RandomState(shape[0] + shape[1]).randn(*shape).astype('float32')
    with _exact_math():         # (the default mode keeps LAPACK's QR past 256 values, for speed)
        q, r = tf.linalg.qr(a)
    assert (_digest(q), _digest(r)) == (q_digest, r_digest)


@contextlib.contextmanager
def _exact_math():
    mode = tf.config.tf_exact_math()
    tf.config.set_tf_exact_math(True)
    try:
        yield
    finally:
        tf.config.set_tf_exact_math(mode)


def _inputs():
    return np.random.RandomState(0).rand(4, 3, 8).astype('float32')


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_lstm64_starts_and_runs_as_tf():
    keras.utils.set_random_seed(0)
    layer = keras.layers.LSTM(64)
    y = layer(_inputs())
    assert _digest(layer.cell.recurrent_kernel) == 'cbd077bb73d26ce5'
    assert _digest(y) == '210ccdc018437507'
    assert y.numpy()[0, :4].tolist() == [0.04351501539349556, -0.014655849896371365, 0.07339032739400864,
                                          -0.10812133550643921]


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_gru64_starts_and_runs_as_tf():
    keras.utils.set_random_seed(0)
    layer = keras.layers.GRU(64)
    y = layer(_inputs())
    assert (_digest(layer.cell.recurrent_kernel), _digest(y)) == ('8241701dea6c049e', '7315ae8c1fd4c12a')


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_simple_rnn128_model_predicts_as_tf():
    keras.utils.set_random_seed(0)
    inputs = keras.Input((3, 8))
    model = keras.Model(inputs, keras.layers.Dense(2)(keras.layers.SimpleRNN(128)(inputs)))
    assert _digest(model.layers[1].cell.recurrent_kernel) == '128b8c87fab62c63'
    with _exact_math():         # the step's tanh over 512 values takes Eigen's bits only there
        predicted = model.predict(_inputs(), verbose=0).tolist()
    assert predicted == [
        [0.8550805449485779, -0.33768230676651], [0.6351483464241028, -0.29740265011787415],
        [0.7123358249664307, -0.28111356496810913], [0.4779059588909149, 0.23996639251708984]]
