"""In the exact-math mode (``set_tf_exact_math(True)``), sums over leading axes take TensorFlow's
order (framework/eigen_outer_sum.py) at every size: the moments of BatchNormalization over a
small batch (keras.io's convnets on a few hundred samples) carry TF's bits. So does the default
mode now (it kept numpy's order below 4096 values until a two-microsecond path replaced the gate).

Golden values: this file's arrays (same seeds) under /opt/tfref/bin/python (TF 2.21 / Keras
3.15.1), printed as `.view(np.uint32).tolist()` of `tf.reduce_sum(x, 0)`, `tf.nn.moments(y, [0, 1])`
and `keras.layers.BatchNormalization()(y, training=True)[0, 0]`.
"""
import numpy as np

import framework as tf
from framework import keras
from framework.ops import eigen_math

SUM_BITS = [1065867184, 1087325764, 1103480852, 3251512364, 3207981712, 3222713754, 1083489929, 3233977294,
            1101131303]
MEAN_BITS = [1056730353, 1050616928, 1056420493, 1052060814, 1056297608, 1019087480, 3189361289, 1055820762]
VARIANCE_BITS = [1082315311, 1081700600, 1079628100, 1076213492, 1083883090, 1088094531, 1081828627, 1080074977]
BN_BITS = [3216372446, 1070314383, 3188262201, 1051341420, 3182514924, 3213076846, 3213307375, 3158648672]


def _arrays():
    rng = np.random.RandomState(11)
    x = rng.normal(size=(20, 9)).astype('float32') * 3
    y = rng.normal(size=(2, 16, 8)).astype('float32') * 2 + 0.5
    return x, y


def test_a_small_column_sum_has_tf_bits(exact_math):
    x, _ = _arrays()
    assert tf.reduce_sum(x, 0).numpy().view(np.uint32).tolist() == SUM_BITS


def test_small_batch_moments_and_batch_normalization_have_tf_bits(exact_math):
    _, y = _arrays()
    mean, variance = tf.nn.moments(tf.constant(y), [0, 1])
    assert mean.numpy().view(np.uint32).tolist() == MEAN_BITS
    assert variance.numpy().view(np.uint32).tolist() == VARIANCE_BITS
    out = keras.layers.BatchNormalization()(y, training=True)
    assert np.asarray(out)[0, 0].view(np.uint32).tolist() == BN_BITS


def test_the_default_mode_sums_small_columns_in_tensorflows_order_too():
    x, _ = _arrays()
    before = eigen_math.ENABLED[0]
    try:
        eigen_math.ENABLED[0] = 'small'
        assert tf.reduce_sum(x, 0).numpy().view(np.uint32).tolist() == SUM_BITS
    finally:
        eigen_math.ENABLED[0] = before
