"""tf.data with SparseTensor components (framework/data/sparse_elements.py): the "Working with sparse tensors"
guide's tf.data section and fit / predict on batches of a sparse Input, against TF 2.21
(/work/notes/progs/missing/tf_sparse_guide.py and tf_sparse_ds.py run with /opt/tfref: identical output)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _sparse(values=(1, 1, 1, 1, 1, 1)):
    return tf.sparse.SparseTensor(indices=[(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)], values=list(values),
                                  dense_shape=(6, 4))


def test_slices_batches_and_unbatches_as_tf():
    ds = tf.data.Dataset.from_tensor_slices(_sparse())
    assert repr(ds.element_spec) == 'SparseTensorSpec(TensorShape([4]), tf.int32)'
    rows = [tf.sparse.to_dense(e).numpy().tolist() for e in ds]
    assert rows == [[1, 1, 1, 0], [0] * 4, [0] * 4, [0] * 4, [0, 0, 0, 1], [1, 1, 0, 0]]
    batched = ds.batch(4)
    assert repr(batched.element_spec) == 'SparseTensorSpec(TensorShape([None, 4]), tf.int32)'
    first = next(iter(batched))
    assert first.indices.numpy().tolist() == [[0, 0], [0, 1], [0, 2]] and first.dense_shape.numpy().tolist() == [4, 4]
    again = [tf.sparse.to_dense(e).numpy().tolist() for e in batched.unbatch()]
    assert again == rows and repr(batched.unbatch().element_spec) == 'SparseTensorSpec(TensorShape([4]), tf.int32)'
    # as TF 2.21, as_numpy_iterator hands a sparse component out dense
    np.testing.assert_array_equal(next(ds.batch(2).as_numpy_iterator()), [[1, 1, 1, 0], [0, 0, 0, 0]])


def test_tuples_and_map_with_sparse_components():
    ds = tf.data.Dataset.from_tensor_slices((_sparse(), tf.range(6)))
    spec = ds.element_spec
    assert repr(spec[0]) == 'SparseTensorSpec(TensorShape([4]), tf.int32)' and spec[1].shape == ()
    dense, label = next(iter(ds.map(lambda s, y: (tf.sparse.to_dense(s), y))))
    assert dense.numpy().tolist() == [1, 1, 1, 0] and label.numpy() == 0


def test_fit_and_predict_on_sparse_batches_as_keras():
    x = keras.Input(shape=(4,), sparse=True)
    model = keras.Model(x, keras.layers.Dense(1, kernel_initializer='ones')(x))
    model.compile('sgd', 'mse')
    ds = tf.data.Dataset.from_tensor_slices((_sparse([1., 2., 1., 3., 1., 1.]), tf.range(6, dtype=tf.float32)))
    with pytest.warns(UserWarning, match='`shuffle=True` was passed, but will be ignored'):
        history = model.fit(ds.batch(3), epochs=2, verbose=0)
    # Keras 3.15.1 on TF 2.21
    np.testing.assert_allclose(history.history['loss'], [6.76348876953125, 6.571741580963135], rtol=1e-6)
    np.testing.assert_allclose(model.predict(ds.batch(4).map(lambda s, y: s), verbose=0).ravel(),
                               [3.8859282, 0.08021356, 0.08021356, 0.08021356, 3.1949592, 2.0036392], rtol=1e-6)


def test_batching_sparse_elements_of_different_ranks_is_refused():
    parts = tf.data.Dataset.from_tensor_slices(_sparse())
    mixed = parts.take(1).concatenate(parts.take(1).map(lambda s: tf.sparse.reshape(s, (2, 2))))
    with pytest.raises(ValueError, match='Dataset.batch: cannot batch SparseTensors of different ranks \\[1, 2\\]'):
        next(iter(mixed.batch(2)))


def test_concatenated_sparse_datasets_keep_a_sparse_spec_as_tf():
    ds = tf.data.Dataset.from_tensor_slices(_sparse())
    assert repr(ds.concatenate(ds).element_spec) == 'SparseTensorSpec(TensorShape([4]), tf.int32)'
    assert len(list(ds.concatenate(ds))) == 12


def test_sparse_batch_as_tf():
    # TF 2.21: every value of each element is an entry; dense_shape (batch,) + row_shape
    ds = tf.data.Dataset.from_tensor_slices([[1, 0], [3, 4], [5, 6]]).sparse_batch(2, row_shape=[3])
    assert repr(ds.element_spec) == 'SparseTensorSpec(TensorShape([None, 3]), tf.int32)'
    first = next(iter(ds))
    assert first.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 0], [1, 1]]
    assert first.values.numpy().tolist() == [1, 0, 3, 4] and first.dense_shape.numpy().tolist() == [2, 3]
    ranges = tf.data.Dataset.range(1, 4).map(lambda n: tf.fill([n], n))
    assert [(e.indices.numpy().tolist(), e.dense_shape.numpy().tolist()) for e in ranges.sparse_batch(2, [5])] == [
        ([[0, 0], [1, 0], [1, 1]], [2, 5]), ([[0, 0], [0, 1], [0, 2]], [1, 5])]
    with pytest.raises(tf.errors.DataLossError, match='Input element had shape \\(\\[3\\]\\) that is larger than the row'):
        list(ranges.sparse_batch(2, [2]))
    with pytest.raises(tf.errors.InvalidArgumentError, match='incompatible with the row shape \\(\\[3,1\\]\\)'):
        list(tf.data.Dataset.from_tensor_slices([[1, 0]]).sparse_batch(2, [3, 1]))
