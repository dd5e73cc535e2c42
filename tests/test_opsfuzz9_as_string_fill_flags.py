"""tf.strings.as_string's fill is a printf flag of the AsString kernel's format, as in TF 2.21.

Expected values printed by TF 2.21 (/work/notes/progs/opsfuzz9/p08_asstr.py), e.g.
    print(tf.strings.as_string(tf.constant([15, -2]), width=5, fill='-'))
"""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def _strings(t):
    return [v for v in t.numpy().tolist()]


@pytest.mark.parametrize('fill, ints, floats', [
    ('-', [b'15   ', b'-2   '], [b'1.500000', b'-2.000000']),
    ('+', [b'  +15', b'   -2'], [b'+1.500000', b'-2.000000']),
    ('#', [b'   15', b'   -2'], [b'1.500000', b'-2.000000']),
    (' ', [b'   15', b'   -2'], [b' 1.500000', b'-2.000000']),
    ('0', [b'00015', b'-0002'], [b'1.500000', b'-2.000000']),
])
def test_fill_flags(fill, ints, floats):
    assert _strings(tf.strings.as_string(tf.constant([15, -2]), width=5, fill=fill)) == ints
    assert _strings(tf.strings.as_string(tf.constant([1.5, -2.]), fill=fill)) == floats


def test_alternate_form_keeps_the_point_and_bools_ignore_the_format():
    assert _strings(tf.strings.as_string(tf.constant([1.5]), width=8, precision=0, fill='#')) == [b'      2.']
    assert _strings(tf.strings.as_string(tf.constant([1.5]), width=8, precision=0, fill='-')) == [b'2       ']
    assert _strings(tf.strings.as_string(tf.constant([True]), width=8, fill='+')) == [b'true']


def test_fill_errors_come_after_the_dtype_checks_with_the_fast_paths_tail():
    with pytest.raises(InvalidArgumentError) as info:
        tf.strings.as_string(tf.constant([1.5]), fill='x')
    assert str(info.value) == ('{{function_node __wrapped__AsString_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Fill argument not supported: "x" [Op:AsString] name: ')
    with pytest.raises(InvalidArgumentError) as info:
        tf.strings.as_string(tf.constant([1.5]), fill='ab')
    assert 'Fill string must be one or fewer characters [Op:AsString] name: ' in str(info.value)
    with pytest.raises(InvalidArgumentError) as info:
        tf.strings.as_string(tf.constant([1]), fill='ab', scientific=True)
    assert 'scientific and shortest format not supported for datatype int32 [Op:AsString] name: ' in str(info.value)
