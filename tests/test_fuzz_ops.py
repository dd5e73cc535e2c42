"""Core ops given a Python number, a string or a matrix where a vector goes: TensorFlow's error
class and words (the op named in a note), not an AttributeError or numpy's message. Golden
messages from TF 2.21, printed as ``type(e).__name__, str(e)`` for the same calls."""
import numpy as np
import pytest

import framework as tf

M = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)
CPU = '/job:localhost/replica:0/task:0/device:CPU:0'


@pytest.mark.parametrize('other', [-1, 99, 2.5])
def test_matmul_with_a_python_number_is_a_rank_error(other):
    # TF: InvalidArgumentError 'In[1] ndims must be >= 2'; tapeflow: AttributeError "'int' object has no attribute 'ndim'"
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'matmul: both operands need rank >= 2, got shapes '
                                                             r'\(2, 3\) and \(\)'):
        tf.matmul(M, other)
    with pytest.raises(tf.errors.InvalidArgumentError, match='affine'):
        tf.affine(M, other, None)


def test_broadcast_dynamic_shape_takes_vectors_only():
    with pytest.raises(tf.errors.InvalidArgumentError) as err:
        tf.broadcast_dynamic_shape([2, 3], [[1]])          # was accepted, read flat
    assert str(err.value) == ('{{function_node __wrapped__BroadcastArgs_device_%s}} In[1] must be a vector.[1,1] '
                              '[Op:BroadcastArgs] name: ' % CPU)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'In\[0\] must be a vector.\[2,3\]'):
        tf.broadcast_dynamic_shape(M, np.ones((5, 7), np.float32))      # numpy's RuntimeError before
    assert tf.broadcast_dynamic_shape([2, 1], [1, 3]).numpy().tolist() == [2, 3]


def test_leaky_relu_alpha_must_be_a_number():
    with pytest.raises(TypeError, match="Expected float for argument 'alpha' not 'abc'."):
        tf.nn.leaky_relu(M, 'abc')


def test_embedding_lookup_out_of_range_keeps_gathers_invalid_argument_error():
    # TF: InvalidArgumentError 'indices[0] = 5 is not in [0, 2) [Op:GatherV2] name: '; it was a plain IndexError
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'indices\[0\] = 5 is not in \[0, 2\)') as err:
        tf.nn.embedding_lookup(M, np.array([5]))
    assert any('embedding_lookup' in note for note in err.value.__notes__)
    assert isinstance(err.value, IndexError)           # still caught as before


@pytest.mark.parametrize('call, error, words', [
    # TF 2.21's classes and words for the same calls; tapeflow computed an answer for each
    (lambda: tf.image.adjust_hue(M, 0.1), tf.errors.InvalidArgumentError, r'input must be at least 3-D, got shape\[2,3\]'),
    (lambda: tf.image.adjust_saturation(M, 2.0), tf.errors.InvalidArgumentError, 'input must be at least 3-D'),
    (lambda: tf.linalg.svd(M, full_matrices='abc'), TypeError, "Expected bool for argument 'full_matrices' not 'abc'."),
    (lambda: tf.linalg.qr(M, full_matrices=1), TypeError, "Expected bool for argument 'full_matrices' not 1."),
    (lambda: tf.concat([M[0], M[1]], None), ValueError, 'concat: axis must be an integer, got None'),
    (lambda: tf.argmax(np.array([b'a', b'b'])), tf.errors.InvalidArgumentError, "argmax: Value for attr 'T' of string"),
    (lambda: tf.math.argmin(np.array(['a', 'b'])), tf.errors.InvalidArgumentError, "argmin: Value for attr 'T'"),
])
def test_silently_accepted_arguments_are_refused(call, error, words):
    with pytest.raises(error, match=words):
        call()


# keras.ops.norm follows Keras 3 (numpy) rules, not tf.norm's: goldens from Keras 3.15 on TF 2.21,
# keras.ops.norm(KM, ord=o) for the matrix below (2 and -2 to 1e-6: the SVDs round differently).
KM = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]], np.float32)


@pytest.mark.parametrize('order, expected', [(None, 0.9539391994476318), (1, 0.9000000357627869), (-1, 0.5),
                                             (np.inf, 1.5), (-np.inf, 0.6000000238418579), ('fro', 0.9539391994476318),
                                             ('nuc', 1.028090238571167), (2, 0.9508033394813538),
                                             (-2, 0.07728695124387741)])
def test_keras_norm_of_a_matrix_is_a_matrix_norm(order, expected):
    # ord=1 gave 2.1 (the sum of all entries) and ord=inf 0.6 before: tf.norm's flattened vector norm
    from framework import keras
    np.testing.assert_allclose(float(keras.ops.norm(KM, ord=order)), expected, rtol=1e-6)


@pytest.mark.parametrize('call, words', [
    (lambda k: k.ops.norm(np.ones((2, 2, 2), np.float32)), r'Invalid axis values. Received: axis=\(0, 1, 2\)'),
    (lambda k: k.ops.norm(np.float32(3.0)), r'Invalid axis values. Received: axis=\(\)'),
    (lambda k: k.ops.norm(np.ones(3, np.float32), ord='fro'), 'Invalid `ord` argument for vector norm. Received: ord=fro'),
    (lambda k: k.ops.norm(KM, ord=3), 'Invalid `ord` argument for matrix norm. Received: ord=3'),
    (lambda k: k.ops.norm(KM, axis=5), r'All `axis` values must be in the range \[-ndim, ndim\)'),
])
def test_keras_norm_refuses_what_keras_refuses(call, words):
    from framework import keras
    with pytest.raises(ValueError, match=words):
        call(keras)


def test_keras_norm_vector_orders_and_keepdims():
    from framework import keras
    assert keras.ops.norm(np.ones((2, 3), np.float32), ord=1, keepdims=True).numpy().tolist() == [[2.0]]
    assert keras.ops.norm(np.array([3., 0., -4.], np.float32), ord=0).numpy() == 2.0
    np.testing.assert_allclose(keras.ops.norm(np.array([3., -4.], np.float32), ord=-np.inf).numpy(), 3.0)


@pytest.mark.parametrize('call, error, words', [
    # Keras 3 on TF: TypeError / InvalidArgumentError for float split points, offsets and turns
    (lambda k: k.ops.split(KM, np.array([0.1, 0.2])), TypeError, 'keras.ops.split: indices_or_sections must be an integer'),
    (lambda k: k.ops.array_split(KM, [0.5]), TypeError, 'indices_or_sections must be an integer'),
    (lambda k: k.ops.rot90(KM, 1.5), TypeError, 'keras.ops.rot90: k must be an integer'),
    (lambda k: k.ops.diagonal(KM, 1.5), TypeError, 'keras.ops.diagonal: offset must be an integer'),
    (lambda k: k.ops.trace(KM, 1.5), TypeError, 'offset must be an integer'),
    # Keras: ValueError 'Attempt to convert a value (None) ...'; np.shape(None) gave ()
    (lambda k: k.ops.shape(None), ValueError, 'keras.ops.shape: cannot take the shape of None'),
    (lambda k: k.ops.ndim(None), ValueError, 'cannot take the shape of None'),
])
def test_keras_ops_refuse_floats_where_counts_go_and_none_shapes(call, error, words):
    from framework import keras
    with pytest.raises(error, match=words):
        call(keras)


@pytest.mark.parametrize('call', [lambda k: k.ops.fmod(KM, np.ones((5, 7), np.float32)),
                                  lambda k: k.ops.allclose(KM, np.ones((5, 7), np.float32)),
                                  lambda k: tf.truncatediv(KM, np.ones((5, 7), np.float32))])
def test_operands_that_do_not_broadcast_are_invalid_argument(call):
    # TF: InvalidArgumentError '... Incompatible shapes: [2,3] vs. [5,7] [Op:FloorMod]'; numpy's ValueError before
    from framework import keras
    with pytest.raises(tf.errors.InvalidArgumentError, match=r'Incompatible shapes: \[2,3\] vs. \[5,7\]'):
        call(keras)


def test_fft_converts_numpy_and_python_reals_to_complex64_as_tf():
    # TF 2.21: tf.signal.fft(np.ones(4, 'float64')).dtype == complex64 (numpy / Python values convert);
    # a real *tensor* is the kernel's InvalidArgumentError "Value for attr 'Tcomplex' of float ..."
    for value in (np.ones(4, np.float32), np.ones(4, np.float64), np.ones(4, np.int32), [1.0, 2.0, 3.0, 4.0]):
        out = tf.signal.fft(value)
        assert out.dtype == tf.complex64
        np.testing.assert_allclose(out.numpy(), np.fft.fft(np.asarray(value, np.float64)), atol=1e-5)
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'Tcomplex' of float"):
        tf.signal.fft(tf.constant([1.0, 2.0]))


def test_apply_gradients_takes_a_python_list_gradient_as_keras_does():
    # TF 2.21 / Keras 3.15: SGD(0.1).apply_gradients([([0.1, 0.2], v)]) -> v = [0.99, 1.98]; tapeflow raised
    from framework import keras
    v = tf.Variable([1.0, 2.0])
    keras.optimizers.SGD(0.1).apply_gradients([([0.1, 0.2], v)])
    np.testing.assert_array_equal(v.numpy(), np.float32([0.99, 1.98]))
    with pytest.raises(TypeError, match='must be a Tensor or an array, got list'):
        keras.optimizers.SGD(0.1).apply_gradients([(['a', 'b'], v)])
    with pytest.raises(TypeError, match='got list'):
        keras.optimizers.SGD(0.1).apply_gradients([([[1.0], [1.0, 2.0]], v)])


def test_a_learning_rate_schedule_refuses_a_missing_or_string_step():
    # TF 2.21: ExponentialDecay(0.1, 10, 0.9)(None) -> ValueError 'Attempt to convert a value (None) ...';
    # ('a') -> Cast's UnimplementedError. tapeflow returned nan for None.
    from framework import keras
    schedule = keras.optimizers.schedules.ExponentialDecay(0.1, 10, 0.9)
    with pytest.raises(ValueError, match=r'Attempt to convert a value \(None\)'):
        schedule(None)
    with pytest.raises(tf.errors.UnimplementedError, match='Cast string to float'):
        schedule('a')
    np.testing.assert_allclose(float(schedule(3)), 0.1 * 0.9 ** 0.3, rtol=1e-6)
