"""Ops that returned a result where TensorFlow 2.21 raises (found by a differential bad-input fuzzer,
/work/notes/progs/fuzz4/opfuzz.py). Expected classes and texts are TF 2.21's, printed by the same calls
under /opt/tfref."""
import numpy as np
import pytest

import framework as tf
from framework import keras

LOGITS = tf.constant([[0.5, -1.0], [2.0, 0.0]])


@pytest.mark.parametrize('labels, kernel, wrong', [
    (tf.constant([[1, 0], [0, 1]]), 'Mul', 'int32'),
    ([[1, 0], [0, 1]], 'Mul', 'int32'),                          # a list of ints is an int32 tensor in TF
    (tf.constant([[1., 0.], [0., 1.]], tf.float64), 'Mul', 'double'),
    (np.array([[1., 0.], [0., 1.]]), 'Mul', 'double'),
    (tf.constant([[True, False], [False, True]]), 'Sub', 'bool'),
    (np.array([['a', 'b'], ['c', 'd']]), 'Mul', 'string'),
])
def test_sigmoid_cross_entropy_refuses_labels_of_another_dtype(labels, kernel, wrong):
    # TF 2.21: "cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a int32
    # tensor [Op:Mul] name: " (tapeflow cast the labels and returned the loss)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.nn.sigmoid_cross_entropy_with_logits(labels=labels, logits=LOGITS)
    assert str(err.value) == ('cannot compute %s as input #1(zero-based) was expected to be a float tensor but is a %s '
                              'tensor [Op:%s] name: ' % (kernel, wrong, kernel))
    assert any('sigmoid_cross_entropy_with_logits' in note for note in err.value.__notes__)


def test_sigmoid_cross_entropy_shape_mismatch_is_tf_value_error():
    with pytest.raises(ValueError, match=r'`logits` and `labels` must have the same shape, received '
                                         r'\(\(2, 2\) vs \(2,\)\)'):
        tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.constant([1., 0.]), logits=LOGITS)


def test_sigmoid_cross_entropy_of_matching_labels_still_computes():
    loss = tf.nn.sigmoid_cross_entropy_with_logits(labels=[[1., 0.], [0., 1.]], logits=LOGITS)
    # TF 2.21: [[0.474077, 0.313262], [2.126928, 0.693147]]
    np.testing.assert_allclose(loss.numpy(), [[0.474077, 0.313262], [2.126928, 0.693147]], rtol=1e-5)


@pytest.mark.parametrize('call', [
    lambda: tf.nn.weighted_cross_entropy_with_logits(labels=[[1, 0], [0, 1]], logits=LOGITS, pos_weight=2.0),
    lambda: tf.nn.log_poisson_loss([[1, 0], [0, 1]], LOGITS),
    lambda: tf.nn.log_poisson_loss(np.array([[1., 0.], [0., 1.]]), LOGITS),
], ids=['weighted_xent_int_list', 'log_poisson_int_list', 'log_poisson_float64'])
def test_nn_losses_do_not_cast_int_or_float64_labels(call):
    # TF 2.21 raises (TypeError 'Cannot convert 1.0 to EagerTensor of dtype int32' for the weighted loss,
    # Mul's InvalidArgumentError for the Poisson loss); tapeflow cast lists and numpy arrays and computed
    with pytest.raises(TypeError):      # tapeflow's InvalidArgumentError is a TypeError too
        call()


X_INT = tf.constant([[1, 5], [3, 7]])


@pytest.mark.parametrize('t, lo, hi, kind, text', [
    (X_INT, 0.5, 4.5, TypeError, 'Cannot convert 4.5 to EagerTensor of dtype int32'),
    (np.array([1, 5]), 0.5, 4.5, TypeError, 'Cannot convert 4.5 to EagerTensor of dtype int64'),
    ([1, 5], 0.5, 4.5, TypeError, 'Cannot convert 4.5 to EagerTensor of dtype int32'),
    (tf.constant([True, False]), 0.5, 1.0, TypeError, 'Cannot convert 1.0 to EagerTensor of dtype bool'),
    (tf.constant([True, False]), 0, 1, TypeError, 'Cannot convert 1 to EagerTensor of dtype bool'),
    (X_INT, tf.constant(2.0), 4, tf.errors.InvalidArgumentError,
     'cannot compute Maximum as input #1(zero-based) was expected to be a int32 tensor but is a float tensor'),
    (LOGITS, tf.constant(0.0, tf.float64), 1.0, tf.errors.InvalidArgumentError,
     'cannot compute Maximum as input #1(zero-based) was expected to be a float tensor but is a double tensor'),
    (LOGITS, tf.constant(0), 1, tf.errors.InvalidArgumentError,
     'cannot compute Maximum as input #1(zero-based) was expected to be a float tensor but is a int32 tensor'),
    (LOGITS, -1.0, tf.constant(1.0, tf.float64), tf.errors.InvalidArgumentError,
     'cannot compute Minimum as input #1(zero-based) was expected to be a float tensor but is a double tensor'),
])
def test_clip_by_value_refuses_bounds_of_another_dtype(t, lo, hi, kind, text):
    # TF 2.21 texts (minimum(t, max) runs first); tapeflow truncated 4.5 to 4 and cast tensor bounds
    with pytest.raises(kind, match=text.replace('(', r'\(').replace(')', r'\)')):
        tf.clip_by_value(t, lo, hi)


def test_clip_by_value_takes_bounds_that_convert():
    assert tf.clip_by_value(X_INT, 2, 4).numpy().tolist() == [[2, 4], [3, 4]]
    assert tf.clip_by_value(LOGITS, 0, 1).numpy().tolist() == [[0.5, 0.0], [1.0, 0.0]]
    assert tf.clip_by_value(LOGITS, np.float64(0.0), np.array(1.0)).dtype == tf.float32
    assert tf.clip_by_value(LOGITS, tf.zeros([2, 1]), 1.0).numpy().tolist() == [[0.5, 0.0], [1.0, 0.0]]


IMG = np.ones((1, 4, 4, 1), np.float32)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.max_pool2d(IMG, '2', 2, 'VALID'), "Expected int for argument 'ksize' not '2'."),
    (lambda: tf.nn.avg_pool2d(IMG, 2, '2', 'VALID'), "Expected int for argument 'strides' not '2'."),
    (lambda: tf.nn.avg_pool1d(np.ones((1, 4, 1), np.float32), '2', 2, 'VALID'),
     "Expected int for argument 'ksize' not '2'."),
    (lambda: tf.nn.conv1d(np.ones((1, 4, 1), np.float32), np.ones((2, 1, 1), np.float32), '1', 'VALID'),
     "Expected int for argument 'strides' not '1'."),
    (lambda: tf.nn.conv2d(IMG, np.ones((2, 2, 1, 1), np.float32), [1, '1'], 'VALID'),
     "Expected int for argument 'strides' not '1'."),
    (lambda: tf.nn.max_pool_with_argmax(IMG, 2, '2', 'VALID'), "Expected int for argument 'strides' not '2'."),
    (lambda: tf.nn.max_pool3d(np.ones((1, 2, 2, 2, 1), np.float32), '2', 2, 'VALID'),
     "Expected int for argument 'ksize' not '2'."),
])
def test_window_sizes_given_as_text_are_tfs_type_error(call, text):
    # TF 2.21's attribute check; int('2') took them silently
    with pytest.raises(TypeError, match=text.replace('(', r'\(').replace(')', r'\)')):
        call()


A = tf.ones([2, 3])


@pytest.mark.parametrize('call, text', [
    (lambda: tf.linspace(0., 1., 5.5), "(name: num) must be of type integer. Received `tensor` = 5.5 of dtype: "
                                       "<dtype: 'float32'>"),
    (lambda: tf.linspace(0., 1., 5.0), "(name: num) must be of type integer. Received `tensor` = 5.0 of dtype: "
                                       "<dtype: 'float32'>"),
    (lambda: tf.linspace(0., 1., '5'), "(name: num) must be of type integer. Received `tensor` = b'5' of dtype: "
                                       "<dtype: 'string'>"),
    (lambda: tf.linspace(0., 1., tf.constant(5.0)), "(name: num) must be of type integer. Received `tensor` = 5.0"),
    (lambda: tf.repeat(A, 2.5, axis=0), "(name: repeats) must be of type integer. Received `tensor` = 2.5"),
    (lambda: tf.repeat(A, [1.0, 2.0], axis=0), "(name: repeats) must be of type integer. Received `tensor` = [1. 2.]"),
    (lambda: tf.repeat(A, 2, axis='1'), 'Argument `axis` must be an int. Received `axis` = 1 of type str'),
    (lambda: tf.repeat(A, 2, axis=1.0), 'Argument `axis` must be an int. Received `axis` = 1.0 of type float'),
    (lambda: tf.slice(A, [0, 0], [1.5, 1]), 'Cannot convert [1.5, 1] to EagerTensor of dtype int32'),
    (lambda: tf.strided_slice(A, [0, 0], [2.5, 3]), 'Cannot convert [2.5, 3] to EagerTensor of dtype int32'),
    (lambda: tf.strided_slice(A, [0, 0], [2, 3], [1.5, 1]), 'Cannot convert [1.5, 1] to EagerTensor of dtype int32'),
])
def test_counts_and_positions_given_as_floats_are_tfs_type_error(call, text):
    # TF 2.21's words (the full message is TF's, tapeflow's explanation rides as a note); tapeflow cut 5.5 to 5
    with pytest.raises(TypeError) as err:
        call()
    assert text in str(err.value) and not str(err.value).startswith(('linspace', 'repeat', 'slice', 'strided'))


@pytest.mark.parametrize('call, kernel, dtype', [
    (lambda: tf.slice(A, [0.5, 0], [1, 1]), 'Slice', 'float'),
    (lambda: tf.slice(A, np.array([0., 0.]), [1, 1]), 'Slice', 'double'),
    (lambda: tf.slice(A, tf.constant([0., 0.]), [1, 1]), 'Slice', 'float'),
    (lambda: tf.strided_slice(A, [0.5, 0], [2, 3]), 'StridedSlice', 'float'),
])
def test_a_float_begin_is_the_index_attrs_refusal(call, kernel, dtype):
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    text = str(err.value)
    assert text.startswith("Value for attr 'Index' of %s is not in the list of allowed values: " % dtype)
    assert text.endswith('[Op:%s]' % kernel)


def test_integer_counts_and_numpy_arrays_still_work():
    assert tf.linspace(0., 1., 5).shape == (5,) and tf.linspace(0., 1., np.float32(5)).shape == (5,)
    assert tuple(tf.repeat(A, np.array([1, 2]), axis=0).shape) == (3, 3)
    assert tuple(tf.slice(A, [0, 0], np.array([1.5, 1.])).shape) == (1, 1)       # TF casts a numpy size
    assert tuple(tf.strided_slice(A, [0, 0], [2, 3], [1, 2]).shape) == (2, 2)


@pytest.mark.parametrize('lower, upper, shape, text', [
    (100, 0, (2, 3), 'num_lower must be negative or less or equal to number of rows (2) got: 100'),
    (0, 100, (2, 3), 'num_upper must be negative or less or equal to number of columns (3) got: 100'),
    (3, 0, (4, 2, 3), 'num_lower must be negative or less or equal to number of rows (2) got: 3'),
])
def test_band_part_counts_beyond_the_matrix_are_the_kernels_error(lower, upper, shape, text):
    # TF 2.21: "{{function_node __wrapped__MatrixBandPart_device_...}} num_lower must be ... [Op:MatrixBandPart]"
    with pytest.raises(tf.errors.InvalidArgumentError, match='MatrixBandPart') as err:
        tf.linalg.band_part(tf.ones(shape), lower, upper)
    assert text.replace('(', '').replace(')', '') in str(err.value).replace('(', '').replace(')', '')


def test_band_part_counts_up_to_the_matrix_and_negative_ones_still_work():
    assert tf.linalg.band_part(A, 2, 3).numpy().tolist() == A.numpy().tolist()
    assert tf.linalg.band_part(A, -5, 0).numpy().tolist() == [[1, 0, 0], [1, 1, 0]]


EMPTY = tf.ones([0, 3])


@pytest.mark.parametrize('call, text', [
    (lambda: tf.argmax(EMPTY), 'Reduction axis 0 is empty in shape [0,3] [Op:ArgMax] name: '),
    (lambda: tf.argmin(EMPTY), 'Reduction axis 0 is empty in shape [0,3] [Op:ArgMin] name: '),
    (lambda: tf.argmin(tf.ones([3, 0]), axis=-1), 'Reduction axis -1 is empty in shape [3,0] [Op:ArgMin] name: '),
])
def test_argmax_of_an_empty_axis_is_the_kernels_error(call, text):
    # numpy's 'attempt to get argmax of an empty sequence' (a ValueError) leaked before
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value).endswith(text)


def test_argmax_over_a_full_axis_of_an_empty_tensor_is_empty():
    assert tf.argmax(EMPTY, axis=1).numpy().tolist() == []


@pytest.mark.parametrize('call, dtype, value', [
    (lambda: tf.reduce_max(EMPTY), 'float32', -np.inf), (lambda: tf.reduce_min(EMPTY), 'float32', np.inf),
    (lambda: tf.reduce_max(EMPTY, 0), 'float32', [-np.inf] * 3), (lambda: tf.reduce_max(EMPTY, 1), 'float32', []),
    (lambda: tf.reduce_max(EMPTY, keepdims=True), 'float32', [[-np.inf]]),
    (lambda: tf.reduce_max(tf.ones([0], tf.int32)), 'int32', -2147483648),
    (lambda: tf.reduce_min(tf.ones([0], tf.int32)), 'int32', 2147483647),
    (lambda: tf.reduce_max(tf.ones([0], tf.uint8)), 'uint8', 0),
    (lambda: tf.reduce_min(tf.ones([0], tf.float64)), 'float64', np.inf),
])
def test_max_and_min_of_nothing_are_the_reductions_identity(call, dtype, value):
    # TF 2.21 values (tapeflow raised 'cannot reduce an empty tensor')
    out = call()
    assert out.dtype.name == dtype and out.numpy().tolist() == value


def test_keras_ops_max_of_an_empty_tensor_is_keras_assertion():
    # Keras 3 on TF asserts size > 0 unless initial is given
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        keras.ops.max(EMPTY)
    assert str(err.value) == ('Cannot compute the max of an empty tensor.\nCondition x > y did not hold.\n'
                              'First 1 elements of x:\n[0]\nFirst 1 elements of y:\n[0]')
    with pytest.raises(tf.errors.InvalidArgumentError, match='Cannot compute the min of an empty tensor'):
        keras.ops.min(EMPTY, axis=1)
    assert float(keras.ops.max(EMPTY, initial=2.0)) == 2.0


TWO_BY_THREE, THREE_BY_TWO = tf.ones([2, 3]), tf.ones([3, 2])


@pytest.mark.parametrize('call, text', [
    (lambda: tf.add_n([TWO_BY_THREE, THREE_BY_TWO]),
     'Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: [2,3] != input 1: [3,2] '
     '[Op:AddN] name: '),
    (lambda: tf.add_n([TWO_BY_THREE, TWO_BY_THREE, tf.ones([3])]),
     'Inputs to operation AddN of type AddN must have the same size and shape.  Input 0: [2,3] != input 2: [3] '
     '[Op:AddN] name: '),
    (lambda: tf.add_n([TWO_BY_THREE, tf.ones([2, 3], tf.float64)]),
     'cannot compute AddN as input #1(zero-based) was expected to be a float tensor but is a double tensor '
     '[Op:AddN] name: '),
    (lambda: tf.add_n([TWO_BY_THREE, np.ones((2, 3))]),
     'cannot compute AddN as input #1(zero-based) was expected to be a float tensor but is a double tensor '
     '[Op:AddN] name: '),
    (lambda: tf.stack([np.ones((2, 3)), np.ones((3, 2))]),
     'Shapes of all inputs must match: values[0].shape = [2,3] != values[1].shape = [3,2] [Op:Pack] name: stack'),
    (lambda: tf.atan2(TWO_BY_THREE, THREE_BY_TWO), 'Incompatible shapes: [2,3] vs. [3,2] [Op:Atan2] name: '),
    (lambda: tf.math.multiply_no_nan(TWO_BY_THREE, THREE_BY_TWO),
     'Incompatible shapes: [2,3] vs. [3,2] [Op:MulNoNan] name: '),
    (lambda: tf.math.igamma(tf.ones([5, 7]), tf.ones([3])), 'Incompatible shapes: [5,7] vs. [3]'),
    (lambda: tf.math.zeta(tf.ones([5, 7]), tf.ones([3])), 'Incompatible shapes: [5,7] vs. [3]'),
])
def test_shape_and_dtype_mismatches_are_invalid_argument_errors(call, text):
    # TF 2.21 raises InvalidArgumentError (its texts); tapeflow raised plain ValueErrors (numpy's words for
    # stack of two numpy arrays), which `except tf.errors.InvalidArgumentError` missed
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert text in str(err.value)


@pytest.mark.parametrize('call, text', [
    (lambda: tf.add_n([]), 'Inputs must be an iterable of at least one Tensor/IndexedSlices with the same dtype and '
                           'shape.'),
    (lambda: tf.math.accumulate_n([]), 'inputs must be a list of at least one Tensor with the same dtype and shape'),
])
def test_an_empty_sum_is_tfs_value_error(call, text):
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value) == text


def test_add_n_of_bools_is_the_kernels_refusal():
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"(?s)of bool is not in the list .*\{\{node AddN\}\}"):
        tf.add_n([tf.constant([True]), tf.constant([False])])


F2 = np.ones((2, 2, 1, 1), np.float32)


@pytest.mark.parametrize('call', [
    lambda: tf.nn.conv2d(IMG, F2, 1, 'valid'), lambda: tf.nn.max_pool2d(IMG, 2, 2, 'valid'),
    lambda: tf.nn.avg_pool2d(IMG, 2, 2, 'same'), lambda: tf.nn.max_pool(IMG, 2, 2, 'same'),
    lambda: tf.nn.conv1d(np.ones((1, 4, 1), np.float32), np.ones((2, 1, 1), np.float32), 1, 'valid'),
    lambda: tf.nn.conv3d(np.ones((1, 2, 2, 2, 1), np.float32), np.ones((1, 1, 1, 1, 1), np.float32), 1, 'same'),
    lambda: tf.nn.convolution(IMG, F2, padding='same'),
    lambda: tf.nn.depthwise_conv2d(IMG, F2, [1, 1, 1, 1], 'same'),
    lambda: tf.nn.conv2d_transpose(IMG, F2, (1, 4, 4, 1), 1, 'same'),
    lambda: tf.nn.max_pool_with_argmax(IMG, 2, 2, 'valid'),
    lambda: tf.nn.dilation2d(IMG, np.ones((2, 2, 1), np.float32), [1, 1, 1, 1], 'valid', 'NHWC', [1, 1, 1, 1]),
])
def test_tf_nn_ops_refuse_keras_lower_case_padding(call):
    # TF 2.21: 'Value for attr 'padding' of "valid" is not in the list of allowed values: "SAME", "VALID" ...'
    with pytest.raises(tf.errors.InvalidArgumentError, match='Value for attr \'padding\' of "(valid|same)" is not in'):
        call()


@pytest.mark.parametrize('call, text', [
    (lambda: tf.nn.atrous_conv2d(IMG, F2, 2, 'same'), "`padding` must be one of 'SAME' or 'VALID'. Received: "
                                                      "padding=same"),
    (lambda: tf.nn.atrous_conv2d_transpose(IMG, F2, (1, 4, 4, 1), 2, 'same'),
     "`padding` must be either 'VALID' or 'SAME'. Received: padding=same"),
])
def test_atrous_ops_check_their_padding_in_python(call, text):
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value) == text


def test_keras_layers_and_ops_keep_their_lower_case_padding():
    assert tuple(keras.layers.Conv2D(1, 2, padding='same')(IMG).shape) == (1, 4, 4, 1)
    assert tuple(keras.layers.MaxPooling2D(padding='same')(IMG).shape) == (1, 2, 2, 1)
    assert tuple(keras.ops.conv(IMG, F2, padding='same').shape) == (1, 4, 4, 1)
    assert tuple(tf.nn.conv2d(IMG, F2, 1, 'SAME').shape) == (1, 4, 4, 1)


@pytest.mark.parametrize('call, kernel, text', [
    (lambda: tf.nn.depth_to_space(tf.ones([2, 4]), 2), 'DepthToSpace', 'Input rank should be: 4 instead of: 2'),
    (lambda: tf.nn.depth_to_space(tf.ones([1, 2, 2, 4]), 3), 'DepthToSpace',
     'Input depth dimension 4 should be divisible by: 9'),
    (lambda: tf.nn.space_to_depth(tf.ones([1, 2, 2, 4]), 3), 'SpaceToDepth',
     'Image width 2 and height 2 should be divisible by block_size: 3'),
    (lambda: tf.linalg.matvec(tf.ones([3]), tf.ones([3])), 'MatMul', 'In[0] ndims must be >= 2'),
    (lambda: tf.linalg.cholesky(tf.ones([3])), 'Cholesky', 'Input tensor 0 must have rank >= 2, got 1'),
    (lambda: tf.linalg.cholesky(tf.ones([2, 3])), 'Cholesky', 'Input matrix must be square.'),
    (lambda: tf.reverse_sequence(tf.ones([3]), [1, 1, 1], seq_axis=1, batch_axis=0), 'ReverseSequence',
     'seq_dim must be < input rank ( 1 vs. 1)'),
])
def test_rank_and_size_errors_are_the_kernels_invalid_argument_errors(call, kernel, text):
    # TF 2.21's kernel texts; tapeflow raised plain ValueErrors
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert text in str(err.value) and '[Op:%s]' % kernel in str(err.value)


def test_a_block_size_below_two_is_the_attr_check():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'block_size' of -1 must be at least "
                                                             "minimum 2"):
        tf.nn.space_to_depth(tf.ones([1, 2, 2, 4]), -1)


@pytest.mark.parametrize('call, expected, got', [
    (lambda: tf.meshgrid(tf.range(3), tf.linspace(0., 1., 2)), 'float', 'int32'),
    (lambda: tf.meshgrid(tf.linspace(0., 1., 2), tf.range(3)), 'int32', 'float'),
    (lambda: tf.meshgrid(np.arange(3.), tf.constant([1., 2.])), 'float', 'double'),
    (lambda: tf.meshgrid([1, 2], [1., 2.]), 'float', 'int32'),
])
def test_meshgrid_of_two_dtypes_is_the_mul_kernels_error(call, expected, got):
    # TF multiplies each grid by ones of the first input's dtype; tapeflow returned grids of two dtypes
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a %s tensor but is a %s '
                              'tensor [Op:Mul] name: ' % (expected, got))


def test_meshgrid_of_one_dtype_still_works():
    x, y = tf.meshgrid(tf.range(3), tf.range(2))
    assert x.numpy().tolist() == [[0, 1, 2], [0, 1, 2]] and y.numpy().tolist() == [[0, 0, 0], [1, 1, 1]]


@pytest.mark.parametrize('call, kernel, text', [
    (lambda: tf.linalg.inv(tf.constant([[np.nan, 1.], [1., 2.]])), 'MatrixInverse', 'Input is not invertible.'),
    (lambda: tf.linalg.inv(tf.constant([[1., 1.], [1., 1.]])), 'MatrixInverse', 'Input is not invertible.'),
    (lambda: tf.linalg.solve(tf.constant([[1., 1.], [1., 1.]]), tf.ones([2, 1])), 'MatrixSolve',
     'Input matrix is not invertible.'),
    (lambda: tf.linalg.solve(tf.constant([[np.nan, 1.], [1., 2.]]), tf.ones([2, 1])), 'MatrixSolve',
     'Input matrix is not invertible.'),
    (lambda: tf.linalg.solve(tf.eye(2, batch_shape=[1]), tf.ones([2, 1])), 'MatrixSolve',
     'All input tensors must have the same rank.'),
    (lambda: tf.linalg.solve(tf.eye(2), tf.ones([3, 2, 1])), 'MatrixSolve', 'All input tensors must have the same rank.'),
])
def test_inverse_and_solve_raise_the_kernels_words(call, kernel, text):
    # TF 2.21: NaN matrices are 'not invertible' (tapeflow returned NaN) and MatrixSolve broadcasts no batch
    # axes (tapeflow broadcast them)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value).endswith('%s [Op:%s] name: ' % (text, kernel))


def test_triangular_solve_still_broadcasts_and_gives_nan_for_nan():
    out = tf.linalg.triangular_solve(tf.eye(2, batch_shape=[3]), tf.ones([2, 1]))
    assert tuple(out.shape) == (3, 2, 1)
    assert np.isnan(tf.linalg.triangular_solve(tf.constant([[np.nan, 0.], [1., 2.]]), tf.ones([2, 1])).numpy()).any()


@pytest.mark.parametrize('call', [
    lambda: tf.nn.max_pool1d(np.ones((4, 3), np.float32), 2, 2, 'VALID'),
    lambda: tf.nn.avg_pool3d(np.ones((1, 2, 2, 2, 1), np.float32), 0, 1, 'VALID'),
    lambda: tf.nn.conv3d(np.ones((1, 2, 2, 2, 1), np.float32), np.ones((1, 1, 1, 2, 1), np.float32), [1] * 5,
                         'VALID'),
    # TF 2.21 aborts the process on these two (a rank-2 conv1d input, a conv3d_transpose output_shape of
    # the wrong length): an InvalidArgumentError is the clear error
    lambda: tf.nn.conv1d(np.ones((4, 3), np.float32), np.ones((2, 3, 2), np.float32), 1, 'VALID'),
    lambda: tf.nn.conv3d_transpose(np.ones((1, 2, 2, 2, 1), np.float32), np.ones((1, 1, 1, 1, 1), np.float32),
                                   (1, 2, 2), 1),
])
def test_conv_and_pool_shape_errors_are_invalid_argument_errors(call):
    # TF 2.21's kernels raise InvalidArgumentError for ranks, window sizes and channel counts that do not
    # fit ('Input must be 4 or 5-dimensional', 'Sliding window ksize must be positive', ...); tapeflow
    # raised ValueErrors (its words kept)
    with pytest.raises(tf.errors.InvalidArgumentError):
        call()


@pytest.mark.parametrize('call, kernel', [
    (lambda: tf.math.betainc(tf.constant([1, 2]), tf.constant([1., 2.]), tf.constant([.5, .5])), 'Betainc'),
    (lambda: tf.math.zeta(tf.constant([2, 3]), tf.constant([1., 2.])), 'Zeta'),
    (lambda: tf.math.zeta(tf.constant([2, 3]), tf.constant([1, 2])), 'Zeta'),
    (lambda: tf.math.polygamma(tf.constant([1, 2]), tf.constant([1., 2.])), 'Polygamma'),
    (lambda: tf.math.igamma(tf.constant([1, 2]), tf.constant([1., 2.])), 'Igamma'),
    (lambda: tf.math.igammac(np.array([1, 2]), np.array([1., 2.], np.float32)), 'Igammac'),
])
def test_special_functions_of_integers_are_the_kernels_refusal(call, kernel):
    # TF 2.21's attr T is the first argument's dtype: an integer one is refused (tapeflow cast it to float)
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        call()
    assert str(err.value).startswith("Value for attr 'T' of int") and '{{node %s}}' % kernel in str(err.value)


def test_betainc_broadcasts_scalars_only():
    # TF 2.21: "Shapes of a and b are inconsistent: [1,3] vs. [3] [Op:Betainc]"; tapeflow broadcast them
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Shapes of a and b are inconsistent: \[1,3\] vs. \[3\]'):
        tf.math.betainc(tf.ones([1, 3]), tf.ones([3]), tf.ones([3]) * 0.5)
    assert tuple(tf.math.betainc(1.0, tf.ones([3]), tf.ones([3]) * 0.5).shape) == (3,)


@pytest.mark.parametrize('call, kind, text', [
    (lambda: tf.histogram_fixed_width(tf.constant([1, 5, 9]), [0.0, 10.0], nbins=5), TypeError,
     'Cannot convert [0.0, 10.0] to EagerTensor of dtype int32'),
    (lambda: tf.histogram_fixed_width(tf.constant([1., 5., 9.], tf.float64), tf.constant([0., 10.]), nbins=5),
     tf.errors.InvalidArgumentError, 'cannot compute HistogramFixedWidth as input #1(zero-based) was expected to be '
                                     'a double tensor but is a float tensor [Op:HistogramFixedWidth] name: '),
    (lambda: tf.histogram_fixed_width(tf.constant([1., np.nan, 9.]), [0., 10.], nbins=5),
     tf.errors.InvalidArgumentError, 'Histogram values must not contain NaN [Op:HistogramFixedWidth]'),
    (lambda: tf.histogram_fixed_width_bins(tf.constant([1., 5., 9.]), [0., 10.], nbins=4.5), TypeError,
     'Cannot convert 4.5 to EagerTensor of dtype int32'),
    (lambda: tf.histogram_fixed_width_bins(tf.constant([1., 5., 9.], tf.float64), [0., 10.], nbins=4),
     tf.errors.InvalidArgumentError, 'cannot compute Sub as input #1(zero-based) was expected to be a double tensor '
                                     'but is a float tensor [Op:Sub] name: '),
])
def test_histograms_take_ranges_in_the_values_dtype_and_no_nan(call, kind, text):
    # TF 2.21's words; tapeflow cast the range, cut nbins 4.5 to 4 and left NaN out of the counts
    with pytest.raises(kind) as err:
        call()
    assert str(err.value).endswith(text)


def test_histograms_of_matching_dtypes_still_count():
    assert tf.histogram_fixed_width(tf.constant([1, 5, 9]), [0, 10], nbins=5).numpy().tolist() == [1, 0, 1, 0, 1]
    assert tf.histogram_fixed_width(tf.constant([1., np.inf, 9.]), [0., 10.], nbins=5).numpy().tolist() == [1, 0, 0, 0, 2]


@pytest.mark.parametrize('t, lo, hi, text', [
    (tf.ones([3]), tf.zeros([2, 3]), 1., 'Shapes (3,) and (2, 3) are incompatible'),
    (tf.ones([2, 3]), tf.zeros([1, 2, 3]), 1., 'Shapes (2, 3) and (1, 2, 3) are incompatible'),
    (tf.ones([2, 3]), 0., tf.ones([1, 2, 3]), 'Shapes (2, 3) and (1, 2, 3) are incompatible'),
    (tf.ones([2, 1]), tf.zeros([2, 3]), 1., 'Shapes (2, 1) and (2, 3) are incompatible'),
])
def test_clip_bounds_may_not_grow_the_tensor(t, lo, hi, text):
    # TF 2.21 merges the result's shape with t's (ValueError); tapeflow broadcast t to the bounds' shape
    with pytest.raises(ValueError) as err:
        tf.clip_by_value(t, lo, hi)
    assert str(err.value) == text
    assert tuple(tf.clip_by_value(tf.ones([2, 3]), tf.zeros([3]), 1.).shape) == (2, 3)


SEQ = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)


@pytest.mark.parametrize('kwargs, kind, text', [
    (dict(seq_lengths=[1, 3], seq_axis=-1, batch_axis=0), tf.errors.InvalidArgumentError, 'Invalid seq_dim -1'),
    (dict(seq_lengths=[1, 3], seq_axis=1, batch_axis=-1), tf.errors.InvalidArgumentError, 'Invalid batch_dim -1'),
    (dict(seq_lengths=[1, 3], seq_axis=0, batch_axis=0), tf.errors.InvalidArgumentError, 'batch_dim == seq_dim == 0'),
    (dict(seq_lengths=[1, 3], seq_axis=100, batch_axis=0), tf.errors.InvalidArgumentError,
     'seq_dim must be < input rank ( 100 vs. 2)'),
    (dict(seq_lengths=[1, 3, 1], seq_axis=1, batch_axis=0), tf.errors.InvalidArgumentError,
     'Length of seq_lengths != input.dims(0), (3 vs. 2)'),
    (dict(seq_lengths=[-5, 3], seq_axis=1, batch_axis=0), tf.errors.InvalidArgumentError, 'seq_lens(0) < 0'),
    (dict(seq_lengths=[101, 3], seq_axis=1, batch_axis=0), tf.errors.InvalidArgumentError,
     'seq_lens(0) > input.dims(1)'),
    (dict(seq_lengths=[1, 3], seq_axis='1', batch_axis=0), TypeError, "Expected int for argument 'seq_dim' not '1'."),
    (dict(seq_lengths=[1, 3], seq_axis=None), TypeError, "Expected int for argument 'seq_dim' not None."),
    (dict(seq_lengths=[1.5, 3.], seq_axis=1), tf.errors.InvalidArgumentError,
     "Value for attr 'Tlen' of float is not in the list of allowed values: int32, int64"),
])
def test_reverse_sequence_checks_as_its_kernel(kwargs, kind, text):
    # TF 2.21's words (tapeflow took seq_axis=-1 and '1', cut float lengths, and worded the rest its own way)
    with pytest.raises(kind) as err:
        tf.reverse_sequence(SEQ, **kwargs)
    assert text in str(err.value)


def test_reverse_sequence_still_reverses():
    out = tf.reverse_sequence(SEQ, [1, 3], seq_axis=1, batch_axis=0)
    np.testing.assert_allclose(out.numpy(), [[0.1, 0.2, 0.3], [0.6, 0.5, 0.4]])


@pytest.mark.parametrize('call', [
    lambda: tf.nn.conv2d_transpose(IMG, F2, [1.5, 4, 4, 1], 1, 'SAME'),
    lambda: tf.nn.conv_transpose(IMG, F2, [1.5, 4, 4, 1], 1, 'SAME'),
    lambda: tf.nn.conv1d_transpose(np.ones((1, 4, 1), np.float32), np.ones((2, 1, 1), np.float32), [1, 4.5, 1], 1),
])
def test_transposed_convolutions_refuse_float_output_shapes(call):
    # TF 2.21: TypeError 'Cannot convert [1.5, 4, 4, 1] to EagerTensor of dtype int32' (conv1d_transpose: its
    # kernel's input-dtype InvalidArgumentError, also a TypeError here); int() cut 1.5 to 1 before
    with pytest.raises(TypeError, match=r'Cannot convert \[.*\] to EagerTensor of dtype int32'):
        call()
