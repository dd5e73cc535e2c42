"""``tf.sparse.segment_sum / segment_mean / segment_sqrt_n``: segment reductions over
the rows ``indices`` of a dense tensor (a gather followed by a sorted-segment reduction).
Their gradients are TF's SparseSegment*Grad kernels: dense, and not differentiable again."""
import numpy as np

from .. import backend
from ..errors import fast_path, kernel_error
from ..tensor import Tensor, convert_to_tensor
from ..tf_python_names import tf_named


def _segments(data, indices, segment_ids, num_segments, op, power, kernel):
    """The segment sums of ``data``'s rows ``indices`` (scaled by 1 / count ** power), recorded as one
    op whose gradient is TensorFlow's ``kernel`` (SparseSegmentSumGrad...): it has no gradient of its
    own, so forward mode and second derivatives through it raise TF's LookupError."""
    from ..ops import unsorted_segment_sum
    from ..ops.indexing import gather_dense
    from ..ops.unregistered_gradient import without_gradient
    from ..tape import ACTIVE, paused, record
    rows = np.asarray(backend.to_host(convert_to_tensor(indices)._data))
    ids = np.asarray(backend.to_host(convert_to_tensor(segment_ids)._data))
    if rows.dtype.kind not in 'iu' or ids.dtype.kind not in 'iu':
        raise ValueError('%s: indices and segment_ids must be integer vectors of one length, got %s and %s'
                         % (op, rows.tolist(), ids.tolist()))
    x = convert_to_tensor(data)
    forward = kernel[:-len('Grad')] + ('' if num_segments is None else 'WithNumSegments')
    if power and x._data.dtype.name not in ('bfloat16', 'float16', 'float32', 'float64'):
        raise _float_only(forward, x, num_segments is not None)
    n = check_sparse_segments(rows, ids, int(x.shape[0]) if x.ndim else 0, num_segments, forward,
                              fast_path(data, indices, segment_ids), op)
    counts = np.bincount(ids, minlength=n)[:n]
    with paused():
        out = unsorted_segment_sum(gather_dense(x, rows), ids.astype(np.int64), n)
        if power:
            out = _scale(out, counts, power)
    if ACTIVE:
        def rows_gradient(g):
            # the grad kernel scales by 1 / count ** power worked out in double, then cast to the dtype
            picked = gather_dense(g, ids)
            if power:
                scale = 1.0 / np.maximum(counts, 1).astype(np.float64) ** power
                picked = picked * _column(scale[ids].astype(x._data.dtype), picked.ndim)
            return unsorted_segment_sum(picked, rows.astype(np.int64), int(x.shape[0]))
        record(op, (x,), out, (lambda g, y, x: without_gradient(kernel, rows_gradient, g),))
    return out


def check_sparse_segments(rows, ids, row_count, num_segments, kernel, named, op):
    """The number of output rows, after the SparseSegmentReduction kernels' checks in their order and words:
    the shapes, then segment by segment the ids' order and range and each segment's row indices."""
    def refuse(text):
        raise kernel_error(kernel, text, named=named,
                           note='%s: indices must be rows of data (in [0, %d)) and segment_ids sorted ids >= 0, one '
                                'per index; got indices %s and segment_ids %s' % (op, row_count, rows.tolist(),
                                                                                  ids.tolist()))
    if rows.ndim != 1:
        refuse('indices should be a vector.')
    if ids.ndim != 1:
        refuse('segment_ids should be a vector.')
    if rows.size != ids.size:
        refuse('segment_ids and indices should have same size.')
    if num_segments is None:
        output_rows = int(ids[-1]) + 1 if ids.size else 0
    else:
        output_rows = int(num_segments)
        if ids.size and int(ids[-1]) >= output_rows:
            refuse('segment ids must be < num_segments')
    if output_rows < 0:
        refuse('segment ids must be >= 0')
    start = 0
    while start < ids.size:
        end = start + 1
        while end < ids.size and ids[end] == ids[start]:
            end += 1
        if end < ids.size and ids[start] > ids[end]:
            refuse('segment ids are not increasing')
        if not 0 <= ids[start] < output_rows:
            refuse("Segment id %d out of range [0, %d), possibly because 'segment_ids' input is not sorted."
                   % (ids[start], output_rows))
        bad = [k for k in range(start, end) if not 0 <= rows[k] < row_count]
        if bad:
            refuse('Bad: indices[%d] == %d out of range [0, %d)' % (bad[0], rows[bad[0]], row_count))
        start = end
    return output_rows


def _column(values, ndim):
    return Tensor(backend.place(values.reshape((-1,) + (1,) * (ndim - 1))))


def _float_only(kernel, x, counted):
    """The registry error of SparseSegmentMean / SqrtN (and ...WithNumSegments) for data of another dtype; its
    Python wrapper passes no name, so the text ends at [Op:...] (an int mean was computed as 0 before)."""
    from ..errors import InvalidArgumentError
    from ..ops.graph_input_errors import allowed_list_refusal, kernel_dtype_name
    count = ', num_segments:Tnumsegments' if counted else ''
    count_attr = 'attr=Tnumsegments:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; ' if counted else ''
    error = InvalidArgumentError(
        "Value for attr 'T' of %s is not in the list of allowed values: bfloat16, half, float, double\n\t; NodeDef: "
        "{{node %s}}; Op<name=%s; signature=data:T, indices:Tidx, segment_ids:Tsegmentids%s -> output:T; "
        "attr=T:type,allowed=[DT_BFLOAT16, DT_HALF, DT_FLOAT, DT_DOUBLE]; attr=Tidx:type,default=DT_INT32,allowed="
        "[DT_INT32, DT_INT64]; %sattr=Tsegmentids:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
        "attr=sparse_gradient:bool,default=false> [Op:%s]"
        % (kernel_dtype_name(x._data.dtype), kernel, kernel, count, count_attr, kernel))
    error.add_note('sparse.segment_mean / segment_sqrt_n take floating data only; cast it first, e.g. '
                   'tf.cast(data, tf.float32)')
    # (in a trace: op_def_library's TypeError, naming 'data')
    return allowed_list_refusal(error, 'T', x.dtype.name, ('bfloat16', 'float16', 'float32', 'float64'), 'data:T')


def _scale(total, counts, power):
    from ..ops import cast
    # The forward kernel multiplies by 1 / n ** power worked out in the data's dtype (float32 for
    # float32, half and bfloat16; double for float64): one rounding less than dividing by sqrt(n).
    dtype = np.float64 if total._data.dtype == np.float64 else np.float32
    n = np.maximum(counts, 1).astype(dtype)
    factor = (dtype(1) / (n if power == 1.0 else np.sqrt(n))).astype(dtype)
    return total * cast(_column(factor, total.ndim), total.dtype)


@tf_named('sparse_segment_sum_v2')
def segment_sum(data, indices, segment_ids, num_segments=None, name=None):
    """``out[s] = sum(data[indices[i]] for i with segment_ids[i] == s)``."""
    return _segments(data, indices, segment_ids, num_segments, 'sparse.segment_sum', 0, 'SparseSegmentSumGrad')


@tf_named('sparse_segment_mean_v2')
def segment_mean(data, indices, segment_ids, num_segments=None, name=None):
    """As segment_sum, divided by each segment's size (empty segments give 0)."""
    return _segments(data, indices, segment_ids, num_segments, 'sparse.segment_mean', 1.0, 'SparseSegmentMeanGrad')


@tf_named('sparse_segment_sqrt_n_v2')
def segment_sqrt_n(data, indices, segment_ids, num_segments=None, name=None):
    """As segment_sum, divided by the square root of each segment's size."""
    return _segments(data, indices, segment_ids, num_segments, 'sparse.segment_sqrt_n', 0.5,
                     'SparseSegmentSqrtNGrad')
