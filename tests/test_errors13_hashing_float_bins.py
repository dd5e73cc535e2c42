"""Hashing(num_bins=<Python float>) and tf.strings.to_hash_bucket_* as TF 2.21 / Keras 3.15 take them: the float is
kept (get_config shows it), the hash kernels read their int attr with int() (2.5 hashes into 2 bins; 0.5, or 1.5 less
the mask's bin, is the kernel's 'must be at least minimum 1' InvalidArgumentError), and the one_hot / multi_hot /
count encodings refuse a float depth with TF's conversion TypeError.

Golden values and texts: /work/notes/progs/errors13/hs1.py, hs2.py, hs3.py, hs4.py under TF 2.21 + Keras 3.15; the
sed ports print the same."""
import numpy as np
import pytest

import framework as tf
from framework import keras

STRINGS = np.array([['a', 'b', 'c'], ['d', 'e', 'f']])
INTS = np.array([[1, 2, 3], [4, 5, 6]])


@pytest.mark.parametrize('num_bins, kwargs, data, expected', [
    (2.5, {}, STRINGS, [[1, 0, 0], [1, 1, 0]]),
    (2.5, {}, INTS, [[1, 1, 1], [1, 1, 1]]),
    (2.5, dict(mask_value='a'), STRINGS, [[0, 1, 1], [1, 1, 1]]),
    (2.5, dict(salt=[1, 2]), STRINGS, [[0, 0, 1], [0, 1, 0]]),
    (3.7, {}, STRINGS, [[0, 1, 1], [2, 1, 0]]),
    (3.7, dict(salt=[1, 2]), INTS, [[2, 2, 2], [2, 0, 0]]),
    (1.5, {}, STRINGS, [[0, 0, 0], [0, 0, 0]]),
])
def test_float_bins_hash_into_the_truncated_count(num_bins, kwargs, data, expected):
    layer = keras.layers.Hashing(num_bins=num_bins, **kwargs)
    out = layer(data)
    assert out.dtype == tf.int64 and out.numpy().tolist() == expected
    assert layer.get_config()['num_bins'] == num_bins


HASH_TEXT = ("Value for attr 'num_buckets' of %d must be at least minimum 1\n\t; NodeDef: {{node %s}}; Op<name=%s; "
             "signature=input:string -> output:int64; attr=num_buckets:int,min=1%s> [Op:%s]")


@pytest.mark.parametrize('num_bins, kwargs', [(0.5, {}), (1.5, dict(mask_value='a')), (0.5, dict(salt=[1, 2]))])
def test_bins_truncated_to_zero_are_the_kernels_error(num_bins, kwargs):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        keras.layers.Hashing(num_bins=num_bins, **kwargs)(STRINGS)
    kernel, more = (('StringToHashBucketStrong', '; attr=key:list(int)') if 'salt' in kwargs
                    else ('StringToHashBucketFast', ''))
    assert HASH_TEXT % (0, kernel, kernel, more, kernel) in str(info.value)


@pytest.mark.parametrize('mode, sparse, data, shown', [
    ('one_hot', False, STRINGS, '2.5 to EagerTensor of dtype int32'),
    ('multi_hot', False, INTS, '2.5 to EagerTensor of dtype int64'),
    ('count', False, STRINGS, '2.5 to EagerTensor of dtype int64'),
    ('count', True, np.array(['a']), '(2.5,) to EagerTensor of dtype int64'),
    ('one_hot', True, np.array([['a', 'b']]), '[1, 2, 2.5] to EagerTensor of dtype int64'),
    ('multi_hot', True, np.array([['a', 'b']]), '2.5 to EagerTensor of dtype int64'),
])
def test_encodings_refuse_a_float_depth(mode, sparse, data, shown):
    with pytest.raises(TypeError) as info:
        keras.layers.Hashing(num_bins=2.5, output_mode=mode, sparse=sparse)(data)
    assert 'Cannot convert ' + shown in str(info.value)


def test_symbolic_encoding_with_a_float_depth_is_a_shape_error():
    assert keras.layers.Hashing(2.5)(keras.Input((3,), dtype='string')).shape == (None, 3)
    with pytest.raises(ValueError, match=r"Found invalid dimension '2.5' of type '<class 'float'>'"):
        keras.layers.Hashing(2.5, output_mode='count')(keras.Input((3,), dtype='string'))


@pytest.mark.parametrize('num_buckets, expected', [(2.9, [1, 0, 0]), (True, [0, 0, 0]), (np.float32(2.5), [1, 0, 0]),
                                                   (tf.constant(3), [0, 1, 1])])
def test_to_hash_bucket_fast_reads_its_attr_with_int(num_buckets, expected):
    assert tf.strings.to_hash_bucket_fast(['a', 'b', 'c'], num_buckets).numpy().tolist() == expected


@pytest.mark.parametrize('num_buckets, error, text', [
    (0, tf.errors.InvalidArgumentError, HASH_TEXT % (0, 'StringToHashBucketStrong', 'StringToHashBucketStrong',
                                                     '; attr=key:list(int)', 'StringToHashBucketStrong')),
    (1e30, tf.errors.InvalidArgumentError, HASH_TEXT % (-1, 'StringToHashBucketStrong', 'StringToHashBucketStrong',
                                                        '; attr=key:list(int)', 'StringToHashBucketStrong')),
    ('a', TypeError, "Expected int for argument 'num_buckets' not 'a'."),
    (None, TypeError, "Expected int for argument 'num_buckets' not None."),
    ([2], TypeError, "Expected int for argument 'num_buckets' not [2]."),
])
def test_to_hash_bucket_strong_refuses_as_tf(num_buckets, error, text):
    with pytest.raises(error) as info:
        tf.strings.to_hash_bucket_strong(['a', 'b', 'c'], num_buckets, key=[1, 2])
    assert str(info.value) == text
    assert tf.strings.to_hash_bucket_strong(['a', 'b', 'c'], 2.9, key=[1, 2]).numpy().tolist() == [0, 0, 1]
