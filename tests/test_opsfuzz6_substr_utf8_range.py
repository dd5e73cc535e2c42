"""tf.strings.substr's pos range error in UTF8_CHAR units leaves the string out, as TF 2.21's kernel words it.
Golden values printed by TF 2.21 (/work/notes/progs/opsfuzz6/p07_strings.py)."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError

S = ['hello world', 'a,b,,c', '', 'héllo']
_CPU = '{{function_node __wrapped__Substr_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


def test_utf8_char_pos_error_names_no_string():
    # TF 2.21: tf.strings.substr(S, 1, 3, unit='UTF8_CHAR') -> '... pos 1 out of range for string at index 2
    # [Op:Substr] name: '
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.substr(tf.constant(S), 1, 3, unit='UTF8_CHAR')
    assert str(caught.value) == _CPU + 'pos 1 out of range for string at index 2 [Op:Substr] name: '


def test_byte_pos_error_names_the_string():
    # TF 2.21: tf.strings.substr(S, 20, 3) -> "... pos 20 out of range for string b'hello world' at index 0 ..."
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.substr(tf.constant(S), 20, 3)
    assert str(caught.value) == _CPU + "pos 20 out of range for string b'hello world' at index 0 [Op:Substr] name: "
