"""IndexedSlices (tf.IndexedSlices) and the sparse gradient of a gather from a variable.

Expected values come from TensorFlow 2.21's behaviour (checked with /opt/tfref):
the gradient of ``tf.gather(variable, ids)`` is an IndexedSlices with one row per
id, converting it sums repeated rows, ``+``/``-`` with a dense tensor densify,
``IndexedSlices + IndexedSlices`` and ``* 2`` raise TypeError, and cast /
clip_by_value / clip_by_norm / clip_by_global_norm keep it sparse. Clipping
literals: rows [[1, 2], [3, 4]] at [1, 1] have norm sqrt(30) = 5.477226 (each row
counted), so clip_by_norm(s, 1) is the rows / sqrt(30); with an extra dense [1, 1]
the global norm is sqrt(32) = 5.656854.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

ROWS = [[1.0, 2.0], [3.0, 4.0]]


def slices(indices=(1, 1), dense_shape=(4, 2)):
    return tf.IndexedSlices(tf.constant(ROWS), tf.constant(list(indices)), list(dense_shape))


def test_fields_and_shape():
    s = slices()
    np.testing.assert_array_equal(s.values.numpy(), ROWS)
    np.testing.assert_array_equal(s.indices.numpy(), [1, 1])
    np.testing.assert_array_equal(s.dense_shape.numpy(), [4, 2])
    assert s.dtype == tf.float32 and s.shape == (4, 2) and s.device == tf.constant(1.0).device
    unknown = tf.IndexedSlices(tf.constant(ROWS), tf.constant([0, 3]))
    assert unknown.dense_shape is None and unknown.shape.rank is None


def test_str_reads_as_tensorflow():
    text = str(slices())
    assert text.startswith('IndexedSlices(indices=') and ', values=' in text and ', dense_shape=' in text
    assert 'dense_shape' not in str(tf.IndexedSlices(tf.constant(ROWS), tf.constant([0, 3])))


@pytest.mark.parametrize('args, error, message', [
    ((ROWS, [0.0, 1.0], [4, 2]), TypeError, 'indices must be integers'),
    ((ROWS, [0, 1, 2], [4, 2]), ValueError, 'one index per row'),
    ((ROWS, [0, 1], [4, 3]), ValueError, 'dense_shape'),
    ((ROWS, [0, 1], [4.0, 2.0]), TypeError, 'dense_shape must be'),
])
def test_bad_construction_raises(args, error, message):
    with pytest.raises(error, match=message):
        tf.IndexedSlices(*args)


def test_convert_to_tensor_sums_repeated_rows():
    dense = tf.convert_to_tensor(slices())
    np.testing.assert_array_equal(dense.numpy(), [[0, 0], [4, 6], [0, 0], [0, 0]])
    with pytest.raises(ValueError, match='float64'):
        tf.convert_to_tensor(slices(), dtype=tf.float64)
    with pytest.raises(ValueError, match='without dense_shape'):
        tf.convert_to_tensor(tf.IndexedSlices(tf.constant(ROWS), tf.constant([0, 3])))


def test_arithmetic_where_tensorflow_allows_it():
    s, ones = slices(), tf.ones((4, 2))
    expected = [[1, 1], [5, 7], [1, 1], [1, 1]]
    np.testing.assert_array_equal((s + ones).numpy(), expected)
    np.testing.assert_array_equal((ones + s).numpy(), expected)
    np.testing.assert_array_equal((s - ones).numpy(), np.subtract(expected, 2))
    np.testing.assert_array_equal((ones - s).numpy(), 2 - np.array(expected))
    np.testing.assert_array_equal((-s).values.numpy(), -np.array(ROWS))
    np.testing.assert_array_equal(tf.reduce_sum(s).numpy(), 10.0)
    with pytest.raises(TypeError, match='IndexedSlices'):
        s + s
    with pytest.raises(TypeError):
        s * 2.0


def test_ops_that_keep_it_sparse():
    s = slices()
    cast = tf.cast(s, tf.float64)
    assert isinstance(cast, tf.IndexedSlices) and cast.dtype == tf.float64
    np.testing.assert_array_equal(tf.clip_by_value(s, -2.0, 2.0).values.numpy(), [[1, 2], [2, 2]])
    np.testing.assert_allclose(tf.clip_by_norm(s, 1.0).values.numpy(), np.array(ROWS) / np.sqrt(30), rtol=1e-6)
    np.testing.assert_allclose(tf.clip_by_norm(s, 1.0, axes=[1]).values.numpy(),
                               [[0.4472136, 0.8944272], [0.6, 0.8]], rtol=1e-6)
    np.testing.assert_allclose(tf.linalg.global_norm([s]).numpy(), 5.477226, rtol=1e-6)
    clipped, norm = tf.clip_by_global_norm([s, tf.constant([1.0, 1.0])], 1.0)
    assert isinstance(clipped[0], tf.IndexedSlices)
    np.testing.assert_allclose(norm.numpy(), 5.656854, rtol=1e-6)
    np.testing.assert_allclose(clipped[0].values.numpy(), np.array(ROWS) / np.sqrt(32), rtol=1e-6)
    np.testing.assert_allclose(clipped[1].numpy(), [0.17677669, 0.17677669], rtol=1e-6)


# ---- the tape ------------------------------------------------------------------------------------
def table():
    return tf.Variable(np.arange(12, dtype='float32').reshape(4, 3))


def test_gather_from_a_variable_gives_its_rows():
    v = table()
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.gather(v, tf.constant([[0, 2], [2, 3]])) * tf.constant([[[1.0]], [[2.0]]]))
    g = tape.gradient(y, v)
    assert isinstance(g, tf.IndexedSlices)
    np.testing.assert_array_equal(g.indices.numpy(), [0, 2, 2, 3])
    np.testing.assert_array_equal(g.values.numpy(), [[1] * 3, [1] * 3, [2] * 3, [2] * 3])
    np.testing.assert_array_equal(g.dense_shape.numpy(), [4, 3])
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), [[1] * 3, [0] * 3, [3] * 3, [2] * 3])


def dense_gradient(f):
    """d f / d table, the table read densely (through ``* 1``), for reference."""
    v = table()
    with tf.GradientTape() as tape:
        y = f(v * 1.0)
    return tape.gradient(y, v).numpy()


@pytest.mark.parametrize('f, sparse', [
    (lambda v: tf.reduce_sum(tf.gather(v, [1, 1])) + tf.reduce_sum(tf.gather(v, [3]) ** 2), True),
    (lambda v: tf.reduce_sum(tf.nn.embedding_lookup(v, [[1, 2], [2, 2]])), True),
    (lambda v: tf.reduce_sum(tf.gather(v, [1, 1])) + tf.reduce_sum(v * v), False),
    (lambda v: tf.reduce_sum(v) + tf.reduce_sum(tf.gather(v, [1, 1])), False),
    (lambda v: tf.reduce_sum(tf.gather(v, [2, 0], axis=1)), False),
    (lambda v: tf.reduce_sum(v[1]), False),
])
def test_sparse_only_when_read_only_through_row_gathers(f, sparse):
    v = table()
    with tf.GradientTape() as tape:
        y = f(v)
    g = tape.gradient(y, v)
    assert isinstance(g, tf.IndexedSlices) == sparse
    np.testing.assert_allclose(tf.convert_to_tensor(g).numpy(), dense_gradient(f), rtol=1e-6)


def test_watched_tensors_get_rows_and_jacobians_stay_dense():
    # TF 2.21's GatherV2 rule gives a watched tensor's gradient as rows too (tests/test_autodiff13_gather_rows.py)
    x = tf.constant(np.ones((4, 3), 'float32'))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.reduce_sum(tf.gather(x, [1, 1]))
    g = tape.gradient(y, x)
    assert type(g) is tf.IndexedSlices and g.indices.numpy().tolist() == [1, 1]
    v = table()
    with tf.GradientTape() as tape:
        y = tf.gather(v, [0, 0])
    jacobian = tape.jacobian(y, v)
    assert type(jacobian) is tf.Tensor and jacobian.shape == (2, 3, 4, 3)
    np.testing.assert_array_equal(jacobian.numpy()[1, 2, 0], [0, 0, 1])
    with tf.GradientTape() as tape:
        y = tf.gather(v, [0, 0])
    with tf.GradientTape():             # an active tape: the sweeps run on Tensors
        recorded = tape.jacobian(y, v)
    np.testing.assert_array_equal(recorded.numpy(), jacobian.numpy())


def test_a_recording_outer_tape_sees_the_same_rows_and_differentiates_them():
    # TensorFlow gives d/dx sum((3 x**2)**2) per gathered row: 36 x**3 = 36, as rows again.
    x = tf.Variable(np.ones((4, 2), 'float32'))
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            z = tf.reduce_sum(tf.gather(x, [1, 1, 2]) ** 3)
        rows = inner.gradient(z, x)
        s = tf.reduce_sum(rows.values ** 2)
    assert isinstance(rows, tf.IndexedSlices)
    np.testing.assert_array_equal(rows.values.numpy(), np.full((3, 2), 3.0))
    second = outer.gradient(s, x)
    assert isinstance(second, tf.IndexedSlices)
    np.testing.assert_array_equal(second.indices.numpy(), [1, 1, 2])
    np.testing.assert_array_equal(second.values.numpy(), np.full((3, 2), 36.0))


def test_array_and_tensor_sweeps_agree():
    def rows(outer_active):
        v = table()
        with tf.GradientTape(persistent=True) as tape:
            y = tf.reduce_sum(tf.gather(v, [3, 1]) ** 2) + tf.reduce_sum(tf.gather(v, [1]) * 3.0)
        if outer_active:
            with tf.GradientTape():         # an active tape: the sweep runs on Tensors
                return tape.gradient(y, v)
        return tape.gradient(y, v)

    a, b = rows(False), rows(True)
    np.testing.assert_array_equal(a.indices.numpy(), b.indices.numpy())
    np.testing.assert_array_equal(a.values.numpy(), b.values.numpy())


def test_a_variable_changed_between_two_gathers_folds_both_reads():
    v = table()
    with tf.GradientTape() as tape:
        a = tf.reduce_sum(tf.gather(v, [0]) * 2.0)
        v.assign_add(tf.ones((4, 3)))
        b = tf.reduce_sum(tf.gather(v, [0, 1]) ** 2)
        y = a + b
    g = tape.gradient(y, v)
    expected = np.zeros((4, 3), 'float32')
    expected[0] = 2 + 2 * (np.arange(3) + 1)
    expected[1] = 2 * (np.arange(3, 6) + 1)
    np.testing.assert_array_equal(tf.convert_to_tensor(g).numpy(), expected)


def test_embedding_layer_gradient_is_sparse():
    layer = keras.layers.Embedding(10, 3)
    ids = tf.constant([[1, 2, 1]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(layer(ids))
    g = tape.gradient(y, layer.trainable_variables)[0]
    assert isinstance(g, tf.IndexedSlices)
    np.testing.assert_array_equal(g.indices.numpy(), [1, 2, 1])
