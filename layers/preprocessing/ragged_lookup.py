"""A lookup layer (StringLookup, IntegerLookup) called on a RaggedTensor, as Keras 3 on TensorFlow.

Indices ('int'), inverted tokens and 'one_hot' rows keep the input's ragged rows (Keras maps the
lookup over the flat values); 'multi_hot', 'count' and 'tf_idf' fold each row of a
(batch, None) input into one vector, a dense (batch, depth) tensor. The text-generation
tutorial looks up the characters of ``tf.strings.unicode_split``, a RaggedTensor.
"""
import numpy as np

from framework.ragged.ragged_tensor import RaggedTensor


def lookup_ragged(layer, rt):
    """``layer``'s output for the RaggedTensor ``rt``."""
    if layer.invert or layer.output_mode in ('int', 'one_hot'):
        return rt.with_flat_values(layer.call(rt.flat_values))
    who = '%s %r' % (type(layer).__name__, layer.name)
    if isinstance(rt.values, RaggedTensor) or rt.flat_values.ndim != 1:
        raise ValueError("%s: output_mode=%r folds the rows of a (batch, None) RaggedTensor; got one of shape %s. "
                         "Merge its inner dimensions first (rt.merge_dims(1, -1))"
                         % (who, layer.output_mode, rt.shape))
    indices = layer._lookup(layer._keys(rt.flat_values).reshape(-1), who)
    splits = np.asarray(rt.row_splits.numpy(), np.int64)
    lengths = np.diff(splits)
    rows = np.full((len(lengths), max(int(lengths.max(initial=0)), 1)), -1, np.int64)     # -1: dropped
    rows[np.arange(len(lengths)).repeat(lengths), np.arange(len(indices)) - splits[:-1].repeat(lengths)] = indices
    return layer._encoded(rows, who)
