"""Segment reductions of data with an empty row shape, and complex sums of empty tensors, as TF 2.21 computes
them (tapeflow's reshape(-1, ...) of an empty array raised numpy's 'cannot reshape array of size 0')."""
import numpy as np
import pytest

import framework as tf

SEGMENT_OPS = {
    'segment_sum': lambda x, n: tf.math.segment_sum(x, tf.range(n) // 2),
    'segment_mean': lambda x, n: tf.math.segment_mean(x, tf.range(n) // 2),
    'segment_max': lambda x, n: tf.math.segment_max(x, tf.range(n) // 2),
    'segment_prod': lambda x, n: tf.math.segment_prod(x, tf.range(n) // 2),
    'unsorted_segment_sum': lambda x, n: tf.math.unsorted_segment_sum(x, tf.range(n) % 2, 2),
    'unsorted_segment_max': lambda x, n: tf.math.unsorted_segment_max(x, tf.range(n) % 2, 2),
    'unsorted_segment_min': lambda x, n: tf.math.unsorted_segment_min(x, tf.range(n) % 2, 2),
    'unsorted_segment_prod': lambda x, n: tf.math.unsorted_segment_prod(x, tf.range(n) % 2, 2),
    'unsorted_segment_mean': lambda x, n: tf.math.unsorted_segment_mean(x, tf.range(n) % 2, 2),
    'unsorted_segment_sqrt_n': lambda x, n: tf.math.unsorted_segment_sqrt_n(x, tf.range(n) % 2, 2),
}


@pytest.mark.parametrize('op', sorted(SEGMENT_OPS))
@pytest.mark.parametrize('shape, dtype', [((3, 0, 2), 'float32'), ((4, 2, 0), 'bfloat16'), ((2, 0), 'float64')])
def test_segment_ops_of_empty_rows(op, shape, dtype):
    # TF 2.21: segment_* of (3, 0, 2) float32 is (2, 0, 2) (sorted ids [0, 0, 1]), unsorted ones (2, 0, 2);
    # the gradient is zeros of the input's shape
    x = tf.zeros(shape, dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = SEGMENT_OPS[op](x, shape[0])
    segments = (shape[0] + 1) // 2 if not op.startswith('unsorted') else 2
    assert tuple(y.shape) == (segments,) + shape[1:] and y.dtype == x.dtype
    g = tape.gradient(y, x)
    assert tuple(g.shape) == shape and g.dtype == x.dtype


@pytest.mark.parametrize('op', ['unsorted_segment_mean', 'unsorted_segment_sqrt_n'])
def test_complex_unsorted_mean_fails_in_maximum(op):
    # TF 2.21 divides by maximum(counts, 1) in data's dtype: Maximum's registry error
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        SEGMENT_OPS[op](tf.zeros([3], tf.complex128), 3)
    assert str(info.value) == (
        "Value for attr 'T' of complex128 is not in the list of allowed values: bfloat16, half, float, double, int8, "
        "uint8, int16, uint16, int32, uint32, int64, uint64\n\t; NodeDef: {{node Maximum}}; Op<name=Maximum; "
        "signature=x:T, y:T -> z:T; attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE, DT_INT8, DT_UINT8, "
        "DT_INT16, DT_UINT16, DT_INT32, DT_UINT32, DT_INT64, DT_UINT64]> [Op:Maximum] name: ")


@pytest.mark.parametrize('dtype', ['complex64', 'complex128'])
def test_complex_sums_of_empty_tensors(dtype):
    x = tf.zeros((0, 3), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        total = tf.reduce_sum(x)
    # TF 2.21: 0j, rows [] of shape (0,), gradient [] of shape (0, 3)
    assert total.numpy() == 0 and tuple(tf.reduce_sum(x, axis=1).shape) == (0,)
    assert tuple(tape.gradient(total, x).shape) == (0, 3)
    assert np.array_equal(tf.reduce_sum(tf.zeros((2, 0), dtype), axis=1).numpy(), [0, 0])


@pytest.mark.parametrize('shape, axis, value', [
    # TF 2.21: products over an empty axis are ones, with an empty gradient
    ((1, 0, 2), -2, [[1.0, 1.0]]), ((2, 0, 3), 1, [[1.0] * 3] * 2), ((0, 2, 3), 0, [[1.0] * 3] * 2),
    ((2, 0, 3), [0, 2], []), ((3, 2, 0), [0, 1], []),
])
def test_products_over_empty_axes(shape, axis, value):
    x = tf.zeros(shape, tf.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_prod(x + 1, axis=axis)
    assert y.numpy().tolist() == value
    assert tuple(tape.gradient(y, x).shape) == shape


def test_lbeta_of_an_empty_axis_is_minus_infinity():
    x = tf.zeros((3, 0))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.math.lbeta(x)
    # TF 2.21: [-inf, -inf, -inf], and a gradient of x's shape (its composition's Sum rules)
    assert y.numpy().tolist() == [-np.inf] * 3
    assert tuple(tape.gradient(y, x).shape) == (3, 0)


@pytest.mark.parametrize('op', [name for name in sorted(SEGMENT_OPS) if name.startswith('unsorted')])
def test_unsorted_segments_of_a_scalar_id(op):
    x = tf.constant([1.5, 2.5, 3.0])
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = getattr(tf.math, op)(x, tf.constant(1), 2)
        z = tf.reduce_sum(y * [[1.0], [2.0]])
    # TF 2.21: row 1 is x, row 0 the op's empty value; the gradient [2, 2, 2]
    assert y.numpy()[1].tolist() == [1.5, 2.5, 3.0]
    assert tape.gradient(z, x).numpy().tolist() == [2.0, 2.0, 2.0]
    assert getattr(tf.math, op)(tf.constant(1.5), tf.constant(1), 3).numpy()[1] == 1.5


def test_scalar_data_refusals():
    # TF 2.21's kernel texts
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.segment_max(tf.constant(1.5), tf.constant(0))
    assert str(info.value).endswith('input must be at least rank 1 [Op:SegmentMax] name: ')
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        tf.math.unsorted_segment_sum(tf.constant(1.5), [0], 2)
    assert str(info.value).endswith('data.shape = [] does not start with segment_ids.shape = [1] '
                                     '[Op:UnsortedSegmentSum]')


@pytest.mark.parametrize('a_shape, b_shape', [((4, 0, 1), (4, 1, 1)), ((0, 2), (2,)), ((3, 0, 2), (1, 1, 2))])
def test_float16_gradient_summed_over_an_empty_axis(a_shape, b_shape):
    a, b = tf.ones(a_shape, 'float16'), tf.ones(b_shape, 'float16')
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = a * b + b
    ga, gb = tape.gradient(y, [a, b])
    # TF 2.21: gb is ones summed over the broadcast axes, which are empty: zeros of b's shape
    assert tuple(ga.shape) == a_shape and gb.numpy().tolist() == np.zeros(b_shape).tolist()
    assert tf.reduce_sum(tf.zeros((4, 0, 1), 'float16'), axis=1).numpy().tolist() == [[0.0]] * 4


@pytest.mark.parametrize('a_shape, b_shape', [((0, 5), (5, 3)), ((4, 0), (0, 3)), ((2, 3), (3, 0)),
                                              ((2, 0, 3), (3, 2)), ((0, 2, 3), (1, 3, 2)), ((2, 4, 0), (2, 0, 3))])
@pytest.mark.parametrize('transpose_b', [False, True])
def test_float64_products_of_empty_matrices(a_shape, b_shape, transpose_b):
    a = tf.ones(a_shape, tf.float64)
    b = tf.ones(b_shape[:-2] + b_shape[:-3:-1] if transpose_b else b_shape, tf.float64)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.linalg.matmul(a, b, transpose_b=transpose_b)
    ga, gb = tape.gradient(y, [a, b])
    # TF 2.21: zeros of the broadcast product's shape, gradients of the operands' shapes
    assert y.shape == np.matmul(np.ones(a_shape), np.ones(b_shape)).shape and not y.numpy().any()
    assert ga.shape == a.shape and gb.shape == b.shape
