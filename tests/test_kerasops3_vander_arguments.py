"""keras.ops.vander's argument checks in Keras 3's order and words (TF 2.21), eager and on KerasTensors."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
X = np.array([1.0, 2.0, 3.0], np.float32)


@pytest.mark.parametrize('make, shape', [(lambda: np.ones((2, 2)), '(2, 2)'), (lambda: tf.ones((2, 2)), '(2, 2)'),
                                         (lambda: np.float32(2.0), '()'), (lambda: keras.Input((3,)), '(None, 3)')])
def test_rank_other_than_one(make, shape):
    # TF 2.21: "Input tensor must be 1-dimensional. Received: input.shape=(2, 2)" ((None, 3) for keras.Input((3,)))
    with pytest.raises(ValueError) as caught:
        ops.vander(make())
    assert str(caught.value) == 'Input tensor must be 1-dimensional. Received: input.shape=%s' % shape


def test_a_list_has_no_shape():
    # TF 2.21: AttributeError "'list' object has no attribute 'shape'"
    with pytest.raises(AttributeError, match="'list' object has no attribute 'shape'"):
        ops.vander([1, 2])


@pytest.mark.parametrize('kwargs, error, text', [
    (dict(N=np.int64(2)), TypeError, "Argument `N` must be of type `int`. Received: N=2 of type <class 'numpy.int64'>"),
    (dict(N=2.0), TypeError, "Argument `N` must be of type `int`. Received: N=2.0 of type <class 'float'>"),
    (dict(N=-1), ValueError, "Argument 'N' must be nonnegative. Received: N=-1"),
    (dict(increasing=1), TypeError,
     "Argument `increasing` must be of type `bool`. Received: increasing=1 of type <class 'int'>"),
])
def test_bad_n_and_increasing(kwargs, error, text):
    with pytest.raises(error) as caught:
        ops.vander(X, **kwargs)
    assert str(caught.value) == text


def test_values_still_computed():
    # TF 2.21: N=True is one column of ones, N=0 three empty rows, int32 N=4 increasing [[1, 1, 1, 1], [1, 2, 4, 8], ...]
    assert np.asarray(ops.vander(X, N=True)).tolist() == [[1.0], [1.0], [1.0]]
    assert tuple(ops.vander(X, N=0).shape) == (3, 0)
    r = ops.vander(np.array([1, 2, 3], 'int32'), N=4, increasing=True)
    assert r.dtype.name == 'int32' and np.asarray(r).tolist() == [[1, 1, 1, 1], [1, 2, 4, 8], [1, 3, 9, 27]]
    assert tuple(ops.vander(keras.Input(shape=(), batch_size=4)).shape) == (4, 4)
