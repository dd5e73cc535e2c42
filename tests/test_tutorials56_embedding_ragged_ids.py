"""keras.layers.Embedding on a tf.RaggedTensor of ids, as Keras 3 on TF 2.21 (the ragged tensors guide's
Embedding over hashed words): a ragged batch of rows, the ids' row partitions kept, the gradient the table's
IndexedSlices. tapeflow refused the input ('a RaggedTensor cannot be used where a dense tensor is needed').
Values: TF 2.21's (probe /work/notes/progs/tutorials56/probes/rag_keras.py; /tmp/t56/p/embr.py)."""
import numpy as np

import framework as tf
from framework import keras

# TF 2.21: Embedding(10, 2) after keras.utils.set_random_seed(0), rows 1, 2, 3 and 4
_ROWS = [[0.033890437334775925, -0.0393398180603981], [-0.010506987571716309, -0.03132869303226471],
         [-9.298324584960938e-05, 0.048673201352357864], [0.005425848066806793, -0.006254255771636963]]


def test_ragged_ids_give_ragged_rows():
    keras.utils.set_random_seed(0)
    e = keras.layers.Embedding(10, 2)
    out = e(tf.ragged.constant([[1, 2, 3], [4]]))
    assert type(out).__name__ == 'RaggedTensor'
    assert (out.shape.as_list(), out.ragged_rank, out.dtype.name) == ([2, None, 2], 1, 'float32')
    assert out.row_splits.numpy().tolist() == [0, 3, 4]
    np.testing.assert_array_equal(out.flat_values.numpy(), np.array(_ROWS, np.float32))     # uniform init: exact
    assert e.built and e.embeddings.shape == (10, 2)


def test_gradient_and_nested_rows():
    keras.utils.set_random_seed(0)
    e = keras.layers.Embedding(10, 2)
    r = tf.ragged.constant([[1, 2, 3], [4]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(e(r).flat_values * 2.0)
    grad = tape.gradient(y, e.trainable_variables)[0]
    assert type(grad).__name__ == 'IndexedSlices'
    assert tf.convert_to_tensor(grad).numpy().tolist() == [[0., 0.]] + [[2., 2.]] * 4 + [[0., 0.]] * 5
    nested = e(tf.ragged.constant([[[1], [2, 3]], [[4]]]))
    assert (nested.shape.as_list(), nested.ragged_rank) == ([2, None, None, 2], 2)
    assert keras.layers.Embedding(10, 2)(tf.ragged.constant([[1.0, 2.0]])).dtype.name == 'float32'


def test_global_average_pooling_of_ragged_rows():
    # TF 2.21: GlobalAveragePooling1D means each ragged row: a dense (batch, channels) tensor
    keras.utils.set_random_seed(0)
    e = keras.layers.Embedding(10, 2)
    r = tf.ragged.constant([[1, 2, 3], [4]])
    g = keras.layers.GlobalAveragePooling1D()(e(r))
    assert type(g).__name__ == 'EagerTensor' and g.shape == (2, 2)
    assert g.numpy().tolist() == [[0.007763488683849573, -0.007331769913434982],
                                  [0.005425848066806793, -0.006254255771636963]]
    rr = tf.ragged.constant([[[1., 2.], [3., 4.], [5., 7.]], [[0.1, 0.2]]], ragged_rank=1)
    assert keras.layers.GlobalAveragePooling1D()(rr).numpy().tolist() == [
        [3.0, 4.333333492279053], [0.10000000149011612, 0.20000000298023224]]
    assert keras.layers.GlobalAveragePooling1D(keepdims=True)(rr).shape == (2, 1, 2)
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(keras.layers.GlobalAveragePooling1D()(e(r)))
    third = 0.3333333432674408
    assert tf.convert_to_tensor(tape.gradient(y, e.embeddings)).numpy().tolist() == (
        [[0., 0.]] + [[third, third]] * 3 + [[1., 1.]] + [[0., 0.]] * 5)
