"""tf.linalg.expm, sqrtm, logm, logdet, pinv, matrix_rank: TensorFlow's values and gradients.

Golden values were printed by TensorFlow 2.21 (/opt/tfref) for the inputs below
(forward values in float32 unless said, gradients of a weighted sum in float64).
"""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from framework.gradient_check import check_gradients

L = tf.linalg
S3 = np.array([[2.0, 0.5, 0.3], [0.5, 1.5, -0.2], [0.3, -0.2, 1.0]])
R43 = np.array([[0.3, -1.2, 0.8], [1.1, 0.4, -0.6], [0.2, 0.9, 1.3], [-0.5, 0.7, 0.1]])
G3 = np.array([[1.0, 2.0, 0.5], [-0.3, 0.8, 1.2], [0.7, -1.1, 0.4]])
W33 = np.array([[0.5, -1.0, 0.25], [2.0, 0.3, -0.7], [1.0, 0.1, 0.6]])
W43 = np.concatenate([W33, [[0.4, -0.2, 0.9]]])

EXPM32 = [[3.026588201522827, 3.6353330612182617, 3.131908655166626], [0.1751188486814499, 1.0224968194961548, 1.6676340103149414], [1.5029956102371216, -0.3279661238193512, 1.3225624561309814]]
EXPM64 = [[75.880043363363, 60.272337622885274, 94.29247320797202], [16.632935246494448, 11.387752624012442, 17.861297780911745], [29.314318931451915, 26.416786850709638, 35.93749468507423]]     # expm(3 * G3) in float64: scaling and squaring with the degree-13 approximant
SQRTM = [[1.0885037183761597, 0.8837287425994873, -0.0077309682965278625], [-0.20666088163852692, 1.1688768863677979, 0.5830625295639038], [0.28558284044265747, -0.6579762697219849, 0.8864812850952148]]
LOGM = [[0.6273933053016663, 0.3201357126235962, 0.2474769949913025], [0.32013583183288574, 0.3357316851615906, -0.21244212985038757], [0.24747708439826965, -0.2124420702457428, -0.05688433349132538]]  # logm of complex64 S3: imaginary parts 0
PINV = [[0.2074428, 0.6782584, 0.2084608, -0.299981], [-0.4117488, 0.1613509, 0.3100128, 0.2319279],
        [0.3185307, -0.1718591, 0.4931023, 0.0102692]]
PINV_RCOND = [[-0.0237772, 0.0439735, -0.0966838, -0.0259399], [-0.425896, 0.1225423, 0.2913426, 0.248695],
              [0.2769193, -0.2860078, 0.4381872, 0.0595868]]   # rcond=0.8 drops the smallest singular value
G_EXPM = [[0.554011574, -1.549865291, 1.99874747], [2.959406236, -2.033529862, 1.021724344], [4.99007798, -0.533594657, 1.893836158]]
G_EXPM_BIG = [[196.555301962, -6.24672969, 126.207527915], [155.332433065, -1.969053114, 98.41931336], [316.214064322, 11.466608955, 187.065219638]]   # at 4 * G3 (float64): degree 13 with squarings
G_SQRTM = [[0.126224429, -0.399130236, 0.096341221], [0.790026797, 0.078949477, -0.361336723], [0.429337464, 0.047077008, 0.25199568]]
G_LOGDET = [[0.58989899, -0.226262626, -0.222222222], [-0.226262626, 0.771717172, 0.222222222], [-0.222222222, 0.222222222, 1.111111111]]
G_PINV = [[0.158369375, -0.054500865, -0.251282898], [-0.979884968, -0.442707102, -0.000664293], [-0.186916792, -0.301597224, -0.262491276], [0.96192183, -0.088072038, 0.368286376]]


def f32(x):
    return np.asarray(x, np.float32)


def tf_gradient(f, x):
    x = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = f(x)
    return tape.gradient(y, x).numpy()


def test_expm_float32_and_float64():
    np.testing.assert_allclose(L.expm(f32(G3)).numpy(), EXPM32, rtol=2e-6)
    np.testing.assert_allclose(L.expm(3 * G3).numpy(), EXPM64, rtol=1e-13)
    batch = L.expm(np.stack([0.01 * G3, 3 * G3]))         # different degrees in one batch
    np.testing.assert_allclose(batch.numpy()[1], EXPM64, rtol=1e-13)
    np.testing.assert_allclose(L.expm(np.zeros((2, 2))).numpy(), np.eye(2))


def test_sqrtm_logm_logdet():
    np.testing.assert_allclose(L.sqrtm(f32(G3)).numpy(), SQRTM, atol=2e-6)
    root = L.sqrtm(np.array([[1.0, 1.0], [0.0, 1.0]]))       # a Jordan block: no eigenbasis
    np.testing.assert_allclose(root.numpy(), [[1.0, 0.5], [0.0, 1.0]], atol=1e-12)
    log = L.logm(tf.cast(f32(S3), tf.complex64))
    assert log.dtype == tf.complex64
    np.testing.assert_allclose(log.numpy().real, LOGM, atol=2e-6)
    np.testing.assert_allclose(L.logdet(f32(S3)).numpy(), 0.9062403, rtol=1e-6)


def test_pinv_and_matrix_rank():
    np.testing.assert_allclose(L.pinv(f32(R43)).numpy(), PINV, atol=1e-6)
    np.testing.assert_allclose(L.pinv(f32(R43), rcond=0.8).numpy(), PINV_RCOND, atol=1e-6)
    rank = L.matrix_rank(f32(R43))
    assert rank.dtype == tf.int32 and int(rank) == 3
    assert int(L.matrix_rank(f32([[1.0, 2.0], [2.0, 4.0]]))) == 1
    assert int(L.matrix_rank(f32(S3), tol=1.2)) == 2


@pytest.mark.parametrize('name, fn, x, expected', [
    ('expm', lambda a: tf.reduce_sum(W33 * L.expm(a)), G3, G_EXPM),
    ('expm scaled', lambda a: tf.reduce_sum(W33 * L.expm(a)), 4 * G3, G_EXPM_BIG),
    ('sqrtm', lambda a: tf.reduce_sum(W33 * L.sqrtm(a)), S3, G_SQRTM),
    ('logdet', L.logdet, S3, G_LOGDET),
    ('pinv', lambda a: tf.reduce_sum(W43.T * L.pinv(a)), R43, G_PINV),
])
def test_gradients_match_tensorflow(name, fn, x, expected):
    np.testing.assert_allclose(tf_gradient(fn, x), expected, rtol=1e-7, atol=1e-8)


RNG = np.random.default_rng(7)
SPD = RNG.normal(size=(2, 3, 3))
SPD = SPD @ np.swapaxes(SPD, -1, -2) + np.eye(3)


@pytest.mark.parametrize('name, fn, x', [
    ('expm low degree', L.expm, 0.05 * RNG.normal(size=(2, 3, 3))),
    ('expm squarings', L.expm, 2 * RNG.normal(size=(3, 3))),
    ('sqrtm', L.sqrtm, SPD),
    ('sqrtm nonsymmetric', L.sqrtm, RNG.normal(size=(3, 3)) + 4 * np.eye(3)),
    ('logdet', lambda a: L.logdet(0.5 * (a + tf.linalg.matrix_transpose(a))), SPD),
    ('pinv', L.pinv, RNG.normal(size=(2, 3, 4))),
])
def test_gradients_match_central_differences(name, fn, x):
    check_gradients(fn, [x])


@pytest.mark.parametrize('call, error', [
    (lambda: L.expm(f32(R43)), InvalidArgumentError),
    (lambda: L.sqrtm(f32(R43)), InvalidArgumentError),
    (lambda: L.logm(f32(S3)), InvalidArgumentError),
    (lambda: L.logdet(f32(R43)), InvalidArgumentError),
    (lambda: L.pinv(np.ones(3, np.float32)), ValueError),
    (lambda: L.expm(np.eye(2, dtype=np.int32)), ValueError),      # TF 2.21's Python check: 'does not support'
])
def test_bad_input_raises_tensorflows_class(call, error):
    with pytest.raises(error):
        call()


# For tests/test_op_gradients.py (logm and matrix_rank have no gradient, as in TensorFlow)
# and tests/test_bad_input_sweep.py.
COVERED_HERE = {'expm', 'sqrtm', 'logm', 'logdet', 'pinv', 'matrix_rank'}
SWEEP_CALLS = {'expm': ((f32(G3),), {}), 'sqrtm': ((f32(S3),), {}), 'logm': ((tf.cast(f32(S3), tf.complex64),), {}),
               'logdet': ((f32(S3),), {}), 'pinv': ((f32(R43),), {}), 'matrix_rank': ((f32(R43),), {})}
