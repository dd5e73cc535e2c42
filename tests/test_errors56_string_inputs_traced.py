"""tf.strings ops given a tensor of numbers inside a tf.function: TF 2.21's op_def_library refuses it as the graph
op is added, a TypeError naming the op's input ("Input 'input' of 'StringToHashBucketStrong' Op has type int32
that does not match expected type of string."; StringJoin's list: "Tensors in list passed to 'inputs' of
'StringJoin' Op have types [string, int32] that do not match expected type string."), where tapeflow raised the
eager kernel's InvalidArgumentError 'cannot compute ...'. Eagerly: tf.strings.to_hash_bucket /
unicode_decode_with_offsets / unicode_split_with_offsets / unsorted_segment_join give their kernel's (or
conversion's) errors, not tapeflow's 'expected a string tensor'. Probes: /work/notes/progs/errors56/sf.py, sf2.py."""
import numpy as np
import pytest

import framework as tf

S = tf.strings


def _traced(call):
    @tf.function
    def f(x):
        return call(x)

    with pytest.raises(TypeError) as err:
        f(tf.constant([1, 2]))
    return str(err.value)


def _input(kernel, argument='input', dtype='int32'):
    return "TypeError: Input '%s' of '%s' Op has type %s that does not match expected type of string." % (
        argument, kernel, dtype)


@pytest.mark.parametrize('call, kernel, argument', [
    (lambda x: S.length(x), 'StringLength', 'input'),
    (lambda x: S.lower(x), 'StringLower', 'input'),
    (lambda x: S.upper(x), 'StringUpper', 'input'),
    (lambda x: S.strip(x), 'StringStrip', 'input'),
    (lambda x: S.reduce_join(x), 'ReduceJoin', 'inputs'),
    (lambda x: S.substr(x, 0, 1), 'Substr', 'input'),
    (lambda x: S.to_number(x), 'StringToNumber', 'string_tensor'),
    (lambda x: S.regex_replace(x, 'a', 'b'), 'StaticRegexReplace', 'input'),
    (lambda x: S.regex_full_match(x, 'a'), 'StaticRegexFullMatch', 'input'),
    (lambda x: S.to_hash_bucket_fast(x, 3), 'StringToHashBucketFast', 'input'),
    (lambda x: S.to_hash_bucket_strong(x, 3, [1, 2]), 'StringToHashBucketStrong', 'input'),
    (lambda x: S.to_hash_bucket(x, 3), 'StringToHashBucket', 'string_tensor'),
    (lambda x: S.unicode_decode(x, 'UTF-8'), 'UnicodeDecode', 'input'),
    (lambda x: S.unicode_split(x, 'UTF-8'), 'UnicodeDecode', 'input'),
    (lambda x: S.unicode_decode_with_offsets(x, 'UTF-8'), 'UnicodeDecodeWithOffsets', 'input'),
    (lambda x: S.unicode_split_with_offsets(x, 'UTF-8'), 'UnicodeDecodeWithOffsets', 'input'),
    (lambda x: S.unicode_transcode(x, 'UTF-8', 'UTF-16-BE'), 'UnicodeTranscode', 'input'),
    (lambda x: S.bytes_split(x), 'StringSplit', 'input'),
    (lambda x: S.unsorted_segment_join(x, [0, 0], 1), 'UnsortedSegmentJoin', 'inputs'),
    (lambda x: S.regex_full_match(tf.constant(['a']), x[0]), 'RegexFullMatch', 'pattern'),
    (lambda x: S.regex_replace(tf.constant(['a']), x[0], 'b'), 'RegexReplace', 'pattern'),
    (lambda x: S.regex_replace(tf.constant(['a']), 'a', x[0]), 'RegexReplace', 'rewrite'),
])
def test_a_number_tensor_in_a_tf_function_is_op_def_librarys_type_error(call, kernel, argument):
    assert _input(kernel, argument) in _traced(call)        # TF 2.21's text


@pytest.mark.parametrize('call', [lambda x: S.split(x), lambda x: S.ngrams(x, 2)])
def test_ops_that_convert_first_keep_the_conversions_value_error(call):
    @tf.function
    def f(x):
        return call(x)

    with pytest.raises(ValueError) as err:
        f(tf.constant([1, 2]))
    # TF 2.21: "input: Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor 'x:0' ..."
    assert 'Tensor conversion requested dtype string for Tensor with dtype int32' in str(err.value)


@pytest.mark.parametrize('inputs, types', [
    (lambda x: [x, x], 'int32, int32'),
    (lambda x: [tf.constant(['a', 'b']), x], 'string, int32'),
    (lambda x: [x, tf.constant(['a', 'b']), tf.constant([1., 2.])], 'int32, string, float32'),
    (lambda x: [x, 'a'], 'int32, string'),
])
def test_join_in_a_tf_function_lists_its_inputs_types(inputs, types):
    # TF 2.21's text
    assert ("TypeError: Tensors in list passed to 'inputs' of 'StringJoin' Op have types [%s] that do not match "
            "expected type string." % types) in _traced(lambda x: S.join(inputs(x)))


def test_eagerly_the_kernels_error_stays():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        S.to_hash_bucket_strong(tf.constant([1, 2]), 3, [1, 2])
    assert str(err.value) == ('cannot compute StringToHashBucketStrong as input #0(zero-based) was expected to be a '
                              'string tensor but is a int32 tensor [Op:StringToHashBucketStrong] name: ')     # TF's


def _cannot_compute(kernel, dtype):
    return ('cannot compute %s as input #0(zero-based) was expected to be a string tensor but is a %s tensor '
            '[Op:%s] name: ' % (kernel, dtype, kernel))


@pytest.mark.parametrize('call', [lambda x: S.unicode_decode_with_offsets(x, 'UTF-8'),
                                  lambda x: S.unicode_split_with_offsets(x, 'UTF-8')])
@pytest.mark.parametrize('x, dtype', [(lambda: tf.constant([1, 2]), 'int32'), (lambda: [1, 2], 'int32'),
                                      (lambda: 3, 'int32'), (lambda: np.array([1, 2]), 'int64'),
                                      (lambda: tf.constant([1.5]), 'float')])
def test_with_offsets_ops_eagerly_are_the_kernels_error(call, x, dtype):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call(x())
    assert str(err.value) == _cannot_compute('UnicodeDecodeWithOffsets', dtype)       # TF 2.21's


@pytest.mark.parametrize('x, error, text', [
    (lambda: [1, 2], TypeError, 'Cannot convert [1, 2] to EagerTensor of dtype string'),
    (lambda: 3, TypeError, 'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: np.array([1, 2]), ValueError, 'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'),
])
def test_to_hash_bucket_and_unsorted_segment_join_convert_python_values_to_strings(x, error, text):
    for call in (lambda v: S.to_hash_bucket(v, 3), lambda v: S.unsorted_segment_join(v, [0, 0], 1)):
        with pytest.raises(error) as err:
            call(x())
        assert str(err.value) == text       # TF 2.21's


def test_to_hash_bucket_of_a_number_tensor_is_the_kernels_error():
    for x, dtype in ((tf.constant([1, 2]), 'int32'), (tf.constant([1.5]), 'float')):
        with pytest.raises(tf.errors.InvalidArgumentError) as err:
            S.to_hash_bucket(x, 3)
        assert str(err.value) == _cannot_compute('StringToHashBucket', dtype)       # TF 2.21's


def test_unsorted_segment_join_of_a_number_tensor_is_the_conversions_value_error():
    with pytest.raises(ValueError) as err:
        S.unsorted_segment_join(tf.constant([1, 2]), [0, 0], 1)
    # TF 2.21's text
    assert str(err.value) == ('Tensor conversion requested dtype string for Tensor with dtype int32: '
                              '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>')


def test_string_inputs_still_compute():
    assert S.to_hash_bucket(tf.constant(['a', 'b']), 5).dtype == tf.int64
    assert S.join([tf.constant(['a']), 'b']).numpy().tolist() == [b'ab']
