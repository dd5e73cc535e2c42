"""tf.linalg.qr of complex matrices carries TF 2.21's _QrGrad, complex correction included (tapeflow had
no gradient for complex QR: None, or zeros with unconnected_gradients='zero')."""
import numpy as np
import pytest

import framework as tf

_RE = [[1.0, -0.5, 0.25], [0.5, 2.0, -1.0]]
_IM = [[0.5, 1.0, -0.75], [-1.5, 0.25, 0.5]]

# TF 2.21's q, r and gradient of sum(1.5 |q|) + sum(real(r (0.5 - 1j))), rounded to 5 places
_EXPECTED = {
    'wide': ([[-0.5164 - 0.2582j, 0.2582 + 0.7746j], [-0.2582 + 0.7746j, -0.5164 + 0.2582j]],
             [[-1.93649 + 0j, -0.32275 - 2.25924j, 0.71005 + 1.09735j], [0j, -0.32275 + 0j, 0.1291 - 0.3873j]],
             [[-0.31038 - 0.31657j, -0.6455 + 0j, -0.6455 + 0j],
              [-0.58404 + 0.13837j, -1.42009 - 0.2582j, -1.42009 - 0.2582j]]),
    'deep': ([[-0.56569 + 0.28284j, -0.42967 + 0.28645j], [0.28284 + 0.56569j, -0.42967 + 0.07161j],
              [-0.14142 - 0.42426j, -0.30077 + 0.67315j]],
             [[-1.76777 + 0j, 0.91924 - 2.54558j], [0j, -0.69821 + 0j]],
             [[-0.48241 - 0.67671j, -0.82435 - 0.63721j], [-0.84801 + 1.28316j, -0.28336 + 0.78022j],
              [-0.21084 + 0.22939j, 0.15806 + 0.29451j]]),
}


@pytest.mark.parametrize('dtype', [tf.complex64, tf.complex128])
@pytest.mark.parametrize('shape', ['wide', 'deep'])
def test_complex_qr_gradient(dtype, shape):
    a = tf.cast(tf.complex(tf.constant(_RE), tf.constant(_IM)), dtype)
    a = a if shape == 'wide' else tf.linalg.adjoint(a)
    with tf.GradientTape() as tape:
        tape.watch(a)
        q, r = tf.linalg.qr(a)
        y = (tf.reduce_sum(tf.abs(q) * tf.constant(1.5, dtype.real_dtype))
             + tf.reduce_sum(tf.math.real(r * tf.cast(tf.complex(0.5, -1.0), dtype))))
    grad = tape.gradient(y, a)
    expected_q, expected_r, expected_grad = _EXPECTED[shape]
    assert grad.dtype == dtype
    np.testing.assert_allclose(q.numpy(), expected_q, atol=2e-5)
    np.testing.assert_allclose(r.numpy(), expected_r, atol=2e-5)
    np.testing.assert_allclose(grad.numpy(), expected_grad, atol=2e-5)


def test_complex_qr_full_matrices_of_a_deep_matrix_refuses_its_gradient():
    a = tf.complex(tf.constant([[1.0], [2.0], [0.5]]), tf.constant([[0.5], [-1.0], [1.5]]))
    with tf.GradientTape() as tape:
        tape.watch(a)
        q = tf.linalg.qr(a, full_matrices=True).q
    with pytest.raises(NotImplementedError) as info:      # TF 2.21's words
        tape.gradient(q, a)
    assert str(info.value) == ('QrGrad not implemented when nrows > ncols and full_matrices is true. Received '
                               'r.shape=(3, 1) with nrows=3and ncols=1.')


def test_complex_qr_gradient_matches_central_differences():
    rng = np.random.default_rng(3)
    re, im = rng.standard_normal((3, 3)), rng.standard_normal((3, 3))
    w = rng.standard_normal((3, 3))

    def loss(re_, im_):
        q, r = tf.linalg.qr(tf.complex(re_, im_))
        return tf.reduce_sum(tf.math.real(q) * w) + tf.reduce_sum(tf.math.imag(r) * w)
    tf.check_gradients(loss, [re, im])


# tf.linalg.svd(compute_uv=True) of complex matrices: TF 2.21's _SvdGrad with its complex term (tapeflow: None).
# TF 2.21's gradient of sum(1.5 s) + sum(|u[:, :1]|^2) + sum(real(u[:, :1] conj(u[:, :1]))) + sum(|u1 v1^H|),
# rounded to 5 places (full_matrices gives the same)
_SVD_EXPECTED = {
    'wide': [[1.10563 - 0.00322j, -0.08119 + 0.19862j, 0.97177 - 0.61869j],
             [0.49245 - 0.36528j, 0.99666 + 0.13364j, -0.26719 + 0.70775j]],
    'square': [[1.50006 + 0.1713j, -0.49931 - 0.15883j], [0.46062 - 0.2244j, 1.30258 - 0.12654j]],
}


@pytest.mark.parametrize('full_matrices', [False, True])
@pytest.mark.parametrize('shape', ['wide', 'deep', 'square'])
def test_complex_svd_gradient(shape, full_matrices):
    a = tf.complex(tf.constant(_RE, tf.float64), tf.constant(_IM, tf.float64))
    a = a if shape == 'wide' else tf.linalg.adjoint(a) if shape == 'deep' else a[:, :2]
    with tf.GradientTape() as tape:
        tape.watch(a)
        s, u, v = tf.linalg.svd(a, full_matrices=full_matrices)
        y = (tf.reduce_sum(s * 1.5) + tf.reduce_sum(tf.abs(u[..., :1]) ** 2)
             + tf.reduce_sum(tf.math.real(u[..., :1] * tf.math.conj(u[..., :1])))
             + tf.reduce_sum(tf.abs(tf.matmul(u[..., :, :1], v[..., :, :1], adjoint_b=True))))
    grad = tape.gradient(y, a)
    assert s.dtype == tf.float64 and grad.dtype == tf.complex128
    expected = np.conj(np.transpose(_SVD_EXPECTED['wide'])) if shape == 'deep' else _SVD_EXPECTED[shape]
    np.testing.assert_allclose(grad.numpy(), expected, atol=2e-5)
    np.testing.assert_allclose((u[..., :, :s.shape[-1]] * tf.cast(s, a.dtype)[None, :]) @ tf.linalg.adjoint(
        v[..., :, :s.shape[-1]]), a.numpy(), atol=1e-12)


@pytest.mark.parametrize('dtype', [tf.complex128, tf.float64])
@pytest.mark.parametrize('shape', [(0, 0, 2), (0, 3, 2), (0, 2, 3)])
@pytest.mark.parametrize('full_matrices', [False, True])
def test_qr_and_svd_of_an_empty_batch(dtype, shape, full_matrices):
    # TF 2.21 gives empty factors (and, under a tape, empty gradients); the joint node packing them raised
    # "cannot reshape array of size 0 into shape (0,newaxis)"
    x = tf.zeros(shape, dtype)
    with tf.GradientTape(persistent=True) as tape:
        tape.watch(x)
        q, r = tf.linalg.qr(x, full_matrices=full_matrices)
        s, u, v = tf.linalg.svd(x, full_matrices=full_matrices)
        y = tf.reduce_sum(tf.abs(r)) + tf.reduce_sum(tf.abs(q)) + tf.reduce_sum(s) + tf.reduce_sum(tf.abs(u))
    m, n = shape[-2:]
    k = m if full_matrices else min(m, n)
    assert q.shape == (0, m, k) and r.shape == (0, k, n)
    assert s.shape == (0, min(m, n)) and u.shape == (0, m, m if full_matrices else min(m, n))
    if full_matrices and (m > n or abs(m - n) > 1):     # TF 2.21: QrGrad's / _SvdGrad's NotImplementedError
        with pytest.raises(NotImplementedError):
            tape.gradient(y, x)
    else:
        assert tape.gradient(y, x).shape == shape
