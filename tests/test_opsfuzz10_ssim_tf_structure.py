"""tf.image.ssim / ssim_multiscale computed as TF 2.21's _ssim_per_channel: the 2-D softmax Gaussian kernel,
depthwise VALID convolutions, the mean over windows then channels, avg_pool halving and Pow of the stacked
terms. Golden values printed by TF 2.21 (notes/progs/opsfuzz10/p9.py):

    rng = np.random.RandomState(3)
    A = rng.rand(1, 12, 12, 2).astype(np.float32); B = rng.rand(1, 12, 12, 2).astype(np.float32)
    tf.image.ssim(A, B, 1.0, filter_size=11)  (and return_index_map=True, its gradient w.r.t. A)
"""
import pytest
import numpy as np

import framework as tf
from framework import config


def _images():
    rng = np.random.RandomState(3)
    a = rng.rand(1, 12, 12, 2).astype(np.float32)
    b = rng.rand(1, 12, 12, 2).astype(np.float32)
    return a, b


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_ssim_value_and_index_map_bits():
    a, b = _images()
    assert tf.image.ssim(a, b, 1.0, filter_size=11).numpy().tolist() == [0.2834961712360382]   # was 0.2834965
    assert tf.image.ssim(a, b, 1.0, filter_size=11, return_index_map=True).numpy().tolist() == \
        [[[0.30766424536705017, 0.23473700881004333], [0.31787729263305664, 0.2737060785293579]]]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_ssim_of_two_flat_images():
    # the separable 1-D blur gave 0.7240897 here (4th digit off)
    got = tf.image.ssim(np.full((1, 11, 11, 1), 0.3, np.float32), np.full((1, 11, 11, 1), 0.7, np.float32), 1.0)
    assert got.numpy().tolist() == [0.7243534326553345]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_ssim_gradient_bits():
    a, b = _images()
    v = tf.Variable(a)
    with tf.GradientTape() as tape:
        s = tf.reduce_sum(tf.image.ssim(v, b, 1.0, filter_size=11))
    g = tape.gradient(s, v).numpy()[0, :2, :2].tolist()
    assert g == [[[6.292111720540561e-08, 1.3586941349785775e-08], [-2.5714771254570223e-06, 3.4372865229670424e-06]],
                 [[-2.9477837415470276e-07, -6.790981387894135e-06],
                  [-2.019436033151578e-05, -5.8198456827085465e-05]]]


# measured under TF 2.21 on the AVX-512 Xeon (oneDNN's kernels): run as there on any CPU (conftest's xeon_cpu)
@pytest.mark.usefixtures('xeon_cpu')
def test_ssim_multiscale_bits_in_exact_mode():
    # larger convolutions take TF's order of sums in the exact-math mode only (README: exact-math sizes)
    a, b = _images()
    before = config.tf_exact_math()
    config.set_tf_exact_math(True)
    try:
        got = tf.image.ssim_multiscale(np.tile(a, (1, 2, 2, 1)), np.tile(b, (1, 2, 2, 1)), 1.0,
                                       power_factors=(0.3, 0.7), filter_size=7)
    finally:
        config.set_tf_exact_math(before)
    assert got.numpy().tolist() == [0.018901627510786057]
