"""NaN with its sign bit set and inf under the '0' fill, as TF 2.21's printf-based kernels write them.

Golden values printed by TF 2.21, e.g.
    x = tf.constant(np.array([-np.float32(np.nan), np.nan, -np.inf], np.float32))
    tf.strings.as_string(x, width=7, fill='0')  ->  [b'   -nan', b'    nan', b'   -inf']
"""
import numpy as np
import pytest

import framework as tf

X = np.array([-np.float32(np.nan), np.nan, -np.inf], np.float32)


@pytest.mark.parametrize('kwargs, expected', [
    ({}, [b'-nan', b'nan', b'-inf']),
    ({'width': 7, 'fill': '0'}, [b'   -nan', b'    nan', b'   -inf']),
    ({'scientific': True}, [b'-nan', b'nan', b'-inf']),
    ({'shortest': True}, [b'-nan', b'nan', b'-inf']),
    ({'fill': '+'}, [b'-nan', b'+nan', b'-inf']),
    ({'width': 6, 'fill': '-', 'precision': 2}, [b'-nan  ', b'nan   ', b'-inf  ']),
    ({'width': 6, 'fill': ' ', 'precision': 2}, [b'  -nan', b'   nan', b'  -inf']),
])
def test_as_string_non_finite_floats(kwargs, expected):
    assert tf.strings.as_string(tf.constant(X), **kwargs).numpy().tolist() == expected


@pytest.mark.parametrize('dtype', [tf.float16, tf.bfloat16, tf.float64])
def test_as_string_zero_fill_pads_inf_with_spaces(dtype):
    x = tf.cast(tf.constant(np.array([-np.nan, np.inf, 1.5], np.float32)), dtype)
    assert tf.strings.as_string(x, width=6, fill='0', precision=1).numpy().tolist() == [b'  -nan', b'   inf',
                                                                                          b'0001.5']


def test_as_string_complex_parts():
    z = tf.complex(tf.constant(X), tf.constant(X))
    assert tf.strings.as_string(z, width=6, fill='0').numpy().tolist() == [
        b'(  -nan,  -nan)', b'(   nan,   nan)', b'(  -inf,  -inf)']


def test_print_and_format_write_signed_nan(capsys):
    tf.print(tf.constant(np.array([-np.float32(np.nan), 1.5], np.float32)))
    tf.print(tf.constant([[-np.nan]], tf.float16))
    assert capsys.readouterr().err == '[-nan 1.5]\n[[-nan]]\n'
    assert tf.strings.format('{}', tf.constant(X)).numpy() == b'[-nan nan -inf]'
    assert tf.strings.format('{}', tf.constant(-np.nan, tf.float64)).numpy() == b'-nan'
    ragged = tf.RaggedTensor.from_row_splits(tf.constant(np.array([-np.nan, np.nan, 1], np.float32)), [0, 2, 3])
    assert tf.strings.format('{}', ragged).numpy() == b'[[-nan, nan], [1.000000]]'
