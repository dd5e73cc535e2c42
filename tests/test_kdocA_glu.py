"""keras.ops.glu / keras.activations.glu check the axis size before the dtype, with Keras 3's text: an odd
size is ValueError 'axis size must be divisible by 2. Received: x.shape=(7,) with axis=-1' even for ints
(TF 2.21 + Keras 3.15 print it); an even-sized int tensor still meets TF's kernel refusal."""
import numpy as np
import pytest

import framework as tf
from framework.keras import activations, ops


@pytest.mark.parametrize('fn', [ops.glu, activations.glu])
def test_odd_size_first(fn):
    with pytest.raises(ValueError) as info:
        fn(np.array([3, -2, 0, 7, 5, -9, 1], 'int32'))
    assert str(info.value) == 'axis size must be divisible by 2. Received: x.shape=(7,) with axis=-1'


def test_even_sized_ints_meet_the_kernel():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of int32"):
        ops.glu(np.array([3, -2, 0, 7], 'int32'))
    out = ops.glu(np.ones((2, 4), 'float32')).numpy()
    np.testing.assert_allclose(out, np.full((2, 2), 1 / (1 + np.exp(-1.0))), rtol=1e-6)
