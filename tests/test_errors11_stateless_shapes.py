"""Shapes of tf.random.stateless_normal / stateless_uniform / stateless_truncated_normal that convert to no int32
or int64 vector fail as in TF 2.21: None and partial TensorShapes in the conversion, float lists, strings, bools
and float arrays in the op registry's Tshape attribute (tapeflow raised its own TypeError). Literals: TF 2.21's
output of /work/notes/progs/errors11/p/sn.py (sn_tf.txt)."""
import numpy as np
import pytest

import framework as tf

CASES = [
    ('stateless_normal', lambda: [2.5], 'InvalidArgumentError',
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomNormalV2}}; Op<name=StatelessRandomNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomNormalV2] name: "),
    ('stateless_normal', lambda: 'a', 'InvalidArgumentError',
     "Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomNormalV2}}; Op<name=StatelessRandomNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomNormalV2] name: "),
    ('stateless_normal', lambda: None, 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('stateless_normal', lambda: [None, 2], 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('stateless_normal', lambda: tf.constant([2.]), 'InvalidArgumentError',
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomNormalV2}}; Op<name=StatelessRandomNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomNormalV2] name: "),
    ('stateless_normal', lambda: [True], 'InvalidArgumentError',
     "Value for attr 'Tshape' of bool is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomNormalV2}}; Op<name=StatelessRandomNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomNormalV2] name: "),
    ('stateless_normal', lambda: tf.TensorShape([2, None]), 'ValueError',
     'Cannot convert a partially known TensorShape (2, None) to a Tensor.'),
    ('stateless_normal', lambda: np.array([2.]), 'InvalidArgumentError',
     "Value for attr 'Tshape' of double is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomNormalV2}}; Op<name=StatelessRandomNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomNormalV2] name: "),
    ('stateless_normal', lambda: [-1], 'InvalidArgumentError',
     '{{function_node __wrapped__StatelessRandomNormalV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Dimension -1 must be >= 0 [Op:StatelessRandomNormalV2] name: '),
    ('stateless_uniform', lambda: [2.5], 'InvalidArgumentError',
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomUniformV2}}; Op<name=StatelessRandomUniformV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomUniformV2] name: "),
    ('stateless_uniform', lambda: 'a', 'InvalidArgumentError',
     "Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomUniformV2}}; Op<name=StatelessRandomUniformV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomUniformV2] name: "),
    ('stateless_uniform', lambda: None, 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('stateless_uniform', lambda: [None, 2], 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('stateless_uniform', lambda: tf.constant([2.]), 'InvalidArgumentError',
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomUniformV2}}; Op<name=StatelessRandomUniformV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomUniformV2] name: "),
    ('stateless_uniform', lambda: [True], 'InvalidArgumentError',
     "Value for attr 'Tshape' of bool is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomUniformV2}}; Op<name=StatelessRandomUniformV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomUniformV2] name: "),
    ('stateless_uniform', lambda: tf.TensorShape([2, None]), 'ValueError',
     'Cannot convert a partially known TensorShape (2, None) to a Tensor.'),
    ('stateless_uniform', lambda: np.array([2.]), 'InvalidArgumentError',
     "Value for attr 'Tshape' of double is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessRandomUniformV2}}; Op<name=StatelessRandomUniformV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessRandomUniformV2] name: "),
    ('stateless_uniform', lambda: [-1], 'InvalidArgumentError',
     '{{function_node __wrapped__StatelessRandomUniformV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Dimension -1 must be >= 0 [Op:StatelessRandomUniformV2] name: '),
    ('stateless_truncated_normal', lambda: [2.5], 'InvalidArgumentError',
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessTruncatedNormalV2}}; Op<name=StatelessTruncatedNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessTruncatedNormalV2] name: "),
    ('stateless_truncated_normal', lambda: 'a', 'InvalidArgumentError',
     "Value for attr 'Tshape' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessTruncatedNormalV2}}; Op<name=StatelessTruncatedNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessTruncatedNormalV2] name: "),
    ('stateless_truncated_normal', lambda: None, 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('stateless_truncated_normal', lambda: [None, 2], 'ValueError',
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('stateless_truncated_normal', lambda: tf.constant([2.]), 'InvalidArgumentError',
     "Value for attr 'Tshape' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessTruncatedNormalV2}}; Op<name=StatelessTruncatedNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessTruncatedNormalV2] name: "),
    ('stateless_truncated_normal', lambda: [True], 'InvalidArgumentError',
     "Value for attr 'Tshape' of bool is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessTruncatedNormalV2}}; Op<name=StatelessTruncatedNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessTruncatedNormalV2] name: "),
    ('stateless_truncated_normal', lambda: tf.TensorShape([2, None]), 'ValueError',
     'Cannot convert a partially known TensorShape (2, None) to a Tensor.'),
    ('stateless_truncated_normal', lambda: np.array([2.]), 'InvalidArgumentError',
     "Value for attr 'Tshape' of double is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node StatelessTruncatedNormalV2}}; Op<name=StatelessTruncatedNormalV2; signature=shape:Tshape, key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:StatelessTruncatedNormalV2] name: "),
    ('stateless_truncated_normal', lambda: [-1], 'InvalidArgumentError',
     '{{function_node __wrapped__StatelessTruncatedNormalV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Dimension -1 must be >= 0 [Op:StatelessTruncatedNormalV2] name: '),
]


@pytest.mark.parametrize('fn, shape, cls, text', CASES)
def test_stateless_shapes(fn, shape, cls, text):
    with pytest.raises(Exception) as info:
        getattr(tf.random, fn)(shape(), seed=[1, 2])
    assert (type(info.value).__name__, str(info.value)) == (cls, text)


def test_good_shapes_draw():
    assert tf.random.stateless_normal([2], seed=[1, 2]).shape == (2,)
    assert tf.random.stateless_uniform(np.array([3]), seed=[1, 2]).shape == (3,)


@pytest.mark.parametrize('shape, cls, text', [
    ([-2], ValueError, 'Dimension -2 must be >= 0'),
    ([2.5], TypeError, "Dimension value must be integer or None or have an __index__ method, got value '2.5' with type "
                       "'<class 'float'>'"),
    (['a'], TypeError, "Dimension value must be integer or None or have an __index__ method, got value ''a'' with type "
                       "'<class 'str'>'"),
])
def test_tensor_spec_dimensions(shape, cls, text):
    # TF 2.21: tf.TensorSpec(shape) printed these (TensorShape's Dimension checks)
    with pytest.raises(cls) as info:
        tf.TensorSpec(shape)
    assert str(info.value) == text
