"""tf.where with a Python float beside a bfloat16 tensor, and keras.ops angle / nanmean / nansum / bitwise_invert
dtypes, as TF 2.21 (printed by TF 2.21: /work/notes/progs/opsfuzz5/p17_sweep.py and the snippets below)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops


def _bf16(values):
    return tf.cast(tf.constant(values), tf.bfloat16)


def test_where_keeps_bfloat16_beside_a_python_float():
    # TF 2.21: tf.where([True, False], 0.0, bf16 [1.5, -2.0]) -> bfloat16 [0.0, -2.0]; float16 likewise
    out = tf.where([True, False], 0.0, _bf16([1.5, -2.0]))
    assert out.dtype.name == 'bfloat16' and np.asarray(out, 'float32').tolist() == [0.0, -2.0]
    out = tf.where([True, False], 1e10, tf.constant([1., 2.], tf.float16))
    assert out.dtype.name == 'float16' and out.numpy().tolist() == [np.inf, 2.0]


def test_angle_and_nan_reductions_of_bfloat16():
    x = _bf16([-1.5, 0.0, 2.5])
    # TF 2.21: ops.angle(x) -> bfloat16 [3.14062, 0, 0]; ops.nanmean(x) -> bfloat16 0.333984375; nansum -> 1.0
    out = ops.angle(x)
    assert out.dtype.name == 'bfloat16' and np.asarray(out, 'float32').tolist() == [3.140625, 0.0, 0.0]
    out = ops.nanmean(x)
    assert out.dtype.name == 'bfloat16' and float(np.asarray(out, 'float32')) == 0.333984375
    assert float(np.asarray(ops.nansum(x), 'float32')) == 1.0


@pytest.mark.parametrize('dtype, summed', [('int8', 'int32'), ('int16', 'int32'), ('uint8', 'uint32'), ('bool', 'int32')])
def test_nansum_widens_small_integers(dtype, summed):
    # TF 2.21: ops.nansum(np.array([-3, 0, 5], 'int8')) -> int32 2; uint8 [3, 0, 250] -> uint32 253
    values = {'uint8': [3, 0, 250], 'bool': [True, False, True]}.get(dtype, [-3, 0, 5])
    out = ops.nansum(np.array(values, dtype))
    assert out.dtype.name == summed and int(out) == {'uint8': 253, 'bool': 2}.get(dtype, 2)


@pytest.mark.parametrize('values, shown', [(np.array([True, False]), 'bool'), (np.array([1.5], 'float16'), 'half'),
                                           (np.array([1.5]), 'double')])
def test_bitwise_invert_refuses_what_invert_has_no_kernel_for(values, shown):
    # TF 2.21: ops.bitwise_invert(np.array([True, False])) -> InvalidArgumentError "Value for attr 'T' of bool is not
    # in the list of allowed values: int8, int16, int32, int64, uint8, uint16, uint32, uint64 ..."
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match="^Value for attr 'T' of %s is not in the list of allowed values: int8, int16, int32, "
                             "int64, uint8, uint16, uint32, uint64" % shown):
        ops.bitwise_invert(values)
    assert ops.bitwise_invert(np.array([-3, 0, 5], 'int8')).numpy().tolist() == [2, -1, -6]


def test_hypot_of_int64_is_float64():
    # TF 2.21: ops.hypot(np.array([3, 5]), np.array([4, 12])) -> float64 [5, 13]; ops.hypot(int64 [3, 5], 4) ->
    # float64 [5, 6.4031242374328485]; int32 pairs -> float32; ops.hypot(int64 [3, 5], 4.0) -> float32
    out = ops.hypot(np.array([3, 5], 'int64'), np.array([4, 12], 'int64'))
    assert out.dtype.name == 'float64' and out.numpy().tolist() == [5.0, 13.0]
    assert ops.hypot(np.array([3, 5], 'int64'), 4).numpy().tolist() == [5.0, 6.4031242374328485]
    assert ops.hypot(np.array([3, 5], 'int32'), np.array([4, 12], 'int32')).dtype.name == 'float32'
    assert ops.hypot(np.array([3, 5], 'int64'), 4.0).dtype.name == 'float32'


@pytest.mark.parametrize('values, shown, kernel', [
    (np.array([True]), 'bool', 'Neg'), (np.array([3], 'uint8'), 'uint8', 'Neg'), (np.array([3], 'int32'), 'int32', 'Softplus'),
])
@pytest.mark.parametrize('fn', [tf.math.log_sigmoid, ops.log_sigmoid])
def test_log_sigmoid_negates_first(values, shown, kernel, fn):
    # TF 2.21: tf.math.log_sigmoid(np.array([True])) -> Neg's "Value for attr 'T' of bool is not in the list of allowed
    # values: bfloat16, half, float, double, int8, int16, int32, int64, complex64, complex128"; int32 -> Softplus's
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"(?s)^Value for attr 'T' of %s .*\{\{node %s\}\}"
                                                             % (shown, kernel)):
        fn(values)
