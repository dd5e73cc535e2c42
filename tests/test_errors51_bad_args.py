"""Bad arguments as TF 2.21 answers them (lead46's sweep, continued by errors50 and errors51): tf.broadcast_to's
shape of another dtype than int32 / int64 (BroadcastTo's registry error on its Tidx attribute).
Probes: /work/notes/progs/errors51/p1.py, p2.py."""
import numpy as np
import pytest
import framework as tf


def _raises(error_class, text, f, *args, **kwargs):
    """f(*args) raises ``error_class`` whose str() is exactly ``text`` (tapeflow's notes aside)."""
    with pytest.raises(error_class) as caught:
        f(*args, **kwargs)
    assert str(caught.value) == text


def _tidx_error(dtype_name, named):
    # TF 2.21 gives this for tf.broadcast_to(x, tf.constant([1., 2.])): ' name: ' only where the shape was a tensor
    return ("Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node BroadcastTo}}; Op<name=BroadcastTo; signature=input:T, shape:Tidx -> output:T; attr=T:type; "
            "attr=Tidx:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:BroadcastTo]%s"
            % (dtype_name, ' name: ' if named else ''))


@pytest.mark.parametrize('shape, dtype_name', [
    ([1., 2.], 'float'), ([2.5], 'float'), ([True], 'bool'), ([2], 'uint8'), ([2.], 'double'), ([2.], 'half'),
    (['a'], 'string')])
def test_broadcast_to_shape_tensor_of_another_dtype_is_the_registry_error(shape, dtype_name):
    dtype = {'float': tf.float32, 'bool': tf.bool, 'uint8': tf.uint8, 'double': tf.float64, 'half': tf.float16,
             'string': tf.string}[dtype_name]
    # TF 2.21 refuses these (tapeflow broadcast a float tensor's values, or raised its own texts)
    _raises(tf.errors.InvalidArgumentError, _tidx_error(dtype_name, True), tf.broadcast_to, tf.constant([1, 2]),
            tf.constant(shape, dtype))


@pytest.mark.parametrize('shape', [[2.0], (2.0,), [1, 2.5], [np.float32(2)]])
def test_broadcast_to_float_list_is_the_registry_error_without_name(shape):
    _raises(tf.errors.InvalidArgumentError, _tidx_error('float', False), tf.broadcast_to, tf.constant([1, 2]), shape)


def test_broadcast_to_casts_a_numpy_float_shape_to_int32():
    # TF 2.21 converts a numpy float array to the int32 Tidx: [2.5] is [2]
    assert tf.broadcast_to(tf.constant([1, 2]), np.array([2.5])).numpy().tolist() == [1, 2]
    assert tf.broadcast_to(tf.constant([1, 2]), np.array([2., 2.])).numpy().tolist() == [[1, 2], [1, 2]]


def test_broadcast_to_integer_shapes_still_broadcast():
    x = tf.constant([1, 2])
    assert tf.broadcast_to(x, tf.constant([2, 2], tf.int64)).shape == (2, 2)
    assert tf.broadcast_to(x, (3, 2)).shape == (3, 2)
    assert tf.broadcast_to(x, [1, 2]).numpy().tolist() == [[1, 2]]


# ---- tf.linalg.inv's adjoint and tf.linalg.lu's output_idx_type: the op wrapper reads the attribute first ----
_M = [[1., 2.], [3., 4.]]


@pytest.mark.parametrize('adjoint', [1, 0, 1.0, 'a', np.True_, [True]])
def test_inv_adjoint_not_a_bool_is_make_bools_type_error(adjoint):
    # TF 2.21: "Expected bool for argument 'adjoint' not 1." (tapeflow inverted the matrix, reading 1 / 'a' as truthy)
    text = "Expected bool for argument 'adjoint' not %r." % (adjoint,)
    _raises(TypeError, text, tf.linalg.inv, tf.constant(_M), adjoint)
    _raises(TypeError, text, tf.linalg.inv, np.array(_M), adjoint=adjoint)


def test_inv_adjoint_is_read_before_the_input():
    # TF 2.21: the attribute's TypeError even for None / int / string inputs, and for a tensor adjoint
    for bad_input in (None, 'x', tf.constant([[1, 2], [3, 4]])):
        _raises(TypeError, "Expected bool for argument 'adjoint' not 'a'.", tf.linalg.inv, bad_input, 'a')
    f = tf.constant([1., 2.])
    _raises(TypeError, "Expected bool for argument 'adjoint' not %r." % (f,), tf.linalg.inv, tf.constant(_M), f)


def test_inv_adjoint_none_or_bool_still_inverts():
    m = tf.constant([[2., 0.], [1., 4.]])
    assert tf.linalg.inv(m, None).numpy().tolist() == tf.linalg.inv(m).numpy().tolist()
    assert tf.linalg.inv(m, True).numpy().tolist() == [[0.5, -0.125], [0.0, 0.25]]


_LU_TYPE_ERROR = ("Value for attr 'output_idx_type' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
                  "{{node Lu}}; Op<name=Lu; signature=input:T -> lu:T, p:output_idx_type; attr=T:type,allowed=[DT_DOUBLE, "
                  "DT_FLOAT, DT_HALF, DT_COMPLEX64, DT_COMPLEX128]; attr=output_idx_type:type,default=DT_INT32,"
                  "allowed=[DT_INT32, DT_INT64]> [Op:Lu]%s")


@pytest.mark.parametrize('value', [2.5, [1], 'foo', 'a'])
def test_lu_output_idx_type_naming_no_dtype_is_make_types_type_error(value):
    # TF 2.21: "Expected DataType for argument 'output_idx_type' not 2.5." (tapeflow: numpy's texts)
    _raises(TypeError, "Expected DataType for argument 'output_idx_type' not %r." % (value,), tf.linalg.lu,
            tf.constant(_M), value)


def test_lu_output_idx_type_tensor_is_refused_before_the_input():
    f = tf.constant([1., 2.])
    for bad_input in (tf.constant(_M), None, tf.constant([1, 2])):
        _raises(TypeError, "Expected DataType for argument 'output_idx_type' not %r." % (f,), tf.linalg.lu, bad_input, f)


@pytest.mark.parametrize('value, dtype_name, named', [
    # TF 2.21: a DType or an int (a DataType enum: 1 is float, True too) takes eager's fast path (' name: '),
    # a string or a numpy type the slow path; tapeflow raised its own 'lu: output_idx_type must be int32 or int64'
    (tf.float32, 'float', True), (1, 'float', True), (True, 'float', True), (tf.bool, 'bool', True),
    (tf.string, 'string', True), ('float32', 'float', False), (np.float32, 'float', False),
    (np.dtype('float32'), 'float', False)])
def test_lu_output_idx_type_of_another_dtype_is_the_registry_error(value, dtype_name, named):
    _raises(tf.errors.InvalidArgumentError, _LU_TYPE_ERROR % (dtype_name, ' name: ' if named else ''), tf.linalg.lu,
            tf.constant(_M), value)


@pytest.mark.parametrize('value, dtype', [(None, 'int32'), (3, 'int32'), (9, 'int64'), ('int64', 'int64'),
                                          (np.int64, 'int64'), (tf.int32, 'int32')])
def test_lu_output_idx_type_as_tf_reads_it(value, dtype):
    # TF 2.21: None is the default int32, 3 / 9 are the DataType enums of int32 / int64 (tapeflow refused None / ints)
    lu, p = tf.linalg.lu(tf.constant(_M), value)
    assert p.dtype.name == dtype and p.numpy().tolist() == [1, 0]


# ---- tf.eye of size tensors of two dtypes: TF's diagonal size is minimum(num_rows, num_columns) ----
_MINIMUM_ERROR = ('cannot compute Minimum as input #1(zero-based) was expected to be a %s tensor but is a %s tensor '
                  '[Op:Minimum] name: ')


@pytest.mark.parametrize('rows, columns, first, second', [
    (tf.constant([1, 2]), tf.constant([1., 2.]), 'int32', 'float'),      # the sweep's row
    (tf.constant(2), tf.constant(3.), 'int32', 'float'), (tf.constant(2.), tf.constant(3), 'float', 'int32'),
    (tf.constant(2, tf.int64), tf.constant(3), 'int64', 'int32')])
def test_eye_sizes_of_two_dtypes_are_minimums_error(rows, columns, first, second):
    # TF 2.21 gives Minimum's error; tapeflow raised its own TypeError 'eye: shape must be a list of non-negative ints'
    _raises(tf.errors.InvalidArgumentError, _MINIMUM_ERROR % (first, second), tf.eye, rows, columns)
    _raises(tf.errors.InvalidArgumentError, _MINIMUM_ERROR % (first, second), tf.linalg.eye, rows, columns, [2])


def test_eye_of_size_tensors_of_one_dtype_still_builds():
    assert tf.eye(tf.constant(2), tf.constant(3)).numpy().tolist() == [[1., 0., 0.], [0., 1., 0.]]
    assert tf.eye(3, tf.constant(2)).shape == (3, 2) and tf.eye(tf.constant(2, tf.int64)).shape == (2, 2)


# ---- tf.signal.fftshift / ifftshift axes: TF runs where(axes < 0, axes + rank(x), axes), gather(shape(x), axes) ----
_X = [[1., 2.], [3., 4.]]


@pytest.mark.parametrize('shift', ['fftshift', 'ifftshift'])
@pytest.mark.parametrize('axes, got', [(tf.constant([1., 2.]), 'float'), (tf.constant(1.), 'float'),
                                       (tf.constant([0, 1], tf.int64), 'int64'), (tf.constant(1, tf.int64), 'int64')])
def test_shift_axes_tensor_not_int32_is_addv2s_error(shift, axes, got):
    # TF 2.21: axes + rank(x) (int32); tapeflow raised its own ValueError 'axis 1 is out of range' or iterated a scalar
    _raises(tf.errors.InvalidArgumentError, 'cannot compute AddV2 as input #1(zero-based) was expected to be a %s tensor '
            'but is a int32 tensor [Op:AddV2] name: ' % got, getattr(tf.signal, shift), tf.constant(_X), axes)


@pytest.mark.parametrize('axes', [0., [0.], [0, 1.5], (0.,)])
def test_shift_float_axes_are_the_int32_conversion_error(axes):
    # TF 2.21: 'Cannot convert [0.0] to EagerTensor of dtype int32' (tapeflow: Python's 'float' object errors)
    _raises(TypeError, 'Cannot convert %r to EagerTensor of dtype int32' % (axes,), tf.signal.fftshift, tf.constant(_X),
            axes)


_STRIDED = ('{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice index %d '
            'of dimension 0 out of bounds. [Op:StridedSlice] name: strided_slice/')
_GATHER = ('{{function_node __wrapped__GatherV2_device_/job:localhost/replica:0/task:0/device:CPU:0}} indices[%d] = %d '
           'is not in [0, 2) [Op:GatherV2] name: ')


@pytest.mark.parametrize('axes, text', [(2, _STRIDED % 2), (-3, _STRIDED % -1), ([0, 5], _GATHER % (1, 5)),
                                        ([-3], _GATHER % (0, -1)), ((1, -4), _GATHER % (1, -2))])
def test_shift_axes_out_of_range_are_the_kernels_errors(axes, text):
    # TF 2.21: shape(x)[axes] (StridedSlice) for an int, gather(shape(x), axes) for a list; tapeflow its own ValueError
    _raises(tf.errors.InvalidArgumentError, text, tf.signal.ifftshift, tf.constant(_X), axes)


def test_shift_numpy_float_axes_are_cast_and_int_axes_still_shift():
    x = tf.constant(_X)
    assert tf.signal.fftshift(x, np.array([0.])).numpy().tolist() == [[3., 4.], [1., 2.]]      # TF 2.21 casts to int32
    assert tf.signal.fftshift(x, -1).numpy().tolist() == [[2., 1.], [4., 3.]]
    assert tf.signal.ifftshift(x, tf.constant([0, 1])).numpy().tolist() == [[4., 3.], [2., 1.]]


# ---- tf.random.split's num: TF draws shape=[num, 2] from StatelessRandomUniformFullIntV2 ----
def _full_int_tshape(dtype_name):
    return ("Value for attr 'Tshape' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
            "{{node StatelessRandomUniformFullIntV2}}; Op<name=StatelessRandomUniformFullIntV2; signature=shape:Tshape, "
            "key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_UINT64,allowed=[DT_INT32, "
            "DT_INT64, DT_UINT32, DT_UINT64]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> "
            "[Op:StatelessRandomUniformFullIntV2] name: " % dtype_name)


@pytest.mark.parametrize('num, error_class, text', [
    # TF 2.21's texts; tapeflow split 2.5 / 2.0 as 2 and raised int()'s TypeErrors for the rest
    (2.5, tf.errors.InvalidArgumentError, _full_int_tshape('float')),
    (np.float32(2), tf.errors.InvalidArgumentError, _full_int_tshape('float')),
    (np.array(2.), tf.errors.InvalidArgumentError, _full_int_tshape('double')),
    (tf.constant(2.), tf.errors.InvalidArgumentError, _full_int_tshape('float')),
    (tf.constant([1., 2.]), tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__Pack_N_2_device_/job:localhost/replica:0/task:0/device:CPU:0}} Shapes of all inputs '
     'must match: values[0].shape = [2] != values[1].shape = [] [Op:Pack] name: '),
    (None, ValueError, "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    ('a', ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    (True, ValueError, "Can't convert Python sequence with mixed types to Tensor."),
    (np.array([2]), ValueError, "Can't convert non-rectangular Python sequence to Tensor.")])
def test_random_split_num_as_tf_converts_the_shape(num, error_class, text):
    _raises(error_class, text, tf.random.split, tf.constant([1, 2]), num)


def test_random_split_integer_nums_still_split():
    seed = tf.constant([1, 2])
    base = tf.random.split(seed, 3).numpy().tolist()
    assert len(base) == 3 and tf.random.split(seed, tf.constant(3, tf.int64)).numpy().tolist() == base
    assert tf.random.split(seed, np.int64(3)).numpy().tolist() == base and tf.random.split(seed, 0).shape == (0, 2)


@pytest.mark.parametrize('alpha, beta', [
    (tf.constant([1, 2]), tf.constant([1., 2.])), (tf.constant([1., 2.]), tf.constant([1])),
    (tf.constant([1., 2.], tf.float64), tf.constant([1.])), ([1, 2], [1.])])
def test_eigh_tridiagonal_of_two_dtypes_is_tfs_value_error(alpha, beta):
    # TF 2.21 compares the dtypes first; tapeflow raised its own InvalidArgumentError ('expected a floating-point tensor')
    _raises(ValueError, "'alpha' and 'beta' must have the same type.", tf.linalg.eigh_tridiagonal, alpha, beta)


def test_eigh_tridiagonal_of_one_dtype_still_computes():
    values = tf.linalg.eigh_tridiagonal(tf.constant([2., 2.]), tf.constant([1.])).numpy().tolist()
    assert values == pytest.approx([1., 3.])


# ---- tf.linalg.lu_reconstruct / lu_matrix_inverse / lu_solve: TF's static shape assertions (ValueErrors) ----
_LU = tf.constant([[1., 2.], [3., 4.]])
_PERM = tf.constant([1, 0])


@pytest.mark.parametrize('op', ['lu_reconstruct', 'lu_matrix_inverse'])
@pytest.mark.parametrize('lower_upper, perm, text', [
    # TF 2.21's texts; tapeflow raised its own InvalidArgumentErrors (rank, perm shape, square, floating dtype)
    (tf.constant([1., 2.]), _PERM, 'Input `lower_upper` must have at least 2 dimensions.'),
    (tf.constant([1, 2]), tf.constant([1., 2.]), 'Input `lower_upper` must have at least 2 dimensions.'),
    ('a', _PERM, 'Input `lower_upper` must have at least 2 dimensions.'),
    (_LU, tf.constant([[1, 0]]), '`rank(lower_upper)` must equal `rank(perm) + 1`'),
    (_LU, tf.constant(0), '`rank(lower_upper)` must equal `rank(perm) + 1`'),
    (tf.constant([[1., 2., 3.], [3., 4., 5.]]), _PERM, '`lower_upper` must be square.')])
def test_lu_factor_ops_static_shape_errors(op, lower_upper, perm, text):
    _raises(ValueError, text, getattr(tf.linalg, op), lower_upper, perm)


@pytest.mark.parametrize('lower_upper, rhs, text', [
    (tf.constant([1., 2.]), _LU, 'Input `lower_upper` must have at least 2 dimensions.'),
    (_LU, tf.constant([1., 2.]), 'Input `rhs` must have at least 2 dimensions.'),
    (_LU, tf.constant([[1., 2.], [1., 2.], [3., 4.]]), '`lower_upper.shape[-1]` must equal `rhs.shape[-1]`.')])
def test_lu_solve_static_shape_errors(lower_upper, rhs, text):
    _raises(ValueError, text, tf.linalg.lu_solve, lower_upper, _PERM, rhs)


def test_lu_factor_ops_still_compute():
    lu, p = tf.linalg.lu(_LU)
    assert np.allclose(tf.linalg.lu_reconstruct(lu, p).numpy(), [[1., 2.], [3., 4.]])
    assert tf.linalg.lu_solve(lu, p, tf.constant([[1.], [2.]])).shape == (2, 1)


# ---- tf.linalg.expm: TF 2.21 returns empty matrices as given, then takes abs() before its dtype check ----
_ABS_T = ("Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double, int8, int16, "
          "int32, int64\n\t; NodeDef: {{node Abs}}; Op<name=Abs; signature=x:T -> y:T; attr=T:type,allowed=[DT_BFLOAT16, "
          "DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_INT16, DT_INT32, DT_INT64]> [Op:Abs] name: ")


@pytest.mark.parametrize('matrix, dtype_name', [('abc', 'string'), ([['a', 'b'], ['c', 'd']], 'string'),
                                                ([[True]], 'bool'), (np.array([[1]], np.uint8), 'uint8')])
def test_expm_of_types_abs_refuses_is_abss_error(matrix, dtype_name):
    # TF 2.21 gives Abs's registry error; tapeflow its own ValueError 'tf.linalg.expm does not support matrices ...'
    _raises(tf.errors.InvalidArgumentError, _ABS_T % dtype_name, tf.linalg.expm, matrix)


def test_expm_of_ints_is_tfs_value_error_and_empty_matrices_come_back():
    _raises(ValueError, "tf.linalg.expm does not support matrices of type <dtype: 'int32'>", tf.linalg.expm, [[1, 2]])
    # TF 2.21 returns a (0, 0) matrix as given, whatever its dtype (tapeflow refused ints and strings)
    assert tf.linalg.expm(np.zeros((0, 0), np.int32)).dtype == tf.int32
    assert tf.linalg.expm(np.zeros((2, 0, 0), np.str_)).shape == (2, 0, 0)
    assert tf.linalg.expm(tf.zeros((0, 0))).shape == (0, 0)
