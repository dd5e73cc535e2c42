"""tf.scan / tf.foldl / tf.foldr refusals in TF 2.21's order, types and words (its functional_ops reads
fn.__name__ in the callable check, indexes the first leaf's shape, unstacks every leaf into a TensorArray,
then reads it in the loop's order), and tf.name_scope of a non-string; tapeflow's sentences ride as notes.
Printed by TF 2.21 (progs/errors36/folds.py, ctrl.py)."""
import pytest

import framework as tf

c = tf.constant


def _first_line(error):
    return str(error).split('\n')[0]


@pytest.mark.parametrize('call, kind, text', [
    (lambda: tf.foldl(3, c([1.])), AttributeError, "'int' object has no attribute '__name__'"),
    (lambda: tf.scan(None, c([1.])), AttributeError, "'NoneType' object has no attribute '__name__'"),
    (lambda: tf.foldl(3, c(1.)), AttributeError, "'int' object has no attribute '__name__'"),
    (lambda: tf.foldl(lambda a, x: a, c(1.)), IndexError, 'tuple index out of range'),
    (lambda: tf.scan(lambda a, x: a + x, c(1.)), IndexError, 'tuple index out of range'),
    (lambda: tf.foldl(lambda a, x: a, (c([1., 2.]), c(1.)), initializer=0.), ValueError,
     'Argument `axis` = 0 not in range [0, 0)'),
    (lambda: tf.foldl(lambda a, x: a, (c([1., 2.]), c([1., 2., 3.])), initializer=0.), ValueError,
     'Cannot unstack 3 tensors into a TensorArray of static size 2 '),
    (lambda: tf.foldl(lambda a, x: a, (c([1., 2.]), c([1.])), initializer=0.), tf.errors.OutOfRangeError,
     'Tried to read from index 1 but array size is: 1 '),
    (lambda: tf.scan(lambda a, x: a, (c([1., 2., 3.]), c([1., 2.]))), tf.errors.OutOfRangeError,
     'Tried to read from index 2 but array size is: 2 '),
    (lambda: tf.foldr(lambda a, x: a, (c([1., 2., 3.]), c([1.])), initializer=0.), tf.errors.OutOfRangeError,
     'Tried to read from index 2 but array size is: 1 '),
    (lambda: tf.scan(lambda a, x: a, (c([1., 2., 3.]), c([1.])), initializer=0., reverse=True),
     tf.errors.OutOfRangeError, 'Tried to read from index 2 but array size is: 1 '),
    (lambda: tf.foldl(lambda a, x: a, tf.zeros([0])), tf.errors.OutOfRangeError,
     'Tried to read from index 0 but array size is: 0 '),
])
def test_fold_refusals(call, kind, text):
    with pytest.raises(kind) as caught:
        call()
    assert _first_line(caught.value) == text
    assert type(caught.value).__name__ == kind.__name__


def test_folds_of_matching_elems_still_run():
    assert float(tf.foldl(lambda a, x: a + x[0] * x[1], (c([1., 2.]), c([3., 4.])), initializer=0.)) == 11.0
    assert tf.scan(lambda a, x: a + x, c([1., 2., 3.]), reverse=True).numpy().tolist() == [6., 5., 3.]
    assert float(tf.foldr(lambda a, x: a - x, c([1., 2., 3.]))) == 0.0


@pytest.mark.parametrize('name', [3, None, b'a'])
def test_name_scope_of_a_non_string(name):
    with pytest.raises(ValueError) as caught:
        tf.name_scope(name)
    assert _first_line(caught.value) == 'name for name_scope must be a string.'
