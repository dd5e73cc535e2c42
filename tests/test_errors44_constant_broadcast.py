"""keras.initializers.Constant returns Keras 3's ``cast(value) * ones(shape)``: the broadcast product, which can be
longer than the shape asked for. TF 2.21 gives Constant([4.])(shape=()) tf.Tensor([4.], shape=(1,)),
Constant(np.ones((3, 1)))(shape=(2,)) a (3, 2) tensor; tapeflow raised Mul's 'Incompatible shapes: [1] vs. []'
(/work/notes/progs/errors44/c15.txt, c16.txt). Shapes that do not broadcast keep the Mul kernel's error."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('value, shape, expected', [
    ([4.0], (), [4.0]),
    ([[0.5]], (1,), [[0.5]]),
    (np.ones((3, 1)), (2,), np.ones((3, 2))),
    (np.ones((3, 2)), (2,), np.ones((3, 2))),
    ([1.0, 2.0], (3, 2), [[1.0, 2.0]] * 3),
])
def test_the_value_broadcasts_against_the_shape(value, shape, expected):
    result = keras.initializers.Constant(value)(shape=shape, dtype='float32')
    assert result.dtype == 'float32'
    np.testing.assert_array_equal(result.numpy(), np.asarray(expected, 'float32'))


def test_shapes_that_do_not_broadcast_are_muls_error():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[3\] vs\. \[2\] \[Op:Mul\] name: '):
        keras.initializers.Constant(np.ones(3))(shape=(2,), dtype='float32')
