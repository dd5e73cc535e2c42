"""tf.strings ops given non-string inputs, patterns or separators: TensorFlow 2.21's classes and texts
(the conversion's TypeError / ValueError, the kernel's 'cannot compute ... as input #0' error, a scalar
operand's shape error), tapeflow's sentence a note.

Golden texts: the errors9 fuzzer's TF 2.21 log (/work/notes/progs/errors9/cases.py, out_tf.txt) and
p/s1.py, s2.py run under /opt/tfref."""
import numpy as np
import pytest

import framework as tf

IAE = tf.errors.InvalidArgumentError
STR = tf.constant(["Hello World", "foo bar baz"])
S = tf.constant(["a b  c", "d,e"])


@pytest.mark.parametrize('call, cls, text', [
    (lambda: tf.strings.length(tf.constant([1, 2])), IAE,
     'cannot compute StringLength as input #0(zero-based) was expected to be a string tensor but is a int3'
     '2 tensor [Op:StringLength] name: '),
    (lambda: tf.strings.length(tf.constant([1.0])), IAE,
     'cannot compute StringLength as input #0(zero-based) was expected to be a string tensor but is a floa'
     't tensor [Op:StringLength] name: '),
    (lambda: tf.strings.length(3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.lower(tf.constant([1, 2])), IAE,
     'cannot compute StringLower as input #0(zero-based) was expected to be a string tensor but is a int32'
     ' tensor [Op:StringLower] name: '),
    (lambda: tf.strings.lower(tf.constant([1.0])), IAE,
     'cannot compute StringLower as input #0(zero-based) was expected to be a string tensor but is a float'
     ' tensor [Op:StringLower] name: '),
    (lambda: tf.strings.lower(3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.upper(tf.constant([1, 2])), IAE,
     'cannot compute StringUpper as input #0(zero-based) was expected to be a string tensor but is a int32'
     ' tensor [Op:StringUpper] name: '),
    (lambda: tf.strings.upper(tf.constant([1.0])), IAE,
     'cannot compute StringUpper as input #0(zero-based) was expected to be a string tensor but is a float'
     ' tensor [Op:StringUpper] name: '),
    (lambda: tf.strings.upper(3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.strip(tf.constant([1, 2])), IAE,
     'cannot compute StringStrip as input #0(zero-based) was expected to be a string tensor but is a int32'
     ' tensor [Op:StringStrip] name: '),
    (lambda: tf.strings.strip(tf.constant([1.0])), IAE,
     'cannot compute StringStrip as input #0(zero-based) was expected to be a string tensor but is a float'
     ' tensor [Op:StringStrip] name: '),
    (lambda: tf.strings.strip(3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.bytes_split(tf.constant([1, 2])), ValueError,
     'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: shape=(2,), dtype='
     'int32, numpy=array([1, 2], dtype=int32)>'),
    (lambda: tf.strings.bytes_split(tf.constant([1.0])), ValueError,
     'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: shape=(1,), dtyp'
     'e=float32, numpy=array([1.], dtype=float32)>'),
    (lambda: tf.strings.unicode_split(tf.constant([1, 2]), "UTF-8"), IAE,
     'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string tensor but is a int'
     '32 tensor [Op:UnicodeDecode] name: '),
    (lambda: tf.strings.unicode_split(tf.constant([1.0]), "UTF-8"), IAE,
     'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string tensor but is a flo'
     'at tensor [Op:UnicodeDecode] name: '),
    (lambda: tf.strings.unicode_split(3, "UTF-8"), IAE,
     'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string tensor but is a int'
     '32 tensor [Op:UnicodeDecode] name: '),
    (lambda: tf.strings.to_hash_bucket_fast(tf.constant([1, 2]), 10), IAE,
     'cannot compute StringToHashBucketFast as input #0(zero-based) was expected to be a string tensor but'
     ' is a int32 tensor [Op:StringToHashBucketFast] name: '),
    (lambda: tf.strings.to_hash_bucket_fast(tf.constant([1.0]), 10), IAE,
     'cannot compute StringToHashBucketFast as input #0(zero-based) was expected to be a string tensor but'
     ' is a float tensor [Op:StringToHashBucketFast] name: '),
    (lambda: tf.strings.to_hash_bucket_fast(3, 10), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.split(tf.constant([1, 2]), " "), ValueError,
     'input: Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: shape=(2,),'
     ' dtype=int32, numpy=array([1, 2], dtype=int32)>'),
    (lambda: tf.strings.split(tf.constant([1.0]), " "), ValueError,
     'input: Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: shape=(1,'
     '), dtype=float32, numpy=array([1.], dtype=float32)>'),
    (lambda: tf.strings.split(3, " "), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.split(STR, tf.constant([1, 2])), ValueError,
     'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: shape=(2,), dtype='
     'int32, numpy=array([1, 2], dtype=int32)>'),
    (lambda: tf.strings.split(STR, tf.constant([1.0])), ValueError,
     'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: shape=(1,), dtyp'
     'e=float32, numpy=array([1.], dtype=float32)>'),
    (lambda: tf.strings.split(STR, 3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.split(STR, tf.constant([], tf.string)), IAE,
     '{{function_node __wrapped__StringSplitV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} sep m'
     'ust be a scalar, got shape: [0] [Op:StringSplitV2] name: '),
    (lambda: tf.strings.join([tf.constant([1, 2]), STR], separator="-"), IAE,
     'cannot compute StringJoin as input #0(zero-based) was expected to be a string tensor but is a int32 '
     'tensor [Op:StringJoin] name: '),
    (lambda: tf.strings.join([tf.constant([1.0]), STR], separator="-"), IAE,
     'cannot compute StringJoin as input #0(zero-based) was expected to be a string tensor but is a float '
     'tensor [Op:StringJoin] name: '),
    (lambda: tf.strings.join([3, STR], separator="-"), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.reduce_join(tf.constant([1, 2]), axis=0), IAE,
     'cannot compute ReduceJoin as input #0(zero-based) was expected to be a string tensor but is a int32 '
     'tensor [Op:ReduceJoin] name: '),
    (lambda: tf.strings.reduce_join(tf.constant([1.0]), axis=0), IAE,
     'cannot compute ReduceJoin as input #0(zero-based) was expected to be a string tensor but is a float '
     'tensor [Op:ReduceJoin] name: '),
    (lambda: tf.strings.reduce_join(3, axis=0), IAE,
     'cannot compute ReduceJoin as input #0(zero-based) was expected to be a string tensor but is a int32 '
     'tensor [Op:ReduceJoin] name: '),
    (lambda: tf.strings.substr(tf.constant([1, 2]), 1, 3), IAE,
     'cannot compute Substr as input #0(zero-based) was expected to be a string tensor but is a int32 tens'
     'or [Op:Substr] name: '),
    (lambda: tf.strings.substr(tf.constant([1.0]), 1, 3), IAE,
     'cannot compute Substr as input #0(zero-based) was expected to be a string tensor but is a float tens'
     'or [Op:Substr] name: '),
    (lambda: tf.strings.substr(3, 1, 3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.regex_replace(tf.constant([1, 2]), "o+", "x"), IAE,
     'cannot compute StaticRegexReplace as input #0(zero-based) was expected to be a string tensor but is '
     'a int32 tensor [Op:StaticRegexReplace] name: '),
    (lambda: tf.strings.regex_replace(tf.constant([1.0]), "o+", "x"), IAE,
     'cannot compute StaticRegexReplace as input #0(zero-based) was expected to be a string tensor but is '
     'a float tensor [Op:StaticRegexReplace] name: '),
    (lambda: tf.strings.regex_replace(3, "o+", "x"), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.regex_replace(STR, tf.constant([1, 2]), "x"), ValueError,
     'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: shape=(2,), dtype='
     'int32, numpy=array([1, 2], dtype=int32)>'),
    (lambda: tf.strings.regex_replace(STR, tf.constant([1.0]), "x"), ValueError,
     'Tensor conversion requested dtype string for Tensor with dtype float32: <tf.Tensor: shape=(1,), dtyp'
     'e=float32, numpy=array([1.], dtype=float32)>'),
    (lambda: tf.strings.regex_replace(STR, 3, "x"), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.regex_replace(STR, tf.constant([], tf.string), "x"), IAE,
     '{{function_node __wrapped__RegexReplace_device_/job:localhost/replica:0/task:0/device:CPU:0}} Patter'
     'n must be scalar, but received [0] [Op:RegexReplace]'),
    (lambda: tf.strings.regex_full_match(tf.constant([1, 2]), "H.*"), IAE,
     'cannot compute StaticRegexFullMatch as input #0(zero-based) was expected to be a string tensor but i'
     's a int32 tensor [Op:StaticRegexFullMatch] name: '),
    (lambda: tf.strings.regex_full_match(tf.constant([1.0]), "H.*"), IAE,
     'cannot compute StaticRegexFullMatch as input #0(zero-based) was expected to be a string tensor but i'
     's a float tensor [Op:StaticRegexFullMatch] name: '),
    (lambda: tf.strings.regex_full_match(3, "H.*"), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.regex_full_match(STR, tf.constant([1, 2])), IAE,
     'cannot compute RegexFullMatch as input #1(zero-based) was expected to be a string tensor but is a in'
     't32 tensor [Op:RegexFullMatch] name: '),
    (lambda: tf.strings.regex_full_match(STR, tf.constant([1.0])), IAE,
     'cannot compute RegexFullMatch as input #1(zero-based) was expected to be a string tensor but is a fl'
     'oat tensor [Op:RegexFullMatch] name: '),
    (lambda: tf.strings.regex_full_match(STR, 3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.regex_full_match(STR, tf.constant([], tf.string)), IAE,
     '{{function_node __wrapped__RegexFullMatch_device_/job:localhost/replica:0/task:0/device:CPU:0}} Patt'
     'ern must be scalar, but received [0] [Op:RegexFullMatch] name: '),
    (lambda: tf.strings.to_number(tf.constant([1, 2])), IAE,
     'cannot compute StringToNumber as input #0(zero-based) was expected to be a string tensor but is a in'
     't32 tensor [Op:StringToNumber] name: '),
    (lambda: tf.strings.to_number(tf.constant([1.0])), IAE,
     'cannot compute StringToNumber as input #0(zero-based) was expected to be a string tensor but is a fl'
     'oat tensor [Op:StringToNumber] name: '),
    (lambda: tf.strings.to_number(3), TypeError,
     'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.unicode_decode(tf.constant([1, 2]), "UTF-8"), IAE,
     'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string tensor but is a int'
     '32 tensor [Op:UnicodeDecode] name: '),
    (lambda: tf.strings.unicode_decode(tf.constant([1.0]), "UTF-8"), IAE,
     'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string tensor but is a flo'
     'at tensor [Op:UnicodeDecode] name: '),
    (lambda: tf.strings.unicode_decode(3, "UTF-8"), IAE,
     'cannot compute UnicodeDecode as input #0(zero-based) was expected to be a string tensor but is a int'
     '32 tensor [Op:UnicodeDecode] name: '),
    (lambda: tf.strings.length(np.array([1, 2])), ValueError,
     'Failed to convert a NumPy array to a Tensor (Unsupported object type int).'),
    (lambda: tf.strings.length([1, 2]), TypeError, 'Cannot convert [1, 2] to EagerTensor of dtype string'),
    (lambda: tf.strings.split(S, tf.constant(['a', 'b'])), IAE,
     '{{function_node __wrapped__StringSplitV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} sep must be a '
     'scalar, got shape: [2] [Op:StringSplitV2] name: '),
    (lambda: tf.strings.regex_replace(tf.constant([1, 2]), tf.constant('a'), 'x'), ValueError,
     'Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: shape=(2,), dtype=int32, '
     'numpy=array([1, 2], dtype=int32)>'),
])
def test_bad_string_inputs_raise_tensorflows_error(call, cls, text):
    with pytest.raises(cls) as err:
        call()
    assert str(err.value) == text
    assert err.value.__notes__, 'tapeflow explains in a note'


@pytest.mark.parametrize('sep', ['', b'', tf.constant(''), None])
def test_split_on_an_empty_separator_splits_on_whitespace_as_tensorflow(sep):
    assert tf.strings.split(S, sep).to_list() == [[b'a', b'b', b'c'], [b'd,e']]


def test_split_and_regex_ops_take_scalar_string_tensors():
    assert tf.strings.split(S, tf.constant(',')).to_list() == [[b'a b  c'], [b'd', b'e']]
    assert tf.strings.regex_replace(S, tf.constant('a'), 'x').numpy().tolist() == [b'x b  c', b'd,e']
    assert tf.strings.regex_full_match(S, tf.constant('a.*')).numpy().tolist() == [True, False]


@pytest.mark.parametrize('separator, shown', [
    (tf.constant([1, 2]), '<tf.Tensor: shape=(2,), dtype=int32, numpy=array([1, 2], dtype=int32)>'),
    (3, '3'), (['a', 1], "['a', 1]"), ({'a': 'b'}, "{'a': 'b'}"),
    (tf.constant([], tf.string), '<tf.Tensor: shape=(0,), dtype=string, numpy=array([], dtype=object)>'),
])
def test_join_separator_is_a_string_attribute(separator, shown):
    # TF 2.21 (errors9 fuzzer, st.join|sep_*): StringJoin's separator attribute takes a Python string only
    with pytest.raises(TypeError) as err:
        tf.strings.join([STR, STR], separator=separator)
    assert str(err.value) == "Expected string for argument 'separator' not %s." % shown
    assert tf.strings.join([STR, STR], separator=None).numpy().tolist() == [b'Hello WorldHello World',
                                                                             b'foo bar bazfoo bar baz']


@pytest.mark.parametrize('call, cls, text', [
    (lambda: tf.strings.ngrams(3, 2), TypeError, 'Cannot convert 3 to EagerTensor of dtype string'),
    (lambda: tf.strings.ngrams(b'ab', 2), ValueError, 'Data must have rank>0'),
    (lambda: tf.strings.ngrams(tf.constant([1, 2]), 2), ValueError,
     'data: Tensor conversion requested dtype string for Tensor with dtype int32: <tf.Tensor: shape=(2,), '
     'dtype=int32, numpy=array([1, 2], dtype=int32)>'),
    (lambda: tf.strings.ngrams(tf.constant(['a', 'b']), -1), ValueError,
     'All ngram_widths must be greater than 0. Got -1'),
    (lambda: tf.strings.ngrams(tf.constant(['a', 'b']), 'a'), TypeError,
     "'<' not supported between instances of 'str' and 'int'"),
])
def test_ngrams_refusals_are_tensorflows(call, cls, text):
    # TF 2.21: the errors9 fuzzer's st.ngrams rows (the int tensor and the pyint were computed / an IndexError)
    with pytest.raises(cls) as err:
        call()
    assert str(err.value) == text
