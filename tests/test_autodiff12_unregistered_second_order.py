"""Second derivatives through TF kernels whose gradient kernel registers no gradient raise TF 2.21's
LookupError: LRNGrad, ResizeBicubicGrad, ScaleAndTranslateGrad (antialiased / lanczos resizes),
FractionalMaxPoolGrad, Dilation2DBackpropInput / Filter (dilation2d, erosion2d), IgammaGradA
(igamma / igammac towards a). tapeflow returned values or None. digamma's gradient is TF's
polygamma(1, x), differentiable again (tapeflow's trigamma had no gradient: None). Golden outputs:
/opt/tfref, notes/progs/autodiff12/x_second.py and x_dig.py.
"""
import numpy as np
import pytest

import framework as tf

IMG = np.linspace(-1, 1, 16, dtype=np.float32).reshape(1, 4, 4, 1)


def _second(f, x):
    x = tf.constant(x)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = f(x)
            y = tf.reduce_sum(y * tf.sin(tf.cast(tf.reshape(tf.range(tf.size(y)), tf.shape(y)), y.dtype) + 0.3))
        g = inner.gradient(y, x)
    return g, outer.gradient(g, x)


@pytest.mark.parametrize('f, x, kernel', [
    (lambda z: tf.nn.local_response_normalization(z), IMG, 'LRNGrad'),
    (lambda z: tf.image.resize(z, [6, 6], method='bicubic'), IMG, 'ResizeBicubicGrad'),
    (lambda z: tf.image.resize(z, [6, 6], method='bicubic', antialias=True), IMG, 'ScaleAndTranslateGrad'),
    (lambda z: tf.image.resize(z, [6, 6], method='lanczos3'), IMG, 'ScaleAndTranslateGrad'),
    (lambda z: tf.nn.fractional_max_pool(z, [1, 1.5, 1.5, 1], seed=1)[0], IMG, 'FractionalMaxPoolGrad'),
    (lambda z: tf.nn.dilation2d(z, tf.zeros([2, 2, 1]), [1, 1, 1, 1], 'VALID', 'NHWC', [1, 1, 1, 1]), IMG,
     'Dilation2DBackpropInput'),
    (lambda z: tf.math.igamma(z, tf.constant([1.0, 2.0])), np.array([0.5, 2.0], np.float32), 'IgammaGradA'),
    (lambda z: tf.math.igammac(z, tf.constant([1.0, 2.0])), np.array([0.5, 2.0], np.float32), 'IgammaGradA'),
])
def test_second_derivative_raises_lookup_error(f, x, kernel):
    with pytest.raises(LookupError) as info:
        _second(f, x)
    assert str(info.value) == 'gradient registry has no entry for: %s' % kernel


def test_first_derivatives_still_flow_and_other_paths_are_free():
    g, _ = _second(lambda z: tf.image.resize(z, [6, 6], method='bilinear'), IMG)      # ResizeBilinearGrad: None in TF
    assert g is not None
    x = tf.constant([1.5, 2.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.math.igamma(tf.constant([1.5, 2.0]), x))
    assert tape.gradient(y, x) is not None
    # igamma towards x has a second derivative (TF 2.21 gives one)
    g, h = _second(lambda z: tf.math.igamma(tf.constant([1.5, 2.0]), z), np.array([0.5, 2.0], np.float32))
    assert h is not None and np.isfinite(h.numpy()).all()


def test_lrn_first_derivative_matches_central_differences():
    # TF 2.21's LRN takes float16 / bfloat16 / float32 tensors only: the float32 gradient against float64 differences
    data = np.linspace(-1, 1, 8).reshape(1, 1, 2, 4)
    w = np.linspace(0.5, -0.7, 8).reshape(1, 1, 2, 4)
    x = tf.constant(data.astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.nn.lrn(x, depth_radius=1, bias=0.5, alpha=0.3, beta=0.75) * w)
    g = tape.gradient(y, x).numpy()

    def f(d):
        sq = d ** 2
        window = sum(np.roll(np.pad(sq, [(0, 0)] * 3 + [(1, 1)]), s, axis=-1)[..., 1:-1] for s in (-1, 0, 1))
        return np.sum(d * (0.5 + 0.3 * window) ** -0.75 * w)
    eps = 1e-6
    numeric = np.zeros_like(data)
    for idx in np.ndindex(*data.shape):
        e = np.zeros_like(data)
        e[idx] = eps
        numeric[idx] = (f(data + e) - f(data - e)) / (2 * eps)
    np.testing.assert_allclose(g, numeric, rtol=2e-6, atol=1e-7)


def test_digamma_second_derivative_is_polygamma_2():
    x = tf.constant([0.5, 2.0, 7.25], tf.float64)
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.math.digamma(x))
        g = inner.gradient(y, x)
    h = outer.gradient(g, x)
    # TF 2.21 (float.hex): g ['0x1.3bd3cc9be45dfp+2', '0x1.4a34cc4a60fa8p-1', '0x1.2edb4eb166c0ep-3'],
    # h ['-0x1.0d42c0452055cp+4', '-0x1.9dd002780310ap-2', '-0x1.65a5430daf336p-6'] (tapeflow: within 1 ulp)
    np.testing.assert_allclose(g.numpy(), [float.fromhex(v) for v in
                                           ['0x1.3bd3cc9be45dfp+2', '0x1.4a34cc4a60fa8p-1', '0x1.2edb4eb166c0ep-3']],
                               rtol=5e-16)
    np.testing.assert_allclose(h.numpy(), [float.fromhex(v) for v in
                                           ['-0x1.0d42c0452055cp+4', '-0x1.9dd002780310ap-2', '-0x1.65a5430daf336p-6']],
                               rtol=5e-16)
    eps = 1e-5
    numeric = (tf.math.polygamma(tf.constant(1.0, tf.float64), x + eps)
               - tf.math.polygamma(tf.constant(1.0, tf.float64), x - eps)).numpy() / (2 * eps)
    np.testing.assert_allclose(h.numpy(), numeric, rtol=1e-7)
