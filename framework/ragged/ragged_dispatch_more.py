"""More plain ops TensorFlow dispatches to RaggedTensors: tile, reverse, and map_fn over the rows
(the ragged tensors guide calls them; embedding_lookup takes ragged ids in ops/sequences.py)."""
import numpy as np

from . import row_partition as rp
from .ragged_tensor import RaggedTensor


def tile(input, multiples, name=None):  # noqa: A002
    """Each row repeated ``multiples[1]`` times end to end, the rows ``multiples[0]`` times, and the
    uniform inner axes as ``tf.tile`` repeats them (ragged_rank 1)."""
    from ..ops import gather, tile as dense_tile
    rt = input
    reps = [int(m) for m in (multiples.numpy().tolist() if hasattr(multiples, 'numpy') else multiples)]
    if rt.ragged_rank != 1 or len(reps) != rt.ndim or min(reps, default=0) < 0:
        raise ValueError('tile: a RaggedTensor of shape %s (ragged_rank %d) tiles here with ragged_rank 1 and one '
                         'non-negative multiple per axis, got multiples %s' % (rt.shape, rt.ragged_rank, reps))
    splits = rt._splits_host()
    rows = [np.tile(np.arange(splits[i], splits[i + 1]), reps[1]) for i in range(len(splits) - 1)] * reps[0]
    order = np.concatenate(rows).astype(np.int64) if rows else np.zeros(0, np.int64)
    values = gather(rt.values, order)
    if any(m != 1 for m in reps[2:]):
        values = dense_tile(values, [1] + reps[2:])
    lengths = np.tile(np.diff(splits) * reps[1], reps[0]).astype(np.int64)
    return RaggedTensor(values, rp.splits_tensor(rp.splits_from_lengths(lengths, 'tile'), rt.row_splits_dtype))


def reverse(tensor, axis, name=None):
    """``tensor`` read backwards along each axis in ``axis``: TF's ragged reverse is the slice
    ``tensor[..., ::-1, ...]`` (axis 0 reverses the rows' order, a ragged axis each row)."""
    from ..tensor import Tensor
    if isinstance(axis, Tensor):
        axis = axis.numpy().tolist()
        axis = [axis] if isinstance(axis, int) else axis
    elif not (isinstance(axis, (list, tuple)) and all(isinstance(a, int) for a in axis)):
        raise TypeError('`axis` must be a list of int or a constant tensorwhen reversing axes in a ragged tensor')
    rank = tensor.shape.rank
    for i, a in enumerate(axis):
        if not -rank <= a < rank:
            error = ValueError('axis[%d]=%d out of bounds: expected %d<=axis[%d]<%d' % (i, a, -rank, i, rank))
            error.add_note('reverse: a RaggedTensor of rank %d' % rank)
            raise error
    axis = [a % rank for a in axis]
    key = [slice(None)] * (max(axis) + 1 if axis else 0)
    for a in axis:
        key[a] = slice(None, None, -1)
    return tensor[tuple(key)]


def clip_by_value(t, clip_value_min, clip_value_max, name=None):
    """The values clipped, the rows kept (TF's ragged dispatch of clip_by_value; scalar bounds)."""
    from ..ops import clip_by_value as dense_clip
    return t._map_values(lambda values: dense_clip(values, clip_value_min, clip_value_max), 'clip_by_value')


def softmax(logits, axis=-1, name=None):
    """TF's ragged softmax: exp(x - the row's max), divided by the row's sum of those."""
    from ..ops import divide, exp, reduce_max, reduce_sum, subtract
    axis = -1 if axis is None else axis
    shifted = exp(subtract(logits, reduce_max(logits, axis=axis, keepdims=True)))
    return divide(shifted, reduce_sum(shifted, axis=axis, keepdims=True))


def reduce_variance(input_tensor, axis=None, keepdims=False, name=None):
    """TF's ragged variance: mean of squares less the square of the mean, clipped at 0 (its words: 'not
    numerically stable'; the dense op's mean of squared deviations rounds otherwise)."""
    from ..ops import maximum, reduce_mean, square, subtract
    if input_tensor.dtype.is_complex:
        raise ValueError('reduce_variance is not supported for RaggedTensors with complex dtypes.')
    mean_of_square = reduce_mean(square(input_tensor), axis, keepdims)
    square_of_mean = square(reduce_mean(input_tensor, axis, keepdims))
    return maximum(subtract(mean_of_square, square_of_mean), 0)


def reduce_std(input_tensor, axis=None, keepdims=False, name=None):
    from ..ops import sqrt
    return sqrt(reduce_variance(input_tensor, axis, keepdims))


def reduce_logsumexp(input_tensor, axis=None, keepdims=False, name=None):
    """TF's reduce_logsumexp on a RaggedTensor: its dense composition (log of the sum of exp(x - max), plus
    the max where finite), each op dispatched to the ragged operands as TF dispatches them."""
    from ..ops import add, exp, is_finite, log, reduce_max, reduce_sum, reshape, shape, stop_gradient, subtract, where
    from ..ops import zeros_like
    raw_max = reduce_max(input_tensor, axis, keepdims=True)
    top = stop_gradient(where(is_finite(raw_max), raw_max, zeros_like(raw_max)))
    result = log(reduce_sum(exp(subtract(input_tensor, top)), axis, keepdims))
    if not keepdims:
        if isinstance(result, RaggedTensor):
            # TF reshapes to gen_array_ops.shape(result), the raw op, which dispatches nothing: converting a
            # ragged result (two ragged axes) fails there
            raise result._refusal('Shape')
        top = reshape(top, shape(result))
    return add(result, top)


def add_n(inputs, name=None):
    """TF's ragged add_n: the flat values summed, every input of the first's row lengths."""
    from ..errors import InvalidArgumentError
    from ..ops import add_n as dense_add_n
    from .ragged_ops import _same_layout
    first = next(x for x in inputs if isinstance(x, RaggedTensor))
    for x in inputs:
        if not isinstance(x, RaggedTensor):
            raise ValueError('add_n: inputs mix RaggedTensors and dense tensors; TF sums the flat values of '
                             'RaggedTensors of one row layout, got %s' % type(x).__name__)
        try:
            _same_layout(first, x, 'add_n')
        except InvalidArgumentError as err:     # TF merges the inputs' row partitions first: its words lead
            raise InvalidArgumentError('RowPartition._merge_precomputed_encodings: partitions have incompatible '
                                       'row_splits\n' + err.message) from None
    return first.with_flat_values(dense_add_n([x.flat_values for x in inputs]))


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """TF's ragged one_hot: each flat index one-hot encoded, a new innermost axis of ``depth``."""
    from ..ops import one_hot as dense_one_hot
    if isinstance(axis, int) and axis >= 0:        # an axis of the flat values (only -1 may be negative)
        if axis <= indices.ragged_rank:
            raise ValueError('axis (%d) must be greater than indices.ragged_rank (%d).' % (axis, indices.ragged_rank))
        axis -= indices.ragged_rank
    return indices.with_flat_values(dense_one_hot(indices.flat_values, depth, on_value, off_value, axis, dtype))


def cumsum(x, axis=0, exclusive=False, reverse=False, name=None):
    """TF's ragged cumsum, op for op (its rounding): along the innermost ragged axis, the flat values'
    exclusive cumsum less each row's first one (plus the values when inclusive); along a uniform inner
    axis, the flat values'; along an outer axis, the padded tensor's, cut back to the rows."""
    from ..ops import cumsum as dense_cumsum
    rank = x.shape.rank
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ValueError('axis=%d out of bounds: expected %d<=axis<%d' % (axis, -rank, rank))
    axis %= rank
    if axis == x.ragged_rank:
        return x.with_flat_values(_cumsum_in_rows(x, x.flat_values, exclusive, reverse))
    if axis > x.ragged_rank:
        return x.with_flat_values(dense_cumsum(x.flat_values, axis - x.ragged_rank, exclusive, reverse))
    dense = dense_cumsum(x.to_tensor(), axis, exclusive, reverse)
    return RaggedTensor.from_tensor(dense, lengths=x.nested_row_lengths())


def _cumsum_in_rows(x, flat_values, exclusive, reverse):
    from ..ops import cumsum as dense_cumsum, gather
    if not exclusive:
        return _cumsum_in_rows(x, flat_values, True, reverse) + flat_values
    last = x
    while isinstance(last.values, RaggedTensor):
        last = last.values
    if reverse:
        sibling = gather(last.row_splits, last.value_rowids() + 1) - 1
    else:
        sibling = gather(last.row_splits, last.value_rowids())
    sums = dense_cumsum(flat_values, exclusive=True, reverse=reverse)
    return sums - gather(sums, sibling)


def map_rows(fn, rt, signature, op='map_fn'):
    """``fn`` on each row of ``rt``: a RaggedTensor of the outputs (no signature: the rows'), or
    their stack (a dtype / TensorSpec signature)."""
    from ..ops import concat, stack
    outputs = [fn(rt[i]) for i in range(int(rt.nrows()))]
    if signature is not None:
        return stack(outputs, 0)
    if any(getattr(o, 'ndim', 0) == 0 for o in outputs):
        raise ValueError('%s: fn returned a scalar for a row of a RaggedTensor; pass fn_output_signature (a dtype '
                         'or tf.TensorSpec) to stack the results into a dense tensor' % op)
    if any(isinstance(o, RaggedTensor) for o in outputs):
        from .ragged_ops import stack as ragged_stack
        return ragged_stack(outputs, 0)
    lengths = np.asarray([o.shape[0] for o in outputs], np.int64)
    values = concat(outputs, 0) if outputs else rt.flat_values[:0]
    return RaggedTensor(values, rp.splits_tensor(rp.splits_from_lengths(lengths, op), rt.row_splits_dtype))


def _install():
    RaggedTensor._DISPATCH['tile'] = tile
    RaggedTensor._DISPATCH['reverse'] = reverse
    RaggedTensor._DISPATCH['clip_by_value'] = clip_by_value
    RaggedTensor._DISPATCH['softmax'] = softmax
    RaggedTensor._DISPATCH['add_n'] = add_n
    RaggedTensor._DISPATCH['cumsum'] = cumsum
    RaggedTensor._DISPATCH['one_hot'] = one_hot
    RaggedTensor._DISPATCH['reduce_variance'] = reduce_variance
    RaggedTensor._DISPATCH['reduce_std'] = reduce_std
    RaggedTensor._DISPATCH['reduce_logsumexp'] = reduce_logsumexp


_install()
__all__ = ['add_n', 'clip_by_value', 'cumsum', 'one_hot', 'map_rows', 'reduce_logsumexp', 'reduce_std', 'reduce_variance', 'reverse', 'softmax', 'tile']
