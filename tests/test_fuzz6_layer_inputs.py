"""Layer inputs TensorFlow 2.21 + Keras 3 treat otherwise than tapeflow did (/work/notes/progs/fuzz6 lout_tf.txt):
the global max poolings reduce with keras.ops.max, so an empty batch is its 'Cannot compute the max of an empty
tensor' InvalidArgumentError (tapeflow returned an empty result) and bool inputs give bools (tapeflow refused)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

IAE = tf.errors.InvalidArgumentError


@pytest.mark.parametrize('make, shape', [
    (keras.layers.GlobalMaxPooling1D, (0, 4, 3)), (keras.layers.GlobalMaxPooling2D, (0, 4, 4, 1)),
    (keras.layers.GlobalMaxPooling3D, (0, 2, 4, 4, 1)),
])
def test_global_max_pooling_of_an_empty_batch(make, shape):
    with pytest.raises(IAE, match='Cannot compute the max of an empty tensor.'):
        make()(np.zeros(shape, np.float32))


def test_global_max_pooling_of_bools_gives_bools():
    x = np.array([[[True, False], [False, False]], [[False, False], [False, True]]])
    out = keras.layers.GlobalMaxPooling1D()(x)
    assert out.dtype == tf.bool
    np.testing.assert_array_equal(out, [[True, False], [False, True]])
    assert keras.layers.GlobalMaxPooling2D()(x[..., None]).dtype == tf.bool
