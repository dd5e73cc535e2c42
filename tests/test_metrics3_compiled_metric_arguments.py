"""Compiled metrics get sample_weight=None by keyword, as Keras 3.15's MetricsList passes it (TF 2.21).

A custom Metric whose update_state takes no sample_weight fails in fit / evaluate with Python's
TypeError, and a Mean among the metrics with 'got multiple values' (tapeflow passed (y_true, y_pred)
alone: it trained, and Mean averaged y_true weighted by y_pred). Texts and values printed by TF 2.21.
"""
import numpy as np
import pytest

from framework import keras


class _NoSampleWeight(keras.metrics.Metric):
    def __init__(self, name='nosw', **kwargs):
        super().__init__(name=name, **kwargs)
        self.total = self.add_variable(shape=(), initializer='zeros', name='total')

    def update_state(self, y_true, y_pred):
        self.total.assign_add(keras.ops.sum(y_pred))

    def result(self):
        return self.total


class _KeywordArguments(_NoSampleWeight):
    def update_state(self, y_true, y_pred, **kwargs):
        self.total.assign_add(keras.ops.sum(y_pred) + float(len(kwargs)))


def _model(metrics):
    keras.backend.clear_session()
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3, activation='softmax')])
    model.compile('adam', 'categorical_crossentropy', metrics=metrics)
    return model


def _data():
    g = np.random.RandomState(0)
    return g.uniform(size=(16, 4)).astype('float32'), np.eye(3, dtype='float32')[g.randint(0, 3, 16)]


def test_a_metric_without_sample_weight_fails_in_fit_and_evaluate():
    x, y = _data()
    with pytest.raises(TypeError, match=r"update_state\(\) got an unexpected keyword argument 'sample_weight'"):
        _model([_NoSampleWeight()]).fit(x, y, epochs=1, batch_size=8, verbose=0)
    with pytest.raises(TypeError, match=r"update_state\(\) got an unexpected keyword argument 'sample_weight'"):
        _model([_NoSampleWeight()]).evaluate(x, y, verbose=0)


def test_a_mean_metric_gets_sample_weight_twice():
    x, y = _data()
    with pytest.raises(TypeError, match=r"Mean.update_state\(\) got multiple values for argument 'sample_weight'"):
        _model([keras.metrics.Mean()]).fit(x, y, epochs=1, batch_size=8, verbose=0)


def test_keyword_arguments_see_the_sample_weight():
    # two batches, each adding its 8 softmax rows (8.0) and 1 for the sample_weight keyword: TF's 18.0
    x, y = _data()
    history = _model([_KeywordArguments()]).fit(x, y, epochs=1, batch_size=8, verbose=0)
    assert history.history['nosw'] == [18.0]
