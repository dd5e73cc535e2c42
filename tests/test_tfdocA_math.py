"""TensorFlow 2.21's own docstring examples (math_ops.py, array_ops.py) that tapeflow printed
differently: tf.linspace with tensor endpoints, transpose(conjugate=True), erfcinv's signed zero and
the tf.compat.v1.to_* casts. Golden values printed by TF 2.21 (/opt/tfref) running the same calls."""
import numpy as np
import pytest

import framework as tf


def test_linspace_takes_vector_endpoints_along_either_axis():
    # TF 2.21: the linspace_nd docstring
    assert tf.linspace([0., 5.], [10., 40.], 5, axis=0).numpy().tolist() == [
        [0.0, 5.0], [2.5, 13.75], [5.0, 22.5], [7.5, 31.25], [10.0, 40.0]]
    assert tf.linspace([0., 5.], [10., 40.], 5, axis=-1).numpy().tolist() == [
        [0.0, 2.5, 5.0, 7.5, 10.0], [5.0, 13.75, 22.5, 31.25, 40.0]]


def test_linspace_broadcasts_endpoints_and_keeps_tensorflows_dtypes():
    # TF 2.21: int endpoints give float64 (int32 / int32), a (2, 1) start and a (3,) stop broadcast
    ints = tf.linspace([0, 5], [10, 40], 3)
    assert ints.dtype == tf.float64 and ints.numpy().tolist() == [[0., 5.], [5., 22.5], [10., 40.]]
    grid = tf.linspace([[0.], [1.]], [1., 2., 3.], 3, axis=1)
    assert grid.shape == (2, 3, 3) and grid.dtype == tf.float32
    assert grid.numpy()[0].tolist() == [[0., 0., 0.], [0.5, 1., 1.5], [1., 2., 3.]]
    assert tf.linspace([0., 1.], 2., 1).numpy().tolist() == [[0., 1.]]
    assert tf.linspace([0., 1.], 2., 0, axis=-1).shape == (2, 0)
    # float32 arithmetic as TF's: start + delta * k, 4.3333335 and 3.6666665 (not the nearest floats)
    down = tf.linspace(tf.constant([0., 5.]), 3., 4, axis=-1).numpy()
    assert down[1].tolist() == [5.0, np.float32(4.3333335), np.float32(3.6666665), 3.0]


def test_linspace_gradients_reach_both_endpoints():
    # TF 2.21: d sum(linspace(s, e, 4, axis=-1)) / ds = [2, 2], / de = 4; linspace(e, 10., 3) -> 1.5
    s, e = tf.Variable([0., 5.]), tf.Variable(3.)
    with tf.GradientTape(persistent=True) as tape:
        y = tf.linspace(s, e, 4, axis=-1)
        z = tf.linspace(e, 10., 3)
    ds, de = tape.gradient(y, [s, e])
    assert ds.numpy().tolist() == [2., 2.] and de.numpy() == 4.
    assert tape.gradient(z, e).numpy() == 1.5


@pytest.mark.parametrize('call, words', [
    (lambda: tf.linspace([0., 1.], 2., 3, axis=2), 'Tried to expand dim index 2 for tensor with 1 dimensions.'),
    (lambda: tf.linspace([0., 1.], 2., 3, axis=-3), 'Tried to expand dim index -3 for tensor with 1 dimensions.'),
    (lambda: tf.linspace(0., 2., 3, axis=1), 'Tried to expand dim index 1 for tensor with 0 dimensions.'),
    (lambda: tf.linspace([0., 1.], [1., 2., 3.], 3), 'Incompatible shapes: [2] vs. [3] [Op:BroadcastArgs]'),
    (lambda: tf.linspace([0., 1.], 2., -1), 'Requires start <= limit when delta > 0: 1/-1 [Op:Range]'),
])
def test_linspace_refuses_as_tensorflow(call, words):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert words in str(caught.value)


def test_linspace_stop_must_convert_to_starts_dtype():
    # TF 2.21: tf.linspace(0, 2.5, 3) -> TypeError: Cannot convert 2.5 to EagerTensor of dtype int32
    with pytest.raises(TypeError, match='Cannot convert 2.5 to EagerTensor of dtype int32'):
        tf.linspace(0, 2.5, 3)


def test_expand_dims_out_of_range_is_the_kernels_error():
    # TF 2.21: tf.expand_dims(tf.zeros([2, 3]), 4)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.expand_dims(tf.zeros([2, 3]), 4)
    assert str(caught.value).endswith('Tried to expand dim index 4 for tensor with 2 dimensions. '
                                      '[Op:ExpandDims] name: ')
    assert tf.expand_dims(tf.zeros([2, 3]), -3).shape == (1, 2, 3)


def test_transpose_conjugate_conjugates_complex_values():
    # TF 2.21: the transpose docstring, [[1.-1.j, 4.-4.j], [2.-2.j, 5.-5.j], [3.-3.j, 6.-6.j]]
    x = tf.constant([[1 + 1j, 2 + 2j, 3 + 3j], [4 + 4j, 5 + 5j, 6 + 6j]])
    assert tf.transpose(x, conjugate=True).numpy().tolist() == [[1 - 1j, 4 - 4j], [2 - 2j, 5 - 5j], [3 - 3j, 6 - 6j]]
    assert tf.transpose(x).numpy()[0, 1] == 4 + 4j
    real = tf.constant([[1., 2.]])
    assert tf.transpose(real, conjugate=True).numpy().tolist() == [[1.], [2.]]


def test_transpose_conjugate_gradient_is_conjugated_back():
    x = tf.constant([[1 + 2j, 3 - 1j]], tf.complex128)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.transpose(x, conjugate=True)
    upstream = tf.constant([[1 + 1j], [2 - 1j]], tf.complex128)
    grad = tape.gradient(y, x, output_gradients=upstream)
    assert grad.numpy().tolist() == [[1 - 1j, 2 + 1j]]


def test_erfcinv_of_one_is_negative_zero_and_ndtri_of_half_positive_zero():
    # TF 2.21: erfcinv([0., 0.2, 1., 1.5, 2.]) -> [inf, 0.9061938, -0., -0.4769363, -inf]; ndtri(0.5) -> 0.
    out = tf.math.erfcinv([0., 0.2, 1., 1.5, 2.]).numpy()
    assert out[2] == 0 and np.signbit(out[2]) and np.isposinf(out[0]) and np.isneginf(out[4])
    assert np.signbit(tf.math.erfcinv(tf.constant([1.], tf.float64)).numpy()[0])
    assert not np.signbit(tf.math.ndtri(0.5).numpy())


@pytest.mark.parametrize('name, given, dtype, want', [
    ('to_float', tf.constant(3.14, tf.float64), tf.float32, np.float32(3.14)),
    ('to_double', tf.constant(3.14, tf.float32), tf.float64, float(np.float32(3.14))),
    ('to_int32', tf.constant(1, tf.int64), tf.int32, 1),
    ('to_int64', tf.constant(1, tf.int32), tf.int64, 1),
    ('to_bfloat16', tf.constant(3.14, tf.float32), tf.bfloat16, 3.140625),
    ('to_complex64', tf.constant(1. + 2.j, tf.complex128), tf.complex64, 1 + 2j),
    ('to_complex128', tf.constant(1. + 2.j, tf.complex64), tf.complex128, 1 + 2j),
])
def test_compat_v1_casts(name, given, dtype, want):
    # TF 2.21: the math_ops docstrings of tf.compat.v1.to_* (values as printed there)
    out = getattr(tf.compat.v1, name)(given)
    assert out.dtype == dtype and out.numpy() == want


def test_compat_v1_casts_keep_sparse_tensors_sparse():
    out = tf.compat.v1.to_int32(tf.SparseTensor([[0]], [1.5], [2]))
    assert isinstance(out, tf.SparseTensor) and out.values.numpy().tolist() == [1]


def test_float32_ndtri_and_erfcinv_are_tensorflows_bits():
    # TF 2.21 (Eigen's float32 generic_ndtri: packets of 8 with its log and fast reciprocal, a scalar tail)
    x = np.array([0.5, 0.25, 0.9, 0.1, 1e-5, 0.99999, 0.6, 0.3, 0.7, 1e-20, 1e-30, 0.0, 1.0, -0.1, 1.5, 0.13, 0.87],
                 np.float32)
    want = [0.0, -0.6744897961616516, 1.2815513610839844, -1.2815515995025635, -4.264890670776367,
            4.26458740234375, 0.25334715843200684, -0.5244004726409912, 0.5244004726409912, -9.26233959197998,
            -11.46402359008789, -np.inf, np.inf, np.nan, np.nan, -1.1263911724090576, 1.1263911724090576]
    np.testing.assert_array_equal(tf.math.ndtri(x).numpy(), np.array(want, np.float32))
    # the erfcinv docstring: [inf, 0.9061938, -0., -0.4769363, -inf] (-0.47693631, where rounding gives -0.47693628)
    out = tf.math.erfcinv([0., 0.2, 1., 1.5, 2.]).numpy()
    assert out.tolist() == [np.inf, np.float32(0.9061937928199768), 0.0, np.float32(-0.47693631052970886), -np.inf]
    assert np.signbit(out[2])
