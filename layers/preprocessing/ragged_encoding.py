"""Hashing, CategoryEncoding and Discretization called on a RaggedTensor, as Keras 3 on TensorFlow.

'int' ids and 'one_hot' rows keep the input's ragged rows (Keras maps over the flat values, so one_hot
gives (batch, None, depth)); 'multi_hot' and 'count' fold each row of a (batch, None) input into one
vector, a dense (batch, depth) tensor, as its bincount of a RaggedTensor does.
"""
import numpy as np

from framework.ragged.ragged_tensor import RaggedTensor
from framework.tensor import Tensor

from .categorical_encoding import encode, encoded_output


def encode_ragged(layer, rt, ids_of, depth, dtype):
    """``layer``'s output for the RaggedTensor ``rt``: ``ids_of(flat_values)`` gives the int ids of the
    flat values (negative ones are dropped), encoded over ``depth`` classes in ``dtype``.

    Raises:
        ValueError: a multi_hot / count encoding of a RaggedTensor with more than one ragged axis.
    """
    if layer.output_mode == 'int':
        return rt.with_flat_values(layer.call(rt.flat_values))
    ids = ids_of(rt.flat_values)
    if layer.output_mode == 'one_hot':
        return rt.with_flat_values(Tensor(encode(ids, 'one_hot', depth, dtype)))
    if isinstance(rt.values, RaggedTensor) or ids.ndim != 1:
        # (TF 2.21's bincount of a (batch, None, None) input reads the outer row splits against the flat
        # values: rows of other tokens, not an encoding to emulate; the lookup layers refuse it too)
        raise ValueError("%s %r: output_mode=%r folds the rows of a (batch, None) RaggedTensor; got one of shape %s. "
                         "Merge its inner dimensions first (rt.merge_dims(1, -1))"
                         % (type(layer).__name__, layer.name, layer.output_mode, rt.shape))
    splits = np.asarray(rt.row_splits.numpy(), np.int64)
    lengths = np.diff(splits)
    rows = np.full((len(lengths), max(int(lengths.max(initial=0)), 1)), -1, np.int64)      # -1: dropped
    rows[np.arange(len(lengths)).repeat(lengths), np.arange(len(ids)) - splits[:-1].repeat(lengths)] = ids
    return encoded_output(rows, layer.output_mode, depth, dtype, layer.sparse)
