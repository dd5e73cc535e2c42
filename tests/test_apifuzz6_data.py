"""tf.data constructors given what TensorFlow 2.21 takes or refuses differently than tapeflow did.
Goldens: the same calls under TF 2.21 (/work/notes/progs/apifuzz6, cases data|*; p/d1.py, p/g1.py)."""
import numpy as np
import pytest

import framework as tf


def test_shuffle_with_unknown_cardinality_buffers_the_whole_input():
    tf.random.set_seed(None)        # the orders below are TF's without a global seed (another test may set one)
    ds = tf.data.Dataset.range(10)
    # TF 2.21: shuffle(-2) (tf.data.UNKNOWN_CARDINALITY) orders as any buffer that holds every element
    expected = [0, 9, 5, 1, 2, 7, 3, 8, 6, 4]
    assert [int(v) for v in ds.shuffle(-2, seed=1)] == expected == [int(v) for v in ds.shuffle(10, seed=1)]
    evens = ds.filter(lambda x: x % 2 == 0)          # unknown cardinality
    assert [int(v) for v in evens.shuffle(-2, seed=1)] == [0, 8, 6, 2, 4]


@pytest.mark.parametrize('size', [0, -1, -3])
def test_other_non_positive_buffers_are_still_refused(size):
    with pytest.raises(tf.errors.InvalidArgumentError, match='buffer_size must be greater than zero or '
                                                             'UNKNOWN_CARDINALITY'):
        tf.data.Dataset.range(4).shuffle(size)


@pytest.mark.parametrize('array, kind', [(np.array([None, 1]), 'NoneType'), (np.array([1, 2], dtype=object), 'int')])
def test_object_arrays_of_non_strings_are_refused(array, kind):
    with pytest.raises(ValueError, match=r'Failed to convert a NumPy array to a Tensor \(Unsupported object '
                                         r'type %s\)' % kind):
        tf.data.Dataset.from_tensor_slices(array)


def test_object_arrays_of_strings_still_slice():
    ds = tf.data.Dataset.from_tensor_slices(np.array(['a', 'b'], dtype=object))
    assert [v.numpy() for v in ds] == [b'a', b'b']


@pytest.mark.parametrize('values, spec, text', [
    (['a'], tf.TensorSpec((), tf.int32), 'TypeError: `generator` yielded an element that could not be converted to '
                                         'the expected type. The expected type was int32, but the yielded element '
                                         'was a.'),
    ([[1, 2]], tf.TensorSpec((3,), tf.int32), 'TypeError: `generator` yielded an element of shape (2,) where an '
                                              'element of shape (3,) was expected.'),
    ([1], (tf.TensorSpec((), tf.int32), tf.TensorSpec((), tf.int32)),
     'TypeError: `generator` yielded an element that did not match the expected structure. The expected structure '
     'was (tf.int32, tf.int32), but the yielded element was 1.'),
])
def test_generator_elements_that_do_not_fit_are_invalid_argument(values, spec, text):
    ds = tf.data.Dataset.from_generator(lambda: iter(values), output_signature=spec)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        list(ds)
    assert str(caught.value).endswith('}} ' + text)
    assert isinstance(caught.value, (TypeError, ValueError))      # the classes tapeflow raised before


def test_padding_to_a_smaller_size_is_tf_data_loss_error():
    ds = tf.data.Dataset.range(3).map(lambda x: tf.fill([x], x)).padded_batch(2, padded_shapes=[1])
    with pytest.raises(tf.errors.DataLossError) as caught:          # TF 2.21, at iteration
        list(ds)
    assert 'Attempted to pad to a smaller size than the input element. [Op:IteratorGetNext]' in str(caught.value)
    assert isinstance(caught.value, ValueError)       # the class tapeflow raised before


def test_the_iterator_node_in_the_error_counts_the_element_s_tensors_as_tf():
    # TF 2.21 names its iterator kernel IteratorGetNext_output_types_<number of tensors per element>
    pair = (tf.TensorSpec((), tf.int32), tf.TensorSpec((), tf.int32))
    triple = {'a': tf.TensorSpec((), tf.int32), 'b': pair}
    for spec, value, count in [(pair, (1, 'a'), 2), (triple, {'a': 1, 'b': (2, 'x')}, 3)]:
        ds = tf.data.Dataset.from_generator(lambda: iter([value]), output_signature=spec)
        with pytest.raises(tf.errors.InvalidArgumentError) as caught:
            list(ds)
        assert str(caught.value).startswith('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_' % count)
    ds = tf.data.Dataset.range(3).map(lambda x: (tf.fill([x], x), x, {'a': x}))
    with pytest.raises(tf.errors.DataLossError) as caught:
        list(ds.padded_batch(2, padded_shapes=([1], [], {'a': []})))
    assert str(caught.value).startswith('{{function_node __wrapped__IteratorGetNext_output_types_3_device_')
