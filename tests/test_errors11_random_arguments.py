"""tf.random.normal / truncated_normal / uniform refuse bad dtypes, bounds and op seeds as TF 2.21 does: uniform's
'Argument `dtype` got invalid value' ValueError, the normal kernels' registry error for complex dtypes and the
mean's conversion TypeError for int / string ones, string means and bounds' conversion TypeError, a string op
seed's TypeError from TF's seed % (2**31 - 1), and Mul's / AddV2's kernel errors for means, stddevs and bounds the
draws do not broadcast with. Literals: TF 2.21's output of /work/notes/progs/errors11/p/rn.py (rn_tf.txt)."""
import pytest

import framework as tf


CASES = [
    (lambda: tf.random.uniform([2], dtype=tf.string), 'ValueError',
     "Argument `dtype` got invalid value <dtype: 'string'>. Accepted dtypes are (tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."),
    (lambda: tf.random.uniform([2], dtype=tf.bool), 'ValueError',
     "Argument `dtype` got invalid value <dtype: 'bool'>. Accepted dtypes are (tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."),
    (lambda: tf.random.uniform([2], dtype=tf.complex64), 'ValueError',
     "Argument `dtype` got invalid value <dtype: 'complex64'>. Accepted dtypes are (tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."),
    (lambda: tf.random.uniform([2], dtype=tf.uint8), 'ValueError',
     "Argument `dtype` got invalid value <dtype: 'uint8'>. Accepted dtypes are (tf.float16, tf.bfloat16, tf.float32, tf.float64, tf.int32, tf.int64)."),
    (lambda: tf.random.normal([2], dtype=tf.complex64), 'InvalidArgumentError',
     "Value for attr 'dtype' of complex64 is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: {{node RandomStandardNormal}}; Op<name=RandomStandardNormal; signature=shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true> [Op:RandomStandardNormal] name: "),
    (lambda: tf.random.normal([2], dtype=tf.int32), 'TypeError',
     'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (lambda: tf.random.normal([2], dtype=tf.string), 'TypeError',
     'Cannot convert 0.0 to EagerTensor of dtype string'),
    (lambda: tf.random.truncated_normal([2], dtype=tf.complex64), 'InvalidArgumentError',
     "Value for attr 'dtype' of complex64 is not in the list of allowed values: half, bfloat16, float, double\n\t; NodeDef: {{node TruncatedNormal}}; Op<name=TruncatedNormal; signature=shape:T -> output:dtype; attr=seed:int,default=0; attr=seed2:int,default=0; attr=dtype:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; attr=T:type,allowed=[DT_INT32, DT_INT64]; is_stateful=true> [Op:TruncatedNormal] name: "),
    (lambda: tf.random.truncated_normal([2], dtype=tf.int32), 'TypeError',
     'Cannot convert 0.0 to EagerTensor of dtype int32'),
    (lambda: tf.random.normal([2], mean='a'), 'TypeError',
     "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: tf.random.normal([2], stddev='a'), 'TypeError',
     "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: tf.random.uniform([2], 'a'), 'TypeError',
     "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: tf.random.uniform([2], 0., 'b'), 'TypeError',
     "Cannot convert 'b' to EagerTensor of dtype float"),
    (lambda: tf.random.truncated_normal([2], mean='a'), 'TypeError',
     "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: tf.random.normal([2], seed='a'), 'TypeError',
     'not all arguments converted during string formatting'),
    (lambda: tf.random.uniform([2], seed='a'), 'TypeError',
     'not all arguments converted during string formatting'),
    (lambda: tf.random.normal([2], mean=[1., 2., 3.]), 'InvalidArgumentError',
     '{{function_node __wrapped__AddV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes: [2] vs. [3] [Op:AddV2] name: '),
    (lambda: tf.random.normal([2], stddev=[1., 2., 3.]), 'InvalidArgumentError',
     '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes: [2] vs. [3] [Op:Mul] name: '),
    (lambda: tf.random.uniform([2], [0., 1., 2.], 5.), 'InvalidArgumentError',
     '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes: [2] vs. [3] [Op:Mul] name: '),
    (lambda: tf.random.uniform([2], 0., [5., 6., 7.]), 'InvalidArgumentError',
     '{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} Incompatible shapes: [2] vs. [3] [Op:Mul] name: '),
]


@pytest.mark.parametrize('call, cls, text', CASES)
def test_tf_refusals(call, cls, text):
    with pytest.raises(Exception) as info:
        call()
    assert (type(info.value).__name__, str(info.value)) == (cls, text)


def test_good_calls_still_draw():
    assert tf.random.normal([2], mean=[1., 2.]).shape == (2,)
    assert tf.random.uniform([3], dtype=tf.bfloat16).dtype == tf.bfloat16
    assert tf.random.uniform([3], 0, 5, dtype=tf.int64).dtype == tf.int64
    assert tf.random.uniform([2], [0., 1.], 5.).shape == (2,)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.random.gamma([2], 'a'), "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: tf.random.gamma([2], 1., 'b'), "Cannot convert 'b' to EagerTensor of dtype float"),
])
def test_gamma_string_parameters(call, text):
    # TF 2.21 printed these for the same calls
    with pytest.raises(TypeError) as info:
        call()
    assert str(info.value) == text


def test_categorical_dtype():
    # TF 2.21's text for tf.random.categorical([[1., 2.]], 2, dtype=tf.float32)
    with pytest.raises(ValueError) as info:
        tf.random.categorical([[1., 2.]], 2, dtype=tf.float32)
    assert str(info.value) == ("Argument `dtype` got invalid value <dtype: 'float32'>. Accepted dtypes are (tf.int32, "
                               "tf.int64).")
    assert tf.random.categorical([[1., 2.]], 2, dtype=tf.int32).dtype == tf.int32
