"""tf.map_fn's refusals in TF 2.21's words and types (printed by TF 2.21, progs/errors36/mapfn.py); tapeflow's
explanation rides as a note. Before, tapeflow raised its own sentences ('map_fn: elements of elems must have
rank >= 1 ...', TypeError 'map_fn: fn must be callable', ...)."""
import pytest

import framework as tf


def _first_line(error):
    return str(error).split('\n')[0]


@pytest.mark.parametrize('elems, text', [
    (tf.constant(1.), 'Elements in elems must be 1+ dimensional Tensors, not scalars'),
    ([1., 2.], 'Elements in elems must be 1+ dimensional Tensors, not scalars'),      # a list of scalars
    ((tf.constant([1.]), tf.constant(1.)), 'Shape () must have rank at least 1'),
    ((tf.constant([1., 2.]), tf.constant([1.])), 'Dimensions 2 and 1 are not compatible'),
    ((tf.constant([1.]), tf.constant([1., 2.]), tf.constant(1.)), 'Dimensions 1 and 2 are not compatible'),
    ([], 'elems must be a Tensor or (possibly nested) sequence of Tensors. Got [], which does not contain any '
         'Tensors.'),
])
def test_elems_refused(elems, text):
    with pytest.raises(ValueError) as caught:
        tf.map_fn(lambda x: x, elems)
    assert _first_line(caught.value) == text


@pytest.mark.parametrize('fn, kind', [(3, 'int'), (None, 'NoneType')])
def test_fn_not_callable(fn, kind):
    with pytest.raises(AttributeError) as caught:
        tf.map_fn(fn, tf.constant([1.]))
    assert _first_line(caught.value) == "'%s' object has no attribute '__name__'" % kind


def test_output_of_another_dtype():
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.map_fn(lambda x: tf.cast(x, tf.int32), tf.constant([1., 2.]))
    assert _first_line(caught.value) == 'TensorArray dtype is float32 but Op is trying to write dtype int32 '
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.map_fn(lambda x: x, tf.constant([1., 2.]), fn_output_signature=tf.int32)
    assert _first_line(caught.value) == 'TensorArray dtype is int32 but Op is trying to write dtype float32 '


def test_matching_elems_still_map():
    out = tf.map_fn(lambda x: x[0] + x[1], (tf.constant([1., 2.]), tf.constant([[1.], [2.]])),
                    fn_output_signature=tf.TensorSpec([1]))
    assert out.numpy().tolist() == [[2.], [4.]]
