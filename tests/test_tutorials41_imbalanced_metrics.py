"""keras.io's imbalanced-classification example and the TF tutorial "Classification on imbalanced data":
threshold metrics with sample weights, and a fit with class_weight and Precision / Recall / AUC, as
TF 2.21 computes them (tapeflow already matched; these pin it).

Golden values: TF 2.21 printed them as float.hex (notes progs/tutorials41/t41_pin_imb.py, the same
data and calls, run with `import tensorflow as tf; from tensorflow import keras`).
"""
import numpy as np

from framework import keras


def _data():
    rng = np.random.RandomState(41)
    y_true = (rng.rand(200, 1) < 0.1).astype('float32')
    y_pred = np.clip(rng.rand(200, 1) * 0.6 + y_true * 0.35, 0, 1).astype('float32')
    weights = np.where(y_true[:, 0] == 1, 5.0, 0.5).astype('float32')
    return rng, y_true, y_pred, weights


def _hex(values):
    return [float(v).hex() for v in np.ravel(values)]


def test_threshold_metrics_with_sample_weights_give_tf_values():
    _, y_true, y_pred, weights = _data()
    cases = [
        (keras.metrics.Precision(thresholds=[0.1, 0.5, 0.9]), ['0x1.29d6de0000000p-1', '0x1.9435e60000000p-1', '0x1.0000000000000p+0']),
        (keras.metrics.Recall(thresholds=0.3), ['0x1.0000000000000p+0']),
        (keras.metrics.AUC(num_thresholds=50, summation_method="minoring"), ['0x1.a6604c0000000p-1']),
        (keras.metrics.AUC(curve="PR"), ['0x1.b73d660000000p-1']),
        (keras.metrics.PrecisionAtRecall(0.5), ['0x1.bb76ee0000000p-1']),
        (keras.metrics.RecallAtPrecision(0.8), ['0x1.0c30c40000000p-1']),
        (keras.metrics.SensitivityAtSpecificity(0.9), ['0x1.0c30c40000000p-1']),
        (keras.metrics.SpecificityAtSensitivity(0.9), ['0x1.2f320e0000000p-1']),
    ]
    for metric, expected in cases:
        metric.update_state(y_true, y_pred, sample_weight=weights)
        assert _hex(metric.result()) == expected, metric.name


def test_class_weighted_fit_history_gives_tf_values():
    rng, y_true, _, _ = _data()
    keras.utils.set_random_seed(41)
    x = rng.randn(200, 5).astype('float32')
    model = keras.Sequential([keras.Input((5,)), keras.layers.Dense(1, activation="sigmoid")])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss="binary_crossentropy",
                  metrics=[keras.metrics.Precision(name="precision"), keras.metrics.Recall(name="recall"),
                           keras.metrics.AUC(name="auc")])
    history = model.fit(x, y_true, batch_size=50, epochs=2, verbose=0, class_weight={0: 0.5, 1: 5.0}).history
    assert {k: _hex(v) for k, v in history.items()} == {
        'auc': ['0x1.152e1c0000000p-1', '0x1.15ff540000000p-1'],
        'loss': ['0x1.87170a0000000p-1', '0x1.82760c0000000p-1'],
        'precision': ['0x1.dfb6320000000p-4', '0x1.dfb6320000000p-4'],
        'recall': ['0x1.3cf3d00000000p-1', '0x1.3cf3d00000000p-1'],
    }
