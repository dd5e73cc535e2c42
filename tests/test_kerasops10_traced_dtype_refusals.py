"""Ops that word their kernel registry's dtype refusal themselves, inside a tf.function, refuse as TF 2.21's graph
does: op_def_library's TypeError "Value passed to parameter 'dims' has DataType float32 not in list of allowed values:
int32, int64", naming the OpDef's input of that type and the DTypes' names (tapeflow raised the eager registry's
InvalidArgumentError "Value for attr 'index_type' of float is not in the list of allowed values: ..." there).
Eager words of isotonic_regression, tf.linalg.cross, tf.strings.substr and quantize_and_dequantize_v2 as TF 2.21's too.
Texts: TF 2.21's (notes/progs/kerasops10/dt.py, dt2.py, eag.py, eag2.py, iso.py, sub.py; *_tf.out)."""
import numpy as np
import pytest

import framework as tf
from helpers_error_texts import raised_in_trace
from framework import keras
from framework.errors import InvalidArgumentError

_ALL_BUT_BOOL = ('float32, float64, int32, uint8, int16, int8, int64, bfloat16, uint16, float16, uint32, uint64')
_ONES_LIKE = ('bfloat16, float16, float32, float64, int8, uint8, int16, uint16, int32, uint32, int64, uint64, '
              'complex64, complex128, bool')


def _caught(fn, dtype, shape):
    return raised_in_trace(fn, dtype, shape)


@pytest.mark.parametrize('fn, dtype, shape, parameter, allowed', [
    # TF 2.21 gives ... "Value passed to parameter 'x' has DataType string not in list of allowed values: bfloat16,
    # ..." for tf.ones_like of a string tensor, and so on (dt_tf.out, dt2_tf.out)
    (tf.ones_like, 'string', (None, 4), 'x', _ONES_LIKE),
    (lambda x: tf.fill(x, 1.), 'float32', (2,), 'dims', 'int32, int64'),
    (tf.zeros, 'float32', (2,), 'dims', 'int32, int64'),
    (tf.zeros, 'bool', (2,), 'dims', 'int32, int64'),
    (tf.ones, 'int16', (2,), 'dims', 'int32, int64'),
    (lambda x: keras.ops.average_pool(x, 2), 'int32', (None, 4, 4, 1), 'value', 'float16, bfloat16, float32, float64'),
    (lambda x: keras.ops.average_pool(x, 2), 'int32', (None, 4, 1), 'value', 'float16, bfloat16, float32, float64'),
    (lambda x: keras.ops.depthwise_conv(x, np.ones((2, 2, 1, 1), 'int32')), 'int32', (None, 4, 4, 1), 'input',
     'float16, bfloat16, float32, float64'),
    (lambda x: keras.ops.depthwise_conv(x, np.ones((2, 1, 1), 'int32')), 'int32', (None, 4, 1), 'input',
     'float16, bfloat16, float32, float64'),
    (lambda x: keras.ops.conv(x, np.ones((2, 2, 1, 1), 'bool')), 'bool', (None, 4, 4, 1), 'input',
     'float16, bfloat16, float32, float64, int32'),
    (lambda x: tf.math.bincount(tf.constant([1, 2]), weights=x), 'float16', (2,), 'weights',
     'int32, int64, float32, float64'),
    (tf.math.bincount, 'uint8', (2,), 'input', 'int32, int64'),
    (lambda x: tf.sparse.segment_mean(x, [0, 1], [0, 0]), 'int32', (None, 4), 'data',
     'bfloat16, float16, float32, float64'),
    (lambda x: tf.sparse.segment_sqrt_n(x, [0, 1], [0, 0]), 'int32', (None, 4), 'data',
     'bfloat16, float16, float32, float64'),
    (lambda x: tf.sparse.segment_mean(x, [0, 1], [0, 0], num_segments=2), 'int32', (None, 4), 'data',
     'bfloat16, float16, float32, float64'),
    (lambda x: tf.nn.fractional_max_pool(x, [1, 1.5, 1.5, 1]), 'bool', (1, 4, 4, 1), 'value',
     'float32, float64, int32, int64'),
    (lambda x: tf.nn.fractional_max_pool(x, [1, 1.5, 1.5, 1]), 'float16', (1, 4, 4, 1), 'value',
     'float32, float64, int32, int64'),
    (lambda x: tf.nn.fractional_avg_pool(x, [1, 1.5, 1.5, 1]), 'uint8', (1, 4, 4, 1), 'value',
     'float32, float64, int32, int64'),
    (tf.nn.isotonic_regression, 'bool', (2, 4), 'input', _ALL_BUT_BOOL),
    (lambda x: tf.quantization.quantize_and_dequantize_v2(x, 0., 1.), 'int32', (2, 4), 'input',
     'bfloat16, float16, float32, float64'),
    (lambda x: keras.ops.cross(x, x), 'bool', (2, 3), 'a', _ALL_BUT_BOOL),
    (lambda x: tf.linalg.cross(x, x), 'bool', (2, 3), 'a', _ALL_BUT_BOOL),
    (lambda x: tf.strings.substr(tf.constant(['abc']), x, 1), 'float32', (1,), 'pos', 'int32, int64'),
    (lambda x: tf.strings.substr(tf.constant(['abc']), x, x), 'int16', (1,), 'pos', 'int32, int64'),
])
def test_traced_op_refuses_dtype_in_graph_words(fn, dtype, shape, parameter, allowed):
    error = _caught(fn, dtype, shape)
    assert type(error) is TypeError
    assert str(error) == "Value passed to parameter '%s' has DataType %s not in list of allowed values: %s" % (
        parameter, dtype, allowed)


@pytest.mark.parametrize('fn, parameter, shown', [
    # TF 2.21: a Python float list as dims is float32, a string string; a Python float pos float32 (dt2_tf.out)
    (lambda x: tf.fill([2., 3.], 1.), 'dims', 'float32'),
    (lambda x: tf.fill('ab', 1.), 'dims', 'string'),
    (lambda x: tf.strings.substr(tf.constant(['abc']), 1., 1), 'pos', 'float32'),
])
def test_traced_python_operands_refusal(fn, parameter, shown):
    error = _caught(fn, 'float32', (2,))
    assert type(error) is TypeError
    assert str(error) == ("Value passed to parameter '%s' has DataType %s not in list of allowed values: int32, int64"
                          % (parameter, shown))


@pytest.mark.parametrize('dtype', ['float32', 'int64', 'int16'])
def test_traced_substr_len_of_another_dtype_than_pos(dtype):
    # TF 2.21: "Input 'len' of 'Substr' Op has type float32 that does not match type int32 of argument 'pos'."
    error = _caught(lambda x: tf.strings.substr(tf.constant(['abc']), tf.constant([1]), x), dtype, (1,))
    assert type(error) is TypeError
    assert str(error) == ("Input 'len' of 'Substr' Op has type %s that does not match type int32 of argument 'pos'."
                          % dtype)


def test_eager_words_stay_the_registrys():
    # TF 2.21 eagerly: "Value for attr 'index_type' of float is not in the list of allowed values: int32, int64\n\t;
    # NodeDef: {{node Fill}}; ..." and "Value for attr 'T' of int32 ... [Op:AvgPool]"
    with pytest.raises(InvalidArgumentError, match="Value for attr 'index_type' of float is not in the list"):
        tf.fill(tf.constant([2., 3.]), 1.)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of int32 is not in the list"):
        keras.ops.average_pool(tf.ones((1, 4, 4, 1), 'int32'), 2)
    with pytest.raises(InvalidArgumentError, match="Value for attr 'T' of half is not in the list"):
        tf.math.bincount(tf.constant([1, 2]), weights=tf.constant([1., 2.], tf.float16))


_ISOTONIC = ("Value for attr 'T' of %s is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
             "int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node IsotonicRegression}}; "
             "Op<name=IsotonicRegression; signature=input:T -> output:output_dtype, segments:int32; attr=T:type,"
             "allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, "
             "DT_HALF, DT_UINT32, DT_UINT64]; attr=output_dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, "
             "DT_FLOAT, DT_DOUBLE]> [Op:IsotonicRegression] name: ")


@pytest.mark.parametrize('value, shown', [
    (tf.constant([[True, False]]), 'bool'), (tf.constant([['a', 'b']]), 'string'),
    (tf.constant([[1j, 2j]], tf.complex64), 'complex64'), ([[True, False]], 'bool')])
def test_eager_isotonic_regression_refusal_is_the_registrys(value, shown):
    # TF 2.21 (iso_tf.out): the whole registry text, ' name: ' even for a list (the wrapper converts it first)
    with pytest.raises(InvalidArgumentError) as caught:
        tf.nn.isotonic_regression(value)
    assert str(caught.value) == _ISOTONIC % shown


def test_eager_cross_of_bools_is_the_registrys():
    # TF 2.21: "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, ... [Op:Cross]
    # name: " (tapeflow: numpy's TypeError 'numpy boolean subtract, ...')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.cross(tf.constant([[True, False, True]]), tf.constant([[True, False, True]]))
    assert str(caught.value) == (
        "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16, int8, "
        "int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node Cross}}; Op<name=Cross; signature=a:T, "
        "b:T -> product:T; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_INT64, "
        "DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]> [Op:Cross] name: ")


_SUBSTR = ("Value for attr 'T' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Substr}}; "
           'Op<name=Substr; signature=input:string, pos:T, len:T -> output:string; attr=T:type,allowed=[DT_INT32, '
           'DT_INT64]; attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> [Op:Substr]')


@pytest.mark.parametrize('pos, len_, text', [
    (tf.constant([1.]), tf.constant([1.]), _SUBSTR % 'float' + ' name: '),
    (1., 1, _SUBSTR % 'float' + ' name: '),
    (tf.constant([1], tf.int16), tf.constant([1], tf.int16), _SUBSTR % 'int16' + ' name: '),
    (tf.constant([1], tf.int16), [1], _SUBSTR % 'int16'),
    (tf.constant([1], tf.uint8), tf.constant([1], tf.uint8), _SUBSTR % 'uint8' + ' name: '),
    (tf.constant([1]), tf.constant([1.]), 'cannot compute Substr as input #2(zero-based) was expected to be a int32 '
                                          'tensor but is a float tensor [Op:Substr] name: '),
    (tf.constant([1]), tf.constant([1], tf.int16), 'cannot compute Substr as input #2(zero-based) was expected to be '
                                                   'a int32 tensor but is a int16 tensor [Op:Substr] name: '),
])
def test_eager_substr_operand_dtypes(pos, len_, text):
    # TF 2.21 (sub_tf.out); tapeflow computed int16 / uint8 operands and called a float len the attr's error
    with pytest.raises(InvalidArgumentError) as caught:
        tf.strings.substr(tf.constant(['abc']), pos, len_)
    assert str(caught.value) == text


@pytest.mark.parametrize('value, low, high, error, text', [
    (tf.constant([1, 2]), 0., 1., TypeError, 'Cannot convert 0.0 to EagerTensor of dtype int32'),
    ([1, 2], 0., 1., TypeError, 'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (tf.constant([True]), 0., 1., TypeError, 'Cannot convert 0.0 to EagerTensor of dtype bool'),
    (tf.constant([1, 2]), 0, 1, InvalidArgumentError, None),
    (tf.constant([1, 2]), tf.constant(0.), tf.constant(1.), InvalidArgumentError, None),
])
def test_eager_quantize_and_dequantize_of_integers(value, low, high, error, text):
    # TF 2.21 (eag2_tf.out): Python bounds convert to the input's dtype first; then the registry's whole text
    with pytest.raises(error) as caught:
        tf.quantization.quantize_and_dequantize_v2(value, low, high)
    assert type(caught.value) is error
    assert str(caught.value) == text or text is None and str(caught.value) == (
        "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, double\n\t; NodeDef: "
        '{{node QuantizeAndDequantizeV4}}; Op<name=QuantizeAndDequantizeV4; signature=input:T, input_min:T, '
        'input_max:T -> output:T; attr=signed_input:bool,default=true; attr=num_bits:int,default=8; '
        'attr=range_given:bool,default=false; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; '
        'attr=round_mode:string,default="HALF_TO_EVEN",allowed=["HALF_TO_EVEN", "HALF_UP"]; '
        'attr=narrow_range:bool,default=false; attr=axis:int,default=-1> [Op:QuantizeAndDequantizeV4] name: ')
