"""keras.ops.squeeze / expand_dims / transpose check their axes as Keras 3's TensorFlow backend does,
before any TensorFlow op runs: ValueError (IndexError for a squeeze axis beyond the shape list) with
Keras's texts, eagerly and inside a tf.function alike, where tapeflow raised the kernels'
InvalidArgumentError. Expected results printed by TF 2.21 + Keras 3 (notes/progs/graphops15/k1.py:
type and last line of str(error), or the result's shape)."""
import pytest

import framework as tf
from framework import keras

A23, A12 = tf.ones((2, 3)), tf.ones((1, 2))

REFUSED = [
    (lambda x: keras.ops.squeeze(x, 0), A23, ValueError, 'Cannot squeeze axis=0, because the dimension is not 1.'),
    (lambda x: keras.ops.squeeze(x, -1), A23, ValueError, 'Cannot squeeze axis=-1, because the dimension is not 1.'),
    (lambda x: keras.ops.squeeze(x, 5), A23, IndexError, 'list index out of range'),
    (lambda x: keras.ops.squeeze(x, [0, 1]), A12, ValueError,
     'Cannot squeeze axis=1, because the dimension is not 1.'),
    (lambda x: keras.ops.expand_dims(x, 3), A23, ValueError, 'axis 3 is out of bounds for an array with dimension 3.'),
    (lambda x: keras.ops.expand_dims(x, -4), A23, ValueError,
     'axis -4 is out of bounds for an array with dimension 3.'),
    (lambda x: keras.ops.expand_dims(x, (0, 4)), A23, ValueError,
     'axis 4 is out of bounds for an array with dimension 4.'),
    (lambda x: keras.ops.expand_dims(x, (0, -5)), A23, ValueError,
     'axis -5 is out of bounds for an array with dimension 4.'),
    (lambda x: keras.ops.transpose(x, [1, 0, 2]), A23, ValueError,
     'axis 2 is out of bounds for an array with dimension 2.'),
    (lambda x: keras.ops.transpose(x, [0, -3]), A23, ValueError,
     'axis -3 is out of bounds for an array with dimension 2.'),
    (lambda x: keras.ops.transpose(x, [0, -2]), A23, ValueError, '`axes` must be a valid permutation of the input '
     'dimensions (no duplicates). Received: axes=[0, 0] for input of rank 2.'),
]


@pytest.mark.parametrize('fn, x, kind, text', REFUSED)
def test_bad_axes_raise_keras_errors_eagerly(fn, x, kind, text):
    with pytest.raises(Exception) as err:
        fn(x)
    assert type(err.value) is kind and str(err.value) == text


@pytest.mark.parametrize('fn, x, kind, text', [c for c in REFUSED if c[2] is ValueError])
def test_bad_axes_raise_keras_errors_inside_a_tf_function(fn, x, kind, text):
    # TF 2.21: the trace's error, its last line '    ValueError: <Keras's text>' (not a graph node's text)
    with pytest.raises(ValueError) as err:
        tf.function(fn)(x)
    assert type(err.value) is ValueError
    assert str(err.value).strip().split('\n')[-1].strip() in (text, 'ValueError: ' + text)


def test_a_permutation_of_the_wrong_length_stays_the_kernel_error():
    for axes in ([0], []):      # TF 2.21: InvalidArgumentError 'transpose expects a vector of size 2. ...'
        with pytest.raises(tf.errors.InvalidArgumentError):
            keras.ops.transpose(A23, axes)


def test_valid_axes_keep_working_as_keras_does():
    # TF 2.21 + Keras 3 shapes: squeeze (2,) for 0, (0,), [0, 0], -2 and None on (1, 2); expand_dims; transpose
    for axis in (0, (0,), [0, 0], -2, None):
        assert tuple(keras.ops.squeeze(A12, axis).shape) == (2,)
    assert tuple(keras.ops.squeeze([[1.0, 2.0]], 0).shape) == (2,)
    assert tuple(keras.ops.expand_dims(A23, 2).shape) == (2, 3, 1)
    assert tuple(keras.ops.expand_dims(A23, -3).shape) == (1, 2, 3)
    assert tuple(keras.ops.expand_dims(A23, (0, 3)).shape) == (1, 2, 3, 1)
    assert tuple(keras.ops.transpose(A23, [-1, 0]).shape) == (3, 2)
    assert tuple(keras.ops.transpose(A23, (1, 0)).shape) == (3, 2)
    values = keras.ops.transpose(tf.reshape(tf.range(6.0), (2, 3)), [-1, 0])
    assert values.numpy().tolist() == [[0.0, 3.0], [1.0, 4.0], [2.0, 5.0]]
