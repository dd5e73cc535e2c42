"""reduction='mean_with_sample_weight' without sample weights divides by the count as Keras's DivNoNan does.

Golden values printed by TF 2.21 / Keras 3 (notes/progs/metrics9/t4.py):

    l = keras.losses.MeanAbsoluteError(reduction='mean_with_sample_weight')
    rng = np.random.RandomState(seed); y = rng.randn(5, 3, 2).astype('float32'); p = rng.randn(5, 3, 2).astype('float32')
    print(float(l(y, p)).hex(), float(tf.function(lambda a, b: l(a, b))(y, p)).hex())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('seed, expected', [(0, '0x1.6ac92a0000000p+0'), (3, '0x1.1ff4ae0000000p+0'),
                                            (5, '0x1.ed0d0c0000000p-1'), (11, '0x1.b4be7c0000000p-1')])
def test_traced_unweighted_mean_with_sample_weight_is_keras_quotient(seed, expected):
    rng = np.random.RandomState(seed)
    y_true, y_pred = rng.randn(5, 3, 2).astype('float32'), rng.randn(5, 3, 2).astype('float32')
    loss = keras.losses.MeanAbsoluteError(reduction='mean_with_sample_weight')
    assert float(loss(y_true, y_pred)).hex() == expected
    # (a traced sum / 15.0 became sum * (1 / 15), grappler's rewrite of Div, which TF's DivNoNan escapes)
    assert float(tf.function(lambda a, b: loss(a, b))(y_true, y_pred)).hex() == expected


def test_weighted_mean_with_sample_weight_still_divides_by_the_weights():
    loss = keras.losses.MeanSquaredError(reduction='mean_with_sample_weight')
    y_true = np.array([[1.], [2.], [3.]], 'float32')
    y_pred = np.array([[0.], [0.], [0.]], 'float32')
    # TF 2.21 prints 4.5: (1 * 1 + 4 * 2 + 9 * 1) / (1 + 2 + 1); sum_over_batch_size would give 18 / 3 = 6.0
    assert float(loss(y_true, y_pred, sample_weight=np.array([1., 2., 1.], 'float32'))) == (1 + 8 + 9) / 4
