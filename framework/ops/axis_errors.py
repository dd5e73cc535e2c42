"""TensorFlow 2.21's error for an axis outside a tensor's rank, per op: each kernel words the same
mistake its own way, and some print a negative axis shifted by the rank (Cumsum's 'but got -1' for
axis=-2 of a vector). ``normalize_axis`` raises these where it finds the bad axis, tapeflow's own
sentence attached as a note; an op not listed here keeps that sentence as its message.

Texts read off TF 2.21 eager (errors15 fuzzer, /work/notes/progs/errors15/p2.txt, p3.txt).
"""
import numpy as np

from ..errors import InvalidArgumentError, kernel_error


def _shifted(axis, ndim):
    return axis + ndim if axis < 0 else axis


def _arg_extremum(kernel):
    return lambda axis, ndim, position, named: kernel_error(
        kernel, 'Expected dimension in the range [%d, %d), but got %d' % (-ndim, ndim, axis), named=named)


def _scan(kernel):
    return lambda axis, ndim, position, named: kernel_error(
        kernel, 'ScanOp: Expected scan axis in the range [%d, %d), but got %d' % (-ndim, ndim, _shifted(axis, ndim)),
        named=named)


def _softmax(axis, ndim, position, named):
    # tf.nn.softmax checks in Python before any kernel runs
    return InvalidArgumentError('`dim` must be in the range [%d, %d) where %d is the number of dimensions in the '
                                'input. Received: dim=%d' % (-ndim, ndim, ndim, axis))


def _sort(axis, ndim, position, named):
    # tf.sort / tf.argsort read the axis's size with x.shape[axis], a StridedSlice of the shape
    return kernel_error('StridedSlice', 'slice index %d of dimension 0 out of bounds.' % _shifted(axis, ndim),
                        named='strided_slice/')


_OUT_OF_RANGE = {
    'argmax': _arg_extremum('ArgMax'),
    'argmin': _arg_extremum('ArgMin'),
    'cumsum': _scan('Cumsum'),
    'cumprod': _scan('Cumprod'),
    'cumulative_logsumexp': _scan('CumulativeLogsumexp'),
    # (Squeeze's axis is an attribute: a list of them takes the fast path too)
    'squeeze': lambda axis, ndim, position, named: kernel_error(
        'Squeeze', 'Tried to squeeze dim index %d for tensor with %d dimensions.' % (axis, ndim), named=True),
    'reverse': lambda axis, ndim, position, named: kernel_error(      # (TF's text lacks its closing bracket)
        'ReverseV2', "'axis'[%d] = %d is out of valid range [0, %d" % (position, axis, ndim - 1), named=named),
    # GatherV2 asks for a rank that holds the axis; its wrapper adds no name
    'gather': lambda axis, ndim, position, named: kernel_error(
        'GatherV2', 'Shape must be at least rank %d but is rank %d' % (axis + 1 if axis >= 0 else -axis, ndim)),
    'softmax': _softmax,
    'log_softmax': _softmax,
    'sort': _sort,
    'argsort': _sort,
    'unstack': lambda axis, ndim, position, named: ValueError(
        'Argument `axis` = %d not in range [%d, %d)' % (axis, -ndim, ndim)),
}


def out_of_range(op, axis, ndim, position, named, note):
    """TF's error for ``axis`` (the ``position``-th of those given) outside rank ``ndim`` in ``op``, or
    None for an op whose TF text is not listed. ``named``: whether TF's fast path took the call."""
    make = _OUT_OF_RANGE.get(op)
    if make is None:
        return None
    error = make(axis, ndim, position, named)
    error.add_note(note)
    return error


def repeated(op, axis, ndim, named, note):
    """TF's error for an axis given twice where the kernel refuses it (ReverseV2), else None."""
    if op != 'reverse':
        return None
    error = kernel_error('ReverseV2', 'axis %d specified more than once.' % (axis % ndim), named=named)
    error.add_note(note)
    return error


def float_axis(op, axis):
    """TF's TypeError for a Python float ``axis`` where its wrapper converts the axis to an int32 tensor
    (the reductions, concat, cumsum, split, expand_dims) or checks its type (argmax), else None."""
    if op in ('argmax', 'argmin'):
        return TypeError('axis must be int or Tensor with integer datatype')
    if op in _INT32_CONVERTED:
        return TypeError('Cannot convert %r to EagerTensor of dtype int32' % (axis,))
    return None


_INT32_CONVERTED = frozenset(('reduce_sum', 'reduce_mean', 'reduce_max', 'reduce_min', 'reduce_prod', 'reduce_all',
                              'reduce_any', 'reduce_logsumexp', 'reduce_euclidean_norm', 'concat', 'cumsum',
                              'cumprod', 'split', 'expand_dims'))


def int32_converted(op, axis):
    """``axis`` as TF 2.21's eager conversion to the int32 axis input of ``op`` leaves it (the reductions', ConcatV2's,
    Split's, ExpandDims', the scans' and ArgMin's Tidx / Tdim, int32 by default): a numpy float or bool, scalar or
    array, is cast as numpy casts it (np.float32(1.7) is axis 1, np.float64(-5.5) -5, np.bool_(True) 1,
    np.array([0., 1.]) [0, 1]), and a Python bool is its int. A Python float stays (the conversion's TypeError).
    A numpy scalar other than np.float64 (a Python float) comes back a numpy int32, as TF's slow path takes it
    (its kernel errors end without ' name: ')."""
    if op not in _INT32_CONVERTED and op not in ('argmin', 'cumulative_logsumexp', 'count_nonzero'):
        return axis
    if isinstance(axis, np.ndarray):
        if axis.dtype.kind not in 'fb':
            return axis
        cast = axis.astype(np.int32)
        return int(cast) if cast.ndim == 0 else cast
    if isinstance(axis, bool):
        return int(axis)
    if isinstance(axis, (np.floating, np.bool_)):
        cast = np.asarray(axis).astype(np.int32)[()]
        return int(cast) if isinstance(axis, float) else cast
    return axis


def float_unstack_axis(axis, num, ndim):
    """tf.unstack's reading of a float ``axis``: with ``num`` given, the Unpack op's int attribute takes int(axis);
    without, TF checks its range (ValueError) and then indexes the shape's list of dims with it (Python's TypeError,
    'list indices must be integers or slices, not float')."""
    if num is not None:
        return int(axis)
    if not -ndim <= axis < ndim:
        raise ValueError('Argument `axis` = %s not in range [%d, %d)' % (axis, -ndim, ndim))
    kind = type(axis)
    raise TypeError('list indices must be integers or slices, not %s'
                    % (kind.__name__ if kind.__module__ == 'builtins' else '%s.%s' % (kind.__module__, kind.__name__)))
