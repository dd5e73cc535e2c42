"""tf.strings ops take an empty Python list (or an empty numpy array of any dtype) as TF 2.21 does:
converted with dtype=string, it is an empty string tensor (tapeflow raised 'Cannot convert [] to
EagerTensor of dtype string'). Non-empty numbers are still refused."""
import numpy as np
import pytest

import framework as tf

# TF 2.21: the result's dtype and shape for each op of an empty list
CASES = [
    (lambda v: tf.strings.length(v), tf.int32, (0,)),
    (lambda v: tf.strings.upper(v), tf.string, (0,)),
    (lambda v: tf.strings.lower(v), tf.string, (0,)),
    (lambda v: tf.strings.strip(v), tf.string, (0,)),
    (lambda v: tf.strings.regex_replace(v, 'a', 'b'), tf.string, (0,)),
    (lambda v: tf.strings.regex_full_match(v, 'a'), tf.bool, (0,)),
    (lambda v: tf.strings.to_number(v), tf.float32, (0,)),
    (lambda v: tf.strings.to_hash_bucket_fast(v, 3), tf.int64, (0,)),
    (lambda v: tf.strings.to_hash_bucket_strong(v, 3, [1, 2]), tf.int64, (0,)),
    (lambda v: tf.strings.substr(v, 0, 1), tf.string, (0,)),
    (lambda v: tf.strings.unicode_transcode(v, 'UTF-8', 'UTF-16-BE'), tf.string, (0,)),
    (lambda v: tf.strings.ngrams(v, 2), tf.string, (0,)),
]


@pytest.mark.parametrize('op, dtype, shape', CASES)
def test_empty_list(op, dtype, shape):
    out = op([])
    assert out.dtype == dtype and tuple(out.shape) == shape


def test_split_and_join_and_numpy():
    # TF 2.21: split([]) is a RaggedTensor of shape (0, None); join([[], []]) a string [] of shape (0,);
    # length(np.array([], np.float32)) an int32 [] of shape (0,)
    assert tuple(tf.strings.split([]).shape.as_list()) == (0, None)
    assert tf.strings.join([[], []]).shape == (0,)
    assert tf.strings.length(np.array([], np.float32)).shape == (0,)


def test_numbers_still_refused():
    # TF 2.21: TypeError 'Cannot convert [1.0] to EagerTensor of dtype string'
    with pytest.raises(TypeError) as info:
        tf.strings.length([1.0])
    assert str(info.value) == 'Cannot convert [1.0] to EagerTensor of dtype string'
