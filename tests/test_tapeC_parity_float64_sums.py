"""float64 sums in TensorFlow's order (Eigen's Packet4d: four accumulators of 4 doubles, the
fold (0 + 2) + (1 + 3), the last n % 4 one by one, halves past 4096 values), so a float64
regression's printed losses carry TF's last digit (numpy's pairwise sum differs for most lengths).

Goldens: TensorFlow 2.21 (tensorflow-cpu) on the same np.random.RandomState(1) draws, repr'd.
"""
import numpy as np

import framework as tf


def test_float64_reduce_sum_and_mean_of_vectors():
    rng = np.random.RandomState(1)
    want = {3: (0.4844171977497107, 0.16147239924990356), 4: (-0.7642879254952946, -0.19107198137382364),
            5: (-1.2895709527680943, -0.25791419055361886), 7: (-1.6806662624167314, -0.24009518034524735),
            16: (-1.8400981277747137, -0.1150061329859196), 17: (3.762384143784918, 0.2213167143402893),
            30: (4.8653113177830125, 0.1621770439261004), 33: (2.202200356262823, 0.06673334412917646),
            100: (10.238650095317432, 0.10238650095317432), 201: (2.205251841063264, 0.010971402194344598),
            4097: (52.668391761195394, 0.01285535556778018), 5000: (39.81961950976992, 0.007963923901953985)}
    for n, (total, mean) in want.items():
        v = rng.randn(n)
        assert tf.reduce_sum(tf.constant(v)).numpy() == total, n
        assert tf.reduce_mean(v).numpy() == mean, n


def test_float64_row_sums_losses_and_gradients():
    rng = np.random.RandomState(1)
    for n in [3, 4, 5, 7, 16, 17, 30, 33, 100, 201, 4097, 5000]:
        rng.randn(n)
    m = tf.constant(rng.randn(6, 37))
    assert tf.reduce_sum(m, axis=1).numpy().tolist() == [3.8641917289980103, -1.899805509259696, -4.439937942982115,
                                                         2.1654515686435785, -1.5894059199105273, 1.441063816374037]
    assert tf.reduce_mean(m, axis=-1, keepdims=True).numpy()[2, 0] == -0.1199983227833004
    assert tf.reduce_sum(m).numpy() == -0.4584422581367127 and tf.norm(m).numpy() == 14.225158287923021
    assert tf.keras.losses.MeanSquaredError()(m, m * 1.1).numpy() == 0.009115094318985939
    x = tf.Variable(rng.randn(30))
    with tf.GradientTape() as t:
        loss = tf.reduce_mean((x - 1.0) ** 2)
    assert loss.numpy() == 2.2020547945835265
    assert t.gradient(loss, x).numpy()[:3].tolist() == [-0.10340471632914368, -0.03597305216424744,
                                                        -0.16214275361435598]
