"""``keras.ops`` shape manipulation with numpy's conventions.

Where Keras 3 follows numpy rather than TensorFlow (``tile`` with fewer repeats
than axes, ``split`` at indices, ``pad`` widths per axis), the adaptation happens
here; the computation is tapeflow's ops. Selection (take, where, sort, slice) is in
ops_selection.py, contractions (dot, tensordot, einsum, matmul) in ops_contractions.py.
"""
import operator

import numpy as np

from framework import backend
from framework import ops as _ops
from framework.eager_graph_names import inside_function
from framework.errors import OpError, OperatorNotAllowedInGraphError, kernel_error
from framework.tensor import Tensor
from framework.tensor_shape import TensorShape

from .ops_arguments import axis_of, float_multiples_error, integer, keras_axes
from .ops_dtypes import cast_all, tensor


__all__ = ['broadcast_to', 'concatenate', 'expand_dims', 'flip', 'hstack', 'moveaxis', 'pad', 'repeat', 'reshape',
           'split', 'squeeze', 'stack', 'swapaxes', 'tile', 'transpose', 'unstack', 'vstack']


def reshape(x, newshape):
    if not isinstance(newshape, Tensor):
        # Keras 3 makes any other shape a tuple (so a reshape error ends at '[Op:Reshape]', TF's slow path)
        newshape = tuple(newshape) if isinstance(newshape, (list, tuple, TensorShape, np.ndarray)) else (newshape,)
        _check_newshape(newshape)
    return _ops.reshape(tensor(x, 'reshape'), newshape)


def _check_newshape(newshape):
    """Keras 3's validate_reshape_shape: each int a size or a single -1 (tf.reshape's own errors otherwise)."""
    sizes = [d for d in newshape if isinstance(d, (int, np.integer))]
    if any(d < -1 for d in sizes):
        raise ValueError('Each dimension in `newshape` must be a non-negative integer, or `-1` for a single unknown '
                         'dimension. Received: newshape=%s.' % (newshape,))
    if sum(1 for d in sizes if d == -1) > 1:
        raise ValueError('There must be at most one unknown dimension (-1) in `newshape`. Received: newshape=%s.'
                         % (newshape,))


def expand_dims(x, axis):
    """Insert size-1 axes at ``axis`` (an int or a tuple of them, positions in the result).

    Keras 3 checks each position against the result's rank first (ValueError in numpy's words,
    eagerly and in a trace alike), where tf.expand_dims would raise its kernel's error."""
    t = tensor(x, 'expand_dims')
    if not isinstance(axis, (list, tuple)):
        return _ops.expand_dims(t, _keras_axis(axis, t.ndim + 1))
    rank = t.ndim + len(axis)
    for a in sorted(_keras_axis(a, rank) for a in axis):
        t = _ops.expand_dims(t, a)
    return t


def squeeze(x, axis=None):
    """Drop size-1 axes. Keras 3 looks each given axis up in the static shape (a Python list: an
    axis out of range is its IndexError) and refuses one whose length is not 1 with a ValueError
    naming the axis as given, before tf.squeeze (which gets the sorted, non-negative axes)."""
    t = tensor(x, 'squeeze')
    if axis is None:
        return _ops.squeeze(t, None)
    if not isinstance(axis, (list, tuple, int)):     # Keras's to_tuple_or_list
        raise ValueError('`value` must be an integer, tuple or list. Received: value=%s' % (axis,))
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    shape = list(t.shape)
    for a in axes:
        if shape[a] != 1:
            raise ValueError('Cannot squeeze axis=%s, because the dimension is not 1.' % (a,))
    return _ops.squeeze(t, sorted({_keras_axis(a, len(shape)) for a in axes}))


def transpose(x, axes=None):
    """Permute the axes. Keras 3 turns given ``axes`` non-negative first (ValueError for one out of
    range, in numpy's words) and refuses a repeated axis, where tf.transpose's kernel would refuse
    them; a permutation of the wrong length stays tf.transpose's InvalidArgumentError."""
    t = tensor(x, 'transpose')
    if isinstance(axes, (list, tuple)) and axes:
        axes = tuple(_keras_axis(a, t.ndim) for a in axes)
        if len(set(axes)) != len(axes):
            raise ValueError('`axes` must be a valid permutation of the input dimensions (no duplicates). Received: '
                             'axes=%s for input of rank %d.' % (list(axes), t.ndim))
    return _ops.transpose(t, axes)


def _keras_axis(axis, ndim):
    """Keras 3's canonicalize_axis: ``axis`` in [0, ndim), or its ValueError (Keras's text)."""
    axis = operator.index(axis)
    if not -ndim <= axis < ndim:
        raise ValueError('axis %d is out of bounds for an array with dimension %d.' % (axis, ndim))
    return axis + ndim if axis < 0 else axis


def swapaxes(x, axis1, axis2):
    t = tensor(x, 'swapaxes')
    if not (isinstance(axis1, int) and isinstance(axis2, int)):
        return _swapaxes_by_tensors(t, axis1, axis2)
    axis1, axis2 = axis_of(axis1, t.ndim, 'swapaxes', 'axis1'), axis_of(axis2, t.ndim, 'swapaxes', 'axis2')
    perm = list(range(t.ndim))
    perm[axis1], perm[axis2] = perm[axis2], perm[axis1]
    return _ops.transpose(t, perm)


def _swapaxes_by_tensors(t, axis1, axis2):
    """Keras 3's swapaxes where an axis is not a Python int: its tensor steps, whose errors TF words ('1' < 0:
    Python's TypeError; tf.add(1.0, rank): AddV2's 'expected to be a float tensor but is a int32 tensor', an
    np.int64 axis 'a int64 tensor')."""
    try:
        rank = _ops.rank(t)
        # (tf.add converts a Python or numpy axis on its own, so its dtype meets the rank's int32 in AddV2)
        axis1 = _ops.where(axis1 < 0, _ops.add(_ops.convert_to_tensor(axis1), rank), axis1)
        axis2 = _ops.where(axis2 < 0, _ops.add(_ops.convert_to_tensor(axis2), rank), axis2)
        perm = _ops.tensor_scatter_nd_update(_ops.range(rank), [[axis1], [axis2]], [axis2, axis1])
    except Exception as error:      # (TF's class and words; the note says where)
        error.add_note('keras.ops.swapaxes: axis1 and axis2 must be ints, got %r and %r' % (axis1, axis2))
        raise
    return _ops.transpose(t, perm)


def moveaxis(x, source, destination):
    """Axes ``source`` (an int or a list of them) moved to ``destination``, the others kept in order (Keras's rule)."""
    t = tensor(x, 'moveaxis')
    perm = moveaxis_permutation(t.ndim, source, destination, 'moveaxis')
    return t if perm is None else _ops.transpose(t, perm)


def moveaxis_permutation(ndim, source, destination, op):
    """The transposition of Keras 3's moveaxis (its TF backend's checks, in their order), or None where no axis
    moves; ``op`` names the keras.ops function in the errors' notes (cross moves its axes through it)."""
    src, dst = keras_axes(source, ndim, op), keras_axes(destination, ndim, op)
    if len(src) != len(dst):
        raise ValueError('Inconsistent number of `source` and `destination`. Received: source=%s, destination=%s'
                         % (source, destination))
    if src == dst:
        return None
    perm = [i for i in range(ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        perm.insert(d, s)
    return perm


def broadcast_to(x, shape):
    return _ops.broadcast_to(tensor(x, 'broadcast_to'), shape)


def concatenate(xs, axis=0):
    """Join tensors along ``axis``; mixed dtypes are promoted as Keras 3 does."""
    if _one_array(xs):
        # Keras first asks any_symbolic_tensors(args=xs), whose ``args or ()`` is the array's truth value
        # (numpy's ValueError past one element); tf.concat then takes one tensor as a list of one
        bool(xs)
        return tensor(xs, 'concatenate')
    return _ops.concat(cast_all(xs, 'concatenate'), axis)


def _one_array(xs):
    """Whether a joining op was given one tensor or array, not a list of them (tf.concat, which Keras 3's
    TF backend ends with, takes it as the only value and returns it as it is)."""
    return isinstance(xs, (Tensor, np.ndarray)) and np.ndim(xs) >= 1


def stack(x, axis=0):
    if axis == 0 and _one_array(x):
        # Keras's TF backend ends in tf.stack(x), which converts one tensor along axis 0 and returns it as it is:
        # keras.ops.stack(tf.ones([0, 2])) is (0, 2) on TF 2.21 (stacking its no rows gave (0,))
        return tensor(x, 'stack')
    if isinstance(x, (np.ndarray, Tensor, str, bytes)):     # one dtype: Keras hands it to tf.stack as it is
        # (rows / refusal; one string is tf.stack's scalar string)
        iter(x)     # (Keras first iterates it for the dtypes: a scalar's TypeError, 'iteration over a 0-d array')
        return _ops.stack(x, axis)
    return _ops.stack(cast_all(x, 'stack'), axis)


def hstack(xs):
    """Concatenate along axis 1 (axis 0 for 1-D tensors), as numpy.hstack."""
    if _one_array(xs):
        try:
            xs[0]       # Keras reads xs[0].shape: an empty one is TF's StridedSlice error (numpy's IndexError)
        except Exception as error:      # noqa: BLE001 -- TF's or numpy's error as it is, the op in a note
            error.add_note('keras.ops.hstack: xs must be a list of tensors, got an empty %s' % type(xs).__name__)
            raise
        return tensor(xs, 'hstack')
    tensors = cast_all(xs, 'hstack')
    return _ops.concat(tensors, 0 if tensors and tensors[0].ndim == 1 else 1)


def vstack(xs):
    """Concatenate along axis 0, 1-D tensors first becoming rows, as numpy.vstack."""
    if _one_array(xs):
        return tensor(xs, 'vstack')
    tensors = [t if t.ndim >= 2 else _ops.reshape(t, [1, -1]) for t in cast_all(xs, 'vstack')]
    return _ops.concat(tensors, 0)


def split(x, indices_or_sections, axis=0):
    """numpy.split: an int makes that many equal parts, a list gives the split points."""
    t = tensor(x, 'split')
    if isinstance(indices_or_sections, (int, np.integer)):
        return _ops.split(t, int(indices_or_sections), axis)
    if isinstance(indices_or_sections, (float, np.floating)):
        # Keras's TF backend converts the split points to a tensor and slices its [0:1]: a scalar is refused
        raise kernel_error('StridedSlice', 'Attempting to slice scalar input.', named='strided_slice/',
                           note='keras.ops.split: indices_or_sections is an int or a list of split points, got %r'
                                % (indices_or_sections,))
    length = axis_size(t, axis, 'split')
    points = [0] + [integer(i, 'indices_or_sections', 'split') for i in indices_or_sections] + [length]   # not 0.5
    return _ops.split(t, [b - a for a, b in zip(points, points[1:])], axis)


def unstack(x, num=None, axis=0):
    return _ops.unstack(tensor(x, 'unstack'), num, axis)


def flip(x, axis=None):
    """Reverse the order of elements along ``axis`` (None: every axis)."""
    t = tensor(x, 'flip')
    axes = list(range(t.ndim)) if axis is None else (list(axis) if isinstance(axis, (list, tuple)) else [axis])
    if axis is not None:        # Keras's to_tuple_or_list, then canonicalize_axis (numpy's words out of range)
        if not isinstance(axis, (int, tuple, list)):
            raise ValueError('`value` must be an integer, tuple or list. Received: value=%s' % (axis,))
        axes = [_keras_axis(a, t.ndim) for a in axes]
    return _ops.reverse(t, axes)


def pad(x, pad_width, mode='constant', constant_values=None):
    """numpy.pad as Keras 3.15's Pad operation takes it: an int or one (before, after) pair for every axis,
    else one pair (or one-int tuple) per axis. Errors inside the call come back in Keras's 'Exception
    encountered when calling Pad.call()' words (operation_call_errors). (Keras's TensorFlow backend hands a
    single pair to tf.pad as it is, which refuses it for a matrix; Keras's own shape inference and numpy
    widen it to every axis, as tapeflow does: tests/test_keras_ops.py.)"""
    widths = _pad_width(pad_width)
    try:
        return _pad_call(x, widths, mode, constant_values)
    except (TypeError, ValueError, OpError) as error:
        from .operation_call_errors import in_call
        raise in_call(error, 'Pad', [('x', x), ('constant_values', constant_values)]) from None


def _pad_width(pad_width):
    """Keras's Pad._process_pad_width: an int is ((w, w),), a flat pair ((before, after),), pairs kept
    (a one-int entry widened); entries of other lengths its ValueError."""
    if isinstance(pad_width, int):
        return ((pad_width, pad_width),)
    if isinstance(pad_width, (tuple, list)) and isinstance(pad_width[0], int):
        return (pad_width,)
    first_len = len(pad_width[0])
    for i, pw in enumerate(pad_width):
        if len(pw) != first_len:
            raise ValueError('`pad_width` should be a list of tuples of length 1 or 2. Received: pad_width=%s'
                             % (pad_width,))
        if len(pw) == 1:
            pad_width[i] = (pw[0], pw[0])
    return pad_width


def _pad_call(x, widths, mode, constant_values):
    shape = tuple(x.shape) if hasattr(x, 'shape') else np.shape(x)
    if len(widths) > 1 and len(widths) != len(shape):
        raise ValueError('`pad_width` must have the same length as `x.shape`. Received: pad_width=%s (of length %d) '
                         'and x.shape=%s (of length %d)' % (widths, len(widths), shape, len(shape)))
    t = tensor(x, 'pad')
    if constant_values is not None and mode != 'constant':
        raise ValueError("Argument `constant_values` can only be provided when `mode == 'constant'`. Received: "
                         "mode=%s" % (mode,))
    given = np.asarray(widths)
    if len(widths) == 1:
        given = np.broadcast_to(given, (t.ndim, 2))
    if given.dtype.kind not in 'iu':
        raise TypeError('keras.ops.pad: pad_width must hold integers, got %r (dtype %s)'
                        % (widths, given.dtype.name))
    return _ops.pad(t, _ops.convert_to_tensor(given, 'int32'), mode=str(mode).upper(),
                    constant_values=constant_values or 0)


# TensorFlow's words when graph code iterates a tensor (Tensor.__iter__ in a graph)
SYMBOLIC_ITERATION = (
    'Iterating over a symbolic `tf.Tensor` is not allowed. You can attempt the following resolutions to the '
    'problem: If you are running in Graph mode, use Eager execution mode or decorate this function with '
    '@tf.function. If you are using AutoGraph, you can try decorating this function with @tf.function. If that '
    'does not work, then you may be using an unsupported feature or your source code may not be visible to '
    'AutoGraph. See https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/autograph/g3doc/'
    'reference/limitations.md#access-to-source-code for more information.')


def _repeats_list(repeats):
    """Keras 3's TF backend takes an int, else iterates ``repeats``: a tensor of repeats is refused in
    graph code (a tf.function, a Dataset.map, a functional build: keras.io's OCR example fails there on
    TF 2.21), and scalars that cannot be iterated raise their TypeErrors."""
    if isinstance(repeats, int):
        return [repeats]
    try:
        if isinstance(repeats, Tensor):
            if _in_graph():
                raise OperatorNotAllowedInGraphError(SYMBOLIC_ITERATION)
            if repeats.ndim == 0:
                raise TypeError('Cannot iterate over a scalar tensor.')
            # Keras then takes int(r.numpy()) of each scalar tensor it iterated: tf.constant([2.0, 1.0]) tiles
            return [int(r) if np.ndim(r) == 0 else r for r in np.asarray(backend.to_host(repeats._data))]
        return [int(r.numpy()) if isinstance(r, Tensor) and r.ndim == 0 else r for r in repeats]
    except TypeError as err:
        err.add_note('raised inside keras.ops.tile: pass repeats as an int or a list of ints (a tensor only '
                     'in eager code, where Keras 3 iterates it)')
        raise


def _in_graph():
    from layers import call_context          # layers imports this module
    return inside_function() or call_context.in_traced_function()


def tile(x, repeats):
    """numpy.tile: fewer repeats than axes repeat the last axes, more add leading axes."""
    t = tensor(x, 'tile')
    listed = _repeats_list(repeats)
    if any(r is None for r in listed):      # (x.shape with an unknown batch) Keras converts repeats to a tensor
        from framework.random import unknown_length_error
        error = unknown_length_error(list(listed), list(listed))
        error.add_note('keras.ops.tile: repeats must be known integers, got %r' % (repeats,))
        raise error
    if any(isinstance(r, (float, np.floating)) for r in listed):
        raise float_multiples_error(listed)     # Keras's TF backend hands the list to tf.tile as it is
    repeats = [integer(r, 'repeats', 'tile') for r in listed]
    if len(repeats) > t.ndim:
        t = _ops.reshape(t, [1] * (len(repeats) - t.ndim) + list(t.shape))
    return _ops.tile(t, [1] * (t.ndim - len(repeats)) + repeats)


def axis_size(t, axis, op):
    """The length of ``t`` along ``axis``, or a ValueError naming the op."""
    axis = integer(axis, 'axis', op)
    if not -t.ndim <= axis < t.ndim:
        # Keras 3 canonicalizes the axis in numpy's words
        error = ValueError('axis %d is out of bounds for an array with dimension %d.' % (axis, t.ndim))
        error.add_note('keras.ops.%s: axis %d is out of range for a tensor of shape %s' % (op, axis, tuple(t.shape)))
        raise error
    return t.shape[axis]


def repeat(x, repeats, axis=None):
    """numpy.repeat: each element ``repeats`` times along ``axis`` (None: flattened first). Keras 3 on TF
    calls tf.repeat, whose errors these are ('Dimensions 3 and 2 are not compatible', Tile's for -1)."""
    return _ops.repeat(tensor(x, 'repeat'), repeats, axis=axis)
