"""tf.is_tensor is TF 2.21's is_tf_type: Python's own argument error names it so, and it pickles by reference."""
import pickle

import pytest

import framework as tf


def test_too_many_arguments_name_is_tf_type():
    with pytest.raises(TypeError) as err:
        tf.is_tensor(1, 2)
    assert str(err.value) == 'is_tf_type() takes 1 positional argument but 2 were given'   # TF 2.21's text


def test_name_and_pickle():
    assert tf.is_tensor.__name__ == 'is_tf_type'
    assert pickle.loads(pickle.dumps(tf.is_tensor)) is tf.is_tensor
    assert tf.is_tensor(tf.constant(1.0)) and not tf.is_tensor(1.0)
