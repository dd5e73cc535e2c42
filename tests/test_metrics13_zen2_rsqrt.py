"""float32 rsqrt with AMD Zen 2's VRSQRTPS estimate (framework/ops/zen2_rsqrt_estimate.py), as TF 2.21 computes
it on an EPYC 7002 (family 23, model 49): Eigen's packets refine the CPU's estimate with one Newton step, and
that CPU's estimate is not Intel's, so tf.math.rsqrt, keras.ops.normalize (CosineSimilarity over 8 or more
rows, a 3-D batch), LayerNormalization and l2_normalize differed from TF there in the last bit (Intel's model
gave rsqrt 3fb2a728 where TF gives 3fb2a729 below). Values printed by TF 2.21 on that CPU
(/work/notes/progs/metrics13/rsq.py, cos3.py, rsq2.py; estimates read with vrsqrtps.c). conftest gives every
other test Intel's estimate (the goldens' Xeon); these turn the table on whatever the CPU.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import zen2_rsqrt_estimate


@pytest.fixture(autouse=True)
def zen2(monkeypatch):
    monkeypatch.setattr(zen2_rsqrt_estimate, 'applies', lambda: True)


def _bits(t):
    return ' '.join('%08x' % v for v in np.asarray(t, np.float32).reshape(-1).view(np.uint32))


def test_estimates_read_from_the_cpu():
    x = np.array([1.0, 2.0, 0.5, 1e30], np.float32)
    # VRSQRTPS on the EPYC: 1.0 -> 0x3f7ff800 (8191 / 8192), 2.0 -> 0x3f350000 (5792 / 8192), 0.5 twice 2.0's
    estimate = zen2_rsqrt_estimate.fast_estimate(x.view(np.uint32))
    assert _bits(estimate)[:26] == '3f7ff800 3f350000 3fb50000'


def test_rsqrt_packets():
    a = np.linspace(0.05, 7.0, 16).astype('float32')
    assert _bits(tf.math.rsqrt(a)) == ('408f1bbd 3fb2a729 3f81851e 3f555555 3f398f29 3f26682d 3f182d1c 3f0d10e1 '
                                       '3f04149a 3ef93cda 3eec967d 3ee1afed 3ed82aa4 3ecfc1e2 3ec84246 3ec1848f')
    special = np.array([0, -0.0, -2, np.inf, 1, 2, 3, 4], 'float32')
    assert _bits(tf.math.rsqrt(special)) == '7f800000 ff800000 ffc00000 00000000 3f800000 3f3504f3 3f13cd3a 3f000000'


def test_cosine_similarity_loss_and_metric():
    rs = np.random.RandomState(3)
    t = rs.rand(4, 2, 3).astype('float32')
    p = rs.rand(4, 2, 3).astype('float32')
    assert _bits(keras.losses.CosineSimilarity(reduction=None)(t, p)) == (
        'bf7fb09d bf6ae97a bf55e4d0 bf386d29 bf676d34 bf40ed2c bf6f8f82 bf7f1db6')
    assert _bits(keras.losses.CosineSimilarity()(t, p)) == 'bf61fe75'
    m = keras.metrics.CosineSimilarity()
    m.update_state(t.reshape(8, 3), p.reshape(8, 3))
    assert _bits(m.result()) == '3f61fe75'


def test_layer_normalization_and_l2_normalize():
    x = np.linspace(-1, 1, 40).astype('float32').reshape(8, 5)
    assert _bits(keras.layers.LayerNormalization()(x)[0]) == 'bfa5ee78 bf25ee80 b5800000 3f25ee60 3fa5ee70'
    assert _bits(tf.nn.l2_normalize(x, axis=0)[0]) == 'bf17c2e2 bf119a3e bf0a417c bf01dc98 bef142f1'


def test_rsqrt_second_derivative():
    x = tf.constant(np.linspace(0.3, 2.9, 12).reshape(3, 4), 'float32')
    w = tf.constant(np.cos(np.arange(12.0)).reshape(3, 4), 'float32')
    with tf.GradientTape() as outer:
        outer.watch(x)
        with tf.GradientTape() as inner:
            inner.watch(x)
            y = tf.reduce_sum(tf.math.rsqrt(x) * w)
        g = inner.gradient(y, x)
        z = tf.reduce_sum(g * g * w)
    # TF 2.21 on the EPYC: bb68af03 in the sixth place (the Xeon's bb68af0c: test_autodiff13_rsqrt_grad_grad.py)
    assert _bits(outer.gradient(z, x)) == ('c2b92f63 bfb6f477 3e1b3cc1 3f33ab8b 3db247b0 bb68af03 bd9c0335 '
                                           'bcb463e7 38d245cd 3c85e177 3c103451 b07cab9c')
