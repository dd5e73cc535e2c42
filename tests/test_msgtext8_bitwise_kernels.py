"""Bitwise ops given floats (after Keras 3's promotion) and atan2 given integers or complex values print TF 2.21's
registry text of the kernel (BitwiseAnd ... RightShift, Atan2 in float_kernels.KERNELS); tapeflow's sentence is a
note. Literals: TF 2.21's str(e), printed by /work/notes/progs/msgtext8/bits_tf.py under /opt/tfref."""
import numpy as np
import pytest

import framework as tf
from framework import keras

FLOATS = np.ones((2, 3), np.float32)
INTS = np.ones((2, 3), np.int32)
COMPLEX = np.ones((2, 3), np.complex64)

CASES = [
    ('bitwise_and', lambda: keras.ops.bitwise_and(FLOATS, INTS),
     "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
     'int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{node BitwiseAnd}}; Op<name=BitwiseAnd; '
     'signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, '
     'DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]; is_commutative=true> [Op:BitwiseAnd] name: '),
    ('bitwise_or', lambda: keras.ops.bitwise_or(INTS, FLOATS),
     "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
     'int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{node BitwiseOr}}; Op<name=BitwiseOr; '
     'signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, '
     'DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]; is_commutative=true> [Op:BitwiseOr] name: '),
    ('bitwise_xor', lambda: keras.ops.bitwise_xor(FLOATS, FLOATS),
     "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
     'int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{node BitwiseXor}}; Op<name=BitwiseXor; '
     'signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, '
     'DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]; is_commutative=true> [Op:BitwiseXor] name: '),
    ('left_shift', lambda: keras.ops.left_shift(FLOATS, INTS),
     "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
     'int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{node LeftShift}}; Op<name=LeftShift; '
     'signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, '
     'DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]> [Op:LeftShift] name: '),
    ('bitwise_right_shift', lambda: keras.ops.bitwise_right_shift(FLOATS, INTS),
     "Value for attr 'T' of float is not in the list of allowed values: int8, int16, int32, "
     'int64, uint8, uint16, uint32, uint64\n\t; NodeDef: {{node RightShift}}; Op<name=RightShift; '
     'signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_INT8, DT_INT16, DT_INT32, DT_INT64, '
     'DT_UINT8, DT_UINT16, DT_UINT32, DT_UINT64]> [Op:RightShift] name: '),
    ('arctan2', lambda: keras.ops.arctan2(COMPLEX, COMPLEX),
     "Value for attr 'T' of complex64 is not in the list of allowed values: bfloat16, half, "
     'float, double\n\t; NodeDef: {{node Atan2}}; Op<name=Atan2; signature=y:T, x:T -> z:T; '
     'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:Atan2] name: '),
    ('atan2', lambda: tf.math.atan2(INTS, INTS),
     "Value for attr 'T' of int32 is not in the list of allowed values: bfloat16, half, float, "
     'double\n\t; NodeDef: {{node Atan2}}; Op<name=Atan2; signature=y:T, x:T -> z:T; '
     'attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]> [Op:Atan2] name: '),
]


@pytest.mark.parametrize('name, call, text', CASES, ids=[case[0] for case in CASES])
def test_a_dtype_the_kernel_refuses_prints_its_registry_text(name, call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == text
    assert info.value.__notes__      # tapeflow's own sentence


def test_tf_bitwise_prints_the_same_kernel_text():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.bitwise.bitwise_and(FLOATS, FLOATS)
    # TF 2.21 prints the kernel's text with no ' name: ' tail here (tf.bitwise's wrapper)
    assert str(info.value) == CASES[0][2][:-len(' name: ')]
