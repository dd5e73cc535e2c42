"""tf.debugging.assert_proper_iterable as TF 2.21: its TypeError names TF's classes, and a tf.Variable passes."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('value, text', [
    # TF 2.21's messages
    (tf.constant([1]), 'Expected argument "values" to be a "proper" iterable.  Found: '
                       "<class 'tensorflow.python.framework.ops.EagerTensor'>"),
    (np.array([1]), 'Expected argument "values" to be a "proper" iterable.  Found: <class \'numpy.ndarray\'>'),
    ('ab', 'Expected argument "values" to be a "proper" iterable.  Found: <class \'str\'>'),
    (5, 'Expected argument "values" to be iterable.  Found: <class \'int\'>'),
    (None, 'Expected argument "values" to be iterable.  Found: <class \'NoneType\'>'),
])
def test_refused(value, text):
    with pytest.raises(TypeError) as info:
        tf.debugging.assert_proper_iterable(value)
    assert str(info.value) == text


@pytest.mark.parametrize('value', [tf.Variable([1.0]), [1], (1,), {1}, (i for i in [1])])
def test_taken(value):
    # TF 2.21: None (a tf.Variable is no Tensor there)
    assert tf.debugging.assert_proper_iterable(value) is None
