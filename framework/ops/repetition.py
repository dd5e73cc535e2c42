"""``tf.repeat`` and ``tf.reverse_sequence``: both pick elements of the input by an index array
worked out on the host, so each is one gather and its gradient is dense, summed over the copies
(TensorFlow builds them without GatherV2: a watched tensor's gradient is no IndexedSlices)."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error
from .indexing import gather, gather_dense
from .integer_arguments import refuse_non_integer
from ..tensor import Tensor
from .operands import ACTIVE, as_tensor, named_errors, record, snapshot
from .shapes import reshape
from ..tf_python_names import tf_named


def _host_ints(value, op, what):
    data = value._data if hasattr(value, '_data') else value
    return np.asarray(backend.to_host(data) if hasattr(value, '_data') else data).astype(np.int64)


@named_errors('repeat')
def repeat(input, repeats, axis=None, name=None):  # noqa: A002
    """Each slice of ``input`` along ``axis`` repeated ``repeats`` times (a scalar, or one count per slice);
    ``axis=None`` repeats the flattened input, as TensorFlow.

    Raises (TF 2.21's repeat_with_axis, in its order and words):
        ValueError: counts of rank 2 or more ('Shape (1, 3) must have rank at most 1'); an axis outside the
            input's rank ('axis=2 out of bounds: expected -2<=axis<2'); a list of counts whose length is
            neither 1 nor the axis's size.
        InvalidArgumentError: one negative count, as its Tile kernel words it (a negative count in a list
            repeats that slice 0 times: TF masks the tiled copies with a sequence mask).
    """
    x = as_tensor(input, 'repeat')
    refuse_non_integer(repeats, 'repeats', 'repeat')      # 2.5 was cut to 2
    if isinstance(axis, (bool, float, str, bytes)):
        error = TypeError('Argument `axis` must be an int. Received `axis` = %s of type %s' % (axis, type(axis).__name__))
        error.add_note('repeat: axis must be an int')
        raise error
    if axis is None:
        x, axis = reshape(x, [-1]), 0
    counts = _host_ints(repeats, 'repeat', 'repeats')
    if counts.ndim > 1:
        error = ValueError('Shape %s must have rank at most 1' % (tuple(counts.shape),))
        error.add_note('repeat: repeats must be a scalar or 1-D, got shape %s' % (tuple(counts.shape),))
        raise error
    if x.ndim == 0:
        x = reshape(x, [1])          # TF's _with_nonzero_rank: a scalar repeats as a vector
    if not -x.ndim <= int(axis) < x.ndim:
        error = ValueError('axis=%d out of bounds: expected %d<=axis<%d' % (axis, -x.ndim, x.ndim))
        error.add_note('repeat: axis %r is out of range for a tensor of shape %s' % (axis, tuple(x.shape)))
        raise error
    axis = int(axis) % x.ndim
    size = x.shape[axis]
    if counts.size == 1 and counts.reshape(-1)[0] < 0:
        raise kernel_error('Tile', 'Expected multiples[%d] >= 0, but got %d' % (axis + 1, counts.reshape(-1)[0]),
                           note='repeat: repeats must be >= 0, got %d' % counts.reshape(-1)[0])
    if counts.ndim == 1 and counts.size not in (1, size):
        raise ValueError('Dimensions %d and %d are not compatible' % (size, counts.size))
    counts = np.maximum(counts, 0)
    picks = np.repeat(np.arange(size), np.broadcast_to(counts, (size,)))
    return gather_dense(x, picks, axis)


def _dim_attr(value, name):
    """An int attr as TensorFlow's op checks it: '1', None or a list are its TypeError (int() took '1')."""
    if value is None or isinstance(value, (str, bytes, list, tuple, bool)):
        raise TypeError("Expected int for argument '%s' not %r." % (name, value))
    return int(value)


@tf_named('reverse_sequence_v2')
@named_errors('reverse_sequence')
def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None):  # noqa: A002
    """For each batch entry b, its first ``seq_lengths[b]`` elements along ``seq_axis`` reversed;
    the rest stay in place (batch_axis defaults to 0).

    Raises:
        InvalidArgumentError: a length above the sequence axis's size, or a count of lengths
            that is not the batch size.
    """
    # TF's op wrapper reads the int attrs before it converts the input (reverse_sequence(None, None): seq_dim's error)
    seq, batch = _dim_attr(seq_axis, 'seq_dim'), 0 if batch_axis is None else _dim_attr(batch_axis, 'batch_dim')
    x = as_tensor(input, 'reverse_sequence')
    named = fast_path(input, seq_lengths)
    if not isinstance(seq_lengths, Tensor) and np.size(seq_lengths) == 0:
        seq_lengths = np.zeros(np.shape(seq_lengths), np.int64)   # TF converts no lengths with Tlen's default
    lengths_tensor = as_tensor(seq_lengths, 'reverse_sequence')
    if lengths_tensor._data.dtype.kind not in 'iu':       # the op's Tlen attr: int32 or int64
        raise InvalidArgumentError("Value for attr 'Tlen' of %s is not in the list of allowed values: int32, int64\n"
                                   "\t; NodeDef: {{node ReverseSequence}}; Op<name=ReverseSequence; signature=input:T, "
                                   "seq_lengths:Tlen -> output:T; attr=seq_dim:int; attr=batch_dim:int,default=0; "
                                   "attr=T:type; attr=Tlen:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> "
                                   "[Op:ReverseSequence]%s"
                                   % ({'float32': 'float', 'float64': 'double'}.get(lengths_tensor.dtype.name,
                                                                                    lengths_tensor.dtype.name),
                                      ' name: ' if named else ''))
    shape = tuple(x.shape)
    lengths = _host_ints(lengths_tensor, 'reverse_sequence', 'seq_lengths').reshape(-1)
    # the ReverseSequence kernel's checks, in its order and words
    problem = ('Invalid seq_dim %d' % seq if seq < 0 else 'Invalid batch_dim %d' % batch if batch < 0 else
               'batch_dim == seq_dim == %d' % seq if seq == batch else
               'seq_dim must be < input rank ( %d vs. %d)' % (seq, x.ndim) if seq >= x.ndim else
               'batch_dim must be < input rank ( %d vs. %d)' % (batch, x.ndim) if batch >= x.ndim else
               'Length of seq_lengths != input.dims(%d), (%d vs. %d)' % (batch, lengths.size, shape[batch])
               if lengths.size != shape[batch] else None)
    if problem is None:
        for b, n in enumerate(lengths):
            if n < 0 or n > shape[seq]:
                problem = 'seq_lens(%d) %s' % (b, '< 0' if n < 0 else '> input.dims(%d)' % seq)
                break
    if problem is not None:
        raise kernel_error('ReverseSequence', problem,
                           note='reverse_sequence: input %s, seq_lengths %s, seq_axis=%r, batch_axis=%r: the axes '
                                'must be two non-negative axes of the input and each length at most the sequence '
                                "axis's size" % (shape, lengths.tolist(), seq_axis, batch_axis))
    seq_axis, batch_axis = seq, batch
    # Move (batch, seq) to the front of an index array, reverse each row's prefix, move them back.
    order = np.moveaxis(np.arange(int(np.prod(shape))).reshape(shape), (batch_axis, seq_axis), (0, 1)).copy()
    for b, n in enumerate(lengths):
        order[b, :n] = order[b, :n][::-1]
    order = np.moveaxis(order, (0, 1), (batch_axis, seq_axis)).reshape(-1)
    data = snapshot(x)
    out = Tensor(data.reshape(-1)[backend.array_module(data).asarray(order)].reshape(shape))
    if ACTIVE:
        # TF's rule, ReverseSequence of the gradient (the permutation is its own inverse): a gather's
        # scatter-add into zeros would turn a -0 of the gradient into +0
        record('reverse_sequence', (x,), out, (lambda g, y, x: reshape(gather(reshape(g, [-1]), order), shape),))
    return out
