"""Metric values and weights given as floats to an integer metric are cast, as Keras 3's convert_to_tensor
does for integer dtypes on TF 2.21 (it converts, then casts: 2.6 -> 2); tapeflow raised TF's strict
conversion TypeError (errors10 fuzzer D row metc.Mean|d_int32). Sum(dtype='int32') of [1.0, 2.6] weighted
[1.5, 2.5] is 1*1 + 2*2 = 5 in TF (printed by a probe under /opt/tfref); a bool dtype still refuses."""
import pytest

from framework import keras


def test_an_int_sum_casts_float_values_and_weights():
    metric = keras.metrics.Sum(dtype='int32')
    metric.update_state([1.0, 2.6], sample_weight=[1.5, 2.5])
    assert int(metric.result()) == 5
    metric = keras.metrics.Sum(dtype='int32')
    metric.update_state(3.7)
    assert int(metric.result()) == 3


def test_an_int_mean_takes_float_values():
    keras.metrics.Mean(dtype='int32').update_state([1.0, 2.0])       # TF: fine (its result is float32 1.5)


def test_a_bool_metric_still_refuses_floats():
    with pytest.raises(TypeError):
        keras.metrics.Mean(dtype='bool').update_state([1.0, 2.0])
