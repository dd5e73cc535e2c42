"""The einsum equations of MultiHeadAttention's projections and its attention
over any set of axes (the scheme of Keras 3, so kernels have Keras's shapes)."""
import string

import numpy as np

_LETTERS = string.ascii_lowercase


def projection_equation(free_dims, bound_dims, output_dims):
    """(equation, bias_axes, output rank) for a projection that keeps
    ``free_dims`` leading axes, contracts ``bound_dims`` with the kernel and
    adds ``output_dims`` new ones; e.g. (2, 1, 2) -> ('abc,cde->abde', 'de', 4)."""
    free = _LETTERS[:free_dims]
    bound = _LETTERS[free_dims:free_dims + bound_dims]
    new = _LETTERS[free_dims + bound_dims:free_dims + bound_dims + output_dims]
    return '%s,%s->%s' % (free + bound, bound + new, free + new), new, free_dims + output_dims


def partial_shape(output_rank, known_last_dims):
    """An EinsumDense output_shape: None for the leading axes, then ``known_last_dims``."""
    return [None] * (output_rank - len(known_last_dims)) + list(known_last_dims)


def attention_equations(rank, attention_axes):
    """(scores equation, combine equation, scores rank) for projected tensors of
    ``rank`` (batch, ..., heads, channels) attending over ``attention_axes``.

    Scores: key (source) and query (target) -> (batch dims, heads, query
    attention axes, key attention axes), the batch dims being every axis
    but the attention axes and the channels. Combine: scores and value ->
    the query's layout again.
    """
    try:
        # Keras 3 finds the batch dims with np.delete: an axis past the rank is its IndexError ('index 5 is out
        # of bounds for axis 0 with size 4'), raised by the layer's build, outside the call's banner
        np.delete(np.arange(rank), tuple(attention_axes) + (rank - 1,))
    except IndexError as error:
        error._keras_call_info_injected = True
        error.add_note('MultiHeadAttention: attention_axes %s must be axes of the projected inputs (rank %d, the '
                       'last two being heads and channels)' % (tuple(attention_axes), rank))
        raise
    target = _LETTERS[:rank]
    batch_dims = [i for i in range(rank) if i not in attention_axes and i != rank - 1]
    source, extra = list(target), rank
    for axis in attention_axes:
        source[axis] = _LETTERS[extra]
        extra += 1
    source = ''.join(source)
    product = (''.join(target[i] for i in batch_dims) + ''.join(target[i] for i in attention_axes)
               + ''.join(source[i] for i in attention_axes))
    return '%s,%s->%s' % (source, target, product), '%s,%s->%s' % (product, source, target), len(product)
