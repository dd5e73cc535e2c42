"""group_by_window's reduce_func that returns no Dataset, in TF 2.21's words.

TF 2.21 (/work/notes/progs/data8/p9b.py):
    ds = tf.data.Dataset.range(6)
    list(ds.group_by_window(lambda x: x % 2, lambda k, w: 1, window_size=2))
    # TypeError: Invalid `reduce_func`. `reduce_func` must return a single `tf.data.Dataset` object but its
    #            return type is TensorSpec(shape=(), dtype=tf.int32, name=None).
(TF raises when the dataset is made; tapeflow when the first window is reduced.)
"""
import pytest

import framework as tf


@pytest.mark.parametrize('reduce_func, returned', [
    (lambda k, w: 1, 'TensorSpec(shape=(), dtype=tf.int32, name=None)'),
    (lambda k, w: (k, 2.0), '(TensorSpec(shape=(), dtype=tf.int64, name=None), '
                            'TensorSpec(shape=(), dtype=tf.float32, name=None))'),
])
def test_reduce_func_returning_no_dataset(reduce_func, returned):
    ds = tf.data.Dataset.range(6)
    with pytest.raises(TypeError) as caught:
        list(ds.group_by_window(lambda x: x % 2, reduce_func, window_size=2))
    assert str(caught.value) == ('Invalid `reduce_func`. `reduce_func` must return a single `tf.data.Dataset` object '
                                 'but its return type is %s.' % returned)
