"""tf ops given arguments TensorFlow refuses (or computes differently from numpy): same class as
TensorFlow 2.21, words that name the op, and TensorFlow's numbers where it accepts the input.
Values were printed by TensorFlow 2.21 (tensorflow-cpu) for the same calls."""
import numpy as np
import pytest

import framework as tf

V3 = tf.constant([1.0, 2.0, 3.0])


@pytest.mark.parametrize('sizes, words', [
    ([-1, -1], r'split: sizes \[-1, -1\] hold more than one -1'),
    ([-1, -1, 3], 'only one size can be inferred'),
    ([-2, 5], r'Split size at index 0 must be >= 0. Got: -2 \[Op:SplitV\] name: split'),      # TF 2.21's words
    ([-1, 4], r'along split_dim if not fully specified.  Got: 4 \[Op:SplitV\] name: split'),
    ([4, -1, 0], r'along split_dim if not fully specified.  Got: 4 \[Op:SplitV\] name: split'),
    ([1, 1], r'split: sizes \[1, 1\] do not add up to 3'),
])
def test_split_sizes_splitv_refuses_are_refused_not_sliced(sizes, words):
    # numpy slicing took [-1, 4] as [1, 2] | [3] and [-2, 5] as [1] | [2, 3]
    with pytest.raises(tf.errors.InvalidArgumentError, match=words):
        tf.split(V3, sizes)


def test_split_still_infers_one_size():
    assert [p.numpy().tolist() for p in tf.split(V3, [-1, 3])] == [[], [1.0, 2.0, 3.0]]
    assert [p.numpy().tolist() for p in tf.split(V3, [2, -1])] == [[1.0, 2.0], [3.0]]


@pytest.mark.parametrize('args, words', [
    ((5, 0, 1), 'Requires start <= limit when delta > 0: 5/0'),
    ((-1,), 'Requires start <= limit when delta > 0: 0/-1'),
    ((0.5, 0.25, 0.1), 'Requires start <= limit when delta > 0: 0.5/0.25'),
    ((0.0, 5.0, -1.0), 'Requires start >= limit when delta < 0: 0/5'),
])
def test_range_walking_away_from_its_limit_is_range_kernels_error(args, words):
    with pytest.raises(tf.errors.InvalidArgumentError, match=words) as caught:
        tf.range(*args)
    assert 'range: start' in ''.join(caught.value.__notes__)


@pytest.mark.parametrize('args', [(0.0, 3), (0, 3.5), (0, 3, 0.5)])
def test_range_refuses_python_floats_for_an_integer_dtype(args):
    with pytest.raises(TypeError, match='Cannot convert .* to EagerTensor of dtype int32'):
        tf.range(*args, dtype=tf.int32)


def test_range_casts_float_tensors_and_numpy_floats_for_an_integer_dtype():
    assert tf.range(tf.constant(0.5), 3, dtype=tf.int32).numpy().tolist() == [0, 1, 2]
    assert tf.range(np.float64(0.5), 3, dtype=tf.int32).numpy().tolist() == [0, 1, 2]
    assert tf.range(3, 0, -1).numpy().tolist() == [3, 2, 1]
    assert tf.range(0).shape == (0,)


@pytest.mark.parametrize('args, expected', [
    ((0.0, 1.0, 0.1), [0.0, 0.10000000149011612, 0.20000000298023224, 0.30000001192092896, 0.4000000059604645,
                       0.5, 0.6000000238418579, 0.699999988079071, 0.800000011920929, 0.9000000357627869]),
    ((1.0, 0.0, -0.3), [1.0, 0.699999988079071, 0.3999999761581421, 0.09999996423721313]),
    ((-3.3, 7.1, 0.7), [-3.299999952316284, -2.5999999046325684, -1.899999976158142, -1.2000000476837158, -0.5,
                        0.20000004768371582, 0.8999998569488525, 1.6000001430511475, 2.299999952316284,
                        2.999999761581421, 3.700000047683716, 4.399999618530273, 5.09999942779541,
                        5.799999237060547, 6.5]),
])
def test_float_range_is_start_plus_i_times_delta_in_float32(args, expected):
    # Range's kernel: element i = start + i * delta in the result's dtype (numpy's arange steps
    # in float64 and rounds once, so its range(0., 1., .1)[9] is 0.9 -> 0.89999998)
    out = tf.range(*args)
    assert out.dtype == tf.float32
    assert out.numpy().tolist() == expected


def test_float64_range_keeps_float64_steps():
    assert tf.range(0, 2, 0.1, dtype=tf.float64).numpy().tolist()[-3:] == [1.7000000000000002, 1.8,
                                                                             1.9000000000000001]


@pytest.mark.parametrize('clip_norm', [-1.0, -2, tf.constant(-2.0)])
def test_a_negative_clip_norm_clips_to_zeros_as_tensorflow(clip_norm):
    assert tf.clip_by_norm(tf.constant([3.0, 4.0]), clip_norm).numpy().tolist() == [0.0, 0.0]


def test_a_positive_clip_norm_is_unchanged():
    assert tf.clip_by_norm(tf.constant([3.0, 4.0]), 1.0).numpy().tolist() == [0.6000000238418579,
                                                                              0.800000011920929]


def test_tape_reset_outside_its_with_block_is_tensorflows_value_error():
    x = tf.Variable(2.0)
    tape = tf.GradientTape()
    with pytest.raises(ValueError, match='Tape is not recording.'):
        tape.reset()
    with tape:
        with tape.stop_recording():
            with pytest.raises(ValueError, match='Tape is not recording.'):
                tape.reset()
        y = x * x
        tape.reset()            # inside the block: forgets y, keeps recording
        z = x * 3.0
    assert tape.gradient(z, x).numpy() == 3.0
    with pytest.raises(ValueError, match='Tape is not recording.'):
        tape.reset()
    del y


M = tf.constant([[1.0, 2.0], [3.0, 4.0]])


@pytest.mark.parametrize('mask', [[1, 0], [1.0, 0.0], np.array([1, 0]), tf.constant([1, 0])])
def test_boolean_mask_reads_a_numeric_mask_as_non_zero(mask):
    # TensorFlow masks through Where, which takes numbers
    assert tf.boolean_mask(M, mask).numpy().tolist() == [[1.0, 2.0]]


def test_where_alone_gives_the_coordinates_of_non_zero_numbers():
    assert tf.where(tf.constant([1, 0, 3])).numpy().tolist() == [[0], [2]]
    assert tf.where(tf.constant([[1.0, 0.0], [0.0, 2.0]])).numpy().tolist() == [[0, 0], [1, 1]]
    with pytest.raises(TypeError, match='where: condition must be a bool tensor when x and y are given'):
        tf.where([1, 0], M[0], M[1])
    with pytest.raises(tf.errors.InvalidArgumentError, match='where: condition must be a bool tensor'):
        tf.where(tf.constant(['a', '']))


@pytest.mark.parametrize('call, words', [
    (lambda: tf.logical_and(tf.constant(1.0), tf.constant(0.0)), 'logical_and: expected bool tensors, got float32'),
    (lambda: tf.logical_or(tf.constant(1), tf.constant(0)), 'logical_or: expected bool tensors, got int32'),
    (lambda: tf.math.logical_xor(tf.constant(1.0), tf.constant(True)), 'logical_xor'),
    (lambda: tf.logical_not(tf.constant(1.0)), 'logical_not: expected a bool tensor, got float32'),
    (lambda: tf.reduce_all(tf.constant([1.0, 0.0])), 'reduce_all: expected a bool tensor, got float32'),
    (lambda: tf.reduce_any(tf.constant([1, 0])), 'reduce_any: expected a bool tensor, got int32'),
    (lambda: tf.tensor_scatter_nd_update(M, [[0.0]], [[1.0, 1.0]]), 'tensor_scatter_nd_update: indices must be'),
    (lambda: tf.scatter_nd([[0.0]], [1.0], [3]), 'scatter_nd: indices must be integers, got dtype float32'),
    (lambda: tf.roll(M, [1, 2], [0]), r'\}\} shift and axis must have the same size \[Op:Roll\]'),    # TF 2.21
    (lambda: tf.roll(M, 1, 5), r'\}\} axis 5 is out of range \[Op:Roll\] name: '),
    (lambda: tf.roll(M, 1.5, 0), "^Value for attr 'Tshift' of float is not in the list of allowed values: int32, int64"),
    (lambda: tf.random.uniform([2], 5, 1, dtype=tf.int32), 'random.uniform: need minval < maxval, got 5 and 1'),
    (lambda: tf.random.stateless_uniform([2], [1, 2], 3, 3, dtype=tf.int32), 'stateless_uniform: need minval'),
    (lambda: M[::0], r'strides\[0\] must be non-zero'),
    (lambda: M[:, ::0], r'strides\[1\] must be non-zero'),
    (lambda: tf.Variable([1.0, 2.0])[::0], r'strides\[0\] must be non-zero'),
    (lambda: M[[True, False]], "Value for attr 'Index' of bool"),
])
def test_kernel_refusals_are_invalid_argument_errors_as_in_tensorflow(call, words):
    # TensorFlow's kernels raise InvalidArgumentError here; tapeflow's is also a TypeError and
    # ValueError, so code catching the classes tapeflow raised before still catches it
    with pytest.raises(tf.errors.InvalidArgumentError, match=words):
        call()


def test_a_list_index_is_a_tuple_index_as_tensorflow_reads_it():
    # TensorFlow's x[[0, 1]] is x[0, 1] (numpy's would be rows 0 and 1)
    assert M[[0, 1]].numpy() == 2.0
    assert M[[1]].numpy().tolist() == [3.0, 4.0]
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    assert v[[1, 0]].numpy() == 3.0
    v[[0, 1]].assign(7.0)
    assert v.numpy().tolist() == [[1.0, 7.0], [3.0, 4.0]]
    with pytest.raises(tf.errors.InvalidArgumentError, match='Index out of range using input dim 1'):
        tf.constant([1.0, 2.0])[[0, 5]]


NAN, INF = float('nan'), float('inf')


@pytest.mark.parametrize('values, at_max, at_min', [
    ([1.0, NAN, 3.0], 2, 0), ([NAN, 1.0], 1, 1), ([NAN, NAN], 0, 0), ([1.0, NAN], 0, 0),
    ([-INF, NAN], 0, 0), ([NAN, -INF], 0, 1), ([3.0, NAN, 3.0], 0, 0), ([NAN, 5.0, NAN, 2.0], 1, 3),
])
def test_argmax_and_argmin_skip_nan_as_eigens_reducers(values, at_max, at_min):
    # TensorFlow 2.21's results (numpy's argmax / argmin return the first NaN)
    x = tf.constant(values)
    assert int(tf.argmax(x)) == at_max and int(tf.argmin(x)) == at_min


def test_argmax_skips_nan_along_an_axis_and_in_long_rows():
    m = tf.constant([[1.0, NAN, 0.0], [NAN, 2.0, 1.0]])
    assert tf.argmax(m, 1).numpy().tolist() == [0, 1]
    assert tf.argmax(m, 0).numpy().tolist() == [0, 1, 1]
    assert tf.argmin(m, 1).numpy().tolist() == [2, 2]
    row = np.arange(100, dtype=np.float32)
    row[[5, 50]] = NAN
    assert (int(tf.argmax(row)), int(tf.argmin(row))) == (99, 0)


def test_unique_keeps_every_nan_apart_as_tensorflow():
    y, idx = tf.unique(tf.constant([NAN, 1.0, NAN, 1.0]))
    assert np.isnan(y.numpy()[[0, 2]]).all() and y.numpy()[1] == 1.0 and y.shape == (3,)
    assert idx.numpy().tolist() == [0, 1, 2, 1]
    y, idx, count = tf.unique_with_counts(tf.constant([2.0, NAN, 2.0]))
    assert idx.numpy().tolist() == [0, 1, 0] and count.numpy().tolist() == [2, 1]


@pytest.mark.parametrize('name, expected', [('max', [True, False]), ('amax', [True, False]),
                                            ('min', [False, False]), ('amin', [False, False])])
def test_keras_max_and_min_of_bools_are_bools(name, expected):
    # Keras 3 on TensorFlow reduces bools with reduce_any / reduce_all (tapeflow gave int32 0/1)
    from framework import keras
    out = getattr(keras.ops, name)(np.array([[True, False], [False, False]]), axis=1)
    assert out.dtype == tf.bool and out.numpy().tolist() == expected


def test_keras_max_of_bools_with_initial():
    from framework import keras
    out = keras.ops.max(np.array([[True, False], [False, False]]), axis=1, initial=True)
    assert out.dtype == tf.bool and out.numpy().tolist() == [True, True]


@pytest.mark.parametrize('dtype, expected', [('int8', tf.float32), ('uint8', tf.float32), ('int16', tf.float32),
                                             ('uint16', tf.float32), ('int32', tf.float64), ('int64', tf.float64)])
def test_integer_true_division_follows_tensorflows_table(dtype, expected):
    # TF's truediv: 8- and 16-bit integers divide in float32, wider ones in float64 (numpy: all float64)
    x = tf.constant([1, 2], dtype)
    for out in (x / 2, 2 / x, x / x, tf.math.divide_no_nan(x, x)):
        assert out.dtype == expected
    assert (tf.constant([7], dtype) / 2).numpy().tolist() == [3.5]


def test_where_alone_takes_bfloat16():
    assert tf.where(tf.cast(tf.constant([1.0, 0.0, 2.0]), tf.bfloat16)).numpy().tolist() == [[0], [2]]


# (the ragged texts are TF 2.21's assertions, tests/test_tutorials20_ragged_partitions.py pins them whole)
@pytest.mark.parametrize('call, error, words', [
    (lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 1]), tf.errors.InvalidArgumentError,
     'Arguments to from_row_splits do not form a valid RaggedTensor:monotonic'),
    (lambda: tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 3]), tf.errors.InvalidArgumentError,
     'Arguments to from_row_splits do not form a valid RaggedTensor:zero'),
    (lambda: tf.RaggedTensor.from_row_lengths([1, 2, 3], [1, 1]), tf.errors.InvalidArgumentError,
     'Arguments to _from_row_partition do not form a valid RaggedTensor'),
    (lambda: tf.RaggedTensor.from_row_lengths([1, 2, 3], [4, -1]), tf.errors.InvalidArgumentError,
     'Arguments to from_row_lengths do not form a valid RowPartition'),
    (lambda: tf.RaggedTensor.from_value_rowids([1, 2, 3], [1, 0, 0]), tf.errors.InvalidArgumentError,
     'Arguments to from_value_rowids do not form a valid RowPartition'),
    (lambda: tf.sparse.sparse_dense_matmul(tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2]), tf.ones([3, 2])),
     tf.errors.InvalidArgumentError, 'inner dimension does not match: 2 vs. 3'),
    (lambda: tf.sparse.reduce_sum(tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2]), axis=5),
     tf.errors.InvalidArgumentError, 'Invalid reduction dimension 5, for input with 2 dimensions.'),
    (lambda: tf.sparse.reduce_max(tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2]), axis=-3),
     tf.errors.InvalidArgumentError, r'\[Op:SparseReduceMax\]'),
    (lambda: tf.TensorArray(tf.float32, size=2).read(5), tf.errors.OutOfRangeError,
     'TensorArray.read: index 5 is out of range'),
    (lambda: tf.TensorArray(tf.float32, size=2).write(5, 1.0), tf.errors.OutOfRangeError,
     'TensorArray.write: index 5 is out of range'),
    (lambda: tf.TensorArray(tf.float32, size=2).write(0, tf.constant(1)), tf.errors.InvalidArgumentError,
     'the array holds float32 but the value has dtype int32'),
    (lambda: tf.map_fn(lambda x: tf.cast(x, tf.int32), tf.constant([1.0, 2.0])), tf.errors.InvalidArgumentError,
     'map_fn: output 0 of fn has dtype int32'),
    (lambda: tf.case([(tf.constant(False), lambda: 1.0)]), tf.errors.InvalidArgumentError,
     'None of conditions evaluated as True'),
])
def test_ragged_sparse_and_control_flow_refusals_are_tensorflows_classes(call, error, words):
    # the classes TF 2.21 raises (its ragged checks are graph assertions); each is also the
    # ValueError / TypeError tapeflow raised before
    with pytest.raises(error, match=words) as caught:
        call()
    assert isinstance(caught.value, (ValueError, TypeError))


def test_a_sparse_reduction_over_a_negative_axis_in_range_still_works():
    sp = tf.sparse.SparseTensor([[0, 0]], [1.0], [2, 2])
    assert tf.sparse.reduce_sum(sp, axis=-1).numpy().tolist() == [1.0, 0.0]


def test_concat_of_one_value_is_that_value_whatever_the_axis():
    # TensorFlow's degenerate concat: a lone tensor (or a list of one) comes back through identity
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert tf.concat(a, 0).numpy().tolist() == a.numpy().tolist()
    assert tf.concat([a], 5).shape == (2, 2)
    assert tf.concat(np.ones(2), 0).dtype == tf.float64
    with pytest.raises(TypeError, match='Cannot convert 1.5 to EagerTensor of dtype int32'):
        tf.concat([a], 1.5)
    with pytest.raises(ValueError, match=r'Shape \(1,\) must have rank 0'):
        tf.concat([a], [0])
    v = tf.Variable([1.0, 2.0])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.concat([v], 0) * 3.0)
    assert tape.gradient(y, v).numpy().tolist() == [3.0, 3.0]


def test_stack_of_one_tensor_along_axis_0_is_that_tensor():
    a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    assert tf.stack(a).numpy().tolist() == [[1.0, 2.0], [3.0, 4.0]]
    assert tf.stack(np.ones((2, 2))).dtype == tf.float64


@pytest.mark.parametrize('args, expected', [
    (([1.5, 2.0], 3), [[1, 0, 0], [1, 1, 0]]),      # maxlen's int32 truncates the lengths
    (([1.5, 2.0],), [[1, 1], [1, 1]]),              # maxlen = max(lengths) = 2.0: float steps 0, 1
    (([1, 2], 2.5), [[1, 0, 0], [1, 1, 0]]),        # float maxlen: steps 0, 1, 2
    (([[1, 3]], 4), [[[1, 0, 0, 0], [1, 1, 1, 0]]]),
])
def test_sequence_mask_compares_in_maxlens_dtype_as_tensorflow(args, expected):
    assert tf.sequence_mask(*args).numpy().astype(int).tolist() == expected


def test_sequence_mask_refuses_a_negative_or_non_scalar_maxlen_in_tensorflows_words():
    with pytest.raises(tf.errors.InvalidArgumentError, match='Requires start <= limit when delta > 0: 0/-1'):
        tf.sequence_mask([1, 2], -1)
    with pytest.raises(ValueError, match="Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = "
                                         r"\[3\] with shape '\(1,\)' instead"):
        tf.sequence_mask([1, 2], [3])


@pytest.mark.parametrize('call, words', [
    (lambda: tf.fill([2], [1.0, 2.0]), r'value must represent a scalar, got shape \[2\]'),
    (lambda: tf.fill([2, 2], [[1.0]]), r'value must represent a scalar, got shape \[1,1\]'),
    (lambda: tf.broadcast_to(tf.constant([1.0]), [-1, 2]), 'Dimension -1 must be >= 0'),
    (lambda: tf.broadcast_to(tf.constant([1.0]), [2.0, 2]), "Value for attr 'Tidx' of float"),
])
def test_fill_and_broadcast_to_refuse_what_their_kernels_refuse(call, words):
    # numpy's full broadcast the value, numpy's broadcast_to took 2.0 and said 'negative dimensions'
    with pytest.raises(tf.errors.InvalidArgumentError, match=words):
        call()


def test_float_floor_division_divides_then_floors_as_tensorflow():
    # TF's FloorDiv for floats is floor(x / y): float32 1.0 // 0.1 is floor(10.0) (numpy's // said 9)
    x = tf.constant([1.0, 0.3, 7.0, -1.0, 5.5], tf.float32)
    y = tf.constant([0.1, 0.1, 0.7, 0.1, -1.1], tf.float32)
    assert (x // y).numpy().tolist() == [10.0, 3.0, 10.0, -10.0, -5.0]
    assert tf.math.floordiv(tf.constant([1.0, -1.0, INF]), tf.constant([-INF, INF, 1.0])).numpy().tolist() == \
        [-0.0, -0.0, INF]
    assert (tf.cast(x, tf.float64) // tf.cast(y, tf.float64)).numpy().tolist()[0] == 9.0
    assert tf.math.floordiv(tf.constant([-7, 7]), tf.constant([2, -2])).numpy().tolist() == [-4, -4]
    assert (7.0 // tf.constant([2.0, 0.1])).numpy().tolist() == [3.0, 70.0]


def test_batch_jacobian_needs_rank_two_as_tensorflow():
    v, x = tf.Variable([1.0, 2.0]), tf.Variable([[1.0, 2.0]])
    with tf.GradientTape(persistent=True) as tape:
        y, y3 = v * 2, x * 2
    for target, source in [(y, v), (y3, v), (y, x)]:
        with pytest.raises(ValueError, match=r'^Shape \(2,\) must have rank at least 2'):
            tape.batch_jacobian(target, source)
    assert tape.batch_jacobian(y3, x).shape == (1, 2, 2)


def test_constant_does_not_cast_a_tensor_but_casts_a_variable():
    # TF 2.21: TypeError for a tensor of another dtype; a variable's value is converted and cast
    with pytest.raises(TypeError, match=r'Expected tensor \[1.5\] with dtype tf.int32, but got dtype tf.float32.'):
        tf.constant(tf.constant([1.5]), dtype=tf.int32)
    assert tf.constant(tf.Variable([1.5]), dtype=tf.float64).dtype == tf.float64
    assert tf.constant(tf.constant([1.5]), dtype=tf.float32).numpy().tolist() == [1.5]


def test_keras_convert_to_tensor_refuses_an_unknown_dtype_with_keras_value_error():
    from framework import keras
    with pytest.raises(ValueError, match='Invalid dtype: float33'):
        keras.ops.convert_to_tensor([1], dtype='float33')


def test_top_k_refuses_a_float_k_and_lrn_a_matrix_as_tensorflow():
    logits = tf.constant([[1.0, 2.0, 0.5]])
    for k in (1.5, 2.0):
        with pytest.raises(TypeError, match='Cannot convert %r to EagerTensor of dtype int32' % k):
            tf.math.top_k(logits, k)
    assert tf.math.top_k(logits, True).indices.numpy().tolist() == [[1]]
    with pytest.raises(tf.errors.InvalidArgumentError, match='in must be 4-dimensional'):
        tf.nn.local_response_normalization(logits)


def test_in_top_k_reads_a_negative_k_as_no_target_in_the_top_k():
    # TF 2.21: k=-1 gives all False (as k=0); a float k is its int32 conversion's TypeError
    logits = tf.constant([[1.0, 2.0, 0.5], [0.1, 0.2, 3.0]])
    assert tf.math.in_top_k(targets=[1, 0], predictions=logits, k=-1).numpy().tolist() == [False, False]
    assert tf.math.in_top_k(targets=[1, 0], predictions=logits, k=True).numpy().tolist() == [True, False]
    with pytest.raises(TypeError, match='Cannot convert 1.5 to EagerTensor of dtype int32'):
        tf.math.in_top_k(targets=[1, 0], predictions=logits, k=1.5)


@pytest.mark.parametrize('call', [
    lambda: tf.math.atan2(tf.constant([1]), tf.constant([1])),
    lambda: tf.negative(tf.constant([True])), lambda: -tf.constant([True]),
    lambda: tf.sign(tf.constant([True])),
    lambda: tf.math.floormod(tf.constant([True]), tf.constant([True])),
    lambda: tf.math.squared_difference(tf.constant([True]), tf.constant([True])),
])
def test_kernels_without_a_bool_or_int_type_refuse_it_with_invalid_argument(call):
    # numpy's own errors leaked before ('The numpy boolean negative ... is not supported', a UFuncTypeError),
    # and floormod of bools gave int8
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'T' of (bool|int32)"):
        call()
