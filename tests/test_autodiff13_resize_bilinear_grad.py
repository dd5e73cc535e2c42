"""tf.image.resize(method='bilinear') differentiates as TF 2.21's ResizeBilinearGrad kernel: float32 products
accumulated in the image's dtype (float64 images: in double; tapeflow rounded them through float32), and no
gradient of its own reaching the image (a jvp through the resize is None, as TF's). Bits printed by TF 2.21
(/opt/tfref) for /work/notes/progs/autodiff13/x_rb.py: x = sin(0.7 * arange(18)).reshape(1, 3, 3, 2),
resized to (5, 4), weighted by cos(0.3 * arange(40)).
"""
import numpy as np
import pytest

import framework as tf

TF_GRADIENT = {
    'float64': (
        '3fe49e3d38000000 3fdb1fc4ee000000 3fa1ce44a0000000 bfcadb22dc000000 bfe2cab60f800000 bfe894894f400000 '
        '3fc11612e2000000 3fd222adc6000000 3fda2942f6000000 3fde17dd1c000000 3fe131d50a000000 3fdf3fedd1000000 '
        'bfec032ada000000 bfed4238c7000000 bfe7c1836e000000 bfe355124d000000 bfd5f21776000000 bfb3bc9028000000'),
    'float32': (
        '3f24f1ea 3ed8fe2a 3d0e7218 be56d918 bf1655b1 bf44a44a 3e08b095 3e911570 3ed14a16 3ef0bee8 3f098ea9 3ef9ff6f '
        'bf601956 bf6a11c7 bf3e0c1b bf1aa892 beaf90bd bd9de486'),
}


def _bits(a):
    a = np.asarray(a)
    return ' '.join(('%016x' if a.dtype == np.float64 else '%08x') % v
                    for v in a.reshape(-1).view(np.uint64 if a.dtype == np.float64 else np.uint32))


@pytest.mark.parametrize('dtype', ['float64', 'float32'])
def test_resize_bilinear_gradient_is_tensorflows_kernel(dtype):
    x = tf.constant(np.sin(np.arange(18.0) * 0.7).reshape(1, 3, 3, 2), dtype)
    w = tf.constant(np.cos(np.arange(40) * 0.3).reshape(1, 5, 4, 2), tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.resize(x, [5, 4])
        s = tf.reduce_sum(y * w)
    g = tape.gradient(s, x)
    assert y.dtype == tf.float32 and g.dtype == dtype
    assert _bits(g.numpy()) == TF_GRADIENT[dtype]


@pytest.mark.filterwarnings('ignore::framework.tape.NoneGradientWarning')
def test_a_jvp_and_a_second_derivative_through_it_are_none():
    x = tf.constant(np.sin(np.arange(18.0)).reshape(1, 3, 3, 2))
    with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
        y = tf.image.resize(x, [5, 4])
    assert acc.jvp(y) is None
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            s = tf.reduce_sum(tf.image.resize(x, [2, 5]) ** 2)
        g = inner.gradient(s, x)
    assert g is not None and outer.gradient(g, x) is None


def test_the_gradient_matches_central_differences_of_the_float32_resize():
    # the resize runs in float32 (TF's kernel), so differences of the float64 input are float32-accurate
    x = np.random.default_rng(5).standard_normal((2, 4, 3, 2))
    w = np.random.default_rng(6).standard_normal((2, 3, 7, 2))
    f = lambda z: tf.reduce_sum(tf.cast(tf.image.resize(z, [3, 7]), tf.float64) * w)     # noqa: E731
    xt = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(xt)
        s = f(xt)
    g = tape.gradient(s, xt).numpy()
    numeric = np.zeros_like(x)
    for i in np.ndindex(x.shape):
        d = np.zeros_like(x)
        d[i] = 1e-2
        numeric[i] = (f(tf.constant(x + d)).numpy() - f(tf.constant(x - d)).numpy()) / 2e-2
    np.testing.assert_allclose(g, numeric, atol=1e-4)


def test_resize_nearest_gradient_has_no_gradient_of_its_own():
    # TF 2.21: the gradient is ResizeNearestNeighborGrad's scatter-add; forward mode through it raises
    # 'gradient registry has no entry for: ResizeNearestNeighborGrad'
    x = tf.constant(np.linspace(-1, 1.3, 25).reshape(1, 5, 5, 1))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.resize(x, [7, 3], method='nearest')
    g = tape.gradient(y, x)
    assert y.dtype == tf.float64 and g.numpy().sum() == 21.0 and g.numpy().max() == 2.0
    with pytest.raises(LookupError, match='gradient registry has no entry for: ResizeNearestNeighborGrad'):
        with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
            acc.jvp(tf.image.resize(x, [7, 3], method='nearest'))
