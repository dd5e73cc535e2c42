"""keras.ops.sparsemax of integer and bool tensors runs Keras 3's steps and fails where TF 2.21 does."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError, NotFoundError

X = np.array([[1, 2, 0]])


@pytest.mark.parametrize('dtype', ['int32', 'int64'])
def test_int32_int64_fail_at_sub(dtype):
    # TF 2.21: 'cannot compute Sub as input #1(zero-based) was expected to be a int32 tensor but is a double
    # tensor [Op:Sub] name: ' ((totals - 1) / rank is float64)
    with pytest.raises(InvalidArgumentError) as caught:
        keras.ops.sparsemax(X.astype(dtype))
    assert str(caught.value) == ('cannot compute Sub as input #1(zero-based) was expected to be a %s tensor but is a '
                                 'double tensor [Op:Sub] name: ' % dtype)


@pytest.mark.parametrize('dtype', ['int8', 'int16', 'uint16', 'uint32', 'uint64'])
def test_small_and_unsigned_ints_fail_at_range(dtype):
    # TF 2.21: NotFoundError 'Could not find device for node: {{node Range}} = Range[Tidx=DT_INT8]\n...'
    with pytest.raises(NotFoundError) as caught:
        keras.ops.sparsemax(X.astype(dtype))
    assert str(caught.value).startswith('Could not find device for node: {{node Range}} = Range[Tidx=DT_%s]'
                                        % dtype.upper())


def test_uint8_and_bool():
    # TF 2.21: uint8 "Value for attr 'Tidx' of uint8 is not in the list ..." (Range), bool TopKV2's "Value for
    # attr 'T' of bool ..." (the descending sort)
    with pytest.raises(InvalidArgumentError, match="^Value for attr 'Tidx' of uint8 is not in the list"):
        keras.ops.sparsemax(X.astype('uint8'))
    with pytest.raises(InvalidArgumentError, match=r"(?s)^Value for attr 'T' of bool .*\{\{node TopKV2\}\}"):
        keras.ops.sparsemax(X.astype(bool))


def test_floats_unchanged():
    # TF 2.21: sparsemax([[1., 2., 0.]]) is [[0., 1., 0.]]
    assert np.asarray(keras.ops.sparsemax(X.astype('float32'))).tolist() == [[0.0, 1.0, 0.0]]
