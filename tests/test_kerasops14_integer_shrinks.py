"""keras.ops / keras.activations hard_shrink, soft_shrink and threshold of integer tensors run Keras 3's TF formula
in the integer dtype, their arguments converted to it as TF converts Python (and numpy) numbers: hard_shrink(int32,
2) is an int32 tensor, a 0.6 threshold is "Cannot convert 0.6 to EagerTensor of dtype int32", soft_shrink of uint8
by 1 wraps (-1 is 255), bools meet "Cannot convert 1 to EagerTensor of dtype bool". tapeflow refused every integer
input with the default's "Cannot convert 0.5 ...", whatever the threshold.

Goldens: TF 2.21's outputs of /work/notes/progs/kerasops14/a1.py (80 of 80 lines equal after the fix, 58 differed).
"""
import numpy as np
import pytest

from framework import keras

ops = keras.ops
_X = np.array([-3, -1, 0, 1, 2, 5])


def _x(dtype):
    return ops.cast(_X, dtype)


@pytest.mark.parametrize('dtype', ['int32', 'int8', 'int64'])
@pytest.mark.parametrize('call, expected', [
    (lambda x: ops.hard_shrink(x, 2), [-3, 0, 0, 0, 0, 5]),
    (lambda x: ops.hard_shrink(x, threshold=1), [-3, 0, 0, 0, 2, 5]),
    (lambda x: ops.hard_shrink(x, np.int32(1)), [-3, 0, 0, 0, 2, 5]),
    (lambda x: ops.soft_shrink(x, 1), [-2, 0, 0, 0, 1, 4]),
    (lambda x: ops.threshold(x, 1, 0), [0, 0, 0, 0, 2, 5]),
    (lambda x: ops.threshold(x, 1, -1), [-1, -1, -1, -1, 2, 5]),
    (lambda x: keras.activations.hard_shrink(x, 2), [-3, 0, 0, 0, 0, 5]),
    (lambda x: keras.activations.soft_shrink(x, 1), [-2, 0, 0, 0, 1, 4]),
    (lambda x: keras.activations.threshold(x, 1, 0), [0, 0, 0, 0, 2, 5]),
])
def test_integer_inputs_stay_integers(call, expected, dtype):
    out = call(_x(dtype))
    assert out.dtype == dtype and np.asarray(out).tolist() == expected


def test_unsigned_wraps_as_tf():
    assert np.asarray(ops.soft_shrink(_x('uint8'), 1)).tolist() == [252, 254, 1, 2, 1, 4]
    assert np.asarray(ops.threshold(_x('uint8'), 1, -1)).tolist() == [253, 255, 255, 255, 2, 5]


@pytest.mark.parametrize('call, dtype, text', [
    (lambda x: ops.hard_shrink(x, 0.6), 'int32', 'Cannot convert 0.6 to EagerTensor of dtype int32'),
    (lambda x: ops.soft_shrink(x, 0.6), 'uint8', 'Cannot convert 0.6 to EagerTensor of dtype uint8'),
    (lambda x: ops.threshold(x, 1, 0.5), 'int8', 'Cannot convert 0.5 to EagerTensor of dtype int8'),
    (lambda x: ops.soft_shrink(x, 1), 'bool', 'Cannot convert 1 to EagerTensor of dtype bool'),
    (lambda x: keras.activations.threshold(x, 1, 0), 'bool', 'Cannot convert 1 to EagerTensor of dtype bool'),
    (lambda x: ops.hard_shrink(x), 'int64', 'Cannot convert 0.5 to EagerTensor of dtype int64'),
])
def test_arguments_tf_cannot_convert(call, dtype, text):
    with pytest.raises(TypeError) as caught:
        call(_x(dtype))
    assert str(caught.value) == text
