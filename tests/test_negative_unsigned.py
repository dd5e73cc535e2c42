"""tf.negative (and unary minus) of unsigned integers: TensorFlow 2.21's Neg kernel has no unsigned
types and raises; numpy would wrap the values around (-1 as 255). Texts printed by TF 2.21 for the
same calls under /opt/tfref."""
import numpy as np
import pytest

import framework as tf


@pytest.mark.parametrize('dtype', [tf.uint8, tf.uint16, tf.uint32, tf.uint64])
@pytest.mark.parametrize('negate', [tf.negative, tf.math.negative, lambda x: -x])
def test_negating_unsigned_integers_raises_the_neg_kernel_error(dtype, negate):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        negate(tf.constant([1, 2], dtype))
    # TF 2.21: "Value for attr 'T' of uint8 is not in the list of allowed values: bfloat16, half, float, ..."
    assert str(err.value).startswith("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, "
                                     "float, double, int8, int16, int32, int64, complex64, complex128" % dtype.name)
    assert any('cast it to a signed type' in note for note in err.value.__notes__)


@pytest.mark.parametrize('dtype, expected', [(tf.int8, [-1, 2]), (tf.int64, [-1, 2]), (tf.float16, [-1., 2.])])
def test_signed_types_still_negate(dtype, expected):
    out = tf.negative(tf.constant([1, -2], dtype))
    assert out.dtype == dtype
    np.testing.assert_array_equal(out.numpy(), expected)
