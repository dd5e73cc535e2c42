"""keras.ops.take's index dtypes as Keras 3 on TF 2.21 hands them to GatherV2 (printed by TF 2.21:
/work/notes/progs/opsfuzz5/p06_misc.py and the snippets in the comments)."""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

ops = keras.ops


@pytest.mark.parametrize('indices, shown', [
    (np.array([1., 2.]), 'double'), ([1.5], 'float'), (1.0, 'float'),
    (np.array([1, 2], 'uint8'), 'uint8'), (np.array([1], 'int8'), 'int8'), (np.array([1], 'uint16'), 'uint16'),
])
def test_take_refuses_indices_gather_does_not_take(indices, shown):
    # TF 2.21: ops.take(np.arange(6), np.array([1., 2.])) -> InvalidArgumentError "Value for attr 'Tindices' of
    # double is not in the list of allowed values: int16, int32, int64 ... [Op:GatherV2] name: "
    with pytest.raises(InvalidArgumentError) as info:
        ops.take(np.arange(6), indices)
    text = str(info.value)
    assert text.startswith("Value for attr 'Tindices' of %s is not in the list of allowed values: int16, int32, "
                           "int64\n\t; NodeDef: {{node GatherV2}}" % shown)
    assert text.endswith('[Op:GatherV2] name: ')


def test_take_bool_indices_and_integer_indices():
    # TF 2.21: ops.take(np.arange(6), [True]) -> TypeError 'Cannot convert 0 to EagerTensor of dtype bool'
    with pytest.raises(TypeError, match='^Cannot convert 0 to EagerTensor of dtype bool'):
        ops.take(np.arange(6), [True])
    # int16 / int32 / int64 and negative Python ints still gather: [1, 2], [1, 5]
    assert ops.take(np.arange(6), np.array([1, 2], 'int16')).numpy().tolist() == [1, 2]
    assert ops.take(np.arange(6), [1, -1]).numpy().tolist() == [1, 5]
