"""Hashing(mask_value=...) of the other kind than the inputs: Keras 3.15 masks with tf.equal(values, mask_value), whose
conversion refuses a string mask for numbers and a number for strings with TF's TypeError.

Golden texts: /work/notes/progs/errors13/hm1.py under TF 2.21 + Keras 3.15; the sed port prints the same for these
(float inputs name int64 here, TF 'float': tapeflow's layer call casts them to the layer's int64 first)."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('values, mask_value, shown', [
    (np.array([[1, 2, 3]]), 'a', "'a' to EagerTensor of dtype int64"),
    (np.array([[1, 2, 3]]), b'a', "b'a' to EagerTensor of dtype int64"),
    (np.array([[1, 2, 3]], 'int32'), 'a', "'a' to EagerTensor of dtype int32"),
    (np.array([['a', 'b']]), 1, '1 to EagerTensor of dtype string'),
    (np.array([['a', 'b']]), 2.0, '2.0 to EagerTensor of dtype string'),
])
def test_mask_of_the_other_kind_is_tf_conversion_error(values, mask_value, shown):
    with pytest.raises(TypeError) as info:
        keras.layers.Hashing(4, mask_value=mask_value)(values)
    assert '\x1b[1mCannot convert %s\x1b[0m' % shown in str(info.value)


@pytest.mark.parametrize('values, mask_value, expected', [
    (np.array([[1, 2, 3]]), 1, [[0, 2, 1]]),
    (np.array([['a', 'b']]), 'a', [[0, 2]]),
    (np.array([['a', 'b']]), b'a', [[0, 2]]),
])
def test_mask_of_the_same_kind_masks(values, mask_value, expected):
    assert keras.layers.Hashing(4, mask_value=mask_value)(values).numpy().tolist() == expected
