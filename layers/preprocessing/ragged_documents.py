"""A RaggedTensor given to a lookup layer's ``adapt``: each row is one document, as Keras 3 counts it.

keras.io's multi-label example adapts StringLookup(output_mode='multi_hot') on
``tf.ragged.constant`` of each paper's label list. Keras counts the tokens of
the flat values and, for tf_idf, each row's distinct tokens as one document
(``tf.map_fn(tf.unique)`` over the rows, which fails on a nested ragged input).
"""
import numpy as np

from framework.ragged.ragged_tensor import RaggedTensor


def ragged_documents(layer, rt, who):
    """The rows of ``rt`` as documents: one list of ``layer``'s keys per outer row.

    Raises:
        ValueError: a nested RaggedTensor (rows of rows) for tf_idf, where Keras's map_fn fails too.
    """
    if layer.output_mode == 'tf_idf' and isinstance(rt.values, RaggedTensor):
        raise ValueError("%s.adapt: output_mode='tf_idf' counts each row of a (batch, None) RaggedTensor as one "
                         "document; got rows of rows, of shape %s. Merge them first (rt.merge_dims(1, -1))"
                         % (who, rt.shape))
    keys = layer._keys(rt.flat_values).reshape(-1).tolist()
    limits = np.asarray(rt.row_splits.numpy(), np.int64)
    for splits in rt.nested_row_splits[1:]:         # outer row limits, carried down to the flat values
        limits = np.asarray(splits.numpy(), np.int64)[limits]
    inner = int(np.prod(rt.flat_values.shape[1:], dtype=np.int64))     # keys per flat value (1 for scalars)
    return [keys[start * inner:stop * inner] for start, stop in zip(limits[:-1], limits[1:])]
