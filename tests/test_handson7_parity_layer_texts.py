"""Keras 3 / TF 2.21 texts for argument errors a Hands-On ML ch. 17-19 reader meets
(progs/handson7/x12.py under /opt/tfref): noise layers' rates, TimeDistributed on 2-D inputs,
exporting an unbuilt model, and tf.one_hot of float mask indices (OneHot's registry error)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('make, text', [
    (lambda: keras.layers.GaussianNoise(-1.0), 'Invalid value received for argument `stddev`. Expected a float '
                                              'value between 0 and 1. Received: stddev=-1.0'),
    (lambda: keras.layers.GaussianDropout(2), 'Invalid value received for argument `rate`. Expected a float value '
                                             'between 0 and 1. Received: rate=2'),
    # (TF 2.21's keras.layers.AlphaDropout is Keras's legacy layer, which checks no rate: errors42's
    # tests/test_errors42_alpha_dropout_legacy.py)
])
def test_noise_rates(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


def test_noise_rate_that_is_no_number_and_a_bool():
    with pytest.raises(TypeError, match="'<=' not supported between instances of 'int' and 'str'"):
        keras.layers.GaussianNoise('a')
    assert keras.layers.GaussianNoise(True).stddev is True      # 0 <= True <= 1, as Keras lets it through


def test_time_distributed_needs_a_time_axis():
    with pytest.raises(ValueError) as info:
        keras.layers.TimeDistributed(keras.layers.Dense(2))(tf.ones((2, 3)))
    assert str(info.value) == ('`TimeDistributed` Layer should be passed an `input_shape` with at least 3 dimensions, '
                               'received: (2, 3)')


def test_export_of_an_unbuilt_model(tmp_path):
    with pytest.raises(ValueError) as info:
        keras.Sequential([keras.layers.Dense(2)]).export(str(tmp_path / 'm'))
    assert str(info.value) == 'The model provided has not yet been built. It must be built before export.'


@pytest.mark.parametrize('indices, kernel_name', [
    (tf.constant([0.0, 1.0]), 'float'), (tf.constant([0, 1], tf.int16), 'int16'), (tf.constant([True]), 'bool'),
    (tf.constant([0.5], tf.float64), 'double'),
])
def test_one_hot_refuses_what_onehot_does_not_register(indices, kernel_name):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.one_hot(indices, 2)
    assert str(info.value) == (
        "Value for attr 'TI' of %s is not in the list of allowed values: uint8, int8, int32, int64\n\t; NodeDef: "
        "{{node OneHot}}; Op<name=OneHot; signature=indices:TI, depth:int32, on_value:T, off_value:T -> output:T; "
        "attr=axis:int,default=-1; attr=T:type; attr=TI:type,default=DT_INT64,allowed=[DT_UINT8, DT_INT8, DT_INT32, "
        "DT_INT64]> [Op:OneHot] name: " % kernel_name)


def test_one_hot_takes_its_four_index_types():
    for dtype in (tf.uint8, tf.int8, tf.int32, tf.int64):
        np.testing.assert_array_equal(tf.one_hot(tf.constant([1, 0], dtype), 2).numpy(), [[0, 1], [1, 0]])


@pytest.mark.parametrize('dtype', ['int8', 'int16', 'uint16', 'uint32', 'int64'])
def test_keras_one_hot_and_multi_hot_take_any_integer_ids(dtype):
    # Keras 3 converts the ids to int64 first, so tf.one_hot's narrower list does not apply
    ids = np.array([[1, 0], [2, 2]]).astype(dtype)
    np.testing.assert_array_equal(keras.ops.multi_hot(ids, 3).numpy(), [[1, 1, 0], [0, 0, 1]])
    np.testing.assert_array_equal(keras.ops.one_hot(ids[0], 3).numpy(), [[0, 1, 0], [1, 0, 0]])


class _DuelingHead(keras.layers.Layer):
    def call(self, inputs):
        state_values, raw_advantages = inputs
        return state_values + raw_advantages - tf.reduce_max(raw_advantages, axis=1, keepdims=True)


def test_compute_output_shape_of_several_inputs_is_keras_not_implemented_error():
    # TF 2.21 (progs/handson7/p10.py): Keras's base compute_output_shape; tapeflow crashed with a TypeError
    with pytest.raises(NotImplementedError) as info:
        _DuelingHead().compute_output_shape([(None, 1), (None, 2)])
    assert str(info.value) == ('Layer _DuelingHead does not have a `compute_output_shape` method implemented. '
                               'Should implement `def compute_output_shape(self, input_shape)`.')
    # the functional API still infers the head's output from its call
    states = keras.layers.Input(shape=[4])
    q = _DuelingHead()([keras.layers.Dense(1)(states), keras.layers.Dense(2)(states)])
    assert q.shape == (None, 2)
