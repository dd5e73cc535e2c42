"""Counting: count_nonzero, bincount, histogram_fixed_width, confusion_matrix, in_top_k.

Their results are counts or booleans, so none has a gradient (as in TensorFlow).
"""
import contextlib

import numpy as np

from ..errors import InvalidArgumentError, fast_path, kernel_error
from .. import backend, dtypes
from ..assertions import assert_less, assert_non_negative
from ..tape import record_blocked
from ..tensor import Tensor
from .indexing import _add_at
from .operands import ACTIVE, as_tensor, named_errors, normalize_axis
from .shapes import cast, squeeze
from .graph_input_errors import eager_input_error, fixed_type_mismatch
from ..tf_python_names import tf_named


def _blocked(op, *tensors):
    if ACTIVE:
        record_blocked(op, tensors)


def _ints(x, what, op):
    t = as_tensor(x, op)
    if t._data.dtype.kind not in 'iu':
        raise InvalidArgumentError('%s: %s must be integers, got dtype %s' % (op, what, t.dtype.name))
    return t


def _range_in_dtype(value_range, v, op, kernel):
    """value_range as TensorFlow converts it: a Python list in the values' dtype (floats refused for ints),
    a tensor of another dtype refused by the kernel's input check."""
    if isinstance(value_range, Tensor):
        if value_range.dtype != v.dtype and v._data.dtype.kind in 'fiu':
            error = eager_input_error(kernel, 1, v.dtype, value_range.dtype)
            error.add_note('%s: value_range must have the values\' dtype %s' % (op, v.dtype.name))
            raise error
        return value_range
    if v._data.dtype.kind in 'iu' and isinstance(value_range, (list, tuple)) and \
            any(isinstance(z, float) for z in value_range):
        error = TypeError('Cannot convert %r to EagerTensor of dtype %s' % (list(value_range), v.dtype.name))
        error.add_note('%s: value_range must have the values\' dtype %s' % (op, v.dtype.name))
        raise error
    return as_tensor(value_range, op)


def _optional_int(value, what, op):
    if value is None:
        return None
    if isinstance(value, Tensor):
        value = backend.to_host(value._data).item() if value.ndim == 0 else value
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 0:
        raise TypeError('%s: %s must be a non-negative integer, got %r' % (op, what, value))
    return int(value)


@tf_named('count_nonzero_v2')
@named_errors('count_nonzero')
def count_nonzero(input, axis=None, keepdims=None, dtype='int64', name=None):  # noqa: A002
    """The number of non-zero elements (non-empty strings) over ``axis``, as ``dtype``."""
    t = as_tensor(input, 'count_nonzero')
    axes = normalize_axis(axis, t.ndim, 'count_nonzero')
    _blocked('count_nonzero', t)
    a = t._data
    # string tensors hold bytes objects: b'' is their zero (a bytes never equals the str '')
    nonzero = ((a != b'') & (a != '')) if a.dtype.kind in 'OUS' else a != 0
    xp = backend.array_module(a)
    counts = xp.asarray(nonzero.sum(axis=axes, keepdims=bool(keepdims)))
    return Tensor(counts.astype(dtypes.numpy_dtype(dtype)))


@named_errors('bincount')
def bincount(arr, weights=None, minlength=None, maxlength=None, dtype='int32', name=None, axis=None,
             binary_output=False):
    """How often each value 0, 1, ... occurs in ``arr`` (or the sum of its ``weights``).

    The length is ``max(arr) + 1``, at least ``minlength``, at most ``maxlength``
    (larger values are dropped). ``axis=-1`` counts each row of a matrix
    separately; ``axis=None`` or 0 counts everything. ``binary_output`` gives 1
    for each value present. TF 2.21's checks and words: framework/ops/dense_bincount.py.
    """
    from .dense_bincount import dense_bincount
    counts = dense_bincount(arr, weights, minlength, maxlength, dtype, axis, binary_output)
    _blocked('bincount', counts)
    return counts


@named_errors('histogram_fixed_width')
def histogram_fixed_width(values, value_range, nbins=100, dtype='int32', name=None):
    """Counts of ``values`` in ``nbins`` equal bins over ``value_range = [lo, hi]``;
    values below lo go to the first bin, values at or above hi to the last."""
    v = as_tensor(values, 'histogram_fixed_width')
    r = _range_in_dtype(value_range, v, 'histogram_fixed_width', 'HistogramFixedWidth')
    _refuse_histogram_dtypes(v, dtype, fast_path(values, value_range, nbins))
    if tuple(r.shape) != (2,):      # the kernel's words
        raise kernel_error('HistogramFixedWidth', 'value_range should be a vector%s.' % (
            ' of 2 elements' if r.ndim == 1 else ''), named=fast_path(values, value_range, nbins),
            note='histogram_fixed_width: value_range must have shape (2,), got %s' % (tuple(r.shape),))
    lo, hi = (float(z) for z in backend.to_host(r._data))
    given = nbins
    if isinstance(nbins, (int, np.integer)) and not isinstance(nbins, bool) and nbins < 0:
        nbins = 0       # (the kernel's words below; _optional_int refuses negatives for the other ops)
    nbins = _optional_int(nbins, 'nbins', 'histogram_fixed_width')
    if not lo < hi or nbins == 0:
        # the kernel's checks in its order, its numbers printed as C++ streams print them (%g)
        text = ("value_range should satisfy value_range[0] < value_range[1], but got '[%g, %g]'" % (lo, hi)
                if not lo < hi else "nbins should be a positive number, but got '%d'" % int(given))
        raise kernel_error('HistogramFixedWidth', text, named=fast_path(values, value_range, given),
                           note='histogram_fixed_width: need value_range[0] < value_range[1] and nbins > 0, got '
                                '%s and %d' % ([lo, hi], int(given)))
    _blocked('histogram_fixed_width', v)
    xp = backend.array_module(v._data)
    flat = v._data.reshape(-1).astype(np.float64)
    if xp.isnan(flat).any():        # TF's kernel refuses NaN (it was left out silently); +-inf go to the end bins
        raise kernel_error('HistogramFixedWidth', 'Histogram values must not contain NaN',
                           note='histogram_fixed_width: values hold NaN; drop them first (tf.boolean_mask)')
    scaled = (flat - lo) / (hi - lo) * nbins
    bins = xp.clip(xp.floor(scaled), 0, nbins - 1).astype(np.int64)
    return Tensor(xp.bincount(bins, minlength=nbins).astype(dtypes.numpy_dtype(dtype)))


def _refuse_histogram_dtypes(v, dtype, named):
    """HistogramFixedWidth's registry error for values of a dtype other than int32, int64, float or
    double (uint8, half, bool, complex, strings), then for an output dtype other than int32 / int64."""
    from ..tensor import _kernel_name
    for attr, given, allowed in (('T', v._data.dtype, ('int32', 'int64', 'float', 'double')),
                                 ('dtype', np.dtype(dtypes.numpy_dtype(dtype)), ('int32', 'int64'))):
        if _kernel_name(given) not in allowed:
            error = InvalidArgumentError(
                "Value for attr '%s' of %s is not in the list of allowed values: %s\n\t; NodeDef: {{node "
                "HistogramFixedWidth}}; Op<name=HistogramFixedWidth; signature=values:T, value_range:T, nbins:int32 -> "
                "out:dtype; attr=T:type,allowed=[DT_INT32, DT_INT64, DT_FLOAT, DT_DOUBLE]; attr=dtype:type,"
                "default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:HistogramFixedWidth]%s"
                % (attr, _kernel_name(given), ', '.join(allowed), ' name: ' if named else ''))
            error.add_note('histogram_fixed_width: values must be int32, int64, float32 or float64 and the counts '
                           'int32 or int64, got %s and %s' % (v.dtype.name, np.dtype(dtypes.numpy_dtype(dtype)).name))
            raise error


@named_errors('confusion_matrix')
def confusion_matrix(labels, predictions, num_classes=None, weights=None, dtype='int32', name=None):
    """``m[i, j]``: how many (or how much weight of the) examples with label i were predicted j.

    As TensorFlow: a trailing size-1 axis on one side is squeezed ((N, 1) labels against (N,)
    predictions), and both are cast to int64 (float scores > 0.5 as bools, float labels truncated).
    Its checks come in its order: negative values, bounds (a given num_classes), the weights' shape,
    then the pairing of labels with predictions."""
    y, p = _squeezed_pair(as_tensor(labels, 'confusion_matrix'), as_tensor(predictions, 'confusion_matrix'))
    y, p = cast(y, 'int64'), cast(p, 'int64')
    a, b = y._data, p._data
    with _noting('labels and predictions must be >= 0'):
        assert_non_negative(y, message='`labels` contains negative values')
        assert_non_negative(p, message='`predictions` contains negative values')
    if num_classes is None:     # TF's reduce_max of nothing is int64's lowest: no classes at all
        n = max(int(a.max()) if a.size else _INT64_LOWEST, int(b.max()) if b.size else _INT64_LOWEST) + 1
    else:
        n = _optional_int(num_classes, 'num_classes', 'confusion_matrix')
        with _noting('labels and predictions must be < num_classes=%d' % n):
            assert_less(y, np.int64(n), message='`labels` out of bound')
            assert_less(p, np.int64(n), message='`predictions` out of bound')
    out_dtype = dtypes.numpy_dtype(dtype)
    wt = None
    if weights is not None:
        wt = as_tensor(weights, 'confusion_matrix')
        if not _compatible(tuple(p.shape), tuple(wt.shape)):     # TensorShape.assert_is_compatible_with
            raise ValueError('Shapes %s and %s are incompatible' % (tuple(p.shape), tuple(wt.shape)))
    if tuple(y.shape) != tuple(p.shape):
        raise kernel_error('Pack', 'Shapes of all inputs must match: values[0].shape = [%s] != values[1].shape = [%s]'
                           % (','.join(map(str, y.shape)), ','.join(map(str, p.shape))), named='stack',
                           note='confusion_matrix: labels %s and predictions %s must be vectors of one length'
                           % (tuple(y.shape), tuple(p.shape)), node='Pack_N_2')
    if y.ndim != 1 or n < 0:
        return _scattered_as_tf(y, p, n, wt, out_dtype)
    xp = backend.array_module(a)
    w = xp.ones(a.shape, out_dtype) if wt is None else wt._data.astype(out_dtype)
    _blocked('confusion_matrix', y, p)
    out = xp.zeros((n, n), out_dtype)
    _add_at(xp, out, (a, b), w)
    return Tensor(out)


_INT64_LOWEST = int(np.iinfo(np.int64).min)


def _compatible(shape, other):
    return len(shape) == len(other) and all(d == e for d, e in zip(shape, other))


def _scattered_as_tf(labels, predictions, n, weights, out_dtype):
    """TensorFlow's own route for what is not a pair of vectors: scatter_nd of the index vectors
    stack([labels, predictions], axis=1) into an (n, n) matrix. (N, k) pairs with k != 2 meet
    ScatterNd's shape error (the common (N, 1) labels against (N, 1) rounded predictions); (N, 2)
    ones scatter each row's two labels and two predictions as index pairs; scalars fail in stack;
    empty vectors leave n at int64's lowest + 1, which ScatterNd refuses as a dimension."""
    from .scatter import scatter_nd
    from .shapes import stack
    try:
        indices = stack([labels, predictions], axis=1)
    except ValueError as error:
        error.add_note('confusion_matrix: labels and predictions must be vectors, got shape %s'
                       % (tuple(labels.shape),))
        raise
    values = Tensor(backend.array_module(predictions._data).ones(predictions.shape, out_dtype)) if weights is None \
        else cast(weights, out_dtype)
    try:
        return scatter_nd(indices, values, Tensor(np.array([n, n], np.int64)))
    except InvalidArgumentError as error:      # (scatter_nd's own note would speak of index depths)
        error.__notes__ = ['confusion_matrix: labels and predictions must be vectors of class ids, got shape %s '
                           '(flatten them, or take the argmax of one-hot or probability rows)' % (tuple(labels.shape),)]
        raise


@contextlib.contextmanager
def _noting(note):
    """TensorFlow's assertion error as it is, naming confusion_matrix in a note."""
    try:
        yield
    except InvalidArgumentError as error:
        error.add_note('confusion_matrix: ' + note)
        raise


def _squeezed_pair(labels, predictions):
    """TensorFlow's remove_squeezable_dimensions: drop the last axis of the side one rank
    higher when that axis has size 1."""
    diff = predictions.ndim - labels.ndim
    if diff == 1 and predictions.shape[-1] == 1:
        return labels, squeeze(predictions, -1)
    if diff == -1 and labels.shape[-1] == 1:
        return squeeze(labels, -1), predictions
    return labels, predictions


@tf_named('in_top_k_v2')
@named_errors('in_top_k')
def in_top_k(targets, predictions, k, name=None):
    """Whether each ``targets[i]`` is among the ``k`` largest of ``predictions[i]``; ties at
    the boundary count as in. Rows with a non-finite prediction, or a target out of
    range, give False (TensorFlow's rule)."""
    t = _ints(targets, 'targets', 'in_top_k')
    if not isinstance(predictions, Tensor) and np.asarray(predictions).dtype.kind in 'fiub':
        # a numpy array or Python list converts to InTopKV2's float32 input, whatever its number type
        predictions = np.asarray(predictions).astype(np.float32)
    p = as_tensor(predictions, 'in_top_k')
    if p._data.dtype.name != 'float32' or p.ndim != 2 or tuple(t.shape) != (p.shape[0],):
        # TF 2.21's InTopKV2: its float32 input check, then its shape checks, in its words
        named = fast_path(targets, predictions)
        note = ('in_top_k: predictions must be a float matrix (batch, classes) and targets a vector (batch,), got '
                '%s %s and %s' % (p.dtype.name, tuple(p.shape), tuple(t.shape)))
        if p.dtype.name != 'float32' and not named:
            # eager's slow path (a Python list among the arguments) converts the tensor to float32 first
            error = ValueError('Tensor conversion requested dtype float32 for Tensor with dtype %s: %r'
                               % (p.dtype.name, p))
            error.add_note(note)
            raise error
        if p.dtype.name != 'float32':
            error = eager_input_error('InTopKV2', 0, 'float32', p.dtype, named=named)
            error.add_note(note)
            raise fixed_type_mismatch(error, 'InTopKV2', 'predictions', 'float32', p.dtype)
        problem = ('predictions must be 2-dimensional' if p.ndim != 2 else
                   'targets must be 1-dimensional' if t.ndim != 1 else
                   'First dimension of predictions %d must match length of targets %d' % (p.shape[0], t.shape[0]))
        raise kernel_error('InTopKV2', problem, named=named, note=note)
    if k is None:
        raise TypeError('in_top_k: k must be a non-negative integer, got None')
    if isinstance(k, Tensor) and k.ndim == 0:
        k = backend.to_host(k._data).item()
    if not isinstance(k, (int, np.integer)):       # TF converts k to int32: bools pass, 1.5 does not
        raise TypeError('Cannot convert %r to EagerTensor of dtype int32' % (k,))
    k = int(k)        # a negative k leaves no target in the top k (TF: all False), as 0 does
    _blocked('in_top_k', p)
    a, x = t._data, p._data
    xp = backend.array_module(x)
    valid = (a >= 0) & (a < x.shape[1])
    target_value = xp.take_along_axis(x, xp.clip(a, 0, max(x.shape[1] - 1, 0))[:, None], axis=1) \
        if x.shape[1] else xp.zeros((x.shape[0], 1), x.dtype)
    above = (x > target_value).sum(axis=1)
    finite = xp.isfinite(x).all(axis=1)
    return Tensor(valid & finite & (above < k))
