"""errors19: bad arguments to the tensor ops a GradientTape tutorial uses, in TF 2.21's class and words
(texts printed by TF 2.21, /work/notes/progs/errors19/q4.py, q5.py, q6.py)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError
from tests.helpers_error_texts import assert_raises_exactly


@pytest.mark.parametrize('kwargs, text', [
    (dict(transpose_a='x'), "Expected bool for argument 'transpose_a' not 'x'."),
    (dict(transpose_a=1), "Expected bool for argument 'transpose_a' not 1."),
    (dict(transpose_b=0), "Expected bool for argument 'transpose_b' not 0."),
    (dict(transpose_a=np.True_), "Expected bool for argument 'transpose_a' not np.True_."),
])
def test_matmul_flag_of_another_type_is_refused(kwargs, text):
    # tapeflow read 'x' and 1 by their truth and transposed
    assert_raises_exactly(lambda: tf.matmul(tf.ones((3, 3)), tf.ones((3, 3)), **kwargs), TypeError, text)


def test_matmul_flags_folded_by_truth_pass_as_tf_does():
    # 2-D: adjoint_a is read by truth (it sets transpose_a); batches: transpose_a is (it sets adj_x)
    assert tf.matmul(tf.ones((3, 3)), tf.ones((3, 3)), adjoint_a='x').shape == (3, 3)
    assert tf.matmul(tf.ones((2, 3, 3)), tf.ones((2, 3, 3)), transpose_a='x').shape == (2, 3, 3)
    assert tf.matmul(tf.ones((3, 3)), tf.ones((3, 3)), transpose_b=None).shape == (3, 3)
    assert_raises_exactly(lambda: tf.matmul(tf.ones((2, 3, 3)), tf.ones((2, 3, 3)), adjoint_b=1), TypeError,
                          "Expected bool for argument 'adj_y' not 1.")


def test_concat_axis_texts():
    assert_raises_exactly(lambda: tf.concat([tf.ones(2)], 'a'), TypeError,
                          "Cannot convert 'a' to EagerTensor of dtype int32")
    assert_raises_exactly(lambda: tf.concat([tf.ones(2)], None), ValueError,
                          "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor.")
    assert_raises_exactly(
        lambda: tf.concat([tf.ones(2), tf.ones(2)], 'a'), InvalidArgumentError,
        "Value for attr 'Tidx' of string is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node ConcatV2}}; Op<name=ConcatV2; signature=values:N*T, axis:Tidx -> output:T; attr=N:int,min=2; "
        "attr=T:type; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:ConcatV2]")


_FILL = ('{{function_node __wrapped__Fill_device_/job:localhost/replica:0/task:0/device:CPU:0}} Dimension -1 must be '
         '>= 0 [Op:Fill] name: ')


@pytest.mark.parametrize('call, error, text', [
    (lambda: tf.eye(-1), InvalidArgumentError, _FILL),
    (lambda: tf.eye(2, -1), InvalidArgumentError, _FILL),
    (lambda: tf.eye(2, batch_shape=[-1]), InvalidArgumentError, _FILL),
    (lambda: tf.eye(2.5), TypeError, 'Arguments `num_rows` and `num_columns` must be positive integer values. '
                                     'Received: num_rows=2.5, num_columns=2.5'),
    (lambda: tf.eye(2, 2.5), TypeError, 'Arguments `num_rows` and `num_columns` must be positive integer values. '
                                        'Received: num_rows=2, num_columns=2.5'),
    (lambda: tf.linalg.eye(None), TypeError, 'Arguments `num_rows` and `num_columns` must be positive integer '
                                             'values. Received: num_rows=None, num_columns=None'),
    (lambda: tf.eye(2, dtype=tf.string), TypeError, 'Cannot convert 1 to EagerTensor of dtype string'),
    (lambda: tf.eye(2, 3, dtype=tf.string), TypeError, 'Cannot convert 1 to EagerTensor of dtype string'),
])
def test_eye_arguments(call, error, text):
    # tapeflow made a string identity matrix, and worded sizes its own way
    assert_raises_exactly(call, error, text)


@pytest.mark.parametrize('value, shape, error, text', [
    ([1, 2], (-1,), ValueError, 'Dimension -1 must be >= 0'),
    (1, (2, -3), ValueError, 'Dimension -3 must be >= 0'),
    (1, (None,), ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor."),
    (1, (1.5,), TypeError, "Dimension value must be integer or None or have an __index__ method, got value '1.5' "
                           "with type '<class 'float'>'"),
])
def test_constant_shape_checks(value, shape, error, text):
    # tapeflow made a (1,) tensor for shape=(1.5,)
    assert_raises_exactly(lambda: tf.constant(value, shape=shape), error, text)


_SUM = ("Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node Sum}}; "
        "Op<name=Sum; signature=input:T, reduction_indices:Tidx -> output:T; attr=keep_dims:bool,default=false; "
        "attr=T:type,allowed=[DT_FLOAT, DT_DOUBLE, DT_INT32, DT_UINT8, DT_INT16, DT_INT8, DT_COMPLEX64, DT_INT64, "
        "DT_QINT8, DT_QUINT8, DT_QINT32, DT_BFLOAT16, DT_QINT16, DT_QUINT16, DT_UINT16, DT_COMPLEX128, DT_HALF, "
        "DT_UINT32, DT_UINT64]; attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:Sum]")


@pytest.mark.parametrize('axis, text', [
    ('a', _SUM % 'string'), (['a'], _SUM % 'string'),
    (tf.constant(0.), _SUM % 'float' + ' name: '), (tf.constant('a'), _SUM % 'string' + ' name: '),
])
def test_reduction_axis_of_another_dtype(axis, text):
    assert_raises_exactly(lambda: tf.reduce_sum(tf.ones(3), axis=axis), InvalidArgumentError, text)


def test_count_nonzero_and_logsumexp_name_their_first_kernel():
    with pytest.raises(InvalidArgumentError, match=r'(?s)\{\{node Sum\}\}.*\[Op:Sum\]'):
        tf.math.count_nonzero(tf.ones(3), axis='a')
    with pytest.raises(InvalidArgumentError, match=r'(?s)\{\{node Max\}\}.*\[Op:Max\]'):
        tf.reduce_logsumexp(tf.ones(3), axis='a')


_SQRT = ("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double, complex64, "
         "complex128\n\t; NodeDef: {{node Sqrt}}; Op<name=Sqrt; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, "
         "DT_HALF, DT_FLOAT, DT_DOUBLE, DT_COMPLEX64, DT_COMPLEX128]> [Op:Sqrt]")


@pytest.mark.parametrize('value, text', [
    ('a', _SQRT % 'string'), ([1, 2], _SQRT % 'int32'), ((1, 2), _SQRT % 'int32'), (np.int32(1), _SQRT % 'int32'),
    (3, _SQRT % 'int32' + ' name: '), (np.array([1, 2]), _SQRT % 'int64' + ' name: '),
    (tf.constant([1, 2]), _SQRT % 'int32' + ' name: '),
])
def test_raw_input_kernels_name_tail_follows_the_fast_path(value, text):
    # tf.math.sqrt is the generated op: a list, string or numpy scalar goes down eager's slow path, whose
    # registry error has no ' name: ' tail (tapeflow always added it)
    assert_raises_exactly(lambda: tf.math.sqrt(value), InvalidArgumentError, text)


def test_converting_wrappers_keep_the_tail():
    # tf.math.abs and tf.math.sigmoid convert first: the tail is there even for a Python string
    with pytest.raises(InvalidArgumentError) as caught:
        tf.math.abs('a')
    assert str(caught.value).endswith('[Op:Abs] name: ')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.math.reduce_max([True])
    assert str(caught.value).endswith('[Op:Max]')
    with pytest.raises(InvalidArgumentError) as caught:      # its IsFinite runs on the converted tensor
        tf.math.reduce_logsumexp([[1, 2]])
    assert str(caught.value).endswith('[Op:IsFinite] name: ')
    with pytest.raises(InvalidArgumentError) as caught:
        tf.linalg.qr('a')
    assert str(caught.value).endswith('[Op:Qr]')


def test_matmul_converts_list_operands_as_tf_does():
    # TF converts a alone, then b with a's dtype as a hint: mixed int / float lists meet MatMul's input check
    # (tapeflow: the int32 conversion's TypeError), and an int list beside a float tensor is no promotion
    text = ('cannot compute MatMul as input #1(zero-based) was expected to be a int32 tensor but is a float tensor '
            '[Op:MatMul] name: ')
    assert_raises_exactly(lambda: tf.matmul([[1, 2]], [[1.], [2.]]), InvalidArgumentError, text)
    assert_raises_exactly(lambda: tf.matmul([[1, 2]], tf.ones((2, 1))), InvalidArgumentError, text)
    assert tf.matmul([[1., 2.]], [[1], [2]]).numpy().tolist() == [[5.0]]
    out = tf.matmul(np.ones((1, 2)), [[1], [2]])
    assert out.dtype == tf.float64 and out.numpy().tolist() == [[3.0]]
    out = tf.matmul([[1, 2]], np.ones((2, 1)))
    assert out.dtype == tf.int32 and out.numpy().tolist() == [[3]]
