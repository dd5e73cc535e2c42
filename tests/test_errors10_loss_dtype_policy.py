"""A loss's dtype string is read as Keras 3 reads it on TF 2.21, as a DTypePolicy: 'mixed_float16' computes in
float16 ('mixed_bfloat16' in bfloat16) and an unknown name is the policy's ValueError; tapeflow raised
TensorFlow's DType TypeError for both (errors10 fuzzer C row lossc.MSE|d_bad; TF printed the lines below)."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('policy, computes', [('mixed_float16', 'float16'), ('mixed_bfloat16', 'bfloat16')])
def test_a_mixed_policy_computes_in_its_compute_dtype(policy, computes):
    loss = keras.losses.MeanSquaredError(dtype=policy)
    assert loss.dtype == computes
    assert loss(np.ones((2, 2)), np.zeros((2, 2))).dtype.name == computes


def test_an_unknown_name_is_the_policy_value_error():
    with pytest.raises(ValueError) as info:
        keras.losses.MeanSquaredError(dtype='foo')
    assert str(info.value) == ("Cannot convert 'foo' to a mixed precision DTypePolicy. Valid policies include "
                               "'mixed_float16', 'mixed_bfloat16', and the name of any float dtype such as 'float32'.")
