"""Dataset.from_generator checks elements as TF 2.21 does on its two paths.

A signature of plain TensorSpecs with known shapes is checked like legacy output_types /
output_shapes (numpy casting: 1.5 becomes an int64 1). A lone TensorSpec of unknown rank
(output_types without shapes too) or a signature holding a RaggedTensorSpec goes through
structure.normalize_element: convert_to_tensor's rules, TF's 'did not match the expected
structure' with the whole signature, then 'yielded an element of ... where ... was expected'.
A yielded list never matches a tuple signature (nest's check_types).
Expected texts were printed by TF 2.21 (/work/notes/progs/data10/p2.py, p3.py):
    ds = tf.data.Dataset.from_generator(lambda: iter(items), output_signature=sig)
    try: list(ds)
    except Exception as e: print(type(e).__name__, str(e).split('\n')[0])
"""
import pytest

import framework as tf

PREFIX = ('{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/task:0/'
          'device:CPU:0}} TypeError: ')
R = tf.RaggedTensorSpec((None, None), tf.int32)
S = tf.TensorSpec((), tf.int32)
R_REPR = 'RaggedTensorSpec(TensorShape([None, None]), tf.int32, 1, tf.int64)'
S_REPR = 'TensorSpec(shape=(), dtype=tf.int32, name=None)'


def _first_line_of_error(items, **kwargs):
    ds = tf.data.Dataset.from_generator(lambda: iter(items), **kwargs)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        list(ds)
    return str(info.value).split('\n')[0]


@pytest.mark.parametrize('item, dtype, shown', [
    (1.5, tf.int64, '1.5'), ('3', tf.int64, '3'), ([1, 2.5], tf.int32, '[1, 2.5]'), (1, tf.string, '1'),
    (None, tf.int32, 'None')])
def test_unknown_rank_spec_converts_as_convert_to_tensor(item, dtype, shown):
    text = _first_line_of_error([item], output_signature=tf.TensorSpec(None, dtype))
    assert text == PREFIX % 1 + ('`generator` yielded an element that did not match the expected structure. The '
                                 'expected structure was TensorSpec(shape=<unknown>, dtype=tf.%s, name=None), but the '
                                 'yielded element was %s.' % (dtype.name, shown))


def test_output_types_without_shapes_take_the_same_path():
    text = _first_line_of_error([1.5], output_types=tf.int64)
    assert text.endswith('The expected structure was TensorSpec(shape=<unknown>, dtype=tf.int64, name=None), but '
                         'the yielded element was 1.5.')


def test_a_yielded_tensor_of_another_dtype_is_shown_by_its_values():
    text = _first_line_of_error([tf.constant([1., 2.])], output_signature=tf.TensorSpec(None, tf.int32))
    assert text.endswith('but the yielded element was [1. 2.].')


def test_known_shapes_still_cast_as_numpy_does():
    ds = tf.data.Dataset.from_generator(lambda: iter([1.5]), output_signature=tf.TensorSpec((), tf.int64))
    assert [(x.dtype, int(x)) for x in ds] == [(tf.int64, 1)]
    ds = tf.data.Dataset.from_generator(lambda: iter([(1.5,)]), output_signature=(tf.TensorSpec(None, tf.int64),))
    assert [(x.dtype, int(x)) for (x,) in ds] == [(tf.int64, 1)]


def test_unknown_rank_values_that_convert_pass():
    ds = tf.data.Dataset.from_generator(lambda: iter([3, True]), output_signature=tf.TensorSpec(None, tf.float32))
    assert [(x.dtype, float(x)) for x in ds] == [(tf.float32, 3.0), (tf.float32, 1.0)]


def test_ragged_signature_lists_and_casts_are_structure_errors():
    whole = '(%s, %s)' % (S_REPR, R_REPR)
    text = _first_line_of_error([(1, [[1], [2, 3]])], output_signature=(S, R))
    assert text == PREFIX % 2 + ('`generator` yielded an element that did not match the expected structure. The '
                                 'expected structure was %s, but the yielded element was (1, [[1], [2, 3]]).' % whole)
    text = _first_line_of_error([(1.5, tf.ragged.constant([[1], [2, 3]]))], output_signature=(S, R))
    assert text.endswith('but the yielded element was (1.5, <tf.RaggedTensor [[1], [2, 3]]>).')
    text = _first_line_of_error([(1,)], output_signature=(S, R))
    assert text.endswith('The expected structure was %s, but the yielded element was (1,).' % whole)


def test_ragged_signature_incompatible_elements_name_both_structures():
    whole = '(%s, %s)' % (S_REPR, R_REPR)
    text = _first_line_of_error([(1, [[1], [2]])], output_signature=(S, R))
    assert text == PREFIX % 2 + ('`generator` yielded an element of (%s, TensorSpec(shape=(2, 1), dtype=tf.int32, '
                                 'name=None)) where an element of %s was expected.' % (S_REPR, whole))
    text = _first_line_of_error([([1, 2], tf.ragged.constant([[1], [2, 3]]))],
                                output_signature=(tf.TensorSpec((3,), tf.int32), R))
    assert text.endswith('yielded an element of (TensorSpec(shape=(2,), dtype=tf.int32, name=None), '
                         'RaggedTensorSpec(TensorShape([2, None]), tf.int32, 1, tf.int64)) where an element of '
                         '(TensorSpec(shape=(3,), dtype=tf.int32, name=None), %s) was expected.' % R_REPR)
    text = _first_line_of_error([tf.ragged.constant([[1]])], output_signature=tf.TensorSpec(None, tf.int32))
    assert text.endswith('yielded an element of RaggedTensorSpec(TensorShape([1, None]), tf.int32, 1, tf.int64) '
                         'where an element of TensorSpec(shape=<unknown>, dtype=tf.int32, name=None) was expected.')


def test_a_dict_with_a_ragged_leaf_shows_the_dict():
    text = _first_line_of_error([{'a': 1.5, 'r': tf.ragged.constant([[1]])}], output_signature={'a': S, 'r': R})
    assert text.endswith("The expected structure was {'a': %s, 'r': %s}, but the yielded element was "
                         "{'a': 1.5, 'r': <tf.RaggedTensor [[1]]>}." % (S_REPR, R_REPR))


def test_ragged_signature_good_elements_still_flow():
    ds = tf.data.Dataset.from_generator(lambda: iter([(1, tf.ragged.constant([[1], [2, 3]]))]),
                                        output_signature=(S, R))
    [(a, r)] = list(ds)
    assert (int(a), r.to_list()) == (1, [[1], [2, 3]])


def test_a_list_is_no_tuple():
    text = _first_line_of_error([[1, 2]], output_signature=(S, S))
    assert text == PREFIX % 2 + ('`generator` yielded an element that did not match the expected structure. The '
                                 'expected structure was (tf.int32, tf.int32), but the yielded element was [1, 2].')
    text = _first_line_of_error([[1, tf.ragged.constant([[1]])]], output_signature=(S, R))
    assert text.endswith('but the yielded element was [1, <tf.RaggedTensor [[1]]>].')
