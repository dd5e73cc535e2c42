"""tf.sparse.sparse_dense_matmul and tf.sparse.bincount as TF 2.21 takes their operands: the dense b
converted as it is (its dtype must be the values'), TF's kernel texts, and bincount of a dense tensor
(every element counted). tapeflow's sentence a note.

Golden texts and results: /work/notes/progs/errors9/p/m1.py and b1.py run under TensorFlow 2.21."""
import numpy as np
import pytest

import framework as tf

IAE = tf.errors.InvalidArgumentError
SP = tf.sparse.SparseTensor(np.array([[0, 0], [1, 2]], 'int64'), np.array([1.0, 2.0], 'float32'),
                            np.array([3, 4], 'int64'))
M = tf.sparse.sparse_dense_matmul
KERNEL = '{{function_node __wrapped__SparseTensorDenseMatMul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
DTYPE = ('cannot compute SparseTensorDenseMatMul as input #3(zero-based) was expected to be a float tensor but is a '
         '%s tensor [Op:SparseTensorDenseMatMul] name: ')
INNER = ('Cannot multiply A and B because inner dimension does not match: %d vs. 2.  Did you forget a transpose?  '
         'Dimensions of A: [3, 4).  Dimensions of B: [2,2] [Op:SparseTensorDenseMatMul] name: ')


@pytest.mark.parametrize('call, cls, text', [
    (lambda: M(SP, tf.ones((4, 2), tf.int32)), IAE, DTYPE % 'int32'),
    (lambda: M(SP, np.ones((4, 2), 'float64')), IAE, DTYPE % 'double'),
    (lambda: M(SP, 'a'), IAE, DTYPE % 'string'),
    (lambda: M(SP, [[1, 2]] * 4), IAE, DTYPE % 'int32'),
    (lambda: M(SP, np.ones((2, 2), 'float32')), IAE, KERNEL + INNER % 4),
    (lambda: M(SP, np.ones((2, 2), 'float32'), adjoint_a=True), IAE, KERNEL + INNER % 3),
    (lambda: M(SP, np.ones((2, 2), 'float32'), adjoint_b=True), IAE, KERNEL + INNER % 4),
    (lambda: M(SP, np.float32(1)), IAE, KERNEL + "Tensor 'b' is not a matrix [Op:SparseTensorDenseMatMul] name: "),
    (lambda: M(SP, np.ones((1, 4, 2), 'float32')), IAE,
     KERNEL + "Tensor 'b' is not a matrix [Op:SparseTensorDenseMatMul] name: "),
    (lambda: M(np.ones((4, 2), 'float32'), np.ones((4, 2), 'float32')), TypeError, 'Input must be a SparseTensor.'),
    (lambda: M(tf.sparse.SparseTensor([[0, 0, 0]], [1.0], [1, 4, 4]), np.ones((4, 2), 'float32')), IAE,
     KERNEL + "Tensor 'a_shape' must have 2 elements [Op:SparseTensorDenseMatMul] name: "),
    (lambda: tf.sparse.bincount(tf.constant([1.0, 2.0])), IAE,
     "Value for attr 'T' of float is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
     "DenseCountSparseOutput}}; Op<name=DenseCountSparseOutput; signature=values:T, weights:output_type -> "
     "output_indices:int64, output_values:output_type, output_dense_shape:int64; attr=T:type,allowed=[DT_INT32, "
     "DT_INT64]; attr=minlength:int,default=-1,min=-1; attr=maxlength:int,default=-1,min=-1; "
     "attr=binary_output:bool; attr=output_type:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]> "
     "[Op:DenseCountSparseOutput] name: "),
    (lambda: tf.sparse.bincount(tf.constant([-1, 2])), IAE,
     '{{function_node __wrapped__DenseCountSparseOutput_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
     'Input values must all be non-negative [Op:DenseCountSparseOutput] name: '),
])
def test_refusals_print_tensorflows_class_and_text(call, cls, text):
    with pytest.raises(cls) as err:
        call()
    assert str(err.value) == text
    assert err.value.__notes__, 'tapeflow explains in a note'


def test_matmul_takes_a_float32_list_as_tensorflow():
    np.testing.assert_array_equal(M(SP, [[1.0, 2.0]] * 4).numpy(), [[1, 2], [2, 4], [0, 0]])


X = tf.constant([[1, 2], [0, 1]])


@pytest.mark.parametrize('call, dtype, shape, indices, values', [
    (lambda: tf.sparse.bincount(X), 'int32', [3], [[0], [1], [2]], [1, 2, 1]),
    (lambda: tf.sparse.bincount(X, axis=-1), 'int32', [2, 3], [[0, 1], [0, 2], [1, 0], [1, 1]], [1, 1, 1, 1]),
    (lambda: tf.sparse.bincount(X, axis=-1, minlength=5), 'int32', [2, 5], [[0, 1], [0, 2], [1, 0], [1, 1]],
     [1, 1, 1, 1]),
    (lambda: tf.sparse.bincount(X, maxlength=2), 'int32', [2], [[0], [1]], [1, 2]),
    (lambda: tf.sparse.bincount(X, weights=tf.constant([[0.5, 1.0], [2.0, 3.0]])), 'float32', [3], [[0], [1], [2]],
     [2.0, 3.5, 1.0]),
    (lambda: tf.sparse.bincount(X, binary_output=True, axis=-1), 'int32', [2, 3], [[0, 1], [0, 2], [1, 0], [1, 1]],
     [1, 1, 1, 1]),
    (lambda: tf.sparse.bincount(np.array([3, 3, 1], 'int64')), 'int64', [4], [[1], [3]], [1, 2]),
    (lambda: tf.sparse.bincount([3, 3, 1]), 'int32', [4], [[1], [3]], [1, 2]),
])
def test_bincount_of_a_dense_tensor_counts_every_element(call, dtype, shape, indices, values):
    out = call()
    assert out.dtype.name == dtype and out.dense_shape.numpy().tolist() == shape
    assert out.indices.numpy().tolist() == indices and out.values.numpy().tolist() == values


@pytest.mark.parametrize('axis, cls, text', [
    (2, IAE, '{{function_node __wrapped__SparseConcat_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
             'Concat dimension must be in range [-2, 2), got 2 [Op:SparseConcat] name: '),
    (-3, IAE, '{{function_node __wrapped__SparseConcat_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
              'Concat dimension must be in range [-2, 2), got -3 [Op:SparseConcat] name: '),
    (None, TypeError, "Expected int for argument 'concat_dim' not None."),
    ('a', TypeError, "Expected int for argument 'concat_dim' not 'a'."),
    ([1, 2], TypeError, "Expected int for argument 'concat_dim' not [1, 2]."),
])
def test_sparse_concat_axis_as_tensorflows_attribute(axis, cls, text):
    # (TF 2.21 prints the kernel text without its ' name: ' tail the first time a process runs it)
    with pytest.raises(cls) as err:
        tf.sparse.concat(axis, [SP, SP])
    assert str(err.value) == text
    assert tf.sparse.concat(-1, [SP, SP]).dense_shape.numpy().tolist() == [3, 8]
    assert tf.sparse.concat(True, [SP, SP]).dense_shape.numpy().tolist() == [3, 8]


def test_to_number_out_type_none_is_the_default():
    assert tf.strings.to_number(['1', '2'], out_type=None).dtype == tf.float32


SL = '{{function_node __wrapped__SparseSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s [Op:SparseSlice] name: '


@pytest.mark.parametrize('start, size, cls, text', [
    ([2.5, 3], [2, 3], TypeError, 'Cannot convert [2.5, 3] to EagerTensor of dtype int64'),
    ('a', [2, 3], TypeError, "Cannot convert 'a' to EagerTensor of dtype int64"),
    ([0, 0], [2.5, 3], TypeError, 'Cannot convert [2.5, 3] to EagerTensor of dtype int64'),
    (3, [2, 3], IAE, SL % 'Input start should be a vector but received shape []'),
    ([0, 0], 3, IAE, SL % 'Input size should be a vector but received shape []'),
    ([0, 0], [[2, 3]], IAE, SL % 'Input size should be a vector but received shape [1,2]'),
    ([0, 0], [-1, 3], IAE, SL % 'Expected a non-negative size, got -1'),
])
def test_sparse_slice_operands_as_tensorflow_converts_and_checks_them(start, size, cls, text):
    # TF 2.21's texts: the errors9 fuzzer's log (sp.slice|*); tapeflow computed the float and scalar cases
    with pytest.raises(cls) as err:
        tf.sparse.slice(SP, start, size)
    assert str(err.value) == text
    assert err.value.__notes__


def test_sparse_slice_of_a_dense_input_is_tensorflows_type_error():
    with pytest.raises(TypeError, match='^Input must be a SparseTensor.'):
        tf.sparse.slice(np.ones((3, 4), 'float32'), [0, 0], [2, 3])
    assert tf.sparse.slice(SP, [0, 0], [2, 3]).dense_shape.numpy().tolist() == [2, 3]
