"""``tf.repeat`` and ``tf.reverse_sequence``: both pick elements of the input by an index array
worked out on the host, so each is one ``gather`` and its gradient is gather's (dense, summed
over the copies)."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error
from .indexing import gather
from .integer_arguments import refuse_non_integer
from .operands import as_tensor, named_errors
from .shapes import reshape


def _host_ints(value, op, what):
    data = value._data if hasattr(value, '_data') else value
    return np.asarray(backend.to_host(data) if hasattr(value, '_data') else data).astype(np.int64)


@named_errors('repeat')
def repeat(input, repeats, axis=None, name=None):  # noqa: A002
    """Each slice of ``input`` along ``axis`` repeated ``repeats`` times (a scalar, or one count per slice);
    ``axis=None`` repeats the flattened input, as TensorFlow.

    Raises:
        ValueError: a list of counts whose length is neither 1 nor the axis's size.
        InvalidArgumentError: a negative count.
    """
    x = as_tensor(input, 'repeat')
    refuse_non_integer(repeats, 'repeats', 'repeat')      # 2.5 was cut to 2
    if isinstance(axis, (bool, float, str, bytes)):
        error = TypeError('Argument `axis` must be an int. Received `axis` = %s of type %s' % (axis, type(axis).__name__))
        error.add_note('repeat: axis must be an int')
        raise error
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    if isinstance(axis, (bool, float)) or x.ndim == 0 or not -x.ndim <= int(axis) < x.ndim:
        raise InvalidArgumentError('repeat: axis %r is out of range for a tensor of shape %s'
                                   % (axis, tuple(x.shape)))
    axis = int(axis) % x.ndim
    counts = _host_ints(repeats, 'repeat', 'repeats')
    size = x.shape[axis]
    if counts.ndim > 1:
        raise ValueError('repeat: repeats must be a scalar or 1-D, got shape %s' % (counts.shape,))
    if counts.ndim == 1 and counts.size not in (1, size):
        raise ValueError('Dimensions %d and %d are not compatible' % (size, counts.size))
    if (counts < 0).any():
        raise InvalidArgumentError('repeat: repeats must be >= 0, got %s' % (counts.tolist(),))
    picks = np.repeat(np.arange(size), np.broadcast_to(counts, (size,)))
    return gather(x, picks, axis=axis)


@named_errors('reverse_sequence')
def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None):  # noqa: A002
    """For each batch entry b, its first ``seq_lengths[b]`` elements along ``seq_axis`` reversed;
    the rest stay in place (batch_axis defaults to 0).

    Raises:
        InvalidArgumentError: a length above the sequence axis's size, or a count of lengths
            that is not the batch size.
    """
    x = as_tensor(input, 'reverse_sequence')
    if x.ndim < 2:
        raise kernel_error('ReverseSequence', 'seq_dim must be < input rank ( %s vs. %d)' % (seq_axis, x.ndim),
                           note='reverse_sequence: input must have rank >= 2 (a batch axis and a sequence axis), '
                                'got shape %s' % (tuple(x.shape),))
    if not (-x.ndim <= int(seq_axis if seq_axis is not None else 0) < x.ndim
            and -x.ndim <= int(batch_axis or 0) < x.ndim):
        raise InvalidArgumentError('reverse_sequence: seq_axis %r or batch_axis %r is out of range for rank %d'
                                   % (seq_axis, batch_axis, x.ndim))
    if seq_axis is None:
        raise ValueError('reverse_sequence: seq_axis is required (the axis whose prefixes are reversed)')
    seq_axis, batch_axis = int(seq_axis) % x.ndim, int(batch_axis or 0) % x.ndim
    lengths = _host_ints(seq_lengths, 'reverse_sequence', 'seq_lengths').reshape(-1)
    shape = tuple(x.shape)
    if lengths.size != shape[batch_axis]:
        raise InvalidArgumentError('reverse_sequence: len(seq_lengths) (%d) != input.dims(%d) (%d)'
                                   % (lengths.size, batch_axis, shape[batch_axis]))
    for b, n in enumerate(lengths):
        if n > shape[seq_axis] or n < 0:
            raise InvalidArgumentError('reverse_sequence: seq_lens(%d) = %d is not in [0, input.dims(%d) = %d]'
                                       % (b, n, seq_axis, shape[seq_axis]))
    # Move (batch, seq) to the front of an index array, reverse each row's prefix, move them back.
    order = np.moveaxis(np.arange(int(np.prod(shape))).reshape(shape), (batch_axis, seq_axis), (0, 1)).copy()
    for b, n in enumerate(lengths):
        order[b, :n] = order[b, :n][::-1]
    order = np.moveaxis(order, (0, 1), (batch_axis, seq_axis))
    return reshape(gather(reshape(x, [-1]), order.reshape(-1)), shape)
