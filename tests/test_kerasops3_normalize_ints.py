"""keras.ops.normalize of integer and bool tensors as Keras 3 on TF 2.21: order 2 meets Rsqrt with the
widened sum of squares' dtype, other orders compute in floatx."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

X = np.array([[1, 2]])


@pytest.mark.parametrize('dtype, named', [('int8', 'int32'), ('int16', 'int32'), ('uint8', 'uint32'),
                                          ('uint16', 'uint32'), ('bool', 'int32'), ('int64', 'int64')])
def test_order_two_names_the_summed_dtype(dtype, named):
    # TF 2.21: "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double,
    # complex64, complex128" for int8
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'T' of %s is not in the list" % named):
        keras.ops.normalize(X.astype(dtype))


@pytest.mark.parametrize('dtype', ['int8', 'uint16', 'int32', 'int64'])
def test_order_one_computes_in_floatx(dtype):
    # TF 2.21: normalize([[1, 2]], order=1) is float32 [[0.33333334, 0.6666667]]; bools [[0.5, 0.5]]
    r = keras.ops.normalize(X.astype(dtype), order=1)
    assert r.dtype.name == 'float32'
    assert np.asarray(r).tolist() == np.array([[1 / 3, 2 / 3]], np.float32).tolist()
    assert np.asarray(keras.ops.normalize(X.astype(bool), order=1)).tolist() == [[0.5, 0.5]]
