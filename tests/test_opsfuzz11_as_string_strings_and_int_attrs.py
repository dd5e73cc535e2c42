"""tf.strings.as_string of string tensors and its int attributes, as TF 2.21 (values printed by TF 2.21:
as_string(tf.constant(['ab', 'héllo']), width=5) -> [b'   ab', b'h\\xc3\\xa9llo'] (width counts bytes);
fill='-' -> [b'ab   ', ...]; precision=2.7 -> b'1.25' for 1.25, width=6.9 -> b'    ab', precision=None the default)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

A = tf.strings.as_string
WORDS = tf.constant(['ab', 'héllo'])


@pytest.mark.parametrize('fill, first', [('', b'   ab'), ('-', b'ab   '), ('0', b'   ab'), ('+', b'   ab'),
                                         ('#', b'   ab'), (' ', b'   ab')])
def test_strings_pad_to_width_in_bytes(fill, first):
    assert A(WORDS, width=5, fill=fill).numpy().tolist() == [first, 'héllo'.encode()]


def test_string_fill_is_checked():
    with pytest.raises(InvalidArgumentError) as caught:
        A(WORDS, width=5, fill='x')
    assert str(caught.value) == ('{{function_node __wrapped__AsString_device_/job:localhost/replica:0/task:0/'
                                 'device:CPU:0}} Fill argument not supported: "x" [Op:AsString] name: ')


@pytest.mark.parametrize('kwargs, words, number', [
    ({'precision': 2.7}, [b'ab', 'héllo'.encode()], b'1.25'),
    ({'width': 6.9}, [b'    ab', 'héllo'.encode()], b'1.250000'),
    ({'precision': None}, [b'ab', 'héllo'.encode()], b'1.250000'),
    ({'width': np.int64(4)}, [b'  ab', 'héllo'.encode()], b'1.250000'),
    ({'precision': np.float32(2.5)}, [b'ab', 'héllo'.encode()], b'1.25'),
    ({'width': True}, [b'ab', 'héllo'.encode()], b'1.250000')])
def test_int_attributes_are_truncated_numbers(kwargs, words, number):
    assert A(WORDS, **kwargs).numpy().tolist() == words
    assert A(tf.constant([1.25]), **kwargs).numpy().tolist() == [number]


def test_text_attribute_is_refused():
    with pytest.raises(TypeError) as caught:
        A(tf.constant([1.25]), precision='2')
    assert str(caught.value) == "Expected int for argument 'precision' not '2'."
