"""tf.group reads its keywords as TF 2.21's group(*inputs, **kwargs), after its eager return: eagerly
tf.group(bogus=1) is None (tapeflow: TypeError "group() got an unexpected keyword argument 'bogus'"), in a
tf.function "ValueError: Unknown keyword arguments: bogus". Probe: /work/notes/progs/errors56/gr.py."""
import pytest

import framework as tf


def test_eagerly_unknown_keywords_are_ignored():
    assert tf.group(bogus=1) is None        # TF 2.21: None
    assert tf.group(tf.constant(1), name='g', bogus=1, other=2) is None


def test_in_a_tf_function_unknown_keywords_are_a_value_error():
    @tf.function
    def f():
        tf.group(tf.constant(1), bogus=1, other=2)
        return 1

    with pytest.raises(ValueError) as err:
        f()
    assert 'ValueError: Unknown keyword arguments: bogus, other' in str(err.value)      # TF 2.21's words


def test_in_a_tf_function_a_named_group_is_a_no_op():
    @tf.function
    def f():
        op = tf.group(tf.constant(1), name='grp')
        return op.type

    assert f() == 'NoOp'
