"""Configs of a user's loss, metric and metric function as Keras 3.15 writes them (Hands-On ML
ch. 12: HuberLoss(keras.losses.Loss), HuberMetric(keras.metrics.Metric), a MeanMetricWrapper
over huber_fn).

Golden dicts printed by TensorFlow 2.21 + Keras 3.15 (``import keras``):
- ``MeanMetricWrapper(huber_fn, name='hub', delta=3.0).get_config()`` and a bare
  LossFunctionWrapper's carry 'fn' as serialize_keras_object's function dict;
- ``keras.saving.serialize_keras_object`` / ``keras.losses.serialize`` / ``keras.metrics.serialize``
  of a user's class write its module (None for a script, here this test module) and its
  registered name, the bare class name when it is not registered;
- a wrapped function that is nowhere to be found raises TypeError 'Could not locate function ...'.
"""
import pytest

import framework as tf
from framework import keras
from framework.losses import LossFunctionWrapper

FUNCTION = {'module': 'builtins', 'class_name': 'function', 'config': 'huber_fn', 'registered_name': 'function'}


def huber_fn(y_true, y_pred, delta=1.0):
    return tf.square(y_true - y_pred)


class HuberLoss(keras.losses.Loss):
    def __init__(self, threshold=1.0, **kwargs):
        self.threshold = threshold
        super().__init__(**kwargs)

    def call(self, y_true, y_pred):
        return tf.square(y_true - y_pred)

    def get_config(self):
        return {**super().get_config(), 'threshold': self.threshold}


class HuberMetric(keras.metrics.Metric):
    def __init__(self, threshold=1.0, **kwargs):
        super().__init__(**kwargs)
        self.threshold = threshold
        self.total = self.add_weight(name='total', initializer='zeros')

    def update_state(self, y_true, y_pred, sample_weight=None):
        self.total.assign_add(tf.reduce_sum(huber_fn(y_true, y_pred)))

    def result(self):
        return self.total

    def get_config(self):
        return {**super().get_config(), 'threshold': self.threshold}


def test_wrappers_write_their_function_as_keras_does():
    metric = keras.metrics.MeanMetricWrapper(huber_fn, name='hub', delta=3.0)
    assert metric.get_config() == {'name': 'hub', 'dtype': 'float32', 'fn': FUNCTION, 'delta': 3.0}
    loss = LossFunctionWrapper(huber_fn, name='hub', delta=3.0)
    assert loss.get_config() == {'name': 'hub', 'reduction': 'sum_over_batch_size', 'fn': FUNCTION, 'delta': 3.0}


def test_wrapper_configs_load_back_through_custom_objects_and_built_ins():
    metric = keras.metrics.MeanMetricWrapper(huber_fn, name='hub', delta=3.0)
    with keras.saving.custom_object_scope({'huber_fn': huber_fn}):
        again = keras.metrics.MeanMetricWrapper.from_config(metric.get_config())
        loss = LossFunctionWrapper.from_config(LossFunctionWrapper(huber_fn).get_config())
    assert again._fn is huber_fn and again.get_config() == metric.get_config()
    assert loss.fn is huber_fn
    built_in = keras.metrics.MeanMetricWrapper.from_config(
        {'name': 'a', 'dtype': 'float32', 'fn': dict(FUNCTION, config='mean_squared_error')})
    assert built_in._fn is keras.losses.mean_squared_error
    older = keras.metrics.MeanMetricWrapper.from_config({'name': 'a', 'dtype': 'float32', 'fn': 'mean_squared_error'})
    assert older._fn is keras.losses.mean_squared_error        # tapeflow's files before Keras's spelling


def test_missing_function_raises_keras_type_error():
    with pytest.raises(TypeError) as info:
        keras.metrics.MeanMetricWrapper.from_config({'name': 'hub', 'dtype': 'float32', 'fn': FUNCTION})
    assert str(info.value) == (
        "Could not locate function 'huber_fn'. Make sure custom classes and functions are decorated with "
        '`@keras.saving.register_keras_serializable()`. If they are already decorated, make sure they are all '
        'imported so that the decorator is run before trying to load them. Full object config: ' + repr(FUNCTION))


@pytest.mark.parametrize('serialize', [keras.saving.serialize_keras_object, keras.losses.serialize])
def test_user_loss_is_serialized_with_module_and_registered_name(serialize):
    assert serialize(HuberLoss(2.0, name='huber_loss')) == {
        'module': __name__, 'class_name': 'HuberLoss',
        'config': {'name': 'huber_loss', 'reduction': 'sum_over_batch_size', 'threshold': 2.0},
        'registered_name': 'HuberLoss'}


@pytest.mark.parametrize('serialize', [keras.saving.serialize_keras_object, keras.metrics.serialize])
def test_user_metric_is_serialized_with_module_and_registered_name(serialize):
    assert serialize(HuberMetric(2.0, name='huber_metric')) == {     # a user's class's names count up, as in Keras
        'module': __name__, 'class_name': 'HuberMetric',
        'config': {'name': 'huber_metric', 'dtype': 'float32', 'threshold': 2.0}, 'registered_name': 'HuberMetric'}


def test_built_ins_keep_keras_module_and_no_registered_name():
    assert keras.losses.serialize(keras.losses.Huber()) == {
        'module': 'keras.losses', 'class_name': 'Huber',
        'config': {'name': 'huber_loss', 'reduction': 'sum_over_batch_size'}, 'registered_name': None}
    assert keras.metrics.serialize(keras.metrics.MeanAbsoluteError()) == {
        'module': 'keras.metrics', 'class_name': 'MeanAbsoluteError',
        'config': {'name': 'mean_absolute_error', 'dtype': 'float32'}, 'registered_name': None}
    assert keras.losses.serialize(keras.losses.mean_squared_error) == dict(FUNCTION, config='mean_squared_error')
    assert keras.losses.deserialize(keras.losses.serialize(keras.losses.Huber(2.0))).get_config() == \
        {'name': 'huber_loss', 'reduction': 'sum_over_batch_size'}
