"""tf.TensorArray(dtype, size=-1) made eagerly is an empty array, as TF 2.21's eager TensorArray (a Python list;
printed by TF 2.21, progs/errors36/ctrl.py): size() 0, stack() an empty vector, a write at 0 'Tried to write to index
0 but array is not resizeable and size is: 0 ', a dynamic one grows. tapeflow refused the constructor
('TensorArray: size must be >= 0, got -1')."""
import pytest

import framework as tf


def test_negative_size_is_an_empty_array():
    array = tf.TensorArray(tf.float32, size=-1)
    assert int(array.size()) == 0
    assert array.stack().shape == (0,)
    with pytest.raises(tf.errors.OutOfRangeError) as caught:
        array.write(0, 1.)
    assert str(caught.value).split('\n')[0] == \
        'Tried to write to index 0 but array is not resizeable and size is: 0 '
    with pytest.raises(tf.errors.OutOfRangeError, match=r'^Tried to read from index 0 but array size is: 0 '):
        array.read(0)
    grown = tf.TensorArray(tf.float32, size=-1, dynamic_size=True).write(0, 1.)
    assert grown.stack().numpy().tolist() == [1.]
