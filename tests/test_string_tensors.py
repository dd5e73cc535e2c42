"""String tensors: UTF-8 bytes in object arrays, as TensorFlow keeps them."""
import pytest

import framework as tf


def test_trailing_nul_bytes_are_kept_as_tensorflow_keeps_them():
    # TF 2.21: tf.constant(b'ab\x00').numpy() == b'ab\x00' (numpy's 'S' arrays would drop the NUL)
    assert tf.constant(b'ab\x00').numpy() == b'ab\x00'
    assert tf.constant(['c\x00', b'\x00']).numpy().tolist() == [b'c\x00', b'\x00']
    with pytest.raises(ValueError, match='non-rectangular'):
        tf.constant([['a'], ['b', 'c']])


def test_empty_lists_stay_float32():
    # TF 2.21: tf.constant([]) is float32 (the string path must not take an empty list)
    assert tf.constant([]).dtype == tf.float32 and tf.constant([[]]).shape == (1, 0)
    assert tf.convert_to_tensor([]).dtype == tf.float32
