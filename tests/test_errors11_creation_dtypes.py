"""Argument dtypes of tf.range / zeros / ones / one_hot / pad / reverse as TF 2.21 checks them: a dtype
no bound converts to (string, bool) or outside Range's Tidx list, dtype=None for zeros, on/off values
of another dtype than dtype=, a PadV2 constant that is no scalar or not of the tensor's dtype, a reverse
axis that is no vector. Literals: TF 2.21's output of /work/notes/progs/errors11/p/q1.py (q1_tf.txt)."""
import numpy as np
import pytest

import framework as tf

X = tf.constant([[1., 2., 3.], [4., 5., 6.]])
XI = tf.constant([[1, 2, 3], [4, 5, 6]])
_TIDX = ('bfloat16, half, float, double, int8, int16, int32, int64, uint16, uint32, uint64\n\t; NodeDef: {{node '
         'Range}}; Op<name=Range; signature=start:Tidx, limit:Tidx, delta:Tidx -> output:Tidx; attr=Tidx:type,'
         'default=DT_INT32,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64, '
         'DT_UINT16, DT_UINT32, DT_UINT64]> [Op:Range] name: ')
_WRAP = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s'

CASES = [
    (lambda: tf.range(3, dtype=tf.uint8), 'InvalidArgumentError',
     "Value for attr 'Tidx' of uint8 is not in the list of allowed values: " + _TIDX),
    (lambda: tf.range(3, dtype=tf.complex64), 'InvalidArgumentError',
     "Value for attr 'Tidx' of complex64 is not in the list of allowed values: " + _TIDX),
    (lambda: tf.range(5, dtype=tf.string), 'TypeError', 'Cannot convert 0 to EagerTensor of dtype string'),
    (lambda: tf.range(3, dtype=tf.bool), 'TypeError', 'Cannot convert 0 to EagerTensor of dtype bool'),
    (lambda: tf.zeros([2], dtype=None), 'TypeError', 'Cannot convert the argument `type_value`: None to a TensorFlow DType.'),
    (lambda: tf.ones([2], dtype=None), 'TypeError', 'Cannot convert the argument `type_value`: None to a TensorFlow DType.'),
    (lambda: tf.one_hot([0, 1], 2, dtype=tf.string), 'TypeError', 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: tf.one_hot([0, 1], 2, on_value=1., dtype=tf.int32), 'TypeError',
     "dtype <dtype: 'float32'> of on_value does not match dtype parameter <dtype: 'int32'>"),
    (lambda: tf.one_hot([0, 1], 2, off_value=0., dtype=tf.int32), 'TypeError',
     "dtype <dtype: 'float32'> of off_value does not match dtype parameter <dtype: 'int32'>"),
    (lambda: tf.one_hot([0, 1], 2, on_value=tf.constant(1), dtype=tf.float32), 'TypeError',
     "dtype <dtype: 'int32'> of on_value does not match dtype parameter <dtype: 'float32'>"),
    (lambda: tf.pad(XI, [[1, 1], [0, 0]], constant_values=1.5), 'TypeError', 'Cannot convert 1.5 to EagerTensor of dtype int32'),
    (lambda: tf.pad(X, [[1, 1], [0, 0]], constant_values='a'), 'TypeError', "Cannot convert 'a' to EagerTensor of dtype float"),
    (lambda: tf.pad(X, [[1, 1], [0, 0]], constant_values=[1., 2.]), 'InvalidArgumentError',
     _WRAP % ('PadV2', 'constant_values must be a scalar. Found: [2] [Op:PadV2]')),
    (lambda: tf.pad(X, [[1, 1], [0, 0]], constant_values=[[1.]]), 'InvalidArgumentError',
     _WRAP % ('PadV2', 'constant_values must be a scalar. Found: [1,1] [Op:PadV2]')),
    (lambda: tf.pad(X, [[1, 1], [0, 0]], constant_values=tf.constant(2)), 'InvalidArgumentError',
     'cannot compute PadV2 as input #2(zero-based) was expected to be a float tensor but is a int32 tensor [Op:PadV2]'),
    (lambda: tf.reverse(X, 0), 'InvalidArgumentError', _WRAP % ('ReverseV2', "'dims' must be 1-dimension, not 0 [Op:ReverseV2] name: ")),
    (lambda: tf.reverse(X, tf.constant(0)), 'InvalidArgumentError',
     _WRAP % ('ReverseV2', "'dims' must be 1-dimension, not 0 [Op:ReverseV2] name: ")),
    (lambda: tf.reverse(X, np.int64(0)), 'InvalidArgumentError', _WRAP % ('ReverseV2', "'dims' must be 1-dimension, not 0 [Op:ReverseV2]")),
    (lambda: tf.reverse(X, [[0]]), 'InvalidArgumentError', _WRAP % ('ReverseV2', "'dims' must be 1-dimension, not 2 [Op:ReverseV2]")),
]


@pytest.mark.parametrize('call, cls, text', CASES)
def test_tf_refusals(call, cls, text):
    with pytest.raises(Exception) as info:
        call()
    assert (type(info.value).__name__, str(info.value)) == (cls, text)


def test_accepted_forms():
    assert tf.one_hot([0, 1], 2, on_value=5, dtype=tf.float32).numpy().tolist() == [[5., 0.], [0., 5.]]
    assert tf.one_hot([0, 1], 2, on_value=5, dtype=tf.int64).dtype == tf.int64
    assert tf.one_hot([0, 1], 2, on_value='a', off_value='b').numpy().tolist() == [[b'a', b'b'], [b'b', b'a']]
    assert tf.one_hot([0, 1], 2, on_value=2).numpy().tolist() == [[2, 0], [0, 2]]
    assert tf.pad(X, [[1, 1], [0, 0]], constant_values=2).numpy()[0].tolist() == [2., 2., 2.]
    assert tf.pad(X, [[1, 0], [0, 0]], mode='REFLECT', constant_values=[1., 2.]).shape == (3, 3)
    # (TF 2.21 has no CPU Range kernel for uint16: NotFoundError; tests/test_opsfuzz6_range_ones_like.py)
    with pytest.raises(tf.errors.NotFoundError):
        tf.range(3, dtype=tf.uint16)
    assert tf.reverse(X, [0]).numpy()[0].tolist() == [4., 5., 6.]


_PAD = '{{function_node __wrapped__Pad_device_/job:localhost/replica:0/task:0/device:CPU:0}} '


@pytest.mark.parametrize('paddings, text', [
    ([1, 1], 'paddings must be a matrix with 2 columns: [2] [Op:Pad]'),
    ([[1, 1], [0, 0], [0, 0]], 'The first dimension of paddings must be the rank of inputs[3,2] [2,3] [Op:Pad]'),
    ([[1, 1]], 'The first dimension of paddings must be the rank of inputs[1,2] [2,3] [Op:Pad]'),
    ([[1, 1, 1], [0, 0, 0]], 'paddings must be a matrix with 2 columns: [2,3] [Op:Pad]'),
    (tf.constant([1, 1]), 'paddings must be a matrix with 2 columns: [2] [Op:Pad] name: '),
    (np.array([1, 1]), 'paddings must be a matrix with 2 columns: [2] [Op:Pad] name: '),
])
def test_paddings_that_are_no_rank_by_2_matrix(paddings, text):
    # TF 2.21's output of /work/notes/progs/errors11/p/pd.py (pd_tf.txt)
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.pad(X, paddings)
    assert str(info.value) == _PAD + text


@pytest.mark.parametrize('call, text', [
    (lambda: tf.norm(X, axis=2), 'Invalid reduction dimension (2 for input with 2 dimension(s) [Op:Sum]'),
    (lambda: tf.norm(X, ord=1, axis=-3), 'Invalid reduction dimension (-3 for input with 2 dimension(s) [Op:Sum] name: '),
])
def test_vector_norm_axis_out_of_range_is_sums_error(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        call()
    assert str(info.value) == _WRAP % ('Sum', text)


@pytest.mark.parametrize('shape', [[-3], tf.constant([-3])])
def test_scatter_nd_negative_shape(shape):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.scatter_nd([[0]], [1.], shape)
    assert str(info.value) == _WRAP % ('ScatterNd', 'Dimension -3 must be >= 0 [Op:ScatterNd]')
