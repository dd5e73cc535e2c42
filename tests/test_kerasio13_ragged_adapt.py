"""StringLookup / IntegerLookup adapt on a RaggedTensor, each row one document, as Keras 3 on TF 2.21.

keras.io's nlp/multi_label_classification.py adapts ``StringLookup(output_mode="multi_hot")`` on
``tf.ragged.constant(train_df["terms"].values)`` (each paper's list of subject labels); tapeflow refused the
RaggedTensor ('expected an array, a list, a tensor or a dataset of batches'). Keras counts the flat values and,
for tf_idf, each row's distinct tokens as one document. Goldens: TF 2.21 + Keras 3
(/work/notes/progs/kerasio13/d1.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

RAGGED = [["a", "b"], ["b"], ["c", "b", "a", "a"], []]


@pytest.mark.parametrize('mode', ['int', 'multi_hot', 'count', 'tf_idf'])
def test_the_vocabulary_of_a_ragged_adapt(mode):
    layer = keras.layers.StringLookup(output_mode=mode)
    layer.adapt(tf.ragged.constant(RAGGED))
    # TF: b and a both appear 3 times; ties go to the larger token first
    assert layer.get_vocabulary() == ['[UNK]', 'b', 'a', 'c']
    assert layer.vocabulary_size() == 4


def test_multi_hot_labels_as_the_example_binarizes_them():
    layer = keras.layers.StringLookup(output_mode='multi_hot')
    layer.adapt(tf.ragged.constant(RAGGED))
    np.testing.assert_array_equal(layer(tf.ragged.constant(RAGGED)).numpy(),
                                  [[0, 1, 1, 0], [0, 1, 0, 0], [0, 1, 1, 1], [0, 0, 0, 0]])
    np.testing.assert_array_equal(layer([['c', 'a']]).numpy(), [[0, 0, 1, 1]])


def test_tf_idf_counts_each_row_as_one_document():
    layer = keras.layers.StringLookup(output_mode='tf_idf')
    layer.adapt(tf.ragged.constant(RAGGED))
    # TF 2.21: idf = log(1 + 4 documents / (1 + documents with the token)); [UNK] takes their mean
    out = layer(tf.ragged.constant(RAGGED)).numpy()
    np.testing.assert_allclose(out, [[0, 0.6931472, 0.84729785, 0], [0, 0.6931472, 0, 0],
                                     [0, 0.6931472, 1.6945957, 1.0986123], [0, 0, 0, 0]], rtol=1e-6)
    np.testing.assert_allclose(layer(tf.constant([['[UNK]']])).numpy()[0, 0], 0.879686, rtol=1e-5)


def test_a_dataset_of_ragged_batches_adapts_the_same():
    layer = keras.layers.StringLookup(output_mode='tf_idf')
    layer.adapt(tf.data.Dataset.from_tensor_slices(tf.ragged.constant(RAGGED)).batch(2))
    assert layer.get_vocabulary() == ['[UNK]', 'b', 'a', 'c']
    np.testing.assert_allclose(layer(tf.ragged.constant(RAGGED[2:3])).numpy(),
                               [[0, 0.6931472, 1.6945957, 1.0986123]], rtol=1e-6)


def test_integer_lookup_tf_idf_on_ragged_rows():
    layer = keras.layers.IntegerLookup(output_mode='tf_idf')
    layer.adapt(tf.ragged.constant([[3, 4, 4], [5], [3]]))
    assert layer.get_vocabulary() == [-1, 4, 3, 5]
    np.testing.assert_allclose(layer(tf.ragged.constant([[3, 4, 4], [5, 9]])).numpy(),
                               [[0, 1.8325815, 0.6931472, 0], [0.8419096, 0, 0, 0.91629076]], rtol=1e-6)


def test_rows_of_rows():
    layer = keras.layers.StringLookup()
    layer.adapt(tf.ragged.constant([[['x', 'y'], ['y']], [['z']]]))
    assert layer.get_vocabulary() == ['[UNK]', 'y', 'z', 'x']
    # TF's map_fn(tf.unique) fails on them for tf_idf (ValueError too)
    with pytest.raises(ValueError, match='rows of rows'):
        keras.layers.StringLookup(output_mode='tf_idf').adapt(tf.ragged.constant([[['x', 'y'], ['y']], [['z']]]))


def test_a_fixed_vocabulary_refuses_a_ragged_adapt():
    layer = keras.layers.StringLookup(vocabulary=['a'])
    with pytest.raises(ValueError, match='Cannot adapt'):
        layer.adapt(tf.ragged.constant(RAGGED))
