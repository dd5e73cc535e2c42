"""A custom Loss given to compile as a metric survives save and load, and prints as Python's repr.

Hands-On ML ch. 12 passes its HuberLoss class to compile (``metrics=[HuberLoss(2.)]`` works as for
``create_huber``). The .keras file records that metric as the user's class; Keras 3 rebuilds it from
custom_objects and compile wraps it again. tapeflow's metric reader accepted only Metric classes, so
load_model raised SavedFileError "cannot restore the compile arguments". Keras leaves a Loss's repr to
Python ('<__main__.HuberLoss object at 0x...>'); tapeflow printed '<HuberLoss name=huber_loss>'.

Goldens: /work/notes/progs/handson4/t_loss_metric.py and h4c_custom.py run with TF 2.21.
"""
import numpy as np

import framework as tf


class HuberLoss(tf.keras.losses.Loss):
    def __init__(self, threshold=1.0, **kwargs):
        self.threshold = threshold
        super().__init__(**kwargs)

    def call(self, y_true, y_pred):
        error = y_true - y_pred
        small = tf.abs(error) < self.threshold
        return tf.where(small, tf.square(error) / 2, self.threshold * tf.abs(error) - self.threshold ** 2 / 2)

    def get_config(self):
        return {**super().get_config(), "threshold": self.threshold}


X = np.array([[1., 2.], [3., -1.], [0., 4.], [-2., 1.]], "float32")
Y = np.array([[1.], [6.], [-3.], [0.5]], "float32")
TF_RESULTS = {'huber_loss': 2.5665624141693115, 'loss': 6.291249752044678}


def test_a_loss_class_metric_is_restored_by_load_model(tmp_path):
    model = tf.keras.Sequential([tf.keras.layers.Input((2,)), tf.keras.layers.Dense(1)])
    model.set_weights([np.array([[0.5], [-0.25]], "float32"), np.array([0.1], "float32")])
    model.compile(loss="mse", optimizer="sgd", metrics=[HuberLoss(2., name="huber_loss")])   # named: other tests' losses take the auto names
    assert model.evaluate(X, Y, verbose=0, return_dict=True) == TF_RESULTS
    path = str(tmp_path / "loss_metric.keras")
    model.save(path)
    loaded = tf.keras.models.load_model(path, custom_objects={"HuberLoss": HuberLoss})
    assert loaded.evaluate(X, Y, verbose=0, return_dict=True) == TF_RESULTS


def test_metrics_deserialize_builds_a_custom_loss_class():
    metric = tf.keras.metrics.deserialize(
        {"class_name": "HuberLoss", "config": {"name": "h", "reduction": "sum", "threshold": 3.0}},
        custom_objects={"HuberLoss": HuberLoss})
    assert (type(metric).__name__, metric.threshold, metric.reduction, metric.name) == ("HuberLoss", 3.0, "sum", "h")


def test_a_loss_prints_as_pythons_default_repr():
    assert repr(HuberLoss(name="h")).startswith("<test_handson11_parity_loss_as_metric_reload.HuberLoss object at 0x") \
        or repr(HuberLoss(name="h")).startswith("<tests.test_handson11_parity_loss_as_metric_reload.HuberLoss object at 0x")
    assert repr(tf.keras.losses.Loss(name="base")).startswith("<keras.src.losses.loss.Loss object at 0x")
