"""group_by_window's key_func must return int64: TF 2.21 converts the traced key and raises
ValueError naming the graph tensor. Golden texts printed by TF 2.21 with
/work/notes/progs/data9/p0.py (`ds.group_by_window(key_func, lambda k, w: w.batch(2), window_size=2)`)."""
import pytest

import framework as tf


def _grouped(key_func):
    ds = tf.data.Dataset.range(6)
    return list(ds.group_by_window(key_func, lambda k, w: w.batch(2), window_size=2).as_numpy_iterator())


@pytest.mark.parametrize('key_func, text', [
    (lambda x: tf.cast(x % 2, tf.int32),
     "Tensor conversion requested dtype int64 for Tensor with dtype int32: <tf.Tensor 'Cast:0' shape=() dtype=int32>"),
    (lambda x: x > 2,
     "Tensor conversion requested dtype int64 for Tensor with dtype bool: <tf.Tensor 'Greater:0' shape=() dtype=bool>"),
    (lambda x: tf.constant(1, tf.int32),
     "Tensor conversion requested dtype int64 for Tensor with dtype int32: <tf.Tensor 'Const:0' shape=() dtype=int32>"),
])
def test_key_of_another_dtype_is_refused_with_tf_words(key_func, text):
    with pytest.raises(ValueError) as caught:
        _grouped(key_func)
    assert str(caught.value) == text


def test_int64_and_python_int_keys_still_group():
    # TF 2.21: [array([0, 2]), array([1, 3]), array([4]), array([5])] and [[0, 1], [2, 3], [4, 5]]
    assert [list(b) for b in _grouped(lambda x: x % 2)] == [[0, 2], [1, 3], [4], [5]]
    assert [list(b) for b in _grouped(lambda x: 1)] == [[0, 1], [2, 3], [4, 5]]
