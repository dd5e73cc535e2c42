"""errors54's small rows, as TF 2.21 answers them: tf.strings.to_hash_bucket_strong / unicode_transcode of a
number tensor are the kernel's "cannot compute ... was expected to be a string tensor" (tapeflow: its own TypeError
'expected a string tensor, got dtype int32'), after the op wrapper's checks of its attrs (to_hash_bucket_strong's
key: "Expected list for 'key' ...", "Expected int for argument 'key' ..."; unicode_transcode's output_encoding)
and before the kernel's own (the key's length); tf.sparse.bincount of a SparseTensor of strings or uint8 is the
count kernel's registry error (tapeflow: 'sparse.bincount: values must be non-negative integers' / counted uint8).
Probes: /work/notes/progs/errors55/hs.py, hs2.py; /work/notes/progs/errors54/sb.py."""
import numpy as np
import pytest

import framework as tf

I = [1, 2]


def _cannot_compute(kernel, dtype):
    return ('cannot compute %s as input #0(zero-based) was expected to be a string tensor but is a %s tensor '
            '[Op:%s] name: ' % (kernel, dtype, kernel))


@pytest.mark.parametrize('call, kernel, dtype', [
    (lambda x, **k: tf.strings.to_hash_bucket_strong(x, 3, [1, 2], **k), 'StringToHashBucketStrong', 'int32'),
    (lambda x, **k: tf.strings.to_hash_bucket_strong(x, 3, [1], **k), 'StringToHashBucketStrong', 'int32'),
    (lambda x, **k: tf.strings.unicode_transcode(x, 'UTF-8', 'UTF-16-BE', **k), 'UnicodeTranscode', 'int32'),
    (lambda x, **k: tf.strings.unicode_transcode(x, 'bogus', 'UTF-8', **k), 'UnicodeTranscode', 'int32'),
])
def test_number_tensors_are_the_kernels_input_error(call, kernel, dtype):
    for name, tail in ((None, ''), ('NM', 'NM')):
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            call(tf.constant(I), name=name)
        assert str(err.value) == _cannot_compute(kernel, dtype) + tail        # TF 2.21's
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call(tf.ragged.constant([[1]]))
    assert str(err.value) == _cannot_compute(kernel, dtype)


@pytest.mark.parametrize('x, error, text', [
    ([1, 2], TypeError, 'Cannot convert [1, 2] to EagerTensor of dtype string'),
    (1, TypeError, 'Cannot convert 1 to EagerTensor of dtype string'),
    (np.array([1, 2]), ValueError, 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'),
])
def test_python_numbers_are_the_conversions_error(x, error, text):
    for call in (lambda: tf.strings.to_hash_bucket_strong(x, 3, [1, 2]),
                 lambda: tf.strings.unicode_transcode(x, 'UTF-8', 'UTF-16-BE')):
        with pytest.raises(error) as err:
            call()
        assert str(err.value) == text           # TF 2.21's


@pytest.mark.parametrize('key, text', [
    (['a', 'b'], "Expected int for argument 'key' not 'a'."),
    (5, "Expected list for 'key' argument to 'string_to_hash_bucket_strong' Op, not 5."),
    (np.array([1, 2]), "Expected list for 'key' argument to 'string_to_hash_bucket_strong' Op, not array([1, 2])."),
])
def test_the_key_is_read_as_tfs_op_wrapper_reads_it(key, text):
    for x in (tf.constant(['a']), tf.constant(I)):          # before the input's check
        with pytest.raises(TypeError) as err:
            tf.strings.to_hash_bucket_strong(x, 3, key)
        assert str(err.value) == text           # TF 2.21's


def test_the_keys_length_is_the_kernels_check():
    for key in ([1], [1, 2, 3], None):
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            tf.strings.to_hash_bucket_strong(tf.constant(['a']), 3, key, name='NM')
        # TF 2.21: '{{function_node __wrapped__StringToHashBucketStrong_device_...}} Key must have 2 elements
        # [Op:StringToHashBucketStrong] name: NM'
        assert str(err.value).endswith('}} Key must have 2 elements [Op:StringToHashBucketStrong] name: NM')
    # TF 2.21 reads a float key's items with int(): [2] (1.5 is 1)
    assert tf.strings.to_hash_bucket_strong(tf.constant(['a']), 3, [1.5, 2]).numpy().tolist() == \
        tf.strings.to_hash_bucket_strong(tf.constant(['a']), 3, [1, 2]).numpy().tolist() == [2]


def test_an_unknown_output_encoding_is_checked_before_the_input():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.strings.unicode_transcode(tf.constant(I), 'UTF-8', 'bogus')
    # TF 2.21's registry error on the attr
    assert str(err.value).startswith('Value for attr \'output_encoding\' of "bogus" is not in the list of allowed '
                                     'values: "UTF-8", "UTF-16-BE", "UTF-32-BE"\n\t; NodeDef: {{node UnicodeTranscode}}')


@pytest.mark.parametrize('values, dtype', [(['a', 'b'], tf.string), ([1, 2], tf.uint8)])
def test_sparse_bincount_of_strings_or_uint8_is_the_registry_error(values, dtype):
    sp = tf.sparse.SparseTensor([[0, 0], [1, 1]], tf.constant(values, dtype), [2, 2])
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.sparse.bincount(sp)
    # TF 2.21 names the attr 'T' or 'output_type' (both refused) at random between runs
    assert str(err.value).startswith(("Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n"
                                      % dtype.name,
                                      "Value for attr 'output_type' of %s is not in the list of allowed values: "
                                      "int32, int64, float, double\n" % dtype.name))
    assert str(err.value).endswith('[Op:DenseCountSparseOutput] name: ')


@pytest.mark.parametrize('op, kernel, allowed', [
    (tf.math.atan2, 'Atan2', 'bfloat16, half, float, double'),
    (tf.truncatediv, 'TruncateDiv', 'bfloat16, half, float, double, uint8, int8, uint16, int16, int32, uint32, uint64, '
                                    'int64, complex64, complex128'),
])
def test_string_tensors_are_the_binary_kernels_registry_error(op, kernel, allowed):
    s = tf.constant(['a', 'b'])
    for name, tail in ((None, ''), ('NM', 'NM')):
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            op(s, s, name=name)
        # TF 2.21's (tapeflow: 'atan2: string tensors have no arithmetic (got dtype object)')
        assert str(err.value).startswith("Value for attr 'T' of string is not in the list of allowed values: %s\n\t; "
                                         "NodeDef: {{node %s}}; Op<name=%s; signature=" % (allowed, kernel, kernel))
        assert str(err.value).endswith('> [Op:%s] name: %s' % (kernel, tail))
