"""tf.math.divide_no_nan of string or bool operands raises TF 2.21's Python checks: the operands' dtypes compared
('`x` and `y` must have the same dtype, got tf.float32 != tf.string.'), then its dtype table's "Invalid dtype
tf.string in tf.math.divide_no_nan. Expected one of {tf.uint8, ...}." (tapeflow: 'Cannot convert 0 to EagerTensor of
dtype string', or for bools '... got tf.bool != tf.int64.'). Probe: /work/notes/progs/errors56/dn.py."""
import pytest

import framework as tf

_TABLE = ('tf.uint8, tf.int8, tf.uint16, tf.int16, tf.uint32, tf.int32, tf.uint64, tf.int64, tf.bfloat16, '
          'tf.float16, tf.float32, tf.float64, tf.complex64, tf.complex128')


def _s():
    return tf.constant(['a'])


def _b():
    return tf.constant([True])


# TF 2.21's texts
@pytest.mark.parametrize('x, y, text', [
    (_s, _s, 'Invalid dtype tf.string in tf.math.divide_no_nan. Expected one of {%s}.' % _TABLE),
    (_b, _b, 'Invalid dtype tf.bool in tf.math.divide_no_nan. Expected one of {%s}.' % _TABLE),
    (lambda: ['a'], lambda: ['b'], 'Invalid dtype tf.string in tf.math.divide_no_nan. Expected one of {%s}.' % _TABLE),
    (lambda: 'a', _s, 'Invalid dtype tf.string in tf.math.divide_no_nan. Expected one of {%s}.' % _TABLE),
    (lambda: [True], _b, 'Invalid dtype tf.bool in tf.math.divide_no_nan. Expected one of {%s}.' % _TABLE),
    (_s, lambda: tf.constant([1.]), '`x` and `y` must have the same dtype, got tf.string != tf.float32.'),
    (lambda: tf.constant([1.]), _s, '`x` and `y` must have the same dtype, got tf.float32 != tf.string.'),
    (lambda: tf.constant([1.]), _b, '`x` and `y` must have the same dtype, got tf.float32 != tf.bool.'),
    (_s, lambda: 1, '`x` and `y` must have the same dtype, got tf.string != tf.int32.'),
    (lambda: 1, _s, 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: 1., _b, 'Cannot convert 1.0 to EagerTensor of dtype bool'),
])
def test_string_and_bool_operands_meet_tfs_python_checks(x, y, text):
    with pytest.raises(TypeError) as err:
        tf.math.divide_no_nan(x(), y())
    assert str(err.value) == text


def test_numbers_still_divide():
    assert tf.math.divide_no_nan(tf.constant([1.]), tf.constant([0.])).numpy().tolist() == [0.0]
    assert tf.math.divide_no_nan(1, tf.constant([2.])).numpy().tolist() == [0.5]
    out = tf.math.divide_no_nan(tf.constant([1]), tf.constant([2]))
    assert out.dtype == tf.float64 and out.numpy().tolist() == [0.5]       # TF 2.21: float64 [0.5]
