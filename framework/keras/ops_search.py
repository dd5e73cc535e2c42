"""``keras.ops`` searching and counting: digitize, searchsorted, isin, nonzero,
unravel_index, argpartition, bincount, histogram, unique.

Their results are indices and counts (no gradient), computed with the
array module of the input (numpy, or cupy on a GPU). ``unique``'s values are
gathered from the input, so a gradient reaches the first occurrence of each.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.errors import InvalidArgumentError, NotFoundError, kernel_error, noted
from framework.ops import float_kernels
from framework.ops.missing_kernels import refuse_missing
from framework.ops.sorted_search import searchsorted as tf_searchsorted
from framework.tensor import Tensor
from .ops_arguments import keras_axis
from .ops_dtypes import cast_all, numeric, refuse_kinds, result_dtype, tensor

__all__ = ['argpartition', 'bincount', 'digitize', 'histogram', 'isin', 'nonzero', 'searchsorted', 'unique',
           'unravel_index']


def _raw(x, op):
    t = numeric(x, op)
    return t, backend.array_module(t._data), t._data


def _index_dtype(*arrays):
    return 'int64' if any(a.dtype == np.int64 for a in arrays) else 'int32'


def searchsorted(sorted_sequence, values, side='left'):
    """int32 insertion points of ``values`` into the 1-D ``sorted_sequence`` ('left': before equal values).
    Keras 3 on TF hands both to tf.searchsorted uncast: an int32 sequence with float values is LowerBound's input
    error (without eager's ' name: ' tail, as Keras's call prints it), a bool sequence its missing CPU kernel
    (the same), a scalar value StridedSlice's."""
    s = tensor(sorted_sequence, 'searchsorted')
    if s.ndim != 1:
        raise ValueError('`searchsorted` only supports 1-D sorted sequences. You can use `keras.ops.vectorized_map` '
                         'to extend it to N-D sequences. Received: sorted_sequence.shape=%s' % (tuple(s.shape),))
    try:
        return tf_searchsorted(s, values, side=side, out_type='int32')
    except (InvalidArgumentError, NotFoundError) as error:
        text = str(error)
        # the kernel's own errors: an input of another dtype, a bool sequence's missing CPU kernel
        if not text.startswith(('cannot compute', 'Could not find device')) or not text.endswith(' name: '):
            raise
        plain = type(error)(text[:-len(' name: ')])
        for note in getattr(error, '__notes__', ()):
            plain.add_note(note)
        raise plain from None


def digitize(x, bins):
    """int32 index of the bin of each element: i with bins[i-1] <= x < bins[i] (increasing bins)."""
    refuse_kinds(numeric(x, 'digitize'), 'digitize')       # (complex bins are cast to the boundaries' floats)
    t, b = cast_all([numeric(x, 'digitize'), numeric(bins, 'digitize')], 'digitize')
    if b.ndim != 1:
        # Keras 3 on TF takes float(v) for v in list(bins): Python's / numpy's TypeError for a scalar or nested bins
        try:
            [float(v) for v in list(backend.to_host(b._data))]
        except TypeError as error:
            raise noted(error, 'keras.ops.digitize: bins must be 1-D, got shape %s' % (tuple(b.shape),)) from None
        raise ValueError('keras.ops.digitize: bins must be 1-D, got shape %s' % (tuple(b.shape),))
    xp = backend.array_module(t._data)
    if bool((b._data[1:] < b._data[:-1]).any()):
        # Keras 3 on TF hands the bins to Bucketize, whose kernel takes only non-decreasing boundaries
        raise kernel_error('Bucketize', 'Expected sorted boundaries', named=True,
                           note='keras.ops.digitize: bins must be non-decreasing on TensorFlow, got %s'
                                % (backend.to_host(b._data).tolist(),))
    return Tensor(xp.searchsorted(b._data, t._data, side='right').astype('int32'))


def isin(x1, x2, assume_unique=False, invert=False):
    """True where an element of ``x1`` occurs in ``x2`` (False with ``invert``)."""
    a, b = cast_all([numeric(x1, 'isin'), numeric(x2, 'isin')], 'isin')
    if a._data.dtype.kind == 'c':       # Keras on TF runs tf.unique, which has no complex CPU kernel
        refuse_missing(a, 'Unique', 'isin', ', out_idx=DT_INT32')
    xp = backend.array_module(a._data)
    return Tensor(xp.isin(a._data, b._data, invert=bool(invert)))


def nonzero(x):
    """The int32 indices of the non-zero elements: one tensor per axis, in a list (Keras 3 on TF unstacks
    tf.where's rows; numpy gives a tuple)."""
    t, xp, a = _raw(tensor(x, 'nonzero'), 'nonzero')
    return [Tensor(i.astype('int32')) for i in xp.nonzero(a)]


def unravel_index(indices, shape):
    """Flat indices as one coordinate tensor per axis of ``shape``, by Keras 3.15's TensorFlow arithmetic (% and //
    in the indices' dtype): no bounds check (an index past the end wraps), float indices give float coordinates,
    and indices that are not 1-D (a scalar too) take the axes in Keras's order, first axis first, then reversed:
    unravel_index(4, (2, 3)) is (2, 0) there, where numpy says (1, 1)."""
    t = tensor(indices, 'unravel_index')
    if None in shape:
        raise ValueError('`shape` argument cannot contain `None`. Received: shape=%s' % (shape,))
    flat, coords = t.ndim == 1, []
    for dim in (reversed(shape) if flat else shape):
        coord = _ops.cast(t % dim, t.dtype)
        coords.append(coord if flat else _ops.reshape(coord, t.shape))
        t = t // dim
    return tuple(reversed(coords))


def argpartition(x, kth, axis=-1):
    """int32 indices that partition ``x`` along ``axis``: the kth+1 smallest first (in order),
    then the rest, largest first (Keras 3's arrangement on TensorFlow)."""
    t, xp, a = _raw(x, 'argpartition')
    if axis is None:
        a, axis = a.reshape(-1), 0
    if a.ndim == 0:
        raise ValueError('keras.ops.argpartition: x must have rank >= 1, got a scalar')
    moved = xp.moveaxis(a, axis, -1)
    n = moved.shape[-1]
    kth = min(max(int(kth), 0), max(n - 1, 0))
    ascending = xp.argsort(moved, axis=-1, kind='stable')
    bottom = ascending[..., :kth + 1]
    rest = xp.sort(ascending[..., kth + 1:], axis=-1)            # the others in index order, then by value
    values = xp.take_along_axis(moved, rest, axis=-1)
    rest = xp.take_along_axis(rest, xp.argsort(-values, axis=-1, kind='stable'), axis=-1)
    out = xp.concatenate([bottom, rest], axis=-1).astype('int32')
    return Tensor(xp.moveaxis(out, -1, axis))


def bincount(x, weights=None, minlength=0, sparse=False):
    """Counts of each value 0..max(x) (at least ``minlength`` bins) in a 1-D ``x``, or per row of a
    2-D one; with ``weights``, their sums (in the weights' dtype)."""
    if sparse:
        raise ValueError('keras.ops.bincount: sparse=True is not supported; tapeflow tensors are dense')
    t, xp, a = _raw(x, 'bincount')
    given = a.dtype
    if given.kind not in 'iufb':
        raise ValueError('keras.ops.bincount: x must be a number tensor, got dtype %s' % (given.name,))
    if given.name not in ('int32', 'int64'):        # Keras 3 on TF: tf.cast(x, int32) (floats truncate)
        a = _ops.cast(t, 'int32')._data
    if isinstance(minlength, (float, np.floating)):     # tf.math.bincount converts it in x's dtype
        raise TypeError('Cannot convert %r to EagerTensor of dtype %s' % (minlength, a.dtype.name))
    if a.ndim == 0:     # tf.math.bincount counts a scalar as one id
        a = a.reshape(1)
    if a.ndim > 2:
        raise kernel_error('DenseBincount', 'Shape must be at most rank 2 but is rank %d' % a.ndim, named=True,
                           note='keras.ops.bincount: x must be 1-D or 2-D, got shape %s' % (a.shape,))
    if weights is not None and np.shape(tensor(weights, 'bincount')._data) != a.shape:
        raise kernel_error('DenseBincount', '`weights` must be the same shape as `arr` or a length-0 `Tensor`, in '
                           'which case it acts as all weights equal to 1. Received %s'
                           % ('[%s]' % ','.join(map(str, np.shape(tensor(weights, 'bincount')._data)))), named=True,
                           note='keras.ops.bincount: weights must have the shape of x, got %s and %s'
                           % (np.shape(tensor(weights, 'bincount')._data), a.shape))
    if a.size and int(a.min()) < 0:     # DenseBincount's words (1-D and 2-D inputs take different checks)
        text = ('Input arr must be non-negative!' if a.ndim == 1 else
                "Input 'in' must be non-negative! Negative input value found: %d" % int(a.min()))
        raise kernel_error('DenseBincount', text, named=True,
                           note='keras.ops.bincount: x must be non-negative, got %d' % int(a.min()))
    length = max(int(a.max()) + 1 if a.size else 0, int(minlength))
    if weights is None:
        w, dtype = xp.ones(a.shape, 'int32'), np.dtype('int32')
    else:
        w = numeric(weights, 'bincount')._data
        dtype = result_dtype(given, w.dtype)
    # Counted on the host (np.add.at: repeated ids accumulate); counts carry no gradient.
    rows = backend.to_host(a).reshape(-1, a.shape[-1]) if a.ndim == 2 else backend.to_host(a).reshape(1, -1)
    out = np.zeros((rows.shape[0], length), dtype)
    np.add.at(out, (np.broadcast_to(np.arange(rows.shape[0])[:, None], rows.shape), rows),
              backend.to_host(w).reshape(rows.shape).astype(dtype))
    return Tensor(xp.asarray(out if a.ndim == 2 else out[0]))


def histogram(x, bins=10, range=None):  # noqa: A002  (Keras 3's name)
    """(counts, bin_edges) of a 1-D ``x`` over ``bins`` equal bins spanning ``range`` (default: min..max);
    the last bin includes its right edge; counts have x's dtype."""
    _check_histogram_arguments(bins, range)
    if tensor(x, 'histogram').ndim > 1:      # Keras 3's words, checked before the dtype (a scalar fails later in TF)
        shape = tuple(tensor(x, 'histogram').shape)
        error = ValueError('Input tensor must be 1-dimensional. Received: input.shape=%s' % (shape,))
        error.add_note('keras.ops.histogram: x must be 1-D, got shape %s' % (shape,))
        raise error
    refuse_kinds(tensor(x, 'histogram'), 'histogram', 'bc')     # Keras 3 on TF: its Min of the values
    t, xp, a = _raw(x, 'histogram')
    if a.ndim != 1:     # Keras's TF backend reaches tf.boolean_mask with a scalar mask
        raise noted(ValueError('mask cannot be scalar.'), 'keras.ops.histogram: x must be 1-D, got shape ()')
    if range is not None:
        low, high = range
    elif a.size:
        low, high = a.min(), a.max()
    elif a.dtype.kind == 'f':   # TF's Min / Max of nothing: inf and -inf, an int dtype's largest and smallest
        low, high = a.dtype.type(np.inf), a.dtype.type(-np.inf)
    else:
        low, high = np.iinfo(a.dtype).max, np.iinfo(a.dtype).min
    inside = a[(a >= low) & (a <= high)]
    if bins == 0 and inside.size:   # Keras scatters the values' bin indices into a (0,) output
        raise kernel_error('ScatterNd', 'Indices and updates specified for empty output.  indices shape: [%d,1]'
                           % inside.size, note='keras.ops.histogram: bins must be >= 1, got 0')
    # the edges as Keras's TF backend makes them: tf.linspace (its float32 steps), cast to x's dtype
    edges = _ops.cast(_ops.linspace(low, high, int(bins) + 1), a.dtype)._data
    counts = xp.bincount(xp.searchsorted(edges[1:-1], inside, side='right'), minlength=int(bins))
    return Tensor(counts.astype(a.dtype)), Tensor(edges)


def _check_histogram_arguments(bins, range):  # noqa: A002
    """Keras 3's keras.ops.histogram checks, in its order and words, before x is converted."""
    if not isinstance(bins, int):
        raise TypeError('Argument `bins` must be of type `int`. Received: bins=%s' % (bins,))
    if bins < 0:
        raise ValueError('Argument `bins` should be a non-negative integer. Received: bins=%s' % (bins,))
    if range:
        if len(range) < 2 or not isinstance(range, tuple):
            raise ValueError('Argument `range` must be a tuple of two elements. Received: range=%s' % (range,))
        if range[1] < range[0]:
            raise ValueError('The second element of `range` must be greater than the first. Received: range=%s'
                             % (range,))


def unique(x, sorted=True, return_index=False, return_inverse=False, return_counts=False,  # noqa: A002
           axis=None, size=None, fill_value=None):
    """The distinct values (sorted, or in order of first appearance), as numpy.unique; optionally
    the first index of each, the inverse map and the counts (int32). ``size`` truncates or pads
    the result with ``fill_value`` (0 by default)."""
    t = tensor(x, 'unique')
    # Keras's canonicalize_axis (operator.index: 1.0 is "'float' object cannot be interpreted as an integer") first
    axis = None if axis is None else keras_axis(axis, t.ndim, 'unique')
    if t._data.dtype.kind == 'c':       # tf.unique has no complex CPU kernel
        refuse_missing(t, 'Unique', 'unique', ', out_idx=DT_INT32')
    if sorted and t._data.dtype.kind in 'bOSU':     # Keras's sorting negates the values: Neg's registry refuses
        raise float_kernels.refusal('negative', 'bool' if t._data.dtype.kind == 'b' else 'string')
    flat = _ops.reshape(t, [-1]) if axis is None else t
    axis = 0 if axis is None else axis
    host = backend.to_host(flat._data)
    _, first, inverse, counts = np.unique(host, return_index=True, return_inverse=True, return_counts=True,
                                          axis=axis)
    order = np.arange(len(first)) if sorted else np.argsort(first, kind='stable')
    first, counts = first[order], counts[order]
    inverse = np.argsort(order)[inverse.reshape(-1)]
    values = _ops.gather(flat, first.astype('int32'), axis=axis)
    if size is not None:
        size = int(size)
        kept = min(size, len(first))
        values = _ops.gather(values, np.arange(kept, dtype='int32'), axis=axis)
        first, counts = first[:kept], counts[:kept]
        if size > kept:
            widths = [[0, 0]] * values.ndim
            widths[axis] = [0, size - kept]
            values = _ops.pad(values, widths, constant_values=0 if fill_value is None else fill_value)
            first = np.concatenate([first, np.ones(size - kept, first.dtype)])
            counts = np.concatenate([counts, np.zeros(size - kept, counts.dtype)])
    extras = [_ops.constant(a.astype('int32')) for a, wanted in
              ((first, return_index), (inverse, return_inverse), (counts, return_counts)) if wanted]
    return tuple([values] + extras) if extras else values
