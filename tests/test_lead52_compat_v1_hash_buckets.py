"""tf.compat.v1's string hashing names (TF 2.21 outputs in the comments; lead52 probe)."""
import numpy as np
import pytest

import framework as tf

V1 = tf.compat.v1


def test_string_to_hash_bucket_takes_string_tensor_or_input():
    assert V1.string_to_hash_bucket.__name__ == 'string_to_hash_bucket_v1'      # TF's function name
    # TF 2.21: [3] either way, as tf.strings.to_hash_bucket
    np.testing.assert_array_equal(V1.string_to_hash_bucket(input=['a'], num_buckets=5), [3])
    np.testing.assert_array_equal(V1.string_to_hash_bucket(['a', 'bb'], 7), tf.strings.to_hash_bucket(['a', 'bb'], 7))
    with pytest.raises(ValueError, match="^Cannot specify both 'string_tensor' and 'input'.$"):
        V1.string_to_hash_bucket(['a'], 5, input=['b'])
    with pytest.raises(TypeError, match="^Expected int for argument 'num_buckets' not None.$"):
        V1.string_to_hash_bucket(['a'])


def test_fast_and_strong_raw_op_names():
    # TF 2.21: [3 1] and [8 7]
    np.testing.assert_array_equal(V1.string_to_hash_bucket_fast(['a', 'b'], 9), [3, 1])
    np.testing.assert_array_equal(V1.string_to_hash_bucket_strong(['a', 'b'], 9, [1, 2]), [8, 7])
    np.testing.assert_array_equal(V1.string_to_hash_bucket_fast(input=['a'], num_buckets=9, name='h'), [3])
