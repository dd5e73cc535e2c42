"""Mixing dtypes in a binary op: TensorFlow 2.21's eager error class and text, which learners'
programs print (float32 + float64 and float32 * int32 are the common slips).

Goldens: the same expressions on TensorFlow 2.21 (tensorflow-cpu), f'{type(e).__name__} {e}' pasted.
"""
import pytest

import framework as tf

f = tf.constant([1.0, 2.0])
i = tf.constant([1, 2])
d = tf.constant([1.0, 2.0], tf.float64)

CASES = [
    (lambda: f + i, 'AddV2', 'float', 'int32'), (lambda: i + f, 'AddV2', 'int32', 'float'),
    (lambda: f + d, 'AddV2', 'float', 'double'), (lambda: f - d, 'Sub', 'float', 'double'),
    (lambda: f * i, 'Mul', 'float', 'int32'), (lambda: f ** i, 'Pow', 'float', 'int32'),
    (lambda: tf.maximum(f, d), 'Maximum', 'float', 'double'), (lambda: tf.minimum(i, f), 'Minimum', 'int32', 'float'),
    (lambda: tf.multiply(d, f), 'Mul', 'double', 'float'), (lambda: tf.subtract(i, d), 'Sub', 'int32', 'double'),
    (lambda: tf.Variable(1.0) + tf.constant(1), 'AddV2', 'float', 'int32'),
    (lambda: f // i, 'FloorDiv', 'float', 'int32'), (lambda: f % d, 'FloorMod', 'float', 'double'),
    (lambda: tf.constant([1], tf.int64) + i, 'AddV2', 'int64', 'int32'),
    (lambda: tf.constant(1.0, tf.float16) * f, 'Mul', 'half', 'float'),
    (lambda: f < d, 'Less', 'float', 'double'), (lambda: tf.equal(f, i), 'Equal', 'float', 'int32'),
    (lambda: tf.atan2(f, d), 'Atan2', 'float', 'double'),
]


@pytest.mark.parametrize('expr, kernel, want, got', CASES)
def test_binary_dtype_mismatch_is_tfs_kernel_error(expr, kernel, want, got):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        expr()
    assert str(caught.value) == ('cannot compute %s as input #1(zero-based) was expected to be a %s tensor but is a %s '
                                 'tensor [Op:%s] name: ' % (kernel, want, got, kernel))
    assert 'both operands must have the same dtype' in caught.value.__notes__[0]     # tapeflow's advice


def test_where_of_mixed_dtypes_names_select_v2():
    # TF 2.21: tf.where([True, False], f, d) -> InvalidArgumentError, no ' name: ' tail
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.where([True, False], f, d)
    assert str(caught.value) == ('cannot compute SelectV2 as input #2(zero-based) was expected to be a float tensor '
                                 'but is a double tensor [Op:SelectV2]')


def test_true_division_of_mixed_dtypes_is_tfs_type_error():
    # TF 2.21: f / d -> TypeError: `x` and `y` must have the same dtype, got tf.float32 != tf.float64.
    for expr, text in [(lambda: f / d, 'tf.float32 != tf.float64'), (lambda: i / f, 'tf.int32 != tf.float32'),
                       (lambda: tf.divide(f, d), 'tf.float32 != tf.float64')]:
        with pytest.raises(TypeError) as caught:
            expr()
        assert type(caught.value) is TypeError
        assert str(caught.value) == '`x` and `y` must have the same dtype, got %s.' % text
