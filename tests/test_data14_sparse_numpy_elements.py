"""Dataset.as_numpy_iterator() hands out a SparseTensor component as TF 2.21's SparseTensor._numpy() makes it:
np.zeros(dense_shape, dtype=dtype.as_numpy_dtype()) filled at the indices. A string one therefore fails there
(the dtype argument is an `object()` instance): a port iterating parse_single_example's VarLenFeature(tf.string)
output as numpy sees numpy's TypeError on TF (probe /work/notes/progs/data14/p7.py)."""
import numpy as np
import pytest

import framework as tf


def test_string_sparse_component_fails_as_tf():
    sparse = tf.sparse.SparseTensor([[0]], tf.constant([b'ab']), [2])
    iterator = tf.data.Dataset.from_tensors({'s': sparse, 'n': 1}).as_numpy_iterator()
    # TF 2.21: TypeError: Cannot interpret '<object object at 0x7f05fd9fece0>' as a data type
    with pytest.raises(TypeError, match=r"^Cannot interpret '<object object at 0x[0-9a-f]+>' as a data type$"):
        next(iterator)


def test_number_sparse_components_are_dense_arrays():
    sparse = tf.sparse.SparseTensor([[0, 1], [1, 2]], [2., 3.], [2, 3])
    # TF 2.21 gives [{'a': array([[0., 2., 0.], [0., 0., 3.]], dtype=float32), 'b': np.int32(1)}]
    [element] = list(tf.data.Dataset.from_tensors({'a': sparse, 'b': 1}).as_numpy_iterator())
    assert element['a'].dtype == np.float32 and element['a'].tolist() == [[0., 2., 0.], [0., 0., 3.]]
    flags = tf.sparse.SparseTensor([[1]], [True], [3])
    [dense] = list(tf.data.Dataset.from_tensors(flags).as_numpy_iterator())
    assert dense.dtype == np.bool_ and dense.tolist() == [False, True, False]
