"""Errors that show a tensor's value format it as TF 2.21's f-strings do (Tensor.__format__): a scalar as
a Python number, so float32 1.1 reads 1.100000023841858 (numpy's str gave 1.1)."""
import pytest

import framework as tf


@pytest.mark.parametrize('value, shown', [
    # TF 2.21 gives these texts
    (tf.constant(1.1), '1.100000023841858'),
    (tf.constant(1.1, tf.float16), '1.099609375'),
    (tf.cast(tf.constant(1.3825384378433228), tf.bfloat16), '1.3828125'),
    (tf.constant(3), '3'),
    (tf.constant([1.5, 2.25]), '[1.5  2.25]'),
])
def test_matrix_transpose_rank_error_formats_value(value, shown):
    with pytest.raises(ValueError) as info:
        tf.linalg.matrix_transpose(value)
    assert str(info.value) == ('Argument `a` should be a (batch) matrix with rank >= 2.  Received `a` = %s with '
                               'shape: %s' % (shown, tuple(value.shape)))


@pytest.mark.parametrize('value, shown', [
    (tf.constant(1.1), '1.100000023841858'),           # TF 2.21 gives these texts
    (tf.constant(1 + 2j, tf.complex64), '(1+2j)'),
    (tf.constant([1.1, 2.2]), '[1.1 2.2]'),
])
def test_tensordot_axes_error_formats_value(value, shown):
    with pytest.raises(ValueError) as info:
        tf.tensordot(value, value, 2)
    assert str(info.value) == ('`axes` must not be larger than the number of dimensions of tensor %s.  Received 2, '
                               'vs tensor dimensions %d.' % (shown, value.ndim))
