"""Dataset.padded_batch refuses a padded shape of another rank than its component when the dataset is
made, and group_by_window a key_func or reduce_func that is no function, as TF 2.21 does (tapeflow made
the datasets). Literals: TF 2.21's output of /work/notes/progs/errors11/p/dt.py (dt_tf.txt)."""
import numpy as np
import pytest

import framework as tf

DS = tf.data.Dataset.range(6)
M = tf.data.Dataset.from_tensor_slices(np.ones((4, 2, 3), 'float32'))


@pytest.mark.parametrize('make, text', [
    (lambda: DS.padded_batch(2, padded_shapes=[3]),
     'The padded shape (3,) is not compatible with the shape () of the corresponding input component.'),
    (lambda: M.padded_batch(2, padded_shapes=[5]),
     'The padded shape (5,) is not compatible with the shape (2, 3) of the corresponding input component.'),
    (lambda: M.padded_batch(2, padded_shapes=[5, 5, 5]),
     'The padded shape (5, 5, 5) is not compatible with the shape (2, 3) of the corresponding input component.'),
    (lambda: DS.group_by_window(lambda x: x % 2, 5, 2),
     "Argument `func` must be a callable. Received func=5 (of type <class 'int'>)"),
])
def test_value_errors(make, text):
    with pytest.raises(ValueError) as info:
        make()
    assert str(info.value) == text


def test_a_key_func_that_is_no_function():
    with pytest.raises(TypeError) as info:
        DS.group_by_window(5, 5, 2)
    assert str(info.value) == "'int' object is not callable"


def test_good_calls():
    assert M.padded_batch(2, padded_shapes=[4, None]).element_spec.shape.as_list() == [None, 4, None]
    assert DS.padded_batch(2, padded_shapes=[]).element_spec.shape.as_list() == [None]
    grouped = DS.group_by_window(lambda x: x % 2, lambda k, w: w.batch(2), 2)
    assert sorted(b.numpy().tolist() for b in grouped) == [[0, 2], [1, 3], [4], [5]]
