"""A metric reads its dtype as Keras 3's DTypePolicy and keeps the compute dtype: 'mixed_float16' makes a
float16 metric, a DTypePolicy instance is taken as such (both were ValueError). Checked against
TensorFlow 2.21 + Keras 3.15: Mean(dtype=...).dtype and its variables' dtype, and the errors."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('dtype, want', [('mixed_float16', 'float16'), ('float64', 'float64'), ('int32', 'int32'),
                                         (None, 'float32'), (keras.DTypePolicy('mixed_bfloat16'), 'bfloat16')])
def test_metric_dtype_is_the_policy_compute_dtype(dtype, want):
    m = keras.metrics.Mean(dtype=dtype)
    assert m.dtype == want and m.variables[0].dtype == want
    m.update_state(np.array([1.5, 2.5], 'float32'))
    # an integer Mean's result is float32 in TF 2.21 + Keras 3.15 (divide_no_nan casts to float): 1.5 here
    assert m.result().dtype == ('float32' if want == 'int32' else want)


@pytest.mark.parametrize('dtype, text', [
    ('float', "Cannot convert 'float' to a mixed precision DTypePolicy. Valid policies include 'mixed_float16', "
              "'mixed_bfloat16', and the name of any float dtype such as 'float32'."),
    (7, 'Cannot interpret `dtype` argument. Expected a string or an instance of DTypePolicy. Received: dtype=7'),
])
def test_metric_dtype_errors(dtype, text):
    with pytest.raises(ValueError) as err:
        keras.metrics.Mean(dtype=dtype)
    assert str(err.value) == text
