"""Errors from a tf.autograph.experimental.do_not_convert function traced by tf.function: TF 2.21 does not
convert it, so its errors are not reworded ('in user code:'); called from a converted function, its frame is
marked '  **' (autograph's allowlisted frame) where converted frames get '  *'. Texts are TF 2.21's,
printed by the same program (file names aside).
"""
import pytest

import framework as tf


@tf.autograph.experimental.do_not_convert
def _casts_a_dict():
    return tf.cast({'a': tf.constant(1.0)}, tf.float32)


def _calls_it():
    return _casts_a_dict()


@tf.autograph.experimental.do_not_convert
def _raises():
    raise ValueError('boom')


def test_do_not_convert_function_raises_its_error_as_it_is():
    with pytest.raises(TypeError) as info:
        tf.function(_casts_a_dict)()
    assert str(info.value) == 'Expected any non-tensor type, but got a tensor instead.'
    with pytest.raises(ValueError) as info:
        tf.function(_raises)()
    assert str(info.value) == 'boom'


def test_do_not_convert_frame_is_marked_allowlisted_under_a_converted_caller():
    with pytest.raises(TypeError) as info:
        tf.function(_calls_it)()
    lines = str(info.value).split('\n')
    assert lines[:2] == ['in user code:', '']
    assert lines[2].startswith('    File "') and lines[2].endswith(', in _calls_it  *')
    assert lines[3] == '        return _casts_a_dict()'
    assert lines[4].endswith(', in _casts_a_dict  **')
    assert lines[5] == "        return tf.cast({'a': tf.constant(1.0)}, tf.float32)"
    assert lines[6:] == ['', '    TypeError: Expected any non-tensor type, but got a tensor instead.', '']


def test_do_not_convert_still_calls_through():
    assert tf.autograph.experimental.do_not_convert(lambda x: x + 1)(2) == 3
    assert tf.function(tf.autograph.experimental.do_not_convert(lambda: tf.constant(2.0) * 3))().numpy() == 6.0
