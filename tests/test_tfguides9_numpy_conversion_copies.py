"""Converting a numpy array copies it into a new row-major buffer, as TensorFlow does.

Found running the logistic-regression Core guide (tensorflow/docs guide/core/logistic_regression_core):
it converts a pandas DataFrame, whose values are column-major, and normalizes with reduce_mean /
reduce_std over axis 0; tapeflow kept the column-major array, numpy summed its contiguous columns
pairwise, and the last columns' means differed from TensorFlow's by a few ulps. Kept arrays were also
shared with the caller: ``a[0] = 5`` after ``t = tf.constant(a)`` changed ``t``.
"""
import hashlib

import numpy as np
import pytest

import framework as tf


def _digest(tensor):
    return hashlib.sha256(tensor.numpy().tobytes()).hexdigest()


@pytest.mark.parametrize('convert', [
    tf.constant,
    tf.convert_to_tensor,
    lambda a: tf.convert_to_tensor(a, dtype=tf.float32),
    lambda a: tf.constant(a, dtype=tf.float32),
    lambda a: tf.convert_to_tensor(a, dtype_hint=tf.float32),
])
def test_a_later_write_to_the_array_does_not_reach_the_tensor(convert):
    # TF 2.21: every conversion copies (tf.constant(a); a[0] = 5 leaves the tensor [1, 1, 1])
    a = np.ones(3, np.float32)
    t = convert(a)
    a[0] = 5
    assert t.numpy().tolist() == [1.0, 1.0, 1.0]


def test_a_write_through_an_operand_array_leaves_a_sum_alone():
    a = np.arange(4, dtype=np.float32)
    t = tf.constant([1.0, 1.0, 1.0, 1.0]) + a
    a[:] = 0
    assert t.numpy().tolist() == [1.0, 2.0, 3.0, 4.0]


def _column_major():
    rng = np.random.RandomState(7)
    return np.asfortranarray((rng.randn(426, 30) * 40 + 100).astype(np.float32))


def test_column_major_arrays_are_reduced_in_tensorflows_order():
    # digests of TF 2.21's results for the same column-major array (tensorflow-cpu, oneDNN on):
    # tf.reduce_sum(x, axis=0), tf.math.reduce_std(tf.convert_to_tensor(x, dtype=tf.float32), axis=0),
    # tf.reduce_mean(tf.constant(x), axis=0)
    x = _column_major()
    assert _digest(tf.reduce_sum(x, axis=0)) == '73be20760306fbee4e161e4defbfb093aa8454671b9a5513aecea4b3c43b7d57'
    assert _digest(tf.math.reduce_std(tf.convert_to_tensor(x, dtype=tf.float32), axis=0)) == \
        '5bbc68cebf7e69478855a2da2d37978df76c156b045403ae282ff5b8cd8fb3b8'
    assert _digest(tf.reduce_mean(tf.constant(x), axis=0)) == \
        '99e4806071b6bf3e5e36348684ced354569e870f0bf07356dedfba47951ce770'
    # the last six columns (past the last whole packet of 8) were the ones that drifted
    assert tf.reduce_sum(x, axis=0).numpy()[-6:].tolist() == \
        [43199.59765625, 42022.69140625, 41687.51953125, 41675.96875, 42643.64453125, 42477.48828125]


def test_a_column_major_array_sums_as_its_row_major_copy():
    x = _column_major()
    same = np.ascontiguousarray(x)
    for axis in (0, 1, None):
        assert tf.reduce_sum(x, axis=axis).numpy().tobytes() == tf.reduce_sum(same, axis=axis).numpy().tobytes()


def test_a_dataframe_converts_to_the_same_bits_as_its_rows():
    pd = pytest.importorskip('pandas')
    x = _column_major()
    frame = pd.DataFrame(x.astype(np.float64))
    t = tf.convert_to_tensor(frame, dtype=tf.float32)
    assert t.numpy().tobytes() == np.ascontiguousarray(x).tobytes()
    assert _digest(tf.reduce_sum(t, axis=0)) == '73be20760306fbee4e161e4defbfb093aa8454671b9a5513aecea4b3c43b7d57'


def test_integer_and_bool_batches_keep_their_dtype_through_a_layer():
    # Layer.__call__ converts a non-float batch without casting it (Embedding's ids stay int)
    ids = np.array([[1, 2], [3, 0]], np.int64)
    out = tf.keras.layers.Embedding(4, 2, embeddings_initializer='ones')(ids)
    assert out.dtype == tf.float32 and out.shape == (2, 2, 2)
    flags = np.array([[True, False]])
    assert tf.keras.layers.Lambda(lambda t: t)(flags).dtype == tf.bool
