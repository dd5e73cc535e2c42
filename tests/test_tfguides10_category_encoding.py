"""CategoryEncoding(sparse=True) as the feature-columns migration guide (tensorflow/docs
guide/migrate/migrating_feature_columns) uses it: a tf.SparseTensor of counts fed to tf.sparse.to_dense and
to a Dense layer. tapeflow refused sparse=True before. Expected values are TF 2.21 + Keras 3's
(progs/tfguides10/p_ce.py, g06_feature_columns.py): a weight summing to 0 keeps its entry (sparse bincount),
get_config leaves `sparse` out, a symbolic call gives a KerasTensor with sparse=True.
"""
import numpy as np

import framework as tf
from framework import keras


def test_guide_weighted_counts_to_dense():
    ids = tf.constant([[5, 11, 5, 17, 17]])
    weights = tf.constant([[0.5, 1.5, 0.7, 1.8, 0.2]])
    count_layer = keras.layers.CategoryEncoding(num_tokens=20, output_mode='count', sparse=True)
    out = count_layer(ids, count_weights=weights)
    assert isinstance(out, tf.SparseTensor)
    dense = tf.sparse.to_dense(out).numpy()
    expected = np.zeros((1, 20), np.float32)
    expected[0, [5, 11, 17]] = [1.2, 1.5, 2.0]          # TF: 0.5 + 0.7 = 1.2, 1.8 + 0.2 = 2 in float32
    np.testing.assert_array_equal(dense, expected)


def test_sparse_entries_are_the_categories_present():
    layer = keras.layers.CategoryEncoding(5, 'count', sparse=True)
    out = layer(tf.constant([[0, 1, 1], [4, 4, 2]]), count_weights=tf.constant([[1., 0., 0.], [.5, .5, 0.]]))
    assert out.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 2], [1, 4]]      # TF 2.21's
    assert out.values.numpy().tolist() == [1., 0., 0., 1.]
    assert out.dense_shape.numpy().tolist() == [2, 5]
    one_hot = keras.layers.CategoryEncoding(4, 'one_hot', sparse=True)(tf.constant([3, 0, 1]))
    assert one_hot.indices.numpy().tolist() == [[0, 3], [1, 0], [2, 1]]
    multi = keras.layers.CategoryEncoding(4, 'multi_hot', sparse=True)(tf.constant([[3, 0, 3]]))
    assert multi.indices.numpy().tolist() == [[0, 0], [0, 3]] and multi.values.numpy().tolist() == [1., 1.]


def test_sparse_output_feeds_dense_as_the_dense_output_does():
    keras.utils.set_random_seed(1)
    ids = tf.constant([[5, 11, 5, 17, 17]])
    weights = tf.constant([[0.5, 1.5, 0.7, 1.8, 0.2]])
    dense_layer = keras.layers.Dense(4, use_bias=False)
    sparse_out = dense_layer(keras.layers.CategoryEncoding(20, 'count', sparse=True)(ids, count_weights=weights))
    dense_out = dense_layer(keras.layers.CategoryEncoding(20, 'count')(ids, count_weights=weights))
    np.testing.assert_allclose(sparse_out.numpy(), dense_out.numpy(), rtol=1e-6)
    tf.random.set_seed(None)


def test_symbolic_call_is_sparse_and_config_leaves_sparse_out():
    keras.backend.clear_session()
    x = keras.Input((3,), dtype='int32')
    layer = keras.layers.CategoryEncoding(5, 'count', sparse=True)
    y = layer(x)
    assert repr(y) == '<KerasTensor shape=(None, 5), dtype=float32, sparse=True, ragged=False, name=keras_tensor_1>'
    assert 'sparse' not in layer.get_config()
    assert keras.layers.CategoryEncoding(5, 'count')(x).sparse is False
    keras.backend.clear_session()


def test_lookup_layers_sparse_encodings():
    """StringLookup / IntegerLookup(sparse=True), as the guide's note suggests (TF 2.21 values; tapeflow refused)."""
    keras.backend.clear_session()
    layer = keras.layers.StringLookup(vocabulary=['small', 'medium', 'large'], num_oov_indices=0,
                                      output_mode='one_hot', sparse=True)
    out = layer(['small', 'medium', 'large'])
    assert out.indices.numpy().tolist() == [[0, 0], [1, 1], [2, 2]]
    assert out.values.dtype == tf.int64 and out.values.numpy().tolist() == [1, 1, 1]
    counts = keras.layers.StringLookup(vocabulary=['a', 'b'], output_mode='count', sparse=True)(
        [['a', 'a', 'z'], ['b', 'b', 'b']])
    assert counts.indices.numpy().tolist() == [[0, 0], [0, 1], [1, 2]] and counts.values.numpy().tolist() == [1, 2, 3]
    assert counts.dense_shape.numpy().tolist() == [2, 3]
    # Keras 3's lookups do not mark their symbolic output sparse (unlike CategoryEncoding)
    symbolic = keras.layers.StringLookup(vocabulary=['a', 'b'], output_mode='count', sparse=True)(
        keras.Input((3,), dtype='string'))
    assert symbolic.sparse is False
    multi = keras.layers.IntegerLookup(vocabulary=[7, 9], output_mode='multi_hot', sparse=True)(tf.constant([[7, 7, 9]]))
    assert multi.indices.numpy().tolist() == [[0, 1], [0, 2]] and multi.values.numpy().tolist() == [1, 1]
    keras.backend.clear_session()


def test_idf_weights_length_error_is_keras_text():
    import pytest
    with pytest.raises(ValueError, match=r'^`idf_weights` must be the same length as vocabulary\. '
                                         r'len\(idf_weights\) is 3; len\(vocabulary\) is 2'):
        keras.layers.StringLookup(vocabulary=['a', 'b'], output_mode='tf_idf', idf_weights=[0.5, 2., 3.])


def test_hashing_and_discretization_sparse_encodings():
    """Hashing / Discretization(sparse=True): TF 2.21 + Keras 3's SparseTensors (progs/tfguides10/p_hd.py);
    their symbolic outputs stay sparse=False and get_config keeps sparse=True, as Keras 3's."""
    keras.backend.clear_session()
    counts = keras.layers.Discretization(bin_boundaries=[0., 1.], output_mode='count', sparse=True)
    out = counts(tf.constant([[-1., 2., 2.]]))
    assert out.indices.numpy().tolist() == [[0, 0], [0, 2]] and out.values.numpy().tolist() == [1., 2.]
    assert out.dense_shape.numpy().tolist() == [1, 3] and counts.get_config()['sparse'] is True
    one_hot = keras.layers.Discretization(bin_boundaries=[0., 1.], output_mode='one_hot', sparse=True)(
        tf.constant([[-1.], [0.5], [2.]]))
    assert one_hot.indices.numpy().tolist() == [[0, 0], [1, 1], [2, 2]]
    hashing = keras.layers.Hashing(num_bins=4, output_mode='multi_hot', sparse=True)
    dense = keras.layers.Hashing(num_bins=4, output_mode='multi_hot')
    words = tf.constant([['a', 'b', 'a']])
    np.testing.assert_array_equal(tf.sparse.to_dense(hashing(words)).numpy(), dense(words).numpy())
    assert hashing.get_config()['sparse'] is True
    assert hashing(keras.Input((1,), dtype='string')).sparse is False
    keras.backend.clear_session()
