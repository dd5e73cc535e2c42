"""tf.strings argument and kernel errors in TF 2.21's class and words, with the ' name: ' tail only
where TF's eager fast path runs (a tensor or array input; not a Python str or list)."""
import numpy as np
import pytest

import framework as tf
from helpers_error_texts import assert_raises_exactly

CPU = '/job:localhost/replica:0/task:0/device:CPU:0'
S = tf.strings
c = tf.constant

CASES = [
    (lambda: S.to_number('abc'), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringToNumber_device_' + CPU + '}} StringToNumberOp could not correctly convert string: abc [Op:StringToNumber]'),
    (lambda: S.to_number(c('abc')), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringToNumber_device_' + CPU + '}} StringToNumberOp could not correctly convert string: abc [Op:StringToNumber] name: '),
    (lambda: S.to_number(np.array(['1', 'abc'])), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringToNumber_device_' + CPU + '}} StringToNumberOp could not correctly convert string: abc [Op:StringToNumber] name: '),
    (lambda: S.to_number(['1', 'x1']), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringToNumber_device_' + CPU + '}} StringToNumberOp could not correctly convert string: x1 [Op:StringToNumber]'),
    (lambda: S.to_number('1.5', out_type=tf.int32), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringToNumber_device_' + CPU + '}} StringToNumberOp could not correctly convert string: 1.5 [Op:StringToNumber]'),
    (lambda: S.to_number(c('1.5'), out_type=tf.int64), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringToNumber_device_' + CPU + '}} StringToNumberOp could not correctly convert string: 1.5 [Op:StringToNumber] name: '),
    (lambda: S.to_number('1', out_type=tf.bool), tf.errors.InvalidArgumentError,
     "Value for attr 'out_type' of bool is not in the list of allowed values: float, double, int32, int64, uint32, uint64\n\t; NodeDef: {{node StringToNumber}}; Op<name=StringToNumber; signature=string_tensor:string -> output:out_type; attr=out_type:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT32, DT_UINT64]> [Op:StringToNumber]"),
    (lambda: S.to_number(c('1'), out_type=tf.bool), tf.errors.InvalidArgumentError,
     "Value for attr 'out_type' of bool is not in the list of allowed values: float, double, int32, int64, uint32, uint64\n\t; NodeDef: {{node StringToNumber}}; Op<name=StringToNumber; signature=string_tensor:string -> output:out_type; attr=out_type:type,default=DT_FLOAT,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, DT_UINT32, DT_UINT64]> [Op:StringToNumber] name: "),
    (lambda: S.substr('abc', 5, 1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Substr_device_' + CPU + "}} pos 5 out of range for string b'abc' at index 0 [Op:Substr]"),
    (lambda: S.substr(c('abc'), 5, 1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Substr_device_' + CPU + "}} pos 5 out of range for string b'abc' at index 0 [Op:Substr] name: "),
    (lambda: S.substr(c(['abc', 'abcdefg']), 5, 1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Substr_device_' + CPU + "}} pos 5 out of range for string b'abc' at index 0 [Op:Substr] name: "),
    (lambda: S.substr('abc', -5, 1), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Substr_device_' + CPU + "}} pos -5 out of range for string b'abc' at index 0 [Op:Substr]"),
    (lambda: S.substr(c('abc'), 0, 1, unit='x'), tf.errors.InvalidArgumentError,
     'Value for attr \'unit\' of "x" is not in the list of allowed values: "BYTE", "UTF8_CHAR"\n\t; NodeDef: {{node Substr}}; Op<name=Substr; signature=input:string, pos:T, len:T -> output:string; attr=T:type,allowed=[DT_INT32, DT_INT64]; attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> [Op:Substr] name: '),
    (lambda: S.substr('abc', 0, 1, unit='x'), tf.errors.InvalidArgumentError,
     'Value for attr \'unit\' of "x" is not in the list of allowed values: "BYTE", "UTF8_CHAR"\n\t; NodeDef: {{node Substr}}; Op<name=Substr; signature=input:string, pos:T, len:T -> output:string; attr=T:type,allowed=[DT_INT32, DT_INT64]; attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> [Op:Substr]'),
    (lambda: S.join([['a','b'], ['c']]), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringJoin_N_2_device_' + CPU + '}} Input shapes do not match: [2] vs. [1] [Op:StringJoin]'),
    (lambda: S.join([c(['a','b']), c(['c'])]), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringJoin_N_2_device_' + CPU + '}} Input shapes do not match: [2] vs. [1] [Op:StringJoin] name: '),
    (lambda: S.join([c(['a','b']), c(['c', 'd', 'e'])]), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StringJoin_N_2_device_' + CPU + '}} Input shapes do not match: [2] vs. [3] [Op:StringJoin] name: '),
    (lambda: S.reduce_join(['a','b'], axis=3), tf.errors.OutOfRangeError,
     '{{function_node __wrapped__ReduceJoin_device_' + CPU + '}} Invalid reduction dimension 3 for input with 1 dimension(s) [Op:ReduceJoin] name: '),
    (lambda: S.reduce_join(c(['a','b']), axis=-2), tf.errors.OutOfRangeError,
     '{{function_node __wrapped__ReduceJoin_device_' + CPU + '}} Invalid reduction dimension -2 for input with 1 dimension(s) [Op:ReduceJoin] name: '),
    (lambda: S.reduce_join(c([['a','b']]), axis=2), tf.errors.OutOfRangeError,
     '{{function_node __wrapped__ReduceJoin_device_' + CPU + '}} Invalid reduction dimension 2 for input with 2 dimension(s) [Op:ReduceJoin] name: '),
    (lambda: S.split(['a b'], maxsplit='x'), TypeError,
     "Expected int for argument 'maxsplit' not 'x'."),
    (lambda: S.as_string(np.zeros(2), precision='a'), TypeError,
     "Expected int for argument 'precision' not 'a'."),
    (lambda: S.as_string(c([1.0]), width='a'), TypeError,
     "Expected int for argument 'width' not 'a'."),
    (lambda: tf.math.sqrt(c('a')), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt] name: "),
    (lambda: tf.math.exp(c(['a'])), tf.errors.InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, complex64, complex128\n\t; NodeDef: {{node Exp}}; Op<name=Exp; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Exp] name: "),
]


@pytest.mark.parametrize('call, error, text', CASES)
def test_string_error_texts(call, error, text):
    assert_raises_exactly(call, error, text)
