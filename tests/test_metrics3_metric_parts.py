"""A user metric's state includes the Keras Variables and Metrics it keeps as attributes (Keras 3.15).

Keras's Tracker puts each in the metric's state once, in the order set, after the metric's own
variables; reset_state zeroes them all. tapeflow listed only add_variable's variables, so a composite
metric's parts kept counting across reset_state (TF 2.21: AUC part 0.0 after reset; tapeflow 1.0).
Values printed by TF 2.21 for the same metric.
"""
import numpy as np

import framework as tf
from framework import keras


class _Composite(keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(name='composite', **kwargs)
        self.a = self.add_variable(shape=(), initializer='zeros', name='a')
        self.kept = keras.Variable(1.5, name='kept', trainable=False)
        self.plain = tf.Variable(2.5, name='plain', trainable=False)    # no Keras Variable: not tracked
        self.parts = [keras.metrics.Mean(name='p0'), keras.metrics.Sum(name='p1')]
        self.by_key = {'m': keras.metrics.Mean(name='dm')}
        self.b = self.add_variable(shape=(), initializer='zeros', name='b')
        self.again = self.a
        self.auc = keras.metrics.AUC(num_thresholds=5, name='auc')

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.a.assign_add(1.0)
        self.parts[0].update_state(y_pred)
        self.by_key['m'].update_state(y_true)
        self.auc.update_state(y_true, y_pred)

    def result(self):
        return {'a': self.a, 'auc': self.auc.result(), 'p0': self.parts[0].result()}


def test_parts_join_the_state_in_kerass_order():
    keras.backend.clear_session()
    metric = _Composite()
    assert [v.path for v in metric.variables] == [
        'composite/a', 'kept', 'composite/b', 'p0/total', 'p0/count', 'p1/total', 'dm/total', 'dm/count',
        'auc/true_positives', 'auc/false_positives', 'auc/true_negatives', 'auc/false_negatives']


def test_reset_state_zeroes_the_parts():
    keras.backend.clear_session()
    metric = _Composite()
    metric.update_state(np.array([0., 1, 1]), np.array([0.2, 0.8, 0.4]))
    result = metric.result()
    assert [float(result[k]) for k in ('a', 'auc', 'p0')] == [1.0, 1.0, 0.46666666865348816]
    metric.reset_state()
    result = metric.result()
    assert [float(result[k]) for k in ('a', 'auc', 'p0')] == [0.0, 0.0, 0.0]
    assert float(metric.kept.numpy()) == 0.0 and float(metric.plain.numpy()) == 2.5
