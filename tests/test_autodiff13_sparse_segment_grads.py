"""tf.sparse.segment_sum / mean / sqrt_n as TF 2.21's kernels (bits printed by /opt/tfref for
/work/notes/progs/autodiff13/x_ss.py, x_ss2.py, x_ss3.py):
- forward: float64 scales by 1 / n (1 / sqrt(n)) worked out in double (tapeflow used a float32 factor);
- gradient: SparseSegment*Grad scales by the double factor cast to the dtype (float32 1/sqrt(6) is
  3ed105ec there, 3ed105eb in float32 arithmetic);
- SparseSegment*Grad has no gradient: forward mode and second derivatives raise TF's LookupError.
"""
import numpy as np
import pytest

import framework as tf
from framework.gradient_check import check_gradients

IDS, SEG = [0, 2, 2, 3, 5, 6, 1, 4, 0, 3], [0, 0, 1, 1, 1, 2, 2, 2, 2, 3]
OPS = {'sum': tf.sparse.segment_sum, 'mean': tf.sparse.segment_mean, 'sqrtn': tf.sparse.segment_sqrt_n}
# TF 2.21, float64, x = linspace(-1.3, 2.1, 14).reshape(7, 2), weights range(8) * 0.37 - 0.5
Y64 = {
    'mean': 'bfe8dc8dc8dc8dc9 bfe07e07e07e07e1 3fdc63c63c63c63d 3fe6906906906906 3fc1b91b91b91b94 3fd999999999999b '
            '3fd13b13b13b13b4 3fe0fc0fc0fc0fc2',
    'sqrtn': 'bff1946b4fa1ddb8 bfe752da69a69839 3fe89613c4f12094 3ff38a849d44d39a 3fd1b91b91b91b94 3fe999999999999b '
             '3fd13b13b13b13b4 3fe0fc0fc0fc0fc2',
}
G64 = {
    'mean': 'bf747ae147ae1480 3fd170a3d70a3d71 3fcf5c28f5c28f5c 3fd599999999999a bfc5c28f5c28f5c3 3fc1b4e81b4e81b3 '
            '3ffccccccccccccc 400258bf258bf258 3fcf5c28f5c28f5c 3fd599999999999a 3fb47ae147ae147a 3fca06d3a06d3a05 '
            '3fcf5c28f5c28f5c 3fd599999999999a',
    'sqrtn': '3fc177151e86a720 3fe2a88f3f79b31c 3fdf5c28f5c28f5c 3fe599999999999a bfcb84c52e0da2b0 3fd0a818a5bcec3f '
             '3ffdbcadac300621 4003899796c4b5e0 3fdf5c28f5c28f5c 3fe599999999999a 3fc1bc779ef0d4e8 3fd68a2d59fcb93c '
             '3fdf5c28f5c28f5c 3fe599999999999a',
}


def _bits(a):
    return ' '.join('%016x' % v for v in np.asarray(a, np.float64).reshape(-1).view(np.uint64))


@pytest.mark.parametrize('name', ['mean', 'sqrtn'])
def test_float64_values_and_gradients_are_tensorflows_bits(name):
    x = tf.constant(np.linspace(-1.3, 2.1, 14).reshape(7, 2))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = OPS[name](x, IDS, SEG)
        s = tf.reduce_sum(y * tf.constant(np.arange(8).reshape(4, 2) * 0.37 - 0.5))
    g = tape.gradient(s, x)
    assert type(g) is tf.Tensor
    assert _bits(y.numpy()) == Y64[name]
    assert _bits(g.numpy()) == G64[name]


def test_float32_sqrt_n_scales_values_in_float32_and_gradients_by_the_rounded_double():
    x = tf.constant(np.linspace(-1.3, 2.1, 14).reshape(14, 1) + 0.01, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.sparse.segment_sqrt_n(x, list(range(13)), [0] * 6 + [1] * 7)
    g = tape.gradient(y, x)
    assert ['%08x' % v for v in y.numpy().view(np.uint32).ravel()] == ['bfc774cf', '40342399']   # TF 2.21
    assert ['%08x' % v for v in g.numpy().view(np.uint32).ravel()] == ['3ed105ec'] * 6 + ['3ec1848f'] * 7 + ['00000000']


@pytest.mark.parametrize('name,kernel', [('sum', 'SparseSegmentSumGrad'), ('mean', 'SparseSegmentMeanGrad'),
                                         ('sqrtn', 'SparseSegmentSqrtNGrad')])
def test_forward_mode_and_second_derivatives_raise_the_grad_kernels_lookup_error(name, kernel):
    x = tf.constant(np.arange(12.0).reshape(4, 3) * 0.3 - 1.0)
    f = lambda z: OPS[name](z, [0, 2, 2, 3], [0, 0, 1, 1])      # noqa: E731
    with pytest.raises(LookupError, match='gradient registry has no entry for: %s' % kernel):
        with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
            acc.jvp(f(x))
    with pytest.raises(LookupError, match=kernel):
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                y = tf.reduce_sum(f(x) ** 2)
            g = inner.gradient(y, x)
            z = tf.reduce_sum(g * g)
        outer.gradient(z, x)
    # TF 2.21's first derivative there: [-0.4, 0.8, 2.0, 0, 0, 0, 4.6, 7.0, 9.4, 5.0, 6.2, 7.4] for the sum
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(f(x) ** 2)
    if name == 'sum':
        np.testing.assert_allclose(tape.gradient(y, x).numpy().ravel(),
                                   [-0.4, 0.8, 2.0, 0, 0, 0, 4.6, 7.0, 9.4, 5.0, 6.2, 7.4], rtol=1e-14, atol=1e-15)


@pytest.mark.parametrize('name', sorted(OPS))
def test_gradients_match_central_differences(name):
    x = np.random.default_rng(3).standard_normal((7, 2))
    assert check_gradients(lambda z: OPS[name](z, IDS, SEG, num_segments=6), [x]) < 1e-6
