"""Dataset.as_numpy_iterator over ragged elements hands out TF 2.21's values: a ragged slice's row as a
plain numpy array (tapeflow leaked its internal RaggedRow subclass: '[RaggedRow([1, 2], dtype=int32),
...]'), a batch of ragged rows as RaggedTensor.numpy()'s object array (tapeflow gave the RaggedTensor).
Expected reprs printed by TF 2.21 (progs/tutorials32/q6.py)."""
import numpy as np

import framework as tf


def _listed(ds):
    return repr(list(ds.as_numpy_iterator()))


def test_ragged_slices_are_plain_arrays():
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3]]))
    assert _listed(ds) == '[array([1, 2], dtype=int32), array([3], dtype=int32)]'
    assert all(type(x) is np.ndarray for x in ds.as_numpy_iterator())
    assert _listed(ds.map(lambda x: x * 2)) == '[array([2, 4], dtype=int32), array([6], dtype=int32)]'
    pairs = tf.data.Dataset.from_tensor_slices((tf.ragged.constant([[1.5], [2.5, 3.5]]), [0, 1]))
    assert _listed(pairs) == ('[(array([1.5], dtype=float32), np.int32(0)), '
                              '(array([2.5, 3.5], dtype=float32), np.int32(1))]')


def test_batched_ragged_rows_are_numpy_of_the_ragged_tensor():
    ds = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1, 2], [3], [4, 5, 6]])).batch(2)
    assert _listed(ds) == ('[array([array([1, 2], dtype=int32), array([3], dtype=int32)], dtype=object), '
                           'array([[4, 5, 6]], dtype=int32)]')
    same = tf.data.Dataset.from_tensor_slices({'r': tf.ragged.constant([[1, 2], [3]])}).batch(2)
    assert _listed(same) == ("[{'r': array([array([1, 2], dtype=int32), array([3], dtype=int32)], "
                             "dtype=object)}]")
