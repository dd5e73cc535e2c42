"""tf.data transformations given bad sizes, refused with TF 2.21's kernel errors.
Goldens: the same calls under TF 2.21 (/work/notes/progs/apifuzz7, cases dt|*; p/d1.py)."""
import pytest

import framework as tf

_CPU = '_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def _inner(x):
    return tf.data.Dataset.range(2)


@pytest.mark.parametrize('kwargs, text', [
    (dict(cycle_length=0), 'cycle_length must be greater than zero.'),
    (dict(cycle_length=-3), 'cycle_length must be greater than zero.'),
    (dict(block_length=0), 'block_length must be greater than zero.'),
    (dict(cycle_length=0, block_length=0), 'cycle_length must be greater than zero.'),   # cycle_length first
])
def test_interleave_refuses_non_positive_lengths_when_made(kwargs, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.data.Dataset.range(3).interleave(_inner, **kwargs)
    assert str(caught.value) == ('{{function_node __wrapped__InterleaveDataset_Targuments_0' + _CPU + text
                                 + ' [Op:InterleaveDataset] name: ')


@pytest.mark.parametrize('kwargs, text', [
    (dict(cycle_length=0, num_parallel_calls=2),
     '`cycle_length` must be `tf.data.AUTOTUNE` or greater than 0 but is 0'),
    (dict(block_length=-1, num_parallel_calls=tf.data.AUTOTUNE), '`block_length` must be > 0'),
])
def test_parallel_interleave_has_its_own_kernel_texts(kwargs, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.data.Dataset.range(3).interleave(_inner, **kwargs)
    assert str(caught.value) == ('{{function_node __wrapped__ParallelInterleaveDatasetV4_Targuments_0' + _CPU + text
                                 + ' [Op:ParallelInterleaveDatasetV4] name: ')


def test_autotune_cycle_length_still_interleaves():
    got = [int(v) for v in tf.data.Dataset.range(2).interleave(_inner, cycle_length=-1, block_length=1)]
    assert sorted(got) == [0, 0, 1, 1]


@pytest.mark.parametrize('sizes, shown', [(dict(window_size=0), 0), (dict(window_size=-2), -2),
                                          (dict(window_size_func=lambda k: tf.constant(0, tf.int64)), 0)])
def test_group_by_window_refuses_a_non_positive_size_on_the_first_element(sizes, shown):
    pairs = tf.data.Dataset.range(6).map(lambda x: (x, x * 2))
    grouped = pairs.group_by_window(lambda a, b: a % 2, lambda k, d: d.batch(2), **sizes)   # made: TF too
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        list(grouped)
    # the node counts the result's two components, as TF's does
    assert str(caught.value) == ('{{function_node __wrapped__IteratorGetNext_output_types_2' + _CPU
                                 + 'Window size must be greater than zero, but got %d. [Op:IteratorGetNext] name: '
                                 % shown)


def test_group_by_window_of_no_elements_never_asks_for_the_size():
    empty = tf.data.Dataset.range(0).group_by_window(lambda a: a % 2, lambda k, d: d.batch(2), window_size=0)
    assert list(empty) == []


# counts and sizes TF converts to int64 tensors (cases dt|* under TF 2.21)
@pytest.mark.parametrize('make, text', [
    (lambda d: d.take('a'), "Cannot convert 'a' to EagerTensor of dtype int64"),
    (lambda d: d.repeat(1.5), 'Cannot convert 1.5 to EagerTensor of dtype int64'),
    (lambda d: d.window(2.5), 'Cannot convert 2.5 to EagerTensor of dtype int64'),
    (lambda d: d.padded_batch('a'), "Cannot convert 'a' to EagerTensor of dtype int64"),
    (lambda d: d.take(None), "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor."),
    (lambda d: d.shuffle(None), "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to "
                                "a Tensor."),
])
def test_counts_that_are_no_integers_raise_tf_conversion_text(make, text):
    with pytest.raises((TypeError, ValueError)) as caught:
        make(tf.data.Dataset.range(3))
    assert str(caught.value) == text
    # TF 2.21's classes (errors15): TypeError for 'a' and 1.5, ValueError for None
    assert type(caught.value).__name__ == ('ValueError' if text.startswith('Attempt') else 'TypeError')


def test_a_bool_count_is_an_integer_as_in_tf():
    assert [v.numpy().tolist() for v in tf.data.Dataset.range(3).batch(True)] == [[0], [1], [2]]
    assert [int(v) for v in tf.data.Dataset.range(3).take(True)] == [0]
