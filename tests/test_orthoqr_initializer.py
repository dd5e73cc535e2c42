"""keras.initializers.Orthogonal carries TensorFlow's bits: its QR is Eigen's HouseholderQR in
the weight's dtype (framework/ops/eigen_householder_qr.py), so LSTM / GRU / SimpleRNN recurrent
kernels start where TF's do.

Golden values: the first 16 hex digits of sha256 over the C-order bytes of
``keras.initializers.Orthogonal(...)(shape)`` after ``keras.utils.set_random_seed(seed)``, run
with TensorFlow 2.21 (tensorflow-cpu, x86-64) and Keras 3.15.1. numpy's LAPACK QR (the previous
implementation) matched none of these.
"""
import hashlib

import numpy as np
import pytest

from framework import keras


def _digest(x):
    return hashlib.sha256(np.ascontiguousarray(np.asarray(x)).tobytes()).hexdigest()[:16]


@pytest.mark.parametrize('shape, seed, digest', [
    ((2, 8), 1, '4827398fe2b298d1'),         # an LSTM(2)'s recurrent kernel
    ((5, 20), 3, '3c9f281813040849'),
    ((16, 48), 1, '487289e6733d3ab8'),       # GRU(16)
    ((32, 128), 7, '6cc8b7b1abc8a009'),      # LSTM(32): 128-row reflectors sum in chunks
    ((12, 36), 5, '68e734eac6dbc2c5'),
    ((47, 141), 1, '9ef3c307c50132b2'),      # the widest one Eigen block covers
    ((20, 20), 2, 'a41601c5c3709c87'),       # SimpleRNN(20): square, no transpose
    ((3, 3, 4, 8), 1, 'aee34e3aadd4eb21'),   # rank 4 flattens to (36, 8)
])
def test_orthogonal_has_tf_bits(shape, seed, digest):
    keras.utils.set_random_seed(seed)
    assert _digest(keras.initializers.Orthogonal()(shape)) == digest


def test_orthogonal_gain_multiplies_in_the_weights_dtype():
    keras.utils.set_random_seed(4)
    assert _digest(keras.initializers.Orthogonal(gain=0.7)((6, 24))) == '8e274ed44f83b09f'


def test_orthogonal_float64_weight_has_tf_bits():
    keras.utils.set_random_seed(4)
    assert _digest(keras.initializers.Orthogonal()((6, 24), dtype='float64')) == 'f41dd308d883886a'


def test_orthogonal_beyond_one_eigen_block_stays_orthogonal():
    # 64 columns take numpy's QR (not TF's bits yet): still orthonormal rows and seeded.
    keras.utils.set_random_seed(1)
    w = np.asarray(keras.initializers.Orthogonal()((64, 256)))
    assert w.dtype == np.float32 and w.flags.c_contiguous
    np.testing.assert_allclose(w @ w.T, np.eye(64), atol=2e-6)
