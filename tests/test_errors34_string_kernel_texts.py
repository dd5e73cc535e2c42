"""errors34: tf.strings arguments their kernels refuse fail in TF 2.21's kernel words (printed by
/work/notes/progs/errors34/str1.py and a follow-up under /opt/tfref); tapeflow's own sentences are notes now."""
import pytest

import framework as tf

_W = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:%s]'


@pytest.mark.parametrize('call, kernel, text', [
    (lambda: tf.strings.upper('a', encoding='latin'), 'StringUpper',
     "only utf-8 or '' (no encoding) is supported, received latin"),
    (lambda: tf.strings.lower(['a'], encoding='x'), 'StringLower',
     "only utf-8 or '' (no encoding) is supported, received x"),
    (lambda: tf.strings.as_string([1], fill='ab'), 'AsString', 'Fill string must be one or fewer characters'),
    (lambda: tf.strings.as_string([1.5], fill='x'), 'AsString', 'Fill argument not supported: "x"'),
    (lambda: tf.strings.to_hash_bucket_strong(['a'], 3, key=[1]), 'StringToHashBucketStrong',
     'Key must have 2 elements'),
    (lambda: tf.strings.to_hash_bucket_strong(['a'], 3, key=[1, 2, 3]), 'StringToHashBucketStrong',
     'Key must have 2 elements'),
])
def test_string_kernel_refusals_in_tf_words(call, kernel, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == _W % (kernel, text, kernel)


def test_supported_arguments_still_work():
    assert tf.strings.upper('é', encoding='utf-8').numpy().decode() == 'É'
    assert tf.strings.as_string([7], width=3, fill='0').numpy().tolist() == [b'007']
    assert tf.strings.to_hash_bucket_strong(['a'], 3, key=[1, 2]).shape == (1,)
