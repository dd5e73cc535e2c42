"""errors20: binary ops on a bool or string tensor and a tensor of another dtype raise TF 2.21's error: the kernel
takes its type from the first operand, so a bool or string there that it has no type for is refused in the op
registry's words; otherwise the second operand fails the match ('cannot compute Sub as input #1 ...'), string + x
in Add's words (TF adds strings with Add), x / y in truediv's TypeError. Printed by TF 2.21 on this Xeon
(/work/notes/progs/errors20/c6.py); tapeflow printed its own 'both operands must have the same dtype' for all of
them, which is now a note."""
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.add(tf.constant([1.0]), tf.constant(['a'])), InvalidArgumentError,
     'cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor but is a string tenso'
     'r [Op:AddV2] name: '),
    (lambda: tf.add(tf.constant(['a']), tf.constant([1.0])), InvalidArgumentError,
     'cannot compute Add as input #1(zero-based) was expected to be a string tensor but is a float tensor '
     '[Op:Add] name: '),
    (lambda: tf.constant(['a']) + tf.constant([True]), InvalidArgumentError,
     'cannot compute Add as input #1(zero-based) was expected to be a string tensor but is a bool tensor ['
     'Op:Add] name: '),
    (lambda: tf.add(tf.constant([1]), tf.constant([True])), InvalidArgumentError,
     'cannot compute AddV2 as input #1(zero-based) was expected to be a int32 tensor but is a bool tensor '
     '[Op:AddV2] name: '),
    (lambda: tf.add(tf.constant([True]), tf.constant([1])), InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, uint"
     '8, uint16, uint32, uint64, int8, int16, int32, int64, complex64, complex128\n\t; NodeDef: {{node AddV2'
     '}}; Op<name=AddV2; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, D'
     'T_DOUBLE, DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_COMPL'
     'EX64, DT_COMPLEX128]; is_commutative=true; is_aggregate=true> [Op:AddV2] name: '),
    (lambda: tf.subtract(tf.constant(['a']), tf.constant([1.0])), InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, ui"
     'nt8, int8, uint16, int16, int32, int64, complex64, complex128, uint32, uint64\n\t; NodeDef: {{node Sub'
     '}}; Op<name=Sub; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_'
     'DOUBLE, DT_UINT8, DT_INT8, DT_UINT16, DT_INT16, DT_INT32, DT_INT64, DT_COMPLEX64, DT_COMPLEX128, DT_'
     'UINT32, DT_UINT64]> [Op:Sub] name: '),
    (lambda: tf.constant([1.0]) * tf.constant(['a']), InvalidArgumentError,
     'cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a string tensor '
     '[Op:Mul] name: '),
    (lambda: tf.less(tf.constant([True]), tf.constant([1.0])), InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: float, double, int32, uint8, int16,"
     ' int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node Less}}; Op<name=Less; signat'
     'ure=x:T, y:T -> z:bool; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_I'
     'NT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]> [Op:Less] name: '),
    (lambda: tf.constant(['a']) < tf.constant([1.0]), InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: float, double, int32, uint8, int1"
     '6, int8, int64, bfloat16, uint16, half, uint32, uint64\n\t; NodeDef: {{node Less}}; Op<name=Less; sign'
     'ature=x:T, y:T -> z:bool; attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT'
     '_INT8, DT_INT64, DT_BFLOAT16, DT_UINT16, DT_HALF, DT_UINT32, DT_UINT64]> [Op:Less] name: '),
    (lambda: tf.equal(tf.constant([True]), tf.constant([1])), InvalidArgumentError,
     'cannot compute Equal as input #1(zero-based) was expected to be a bool tensor but is a int32 tensor '
     '[Op:Equal] name: '),
    (lambda: tf.constant(['a']) == tf.constant([1.0]), InvalidArgumentError,
     'cannot compute Equal as input #1(zero-based) was expected to be a string tensor but is a float tenso'
     'r [Op:Equal] name: '),
    (lambda: tf.not_equal(tf.constant(['a']), tf.constant([1])), InvalidArgumentError,
     'cannot compute NotEqual as input #1(zero-based) was expected to be a string tensor but is a int32 te'
     'nsor [Op:NotEqual] name: '),
    (lambda: tf.constant([1.0], tf.float64) // tf.constant([True]), InvalidArgumentError,
     'cannot compute FloorDiv as input #1(zero-based) was expected to be a double tensor but is a bool ten'
     'sor [Op:FloorDiv] name: '),
    (lambda: tf.pow(tf.constant([1]), tf.constant([True])), InvalidArgumentError,
     'cannot compute Pow as input #1(zero-based) was expected to be a int32 tensor but is a bool tensor [O'
     'p:Pow] name: '),
    (lambda: tf.constant(['a']) % tf.constant([1]), InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: int8, int16, int32, int64, uint8,"
     ' uint16, uint32, uint64, bfloat16, half, float, double\n\t; NodeDef: {{node FloorMod}}; Op<name=FloorM'
     'od; signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, DT_UINT8,'
     ' DT_UINT16, DT_UINT32, DT_UINT64, DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:FloorMod] name: '),
    (lambda: tf.maximum(tf.constant([True]), tf.constant(['a'])), InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int8"
     ', uint8, int16, uint16, int32, uint32, int64, uint64\n\t; NodeDef: {{node Maximum}}; Op<name=Maximum; '
     'signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, '
     'DT_UINT8, DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]> [Op:Maximum] name: '),
    (lambda: tf.constant([1.0]) / tf.constant(['a']), TypeError,
     '`x` and `y` must have the same dtype, got tf.float32 != tf.string.'),
    (lambda: tf.constant([True]) / tf.constant([1]), TypeError,
     '`x` and `y` must have the same dtype, got tf.bool != tf.int32.'),
    (lambda: tf.where([True], tf.constant([1.0]), tf.constant(['a'])), InvalidArgumentError,
     'cannot compute SelectV2 as input #2(zero-based) was expected to be a float tensor but is a string te'
     'nsor [Op:SelectV2]'),
    (lambda: tf.where([True], tf.constant(['a']), tf.constant([True])), InvalidArgumentError,
     'cannot compute SelectV2 as input #2(zero-based) was expected to be a string tensor but is a bool ten'
     'sor [Op:SelectV2]'),
    (lambda: tf.matmul(tf.reshape(tf.constant(['a']), (1, 1)), tf.reshape(tf.constant([1.0]), (1, 1))), InvalidArgumentError,
     "Value for attr 'T' of string is not in the list of allowed values: bfloat16, half, float, double, in"
     't32, int64, uint8, uint16, uint32, uint64, complex64, complex128\n\t; NodeDef: {{node MatMul}}; Op<nam'
     'e=MatMul; signature=a:T, b:T -> product:T; attr=transpose_a:bool,default=false; attr=transpose_b:boo'
     'l,default=false; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64,'
     ' DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; attr=grad_a:bool,default=f'
     'alse; attr=grad_b:bool,default=false> [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.reshape(tf.constant([True]), (1, 1)), tf.reshape(tf.constant([1]), (1, 1))), InvalidArgumentError,
     "Value for attr 'T' of bool is not in the list of allowed values: bfloat16, half, float, double, int3"
     '2, int64, uint8, uint16, uint32, uint64, complex64, complex128\n\t; NodeDef: {{node MatMul}}; Op<name='
     'MatMul; signature=a:T, b:T -> product:T; attr=transpose_a:bool,default=false; attr=transpose_b:bool,'
     'default=false; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT32, DT_INT64, D'
     'T_UINT8, DT_UINT16, DT_UINT32, DT_UINT64, DT_COMPLEX64, DT_COMPLEX128]; attr=grad_a:bool,default=fal'
     'se; attr=grad_b:bool,default=false> [Op:MatMul] name: '),
    (lambda: tf.matmul(tf.reshape(tf.constant([1]), (1, 1)), tf.reshape(tf.constant([True]), (1, 1))), InvalidArgumentError,
     'cannot compute MatMul as input #1(zero-based) was expected to be a int32 tensor but is a bool tensor'
     ' [Op:MatMul] name: '),
])
def test_mixed_dtype_operands(call, error, text, monkeypatch):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', '1')        # (the float32 MatMul ran as _MklMatMul there)
    assert_raises_exactly(call, error, text)
