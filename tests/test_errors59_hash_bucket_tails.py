"""tf.strings.to_hash_bucket_fast / _strong with num_buckets < 1 end their attr error as TF 2.21's eager
fast path does: ' name: ' (a given name after it) for a tensor or array input, nothing for a Python str or
list (the slow path). Goldens: /work/notes/progs/errors59/str1.py run under TF 2.21."""
import numpy as np
import pytest

import framework as tf

S = ['ab', 'cde']
FAST = ("Value for attr 'num_buckets' of %d must be at least minimum 1\n\t; NodeDef: {{node StringToHashBucketFast}}; "
        "Op<name=StringToHashBucketFast; signature=input:string -> output:int64; attr=num_buckets:int,min=1> "
        "[Op:StringToHashBucketFast]")
STRONG = ("Value for attr 'num_buckets' of 0 must be at least minimum 1\n\t; NodeDef: {{node StringToHashBucketStrong}}; "
          "Op<name=StringToHashBucketStrong; signature=input:string -> output:int64; attr=num_buckets:int,min=1; "
          "attr=key:list(int)> [Op:StringToHashBucketStrong]")


@pytest.mark.parametrize('call, text', [
    (lambda: tf.strings.to_hash_bucket_fast(tf.constant(S), 0), FAST % 0 + ' name: '),
    (lambda: tf.strings.to_hash_bucket_fast(tf.constant(S), -1), FAST % -1 + ' name: '),
    (lambda: tf.strings.to_hash_bucket_fast(np.array(['a']), 0), FAST % 0 + ' name: '),
    (lambda: tf.strings.to_hash_bucket_fast(tf.constant(S), 0, name='hh'), FAST % 0 + ' name: hh'),
    (lambda: tf.strings.to_hash_bucket_fast(['a'], 0), FAST % 0),
    (lambda: tf.strings.to_hash_bucket_fast('a', 0), FAST % 0),
    (lambda: tf.strings.to_hash_bucket_strong(tf.constant(S), 0, [1, 2]), STRONG + ' name: '),
    (lambda: tf.strings.to_hash_bucket_strong(tf.constant(S), 0, [1, 2], name='ss'), STRONG + ' name: ss'),
])
def test_bucket_count_error_tail_follows_the_path(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text
