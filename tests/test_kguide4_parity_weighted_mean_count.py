"""A Mean-based metric given sample weights counts their sum in TensorFlow's order (Keras's ops.sum).

The guide's ``weighted_metrics=['mae']`` with ``sample_weight=np.linspace(0.1, 2, n)`` printed a
weighted MAE one ulp off: tapeflow summed the weights with numpy's pairwise sum, TF with Eigen's
packets. Goldens: float32 bit patterns from /work/notes/progs/kguides4/d15.py and d16.py under
TF 2.21 / Keras 3.
"""
import numpy as np

from framework import keras

SW = np.linspace(0.1, 2, 16).astype('float32')


def bits(metric):
    return [int(np.asarray(v).view(np.int32)) for v in metric.variables]


def test_mean_and_mae_count_the_weights_as_tf():
    mean = keras.metrics.Mean()
    mean.update_state(np.ones(16, 'float32'), sample_weight=SW)
    assert bits(mean) == [1099327078, 1099327078]
    mae = keras.metrics.MeanAbsoluteError()
    mae.update_state(np.ones((16, 2), 'float32'), np.zeros((16, 2), 'float32'), sample_weight=SW)
    assert bits(mae) == [1099327078, 1099327078]


def test_weighted_mae_result_as_tf():
    rng = np.random.RandomState(0)
    y_true = rng.normal(size=(16, 1)).astype('float32')
    y_pred = rng.normal(size=(16, 1)).astype('float32')
    for n, total, count, result in ((16, 1100057832, 1099327078, 1066049172), (12, 1096767938, 1092154819, 1069213566)):
        mae = keras.metrics.MeanAbsoluteError()
        mae.update_state(y_true[:n], y_pred[:n], sample_weight=SW[:n])
        assert bits(mae) == [total, count]
        assert int(np.asarray(mae.result()).view(np.int32)) == result
