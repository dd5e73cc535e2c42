"""keras.ops.histogram checks the rank before the dtype, as Keras 3 on TF 2.21 (its ops-level check runs
before the TF backend's Min of the values)."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops


@pytest.mark.parametrize('dtype', ['bool', 'complex64'])
def test_rank_two_bool_or_complex_is_the_rank_error(dtype):
    # TF 2.21: 'Input tensor must be 1-dimensional. Received: input.shape=(2, 3)' for both
    with pytest.raises(ValueError) as caught:
        ops.histogram(np.ones((2, 3), dtype))
    assert str(caught.value) == 'Input tensor must be 1-dimensional. Received: input.shape=(2, 3)'


def test_one_dimensional_bool_meets_min():
    # TF 2.21: "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, ..."
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of bool is not in the list of allowed values"):
        ops.histogram(np.ones((2,), bool))
