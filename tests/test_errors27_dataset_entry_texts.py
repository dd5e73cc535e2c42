"""tf.data entry points given the wrong thing: TF 2.21's exception class and words (printed by
/work/notes/progs/errors27/j1.py under tensorflow 2.21)."""
import pytest

import framework as tf


def _range():
    return tf.data.Dataset.range(5)


def test_zip_with_args_and_datasets_both():
    ds = _range()
    with pytest.raises(TypeError) as info:
        tf.data.Dataset.zip(ds, datasets=ds)
    assert str(info.value) == 'Both `*args` and `datasets` cannot be set.'


def test_apply_whose_function_returns_no_dataset():
    with pytest.raises(TypeError) as info:
        _range().apply(lambda d: 3)
    assert str(info.value) == "`transformation_func` must return a `tf.data.Dataset` object. Got <class 'int'>."
    with pytest.raises(TypeError) as info:
        _range().apply(lambda d: [d])
    assert str(info.value) == "`transformation_func` must return a `tf.data.Dataset` object. Got <class 'list'>."
    assert [int(x) for x in _range().apply(lambda d: d.take(2))] == [0, 1]


@pytest.mark.parametrize('flag', ['a', 1])
def test_shuffle_reshuffle_flag_must_be_a_bool(flag):
    with pytest.raises(TypeError) as info:
        _range().shuffle(5, reshuffle_each_iteration=flag)
    assert str(info.value) == "Expected bool for argument 'reshuffle_each_iteration' not %r." % (flag,)


def test_take_while_predicate_of_another_type_has_take_whiles_words():
    with pytest.raises(ValueError) as info:
        list(_range().take_while(lambda x: x))
    assert str(info.value) == ('Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but its return '
                               'type isTensorSpec(shape=(), dtype=tf.int64, name=None).')
    with pytest.raises(ValueError) as info:
        list(_range().take_while(lambda x: None))
    assert str(info.value) == ('Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor but its return '
                               'type isNoneTensorSpec().')


def test_filter_keeps_its_own_words():
    with pytest.raises(ValueError) as info:
        list(_range().filter(lambda x: x))
    assert str(info.value) == ('Invalid `predicate`. `predicate` must return a `tf.bool` scalar tensor, but its return '
                               'type is TensorSpec(shape=(), dtype=tf.int64, name=None).')


def test_flat_map_and_interleave_of_non_datasets():
    with pytest.raises(TypeError) as info:
        list(_range().flat_map(lambda x: [x]))
    assert str(info.value) == "The `map_func` argument must return a `Dataset` object. Got <class 'tuple'>."
    with pytest.raises(TypeError) as info:
        list(_range().flat_map(lambda x: {'a': x}))
    assert str(info.value) == "The `map_func` argument must return a `Dataset` object. Got <class 'dict'>."
    with pytest.raises(TypeError) as info:
        list(_range().interleave(lambda x: [x, x]))
    assert str(info.value) == "The `map_func` argument must return a `Dataset` object. Got <class 'tuple'>."
    for stage in ('flat_map', 'interleave'):
        with pytest.raises(AttributeError) as info:
            list(getattr(_range(), stage)(lambda x: x))
        assert str(info.value) == "'Tensor' object has no attribute '_name'"


def test_from_generator_signature_with_legacy_arguments():
    spec = tf.TensorSpec((), tf.int32)
    with pytest.raises(TypeError) as info:
        tf.data.Dataset.from_generator(lambda: iter([1]), output_types=tf.int32, output_signature=spec)
    assert str(info.value) == ('The `output_types` argument can not be used together with the `output_signature` '
                               'argument.')
    with pytest.raises(TypeError) as info:
        tf.data.Dataset.from_generator(lambda: iter([1]), output_shapes=(), output_signature=spec)
    assert str(info.value) == ('The `output_shapes` argument can not be used together with the `output_signature` '
                               'argument.')


def test_padded_batch_structures_of_another_length():
    pairs = _range().map(lambda x: (x, x))
    with pytest.raises(ValueError) as info:
        pairs.padded_batch(2, padded_shapes=([],))
    assert str(info.value) == ("The two structures don't have the same sequence length. Input structure has length 1, "
                               'while shallow structure has length 2.')
    with pytest.raises(ValueError) as info:
        pairs.padded_batch(2, padded_shapes=([], [], []))
    assert str(info.value) == ("The two structures don't have the same sequence length. Input structure has length 3, "
                               'while shallow structure has length 2.')
    zero = tf.constant(0, tf.int64)
    with pytest.raises(ValueError) as info:
        pairs.padded_batch(2, padding_values=(zero, zero, zero))
    assert str(info.value) == ("The two structures don't have the same sequence length. Input structure has length 2, "
                               'while shallow structure has length 3.')


def test_set_random_seed_of_a_tensor_prints_its_value():
    from framework import keras
    with pytest.raises(ValueError) as info:
        keras.utils.set_random_seed(tf.constant(3))
    assert str(info.value).startswith('Expected `seed` argument to be an integer. Received: seed=3 (of type <class ')
    with pytest.raises(ValueError) as info:
        keras.utils.set_random_seed('abc')
    assert str(info.value) == "Expected `seed` argument to be an integer. Received: seed=abc (of type <class 'str'>)"


def test_choose_from_datasets_choice_past_the_last_dataset():
    from framework.errors import InvalidArgumentError
    chosen = tf.data.Dataset.choose_from_datasets([_range()], tf.data.Dataset.range(3))
    with pytest.raises(InvalidArgumentError) as info:
        list(chosen)
    assert str(info.value) == ('{{function_node __wrapped__IteratorGetNext_output_types_1_device_/job:localhost/'
                               'replica:0/task:0/device:CPU:0}} Selector index out of range: 1 >= 1 '
                               '[Op:IteratorGetNext] name: ')
