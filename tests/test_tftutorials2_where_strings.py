"""``tf.where`` picks between string tensors as TF's SelectV2 does (text pipelines replace tokens
with ``tf.where(mask, words, '[PAD]')``); a number beside strings is refused. Expected values were
printed by TensorFlow 2.21 running the same calls.
"""
import pytest

import framework as tf


def test_where_selects_strings_with_broadcasting():
    cond = tf.constant([True, False])
    words = tf.constant(['a', 'b'])
    assert tf.where(cond, words, tf.constant(['x', 'y'])).numpy().tolist() == [b'a', b'y']
    assert tf.where(cond, words, 'z').numpy().tolist() == [b'a', b'z']
    assert tf.where(cond, 'q', words).numpy().tolist() == [b'q', b'b']
    grid = tf.where(tf.constant([[True], [False]]), words, 'z')
    assert grid.dtype == tf.string and grid.numpy().tolist() == [[b'a', b'b'], [b'z', b'z']]


@pytest.mark.parametrize('other', [1, tf.constant([1, 2])])
def test_where_refuses_numbers_beside_strings(other):
    # TF 2.21: TypeError (Cannot convert 1 to EagerTensor of dtype string) / InvalidArgumentError
    # (input #2(zero-based) was expected to be a string tensor but is a int32 tensor)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'where: input #2 .*int32.* string'):
        tf.where(tf.constant([True, False]), tf.constant(['a', 'b']), other)
