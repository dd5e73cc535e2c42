"""tf.range infers its dtype as TensorFlow 2.21's math_ops.range: the widest of its arguments' dtypes
in (int32, int64, float16, bfloat16, float32, float64), each argument's dtype being what
convert_to_tensor gives it. Expected dtypes below are TF 2.21's, printed by the same calls."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('args, expected', [
    ((tf.constant(3, tf.int64),), 'int64'),            # Dataset.range's elements are int64
    ((np.int64(3),), 'int64'),
    ((1, tf.constant(3, tf.int64)), 'int64'),
    ((np.int32(1), np.int64(3)), 'int64'),
    ((np.int32(3),), 'int32'),
    ((3,), 'int32'),
    ((2 ** 31, 2 ** 31 + 2), 'int64'),                 # a Python int past int32 converts to int64
    ((3.0,), 'float32'),
    ((np.float64(3),), 'float64'),
    ((tf.constant(3., tf.float16),), 'float16'),
    ((tf.constant(1, tf.int64), 3.0), 'float32'),
    ((1.0, tf.constant(3, tf.int64)), 'float32'),
])
def test_range_takes_the_widest_argument_dtype(args, expected):
    out = tf.range(*args)
    assert out.dtype == getattr(tf, expected)
    np.testing.assert_array_equal(out.numpy(), np.arange(*[np.asarray(a).item() if not isinstance(a, int) else a
                                                             for a in args]).astype(expected))


def test_range_with_delta_and_explicit_dtype():
    assert tf.range(tf.constant(3, tf.int64), delta=2).dtype == tf.int64
    out = tf.range(tf.constant(3, tf.int64), dtype=tf.float32)
    assert out.dtype == tf.float32 and out.numpy().tolist() == [0.0, 1.0, 2.0]


@pytest.mark.parametrize('limit', [tf.constant(3, tf.int16), tf.constant(3, tf.uint8), np.int16(3),
                                   tf.constant(3, tf.int8)])
def test_range_of_other_dtypes_fails_as_tensorflow(limit):
    with pytest.raises(AssertionError):          # TF 2.21's bare assert in math_ops.range
        tf.range(limit)


def test_mapped_range_over_dataset_range_is_int64():
    ds = tf.data.Dataset.range(1, 4).map(lambda n: tf.range(n))
    assert [x.dtype for x in ds] == [tf.int64] * 3
    assert [x.numpy().tolist() for x in ds] == [[0], [0, 1], [0, 1, 2]]
