"""tf.math.igamma / igammac with TF 2.21's CPU kernel bits (Eigen's Cephes series and continued
fraction, stepped in the tensor's dtype: ops/eigen_igamma.py). Values printed by TF 2.21, e.g.
``print(tf.math.igamma(tf.constant([1., 2.]), tf.constant([1., 3.])))``."""
import numpy as np

import framework as tf


def test_float32_prints():
    # TF 2.21: tf.Tensor([0.6321205 0.8008517], shape=(2,), dtype=float32) (float64 sums gave 0.63212055)
    assert str(tf.math.igamma(tf.constant([1., 2.]), tf.constant([1., 3.]))) == \
        'tf.Tensor([0.6321205 0.8008517], shape=(2,), dtype=float32)'
    # tf.Tensor([0.36787945 0.19914828], shape=(2,), dtype=float32)
    assert str(tf.math.igammac(tf.constant([1., 2.]), tf.constant([1., 3.]))) == \
        'tf.Tensor([0.36787945 0.19914828], shape=(2,), dtype=float32)'
    # tf.Tensor([0.47291067 0.3233236  0.7576076 ], shape=(3,), dtype=float32)
    assert str(tf.math.igamma(tf.constant([0.5, 3., 10.]), tf.constant([0.2, 2., 12.]))) == \
        'tf.Tensor([0.47291067 0.3233236  0.7576076 ], shape=(3,), dtype=float32)'


def test_float32_random_grid_bits():
    rng = np.random.RandomState(0)
    a = rng.uniform(0.01, 5, 300)[:8].astype(np.float32)
    rng.uniform(5, 100, 100)
    x = rng.uniform(0, 6, 300)[:8].astype(np.float32)
    # TF 2.21: tf.math.igamma(a, x).numpy().view(np.uint32).tolist() (and igammac)
    assert tf.math.igamma(a, x).numpy().view(np.uint32).tolist() == [
        1056826475, 1062988373, 1018530695, 1064367849, 1064681948, 1055496820, 1057401941, 1022518768]
    assert tf.math.igammac(a, x).numpy().view(np.uint32).tolist() == [
        1057033674, 1041258157, 1064981412, 1030787433, 1025761852, 1057698502, 1056089942, 1064856784]


def test_float64_values():
    a = tf.constant([0.5, 3., 10., 1., 2.5, 0.01], tf.float64)
    x = tf.constant([0.2, 2., 12., 1., 40., 0.5], tf.float64)
    # TF 2.21: tf.math.igamma(a, x).numpy().tolist() and igammac
    assert tf.math.igamma(a, x).numpy().tolist() == [0.47291074313446185, 0.32332358381693643, 0.757607838329488,
                                                     0.6321205588285578, 0.9999999999999991, 0.9943732438060335]
    assert tf.math.igammac(a, x).numpy().tolist() == [0.5270892568655381, 0.6766764161830636, 0.24239216167051197,
                                                      0.36787944117144233, 8.391825114831597e-16,
                                                      0.0056267561939664645]


def test_edges_and_flushed_denormals():
    # TF 2.21: [0.0] both (the kernel's denormal results flush to zero)
    assert tf.math.igamma(tf.constant([73.931465]), tf.constant([9.84073])).numpy().tolist() == [0.0]
    assert tf.math.igammac(tf.constant([17.490866]), tf.constant([139.08177])).numpy().tolist() == [0.0]
    # [0.0, nan, 1.0, nan]: x == 0 gives 0 whatever a is
    got = tf.math.igamma(tf.constant([-1., 1., 2., np.nan]), tf.constant([0., -1., np.inf, 1.])).numpy()
    np.testing.assert_array_equal(got, np.float32([0., np.nan, 1., np.nan]))
    # [nan, 1.0, 0.0, 1.0]
    got = tf.math.igammac(tf.constant([-1., 1., 2., 3.]), tf.constant([0., 0., np.inf, 1e-3])).numpy()
    np.testing.assert_array_equal(got, np.float32([np.nan, 1., 0., 1.]))


def test_gradient_still_flows():
    a, x = tf.constant([2.0]), tf.constant([3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.igamma(a, x)
    # d/dx P(2, x) = x e^-x / Gamma(2) = 3 e^-3
    np.testing.assert_allclose(tape.gradient(y, x).numpy(), [3 * np.exp(-3.0)], rtol=1e-6)


def test_spence_at_one_is_positive_zero():
    # TF 2.21: print(tf.math.special.spence(tf.constant([1.]))) -> tf.Tensor([0.], shape=(1,), dtype=float32)
    assert str(tf.math.special.spence(tf.constant([1.]))) == 'tf.Tensor([0.], shape=(1,), dtype=float32)'
    assert str(tf.math.special.spence(tf.constant(1., tf.float64))) == 'tf.Tensor(0.0, shape=(), dtype=float64)'
