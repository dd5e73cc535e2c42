"""A dataset stage's ``name=`` is checked as TF 2.21 checks it (dataset_ops._validate_and_encode).

Printed by TF 2.21 (/work/notes/progs/errors41/dsname.py, dsname_full.py), for every method below:
    tf.data.Dataset.range(4).take(2, name='a b')
    -> ValueError: Invalid `name`. The argument `name` needs to be a valid identifier. Value is considered a
       valid identifier if it only contains alphanumeric characters (a-z), (A-Z), and (0-9), or underscores (_).
       A valid identifier cannot start with a number, or contain any spaces.
    tf.data.Dataset.range(4).take(2, name=3)  -> AttributeError: 'int' object has no attribute 'isidentifier'
    name='' / None / 0 / 'ok_1' / 'ñame' pass; ignore_errors, ragged_batch, rebatch and sparse_batch ignore it.
    tf.data.Dataset.range(3).batch(0, name='a b')   -> the ValueError above (before the kernel's size check)
    tf.data.Dataset.range(3).take('a', name='a b')  -> TypeError 'Cannot convert 'a' to EagerTensor of dtype int64'
"""
import numpy as np
import pytest

import framework as tf

INVALID = 'Invalid `name`. The argument `name` needs to be a valid identifier.'


def _stages(name):
    ds = tf.data.Dataset.range(4)
    batched = ds.batch(2)
    return {
        'batch': lambda: ds.batch(2, name=name),
        'bucket_by_sequence_length': lambda: ds.bucket_by_sequence_length(lambda x: 1, [2], [1, 1], name=name),
        'cache': lambda: ds.cache(name=name),
        'concatenate': lambda: ds.concatenate(ds, name=name),
        'counter': lambda: tf.data.Dataset.counter(name=name),
        'enumerate': lambda: ds.enumerate(name=name),
        'filter': lambda: ds.filter(lambda x: x > 0, name=name),
        'flat_map': lambda: batched.flat_map(tf.data.Dataset.from_tensor_slices, name=name),
        'from_generator': lambda: tf.data.Dataset.from_generator(
            lambda: iter([1]), output_signature=tf.TensorSpec([], tf.int32), name=name),
        'from_tensor_slices': lambda: tf.data.Dataset.from_tensor_slices([1, 2], name=name),
        'from_tensors': lambda: tf.data.Dataset.from_tensors([1, 2], name=name),
        'from_list': lambda: tf.data.experimental.from_list([1, 2], name=name),
        'get_single_element': lambda: ds.take(1).get_single_element(name=name),
        'group_by_window': lambda: ds.group_by_window(lambda x: x % 2, lambda k, d: d.batch(2), window_size=2,
                                                      name=name),
        'interleave': lambda: batched.interleave(tf.data.Dataset.from_tensor_slices, name=name),
        'map': lambda: ds.map(lambda x: x, name=name),
        'padded_batch': lambda: ds.padded_batch(2, name=name),
        'prefetch': lambda: ds.prefetch(1, name=name),
        'random': lambda: tf.data.Dataset.random(seed=1, name=name),
        'range': lambda: tf.data.Dataset.range(3, name=name),
        'reduce': lambda: ds.reduce(np.int64(0), lambda a, b: a + b, name=name),
        'repeat': lambda: ds.repeat(2, name=name),
        'scan': lambda: ds.scan(np.int64(0), lambda s, x: (s + x, x), name=name),
        'shard': lambda: ds.shard(2, 0, name=name),
        'shuffle': lambda: ds.shuffle(2, seed=1, name=name),
        'skip': lambda: ds.skip(1, name=name),
        'take': lambda: ds.take(2, name=name),
        'take_while': lambda: ds.take_while(lambda x: x < 2, name=name),
        'unbatch': lambda: batched.unbatch(name=name),
        'unique': lambda: ds.unique(name=name),
        'window': lambda: ds.window(2, name=name),
        'with_options': lambda: ds.with_options(tf.data.Options(), name=name),
        'zip': lambda: tf.data.Dataset.zip(ds, ds, name=name),
    }


@pytest.mark.parametrize('stage', sorted(_stages(None)))
def test_a_name_that_is_no_identifier_is_refused(stage):
    with pytest.raises(ValueError, match='^' + INVALID.replace('`', '.').replace('(', '.').replace(')', '.')):
        _stages('a b')[stage]()
    with pytest.raises(ValueError, match='Invalid `name`'):
        _stages('1a')[stage]()


@pytest.mark.parametrize('stage', sorted(_stages(None)))
def test_a_name_that_is_no_string_fails_as_isidentifier_does(stage):
    with pytest.raises(AttributeError, match="^'int' object has no attribute 'isidentifier'$"):
        _stages(3)[stage]()
    with pytest.raises(AttributeError, match="^'bytes' object has no attribute 'isidentifier'$"):
        _stages(b'ab')[stage]()


@pytest.mark.parametrize('name', [None, '', 0, 'ok_1', 'ñame'])
def test_identifiers_and_falsy_names_pass(name):
    made = {stage: make() for stage, make in _stages(name).items()}
    assert list(made['take'].as_numpy_iterator()) == [0, 1]
    assert int(made['reduce']) == 6


def test_stages_that_tf_makes_without_a_name_ignore_it():
    ds = tf.data.Dataset.range(4)
    assert ds.ignore_errors(name='a b') is not None
    assert ds.batch(2).rebatch(1, name=3) is not None
    assert [list(b) for b in ds.ragged_batch(2, name='a b').as_numpy_iterator()] == [[0, 1], [2, 3]]


def test_the_name_is_checked_before_the_kernels_size_checks_and_after_argument_conversion():
    ds = tf.data.Dataset.range(3)
    for make in (lambda: ds.batch(0, name='a b'), lambda: ds.shuffle(0, name='a b'),
                 lambda: ds.window(0, name='a b'), lambda: ds.shard(0, 0, name='a b'),
                 lambda: ds.get_single_element(name='a b')):
        with pytest.raises(ValueError, match='Invalid `name`'):
            make()
    with pytest.raises(TypeError, match='Cannot convert .a. to EagerTensor of dtype int64'):
        ds.take('a', name='a b')
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'y'"):
        ds.map(lambda x, y: x, name='a b')


def test_file_datasets_and_list_files_check_it(tmp_path):
    path = tmp_path / 'lines.txt'
    path.write_text('a\n')
    for make in (tf.data.TextLineDataset, tf.data.TFRecordDataset):
        with pytest.raises(ValueError, match='Invalid `name`'):
            make(str(path), name='a b')
    with pytest.raises(AttributeError, match="'int' object has no attribute 'isidentifier'"):
        tf.data.FixedLengthRecordDataset(str(path), 1, name=3)
    with pytest.raises(ValueError, match='Invalid `name`'):
        tf.data.Dataset.list_files(str(tmp_path / '*.txt'), name='a b')
    assert list(tf.data.Dataset.list_files(str(tmp_path / '*.txt'), name='files').as_numpy_iterator()) == [
        str(path).encode()]
