"""tf.nn.softmax of float32 rows holding NaN or +inf gives oneDNN's values, as TF 2.21 on x86 (oneDNN on):
NaN where the shifted logit's exp overflowed (oneDNN's exp clamps a NaN to ln(FLT_MAX)), 0 elsewhere, not a
row of NaN. Expected values printed by TF 2.21:

    print(tf.nn.softmax(tf.constant([row], 'float32')).numpy().tolist())
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

pytestmark = pytest.mark.skipif(not onednn_policy.enabled(), reason="TF's oneDNN softmax runs on this CPU only")

nan, inf = float('nan'), float('inf')


@pytest.mark.parametrize('row, expected', [
    ([inf, 1.0], [nan, 0.0]),
    ([nan, 1.0], [nan, 0.0]),
    ([1.0, nan], [0.0, nan]),
    ([1.0, inf, 2.0], [0.0, nan, 0.0]),
    ([inf, -inf, 3.0], [nan, 0.0, 0.0]),
    ([nan, inf, 1.0], [nan, nan, 0.0]),
    ([-inf, nan, 2.0], [0.0, nan, 0.0]),
    ([inf, inf], [nan, nan]),
    ([-inf, -inf], [nan, nan]),
    ([nan, nan], [nan, nan]),
    ([-inf, 1.0], [0.0, 1.0]),
])
def test_softmax_of_a_row_with_nan_or_inf(row, expected):
    np.testing.assert_array_equal(tf.nn.softmax(tf.constant([row], 'float32')).numpy()[0], expected)


def test_only_the_non_finite_rows_change_in_a_large_batch():
    logits = np.random.RandomState(0).randn(300, 20).astype('float32')
    finite = tf.nn.softmax(tf.constant(logits)).numpy()
    logits[3, 4], logits[7, 2], logits[9] = inf, nan, -inf
    out = tf.nn.softmax(tf.constant(logits)).numpy()
    expected_3 = np.zeros(20, 'float32')
    expected_3[4] = nan
    np.testing.assert_array_equal(out[3], expected_3)
    assert np.isnan(out[7, 2]) and np.count_nonzero(out[7]) == 1
    assert np.isnan(out[9]).all()
    keep = np.ones(300, bool)
    keep[[3, 7, 9]] = False
    np.testing.assert_array_equal(out[keep], finite[keep])


def test_softmax_layer_and_activation_in_predict():
    np.testing.assert_array_equal(keras.layers.Softmax()(tf.constant([[inf, 1.0, 0.5]])).numpy(), [[nan, 0.0, 0.0]])
    model = keras.Sequential([keras.Input((3,)), keras.layers.Activation('softmax')])
    out = model.predict(np.array([[inf, 1.0, 0.5], [1, 2, nan]], 'float32'), verbose=0)
    np.testing.assert_array_equal(out, [[nan, 0.0, 0.0], [0.0, 0.0, nan]])
