"""Loss and metric constructors given odd arguments behave as Keras 3 on TF 2.21: a list reduction fails
Keras's set lookup (TypeError "unhashable type: 'list'"), a metric named by a number fails where Keras opens
its variables' name scope ("'int' object has no attribute 'replace'"), and MeanMetricWrapper takes any fn,
failing only when it is called. tapeflow raised ValueError / accepted the name / refused the fn up front.

Golden texts printed by TF 2.21 (progs/errors38/lossctor.py, metricctor.py), e.g.
    keras.losses.MeanSquaredError(reduction=['sum'])  -> TypeError: unhashable type: 'list'
    keras.metrics.Mean(name=3)                         -> AttributeError: 'int' object has no attribute 'replace'
    m = keras.metrics.MeanMetricWrapper(fn=None); m.update_state([1.], [1.])
                                                       -> TypeError: 'NoneType' object is not callable
"""
import numpy as np
import pytest

from framework import keras


def test_a_list_reduction_is_unhashable():
    with pytest.raises(TypeError) as info:
        keras.losses.MeanSquaredError(reduction=['sum'])
    assert str(info.value) == "unhashable type: 'list'"
    with pytest.raises(ValueError, match=r'^Invalid value for argument `reduction`'):
        keras.losses.MeanSquaredError(reduction='SUM')


@pytest.mark.parametrize('make', [lambda: keras.metrics.Mean(name=3), lambda: keras.metrics.Sum(name=3),
                                  lambda: keras.metrics.AUC(name=3)])
def test_a_metric_named_by_a_number_fails_at_its_variables(make):
    with pytest.raises(AttributeError) as info:
        make()
    assert str(info.value) == "'int' object has no attribute 'replace'"


def test_a_metric_without_variables_keeps_any_name():
    class NoState(keras.metrics.Metric):
        def __init__(self):
            super().__init__(name=5)

        def result(self):
            return 0.0

    assert NoState().name == 5


@pytest.mark.parametrize('fn, text', [(None, "'NoneType' object is not callable"),
                                      ('mse', "'str' object is not callable")])
def test_mean_metric_wrapper_calls_its_fn_only_when_updated(fn, text):
    metric = keras.metrics.MeanMetricWrapper(fn=fn)
    assert metric.get_config()['fn'] == fn
    with pytest.raises(TypeError) as info:
        metric.update_state(np.ones(1), np.ones(1))
    assert str(info.value) == text
    assert float(metric.result()) == 0.0       # nothing counted
