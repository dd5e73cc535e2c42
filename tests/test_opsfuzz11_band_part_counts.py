"""tf.linalg.band_part's num_lower / num_upper as TF 2.21's eager MatrixBandPart converts them (texts printed
by TF 2.21: x = tf.reshape(tf.range(1., 13.), [3, 4]); tf.linalg.band_part(x, 1.0, 0) -> TypeError
'Cannot convert 1.0 to EagerTensor of dtype int64'; tf.linalg.band_part(x, np.float32(1), 0) runs)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

X = tf.reshape(tf.range(1., 13.), [3, 4])
LOWER_1 = [[1.0, 0.0, 0.0, 0.0], [5.0, 6.0, 0.0, 0.0], [0.0, 10.0, 11.0, 0.0]]


@pytest.mark.parametrize('lower, upper, text', [
    (1.0, 0, 'Cannot convert 1.0 to EagerTensor of dtype int64'),
    (1.5, 0, 'Cannot convert 1.5 to EagerTensor of dtype int64'),
    (0, 2.0, 'Cannot convert 2.0 to EagerTensor of dtype int64'),
    (1.0, 2.0, 'Cannot convert 1.0 to EagerTensor of dtype int64'),
    (tf.constant(1), 1.0, 'Cannot convert 1.0 to EagerTensor of dtype int32')])
def test_python_float_counts_fail_conversion(lower, upper, text):
    with pytest.raises(TypeError) as caught:
        tf.linalg.band_part(X, lower, upper)
    assert str(caught.value) == text


def test_none_count():
    with pytest.raises(ValueError) as caught:
        tf.linalg.band_part(X, None, 0)
    assert str(caught.value) == ("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                 "to a Tensor.")


@pytest.mark.parametrize('lower', [np.float32(1), np.int64(1), True, tf.constant(1, tf.int64)])
def test_numpy_scalars_and_bools_pass(lower):
    assert tf.linalg.band_part(X, lower, 0).numpy().tolist() == LOWER_1


def test_tensor_counts_dtype_errors():
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.band_part(X, tf.constant(1.), 0)
    assert str(caught.value).startswith("Value for attr 'Tindex' of float is not in the list of allowed values: "
                                        "int32, int64\n\t; NodeDef: {{node MatrixBandPart}}; Op<name=MatrixBandPart;")
    assert str(caught.value).endswith('[Op:MatrixBandPart] name: ')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.band_part(X, tf.constant(1, tf.int64), tf.constant(1))
    assert str(caught.value) == ('cannot compute MatrixBandPart as input #2(zero-based) was expected to be a int64 '
                                 'tensor but is a int32 tensor [Op:MatrixBandPart] name: ')


def test_non_scalar_counts():
    prefix = '{{function_node __wrapped__MatrixBandPart_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.band_part(X, 1, tf.constant([1]))
    assert str(caught.value) == prefix + 'num_upper must be scalar, got shape [1] [Op:MatrixBandPart] name: '
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.band_part(X, [1], 0)
    assert str(caught.value) == prefix + 'num_lower must be scalar, got shape [1] [Op:MatrixBandPart]'
