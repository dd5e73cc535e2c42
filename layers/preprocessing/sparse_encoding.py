"""Hashing, CategoryEncoding and Discretization called on a tf.SparseTensor, as Keras 3 on TensorFlow.

'int' ids keep the input's sparse entries (a SparseTensor of the same indices); 'multi_hot' and 'count'
fold each row of a (batch, n) input into one vector over its stored entries, dense (or sparse with
``sparse=True``); 'one_hot' fails converting the sparse ids to a tensor, as Keras's does.
"""
import numpy as np

from framework.sparse import SparseTensor

from .categorical_encoding import encoded_output

_TF_SPARSE_CLASS = "<class 'tensorflow.python.framework.sparse_tensor.SparseTensor'>"     # as TF 2.21 names it


def encode_sparse(layer, sp, ids_of, depth, dtype, int_dtype):
    """``layer``'s output for the SparseTensor ``sp``: ``ids_of(values)`` gives the int ids of its stored
    values, 'int' ids come back in ``int_dtype``, encodings over ``depth`` classes in ``dtype``.

    Raises:
        ValueError: 'one_hot' (TF's conversion error), or a folding encoding of a rank other than 2.
    """
    ids = np.asarray(ids_of(sp.values), np.int64)
    indices = np.asarray(sp.indices.numpy(), np.int64)
    dense_shape = np.asarray(sp.dense_shape.numpy(), np.int64)
    if layer.output_mode == 'int':
        return SparseTensor(indices, ids.astype(int_dtype), dense_shape)
    if layer.output_mode == 'one_hot':
        raise ValueError('Attempt to convert a value (%s) with an unsupported type (%s) to a Tensor.'
                         % (SparseTensor(indices, ids, dense_shape), _TF_SPARSE_CLASS))
    if len(dense_shape) != 2:
        raise ValueError('%s %r: output_mode=%r folds the rows of a (batch, n) SparseTensor; got one of shape %s'
                         % (type(layer).__name__, layer.name, layer.output_mode, tuple(dense_shape.tolist())))
    row_of = indices[:, 0]
    counts = np.bincount(row_of, minlength=int(dense_shape[0]))
    order = np.argsort(row_of, kind='stable')
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    rows = np.full((int(dense_shape[0]), max(int(counts.max(initial=0)), 1)), -1, np.int64)      # -1: dropped
    sorted_rows = row_of[order]
    rows[sorted_rows, np.arange(len(order)) - starts[sorted_rows]] = ids[order]
    return encoded_output(rows, layer.output_mode, depth, dtype, layer.sparse)
