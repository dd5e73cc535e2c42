"""DType.limits, TF's image intensity range (0, max) (printed by TF 2.21: progs/tutorials30/limits.py)."""
import pytest

import framework as tf


@pytest.mark.parametrize('dtype, limits', [(tf.bool, (0, True)), (tf.uint8, (0, 255)), (tf.uint16, (0, 65535)),
                                           (tf.int8, (0, 127)), (tf.int16, (0, 32767)), (tf.int32, (0, 2147483647)),
                                           (tf.int64, (0, 9223372036854775807)), (tf.uint32, (0, 4294967295)),
                                           (tf.uint64, (0, 18446744073709551615)), (tf.float32, (0, 1)),
                                           (tf.float64, (0, 1))])
def test_limits(dtype, limits):
    assert dtype.limits == limits
    assert [type(v) for v in dtype.limits] == [type(v) for v in limits]


@pytest.mark.parametrize('dtype', [tf.float16, tf.bfloat16, tf.string, tf.complex64])
def test_dtypes_without_limits(dtype):
    with pytest.raises(ValueError, match="^<dtype: '%s'> does not have defined limits.$" % dtype.name):
        dtype.limits
