"""A metric's state variables are named, checked and marked as Keras 3's.

Hands-On ML ch. 12's HuberMetric writes ``self.add_weight("total", initializer="zeros")``, Keras 2's
order. In Keras 3 the first positional argument is the shape: its Variable takes an automatic name,
then refuses 'total' as a shape with a ValueError. tapeflow raised numpy's TypeError "'str' object
cannot be interpreted as an integer". Unnamed metric variables take the process-wide automatic names
('variable', 'variable_1', ...) that layers' unnamed weights share (tapeflow counted per metric from
'variable_0'); metric variables are synchronized 'on_read'.

Goldens: /work/notes/progs/handson5/t_metric_vars.py run with TF 2.21.
"""
import pytest

import framework as tf


class HuberMetric(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.total = self.add_weight("total", initializer="zeros")

    def update_state(self, y_true, y_pred, sample_weight=None):
        pass

    def result(self):
        return self.total


class Unnamed(tf.keras.metrics.Metric):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.a = self.add_weight(initializer="zeros")
        self.b = self.add_variable(shape=(2,), initializer="ones")

    def update_state(self, y_true, y_pred, sample_weight=None):
        pass

    def result(self):
        return self.a


def test_a_name_given_where_the_shape_goes_is_keras_value_error():
    with pytest.raises(ValueError) as caught:
        HuberMetric()
    assert str(caught.value) == "Cannot convert 'total' to a shape. Found invalid dimension 't' of type '<class 'str'>'. "


@pytest.mark.parametrize('shape, text', [
    (5, "Cannot convert '5' to a shape."),
    ([2, "a"], "Cannot convert '[2, 'a']' to a shape. Found invalid dimension 'a' of type '<class 'str'>'. "),
])
def test_other_bad_shapes(shape, text):
    with pytest.raises(ValueError) as caught:
        tf.keras.metrics.Mean().add_weight(shape, initializer="zeros")
    assert str(caught.value) == text


def test_unnamed_variables_take_the_shared_automatic_names():
    tf.keras.backend.clear_session()
    with pytest.raises(ValueError):
        HuberMetric()           # uses up 'variable', as in Keras
    metric = Unnamed(name="unnamed")
    assert [(v.name, v.path, tuple(v.shape)) for v in metric.variables] == [
        ('variable_1', 'unnamed/variable_1', ()), ('variable_2', 'unnamed/variable_2', (2,))]


def test_metric_variables_are_synchronized_on_read():
    assert [(v.synchronization, v.aggregation) for v in tf.keras.metrics.Mean().variables] == [
        ('on_read', 'sum'), ('on_read', 'sum')]
