"""tf.nn.isotonic_regression: the best non-increasing (or, decreasing=False, non-decreasing) fit of
each 1-D slice along ``axis``, by pool-adjacent-violators, as TensorFlow's IsotonicRegression.

The fit is constant on segments (numbered from 0 along each slice); neighbouring blocks merge
only when they violate the order strictly, so equal values stay separate segments, as in
TensorFlow. The output dtype follows TensorFlow's promotion (float types kept, int8 / int16 to
float32, other integers to float64). The gradient is the mean of the incoming gradient over each
segment (TensorFlow's _MeanAggregator), written with framework ops so that it nests.
"""
import collections

import numpy as np

from .. import backend, dtypes
from ..errors import InvalidArgumentError
from ..tensor import Tensor
from .graph_input_errors import allowed_list_refusal, kernel_dtype_name
from .operands import ACTIVE, as_tensor, named_errors, record

# IsotonicRegression's T, in its OpDef's order
_ALLOWED_T = ('float32', 'float64', 'int32', 'uint8', 'int16', 'int8', 'int64', 'bfloat16', 'uint16', 'float16',
              'uint32', 'uint64')

IsotonicRegression = collections.namedtuple('IsotonicRegression', ['output', 'segments'])
_PROMOTED = {'float32': 'float32', 'float16': 'float16', 'bfloat16': 'bfloat16', 'int8': 'float32',
             'int16': 'float32'}


def _pool_adjacent_violators(row):
    """(fitted values, segment ids) of the best non-increasing fit of ``row``."""
    sums, counts = [], []
    for value in row:
        sums.append(float(value))
        counts.append(1)
        while len(sums) > 1 and sums[-2] / counts[-2] < sums[-1] / counts[-1]:
            last_sum, last_count = sums.pop(), counts.pop()
            sums[-1] += last_sum
            counts[-1] += last_count
    fitted = np.repeat(np.array(sums) / np.array(counts), counts) if sums else np.zeros(0)
    return fitted, np.repeat(np.arange(len(counts), dtype=np.int32), counts)


@named_errors('isotonic_regression')
def isotonic_regression(inputs, decreasing=True, axis=-1, *args, **kwargs):
    """(output, segments) of the isotonic fit of ``inputs`` along ``axis``.

    Returns:
        An IsotonicRegression(output, segments) namedtuple (a plain tuple with decreasing=False or along
        another axis than the last, as TensorFlow's wrapper returns then).
    Raises:
        InvalidArgumentError: a bool, complex or string tensor, or an axis outside [-rank, rank).
        TypeError: a fourth argument or a keyword argument (``name`` too: TF 2.21's function takes none).
    """
    if args:        # (TF 2.21's dispatch wrapper: the function takes no name)
        raise TypeError('Too many arguments were given. Expected 3 but got %d.' % (3 + len(args)))
    if kwargs:
        raise TypeError("Got an unexpected keyword argument '%s'" % next(iter(kwargs)))
    t = as_tensor(inputs, 'isotonic_regression')
    if t._data.dtype.kind not in 'fiu' and t.dtype.name != 'bfloat16':
        # the registry's words (TF's wrapper converts a list first, so it ends in ' name: ' too); in a trace
        # op_def_library's TypeError
        raise allowed_list_refusal(InvalidArgumentError(
            "Value for attr 'T' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node "
            'IsotonicRegression}}; Op<name=IsotonicRegression; signature=input:T -> output:output_dtype, '
            'segments:int32; attr=T:type,allowed=[%s]; attr=output_dtype:type,default=DT_FLOAT,allowed=[DT_HALF, '
            'DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:IsotonicRegression] name: '
            % (t.dtype.name, ', '.join(kernel_dtype_name(n) for n in _ALLOWED_T),
               ', '.join('DT_' + kernel_dtype_name(n).upper() for n in _ALLOWED_T))),
            'T', t.dtype.name, _ALLOWED_T, 'input:T')
    rank = t.ndim
    if rank and not -rank <= axis < rank:
        raise InvalidArgumentError('isotonic_regression: `dim` must be in the range [%d, %d) where %d is the number '
                                   'of dimensions in the input. Received: dim=%d' % (-rank, rank, rank, axis))
    out_dtype = dtypes.as_dtype(_PROMOTED.get(t.dtype.name, 'float64'))
    values = np.asarray(backend.to_host(t._data), np.float64)
    moved = np.moveaxis(values.reshape(1) if rank == 0 else values, axis if rank else 0, -1)
    rows = moved.reshape(int(np.prod(moved.shape[:-1])), moved.shape[-1])
    sign = 1.0 if decreasing else -1.0
    fitted, segments = np.zeros(rows.shape), np.zeros(rows.shape, np.int32)
    for i, row in enumerate(rows):
        fitted[i], segments[i] = _pool_adjacent_violators(sign * row)

    def back(a):
        a = np.moveaxis(a.reshape(moved.shape), -1, axis if rank else 0)
        return a.reshape(()) if rank == 0 else a
    xp = backend.array_module(t._data)
    output = Tensor(xp.asarray(back(sign * fitted).astype(out_dtype.as_numpy_dtype)))
    segment_tensor = Tensor(xp.asarray(back(segments)))
    if ACTIVE:
        record('isotonic_regression', (t,), output, (_rule(back(segments), rows, rank, axis),))
    # (TF 2.21's op returns the namedtuple; its wrapper's negation, or its swap of another axis last, a plain tuple)
    last = not rank or axis == -1 or axis == rank - 1
    return IsotonicRegression(output, segment_tensor) if decreasing and last else (output, segment_tensor)


def _rule(segments, rows, rank, axis):
    """TF's _IsotonicRegressionGrad, _MeanAggregator: it splits the gradient along axis 0 only and stacks each
    part's segment means reshaped to [-1]. Along a matrix's rows that is each row's segment mean; a vector's
    entries are rows of their own (TF 2.21: the gradient of a (3,) input is g reshaped to (3, 1)), and a
    rank-3 or higher block along its last axis shares each segment number among all its rows, its gradient
    of shape (d0, d1 * ... * dn)."""
    from .shapes import reshape
    if rank == 1:
        return lambda g, y, x: reshape(g, [-1, 1])
    if rank >= 3 and axis % rank == rank - 1 and segments.size:
        block = np.arange(segments.shape[0], dtype=np.int32).reshape((-1,) + (1,) * (rank - 1))
        ids = segments + block * (int(segments.max()) + 1)
        return lambda g, y, x: reshape(_segment_mean(g, ids), [segments.shape[0], -1])
    ids = np.moveaxis(segments, axis if rank else 0, -1) if rank else segments.reshape(1)
    ids = ids + np.arange(len(rows), dtype=np.int32).reshape(ids.shape[:-1] + (1,)) * max(rows.shape[-1], 1)
    ids = np.moveaxis(ids, -1, axis if rank else 0).reshape(segments.shape)
    return lambda g, y, x: _segment_mean(g, ids)


def _segment_mean(grad, ids):
    """Each entry's share: the mean of ``grad`` over its segment (``ids`` number them globally)."""
    from .indexing import gather
    from .segments import unsorted_segment_mean
    from .shapes import reshape
    flat_ids = Tensor(ids.reshape(-1))
    means = unsorted_segment_mean(reshape(grad, [-1]), flat_ids, int(ids.max()) + 1 if ids.size else 0)
    return reshape(gather(means, flat_ids), ids.shape)
