"""Dataset.range counts in int64 and casts each value to output_type, as TF 2.21's RangeDataset kernel
(static_cast): negative or large values wrap in small unsigned / signed types instead of failing.
Values printed by TF 2.21 (/work/notes/progs/data10/p5.py):
    ds = tf.data.Dataset.range(*args, output_type=t)
    print(ds.cardinality().numpy(), [x.numpy().item() for x in ds])
"""
import pytest

import framework as tf


@pytest.mark.parametrize('args, dtype, expected', [
    ((-5, -1), tf.uint8, [251, 252, 253, 254]),
    ((250, 260, 3), tf.uint8, [250, 253, 0, 3]),
    ((-3, 3), tf.uint16, [65533, 65534, 65535, 0, 1, 2]),
    ((126, 131), tf.int8, [126, 127, -128, -127, -126]),
    ((-2, 2), tf.uint32, [4294967294, 4294967295, 0, 1]),
    ((2047, 2052), tf.float16, [2047.0, 2048.0, 2048.0, 2050.0, 2052.0]),
    ((-2, 1), tf.complex64, [-2 + 0j, -1 + 0j, 0j]),
])
def test_range_values_are_cast_from_int64(args, dtype, expected):
    ds = tf.data.Dataset.range(*args, output_type=dtype)
    assert ds.element_spec == tf.TensorSpec((), dtype)
    assert int(ds.cardinality()) == len(expected)
    values = [x for x in ds]
    assert all(v.dtype == dtype for v in values)
    assert [v.numpy().item() for v in values] == expected
