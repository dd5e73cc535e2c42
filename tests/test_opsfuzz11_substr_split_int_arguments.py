"""tf.strings.substr's pos / len and tf.strings.split's maxsplit as TF 2.21 converts them (printed by TF 2.21:
substr(['abc'], 0.5, 1) -> InvalidArgumentError "Value for attr 'T' of float is not in the list of allowed values:
int32, int64 ... [Op:Substr]"; substr(['abc'], 0, 1.5) -> TypeError 'Cannot convert 1.5 to EagerTensor of dtype
int32'; split(['a b c'], maxsplit=1.5) -> [[b'a', b'b c']])."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('pos, len_, shown', [
    (0.5, 1, 'float'), (np.float32(0.5), 1, 'float'), (tf.constant(0.5), 1, 'float'), ([0.5], [1], 'float'),
    (0, tf.constant(1.), 'float'), (np.array([0.5]), [1], 'double')])
def test_float_pos_or_len_tensor_is_an_attr_error(pos, len_, shown):
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.substr(['abc'], pos, len_)
    text = str(caught.value)
    assert text.startswith("Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; "
                           "NodeDef: {{node Substr}}; Op<name=Substr; signature=input:string, pos:T, len:T" % shown)
    assert text.endswith('allowed=["BYTE", "UTF8_CHAR"]> [Op:Substr]')


def test_python_float_len_fails_conversion():
    with pytest.raises(TypeError) as caught:
        tf.strings.substr(['abc'], 0, 1.5)
    assert str(caught.value) == 'Cannot convert 1.5 to EagerTensor of dtype int32'
    assert tf.strings.substr(['abc'], tf.constant(1, tf.int64), tf.constant(1, tf.int64)).numpy().tolist() == [b'b']


@pytest.mark.parametrize('maxsplit, whitespace, comma', [
    (1.5, [[b'a', b'b c']], [[b'a', b'b,c']]), (None, [[b'a', b'b', b'c']], [[b'a', b'b', b'c']]),
    (np.float32(1.9), [[b'a', b'b c']], [[b'a', b'b,c']]), (True, [[b'a', b'b c']], [[b'a', b'b,c']]),
    (-1.5, [[b'a', b'b', b'c']], [[b'a', b'b', b'c']])])
def test_split_maxsplit_is_truncated(maxsplit, whitespace, comma):
    assert tf.strings.split(['a b c'], maxsplit=maxsplit).to_list() == whitespace
    assert tf.strings.split(['a,b,c'], sep=',', maxsplit=maxsplit).to_list() == comma


def test_split_maxsplit_text_is_refused():
    with pytest.raises(TypeError) as caught:
        tf.strings.split(['a b c'], maxsplit='1')
    assert str(caught.value) == "Expected int for argument 'maxsplit' not '1'."
