"""sample_from_datasets checks its ``weights`` in TF 2.21's order: the length (a tensor's shape) first, then
each weight against 0, then the converted dtype. The errors below were printed by TF 2.21 with
/work/notes/progs/tutorials50's /tmp/t50_w.py and t50_w2.py probes::

    a = tf.data.Dataset.range(0, 3); b = tf.data.Dataset.range(100, 102)
    tf.data.Dataset.sample_from_datasets([a, b], weights=w, seed=1)
"""
import numpy as np
import pytest

import framework as tf

LENGTH = 'Invalid `weights`. `weights` should have the same length as `datasets` but got `len(weights)=%d` vs. `len(datasets)=2`.'
SHAPE = 'Invalid `weights`. The shape of `weights` should be compatible with `[len(datasets)]` but is %s.'
DTYPE = "Invalid `weights`. `weights` type must be either `tf.float32` or `tf.float64` but is <dtype: '%s'>."


def _sample(weights):
    tf.random.set_seed(None)      # TF's values were printed without a global seed (the draw reads it too)
    a, b = tf.data.Dataset.range(0, 3), tf.data.Dataset.range(100, 102)
    return tf.data.Dataset.sample_from_datasets([a, b], weights=weights, seed=1)


@pytest.mark.parametrize('weights, error, message', [
    ([1, 2, 3], ValueError, LENGTH % 3),             # the length before the int dtype
    ('x', ValueError, LENGTH % 1),
    (np.array([1, 2, 3]), ValueError, LENGTH % 3),
    ((True, False, True), ValueError, LENGTH % 3),
    (np.array([[0.5, 0.5]]), ValueError, LENGTH % 1),
    ([1, 2], TypeError, DTYPE % 'int32'),
    (np.array([1, 2]), TypeError, DTYPE % 'int32'),   # TF makes a list of it first: int32, not int64
    (np.array([True, False]), TypeError, DTYPE % 'bool'),
    (np.array([0.5, 0.5], 'float16'), TypeError, DTYPE % 'float16'),
    ('ab', TypeError, "'>' not supported between instances of 'str' and 'int'"),
])
def test_python_and_numpy_weights_are_checked_in_tf_order(weights, error, message):
    with pytest.raises(error) as raised:
        _sample(weights)
    assert str(raised.value) == message


@pytest.mark.parametrize('weights, error, message', [
    (lambda: tf.constant([1, 2, 3]), ValueError, SHAPE % '(3,)'),
    (lambda: tf.constant([0.5, 0.2, 0.3]), ValueError, SHAPE % '(3,)'),
    (lambda: tf.constant([[0.5, 0.5]]), ValueError, SHAPE % '(1, 2)'),
    (lambda: tf.constant([1, 2]), TypeError, DTYPE % 'int32'),
])
def test_tensor_weights_are_checked_by_shape_then_dtype(weights, error, message):
    with pytest.raises(error) as raised:
        _sample(weights())
    assert str(raised.value) == message


@pytest.mark.parametrize('weights, expected', [
    ([np.float64(0.3), 0.7], [100, 101, 0, 1, 2]),
    (lambda: tf.constant([0.3, 0.7], tf.float64), [100, 101, 0, 1, 2]),
    ([1.0, -1.0], [0, 1, 2]),         # a weight <= 0 drops its dataset (TF: no error)
])
def test_float_weights_still_sample(weights, expected):
    weights = weights() if callable(weights) else weights
    assert [int(x) for x in _sample(weights)] == expected
