"""The checks of Keras 3's ``compute_output_spec`` (and those its op functions run before a symbolic
call) for keras.ops called on KerasTensors: Keras raises them before any kernel could run, in its own
words ("Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal ..."), where a run on
stand-ins would fail with the kernel's text.
Only the checks are taken from Keras; the outputs still come from the stand-in runs (symbolic_ops)."""
import numpy as np

from framework.keras.data_format import standardize_data_format
from framework.keras.ops_shape_inference import (broadcast_shapes, canonical_axis, concatenate_shape, matmul_shape,
                                                 take_shape)


def _shape(value):
    shape = getattr(value, 'shape', None)
    return tuple(shape) if shape is not None else np.shape(value)


def _matmul(config, x1, x2):
    # Keras reads getattr(x, 'shape', []): a Python list operand has the empty list
    matmul_shape(*(tuple(x.shape) if hasattr(x, 'shape') else [] for x in (x1, x2)))


def _concatenate(config, xs):
    concatenate_shape([_shape(x) for x in xs], config.get('axis', 0))


def _take(config, x, indices):
    take_shape(_shape(x), _shape(indices), config.get('axis'))


def _one_hot(config, x):
    if config.get('dtype') is not None:      # keras.ops.one_hot standardizes it before its symbolic call
        from framework.keras.backend import standardize_dtype
        standardize_dtype(config['dtype'])
    axis, rank = config.get('axis', -1), len(_shape(x))
    if axis != -1 and not 0 <= axis < rank:
        raise ValueError('axis must be -1 or between [0, %d), but received %s.' % (rank, axis))
    list(_shape(x)).insert(axis, None)      # Keras inserts the class axis: a float one is Python's TypeError
    shape = list(_shape(x))
    shape.insert(len(shape) if axis == -1 else axis, config.get('num_classes'))
    from layers.input_spec import standardize_shape
    standardize_shape(shape)        # the KerasTensor it makes: 'Cannot convert '[None, 3, -1]' to a shape. ...'


def _resize(config, images):
    # keras.ops.image.resize's own checks, run before its symbolic call
    size = config.get('size')
    if len(size) != 2:
        raise ValueError('Expected `size` to be a tuple of 2 integers. Received: size=%s' % (size,))
    if size[0] <= 0 or size[1] <= 0:
        raise ValueError('`size` must have positive height and width. Received: size=%s' % (size,))
    if len(_shape(images)) not in (3, 4):
        raise ValueError('Invalid images rank: expected rank 3 (single image) or rank 4 (batch of images). Received '
                         'input with shape: images.shape=%s' % (_shape(images),))
    if config.get('pad_to_aspect_ratio') and config.get('crop_to_aspect_ratio'):
        raise ValueError('Only one of `pad_to_aspect_ratio` & `crop_to_aspect_ratio` can be `True`.')
    standardize_data_format(config.get('data_format'), 'keras.ops.image.resize')


def _conv(config, inputs, kernel):
    # keras.ops.conv standardizes the data format, then Conv.compute_output_spec checks the channels and ranks
    last = standardize_data_format(config.get('data_format'), 'keras.ops.conv') == 'channels_last'
    x_shape, k_shape = _shape(inputs), _shape(kernel)
    channels = x_shape[-1] if last else x_shape[1]
    if isinstance(channels, int) and isinstance(k_shape[-2], int) and channels != k_shape[-2]:
        raise ValueError("The number of input channels must match the kernel's input channels. Received: input "
                         "channels=%s, kernel input channels=%s, data_format='%s'."
                         % (channels, k_shape[-2], 'channels_last' if last else 'channels_first'))
    full_kernel = k_shape[:-2] + (channels, k_shape[-1])
    if len(full_kernel) != len(x_shape):
        raise ValueError('Kernel shape must have the same length as input, but received kernel of shape %s and input '
                         'of shape %s.' % (full_kernel, x_shape))


def _broadcast(config, x1, x2):
    # the elementwise binary ops read getattr(x, 'shape', []): a Python number broadcasts as a scalar
    broadcast_shapes(*(list(x.shape) if hasattr(x, 'shape') else [] for x in (x1, x2)))


def _broadcast_to(config, x):
    broadcast_shapes(list(_shape(x)), list(config.get('shape')))


def _stack(config, x):
    first = _shape(x[0])
    canonical_axis(config.get('axis', 0), len(first) + 1)
    for value in x:
        shape = _shape(value)
        if len(shape) != len(first) or any(a is not None and b is not None and a != b for a, b in zip(shape, first)):
            raise ValueError("Every value in `x` must have the same shape. But found element of shape %s,  which "
                             "is different from the first element's shape %s." % (shape, first))     # (two spaces)


def _squeeze(config, x):
    axis = config.get('axis')
    if axis is None:
        return
    shape = list(_shape(x))
    for a in (list(axis) if isinstance(axis, (list, tuple)) else [axis]):
        if shape[a] != 1:
            raise ValueError('Cannot squeeze axis %s, because the dimension is not 1.' % (a,))


def _transpose(config, x):
    axes, ndim = config.get('axes'), len(_shape(x))
    if axes is None:
        return
    if len(axes) != ndim:
        raise ValueError('axis must be a list of the same length as the input shape, expected %d, but received %d.'
                         % (ndim, len(axes)))
    if any(not isinstance(a, int) or not -ndim <= a < ndim for a in axes):
        raise ValueError('Each axis in `axes` must be an integer in [-%d, %d). Received: axes=%s.'
                         % (ndim, ndim, list(axes)))
    if len({a % ndim for a in axes}) != ndim:
        raise ValueError('`axes` must be a valid permutation of the input dimensions (no duplicates). Received: '
                         'axes=%s for input of rank %d.' % (list(axes), ndim))


def _reduce(config, x):
    # Keras's reduce_shape canonicalizes each axis ('axis 3 is out of bounds for an array with dimension 2.')
    axis = config.get('axis')
    for a in ((axis,) if isinstance(axis, int) else axis or ()):
        canonical_axis(a, len(_shape(x)))


def keras_reshape_shape(input_shape, newshape):
    """Keras 3's reshape on a KerasTensor: keras.ops.reshape makes ``newshape`` a tuple (a bare int or string one
    entry) and validates it, then compute_reshape_output_shape gives the output shape: entries that are no int are
    None, a shape with None on either side comes back as given (-1 as None), else the sizes must agree."""
    from framework.keras.ops_shapes import _check_newshape
    try:
        newshape = tuple(newshape)
    except TypeError:
        newshape = (newshape,)
    _check_newshape(newshape)
    newshape = tuple(int(d) if isinstance(d, (int, np.integer)) else None for d in newshape)
    shape = tuple(input_shape)
    if None in shape or None in newshape:
        return tuple(None if d == -1 else d for d in newshape)
    size, known = int(np.prod(shape)), int(np.prod([d for d in newshape if d != -1]))
    if -1 not in newshape:
        if size != known:
            raise ValueError('The total size of the tensor must be unchanged. Received: input_shape=%s, newshape=%s'
                             % (shape, newshape))
        return newshape
    if known == 0 or size % known:
        raise ValueError('The total size of the tensor must be unchanged, however, the input size cannot by divided '
                         'by the specified dimensions in newshape. Received: input_shape=%s, newshape=%s'
                         % (shape, newshape))
    return tuple(size // known if d == -1 else d for d in newshape)


def _reshape(config, x):
    newshape = config.get('newshape')
    if not hasattr(newshape, 'shape'):      # (a tensor of sizes: Keras checks nothing before the call)
        keras_reshape_shape(_shape(x), newshape)


def _axes_in_range(config, x, *_, **__):      # (average also takes its weights)
    # these ops' compute_output_spec canonicalize an int axis (or each of a tuple) in numpy's words before any
    # kernel runs: keras.ops.cumsum(Input((3,)), axis=5) is 'axis 5 is out of bounds for an array with dimension 2.'
    axis = config.get('axis')
    for a in (axis,) if isinstance(axis, int) else axis if isinstance(axis, (tuple, list)) else ():
        if isinstance(a, int):
            canonical_axis(a, len(_shape(x)))


def _expand_dims(config, x):
    axis = config.get('axis')
    if axis is None:        # Keras appends the axis
        return
    axes = list(axis) if isinstance(axis, (list, tuple)) else [axis]
    for a in axes:
        canonical_axis(a, len(axes) + len(_shape(x)))


def _split(config, x):
    # Keras's _compute_split_output_spec: an int count divides a known axis (0: numpy's remainder warning, then
    # Python's ZeroDivisionError); anything else is iterated as split points (1.5: "'float' object is not iterable")
    shape = list(_shape(x))
    axis = canonical_axis(config.get('axis', 0), len(shape))
    sections = config.get('indices_or_sections')
    if isinstance(sections, int):
        if shape[axis] is not None:
            if np.mod(shape[axis], sections) != 0:
                raise ValueError('`x` size on given `axis` must be divisible by `indices_or_sections` when '
                                 '`indices_or_sections` is an int. But received %s and %s.' % (shape[axis], sections))
            shape[axis] // sections
    elif not hasattr(sections, 'shape'):
        list(sections)


def _where(config, condition, x1=None, x2=None):
    shapes = [list(v.shape) if hasattr(v, 'shape') else [] for v in (condition, x1, x2)]
    broadcast_shapes(broadcast_shapes(shapes[0], shapes[1]), shapes[2])


def _dot(config, x1, x2):
    first, second = (list(v.shape) if hasattr(v, 'shape') else [] for v in (x1, x2))
    if not first or not second or len(first) == 1 and len(second) == 1:
        return
    if len(second) == 1:
        if first[-1] != second[0]:
            raise ValueError('Shape must match on the last axis of `x1` and `x2` when `x1` is N-d array while `x2` '
                             'is 1-D, but receive shape `x1.shape=%s` and x2.shape=`%s`.' % (_shape(x1), _shape(x2)))
        return
    if first[-1] is not None and second[-2] is not None and first[-1] != second[-2]:
        raise ValueError('Shape must match on the last axis of `x1` and second last axis of `x2` when `x1` is N-d '
                         'array while `x2` is M-D, but received `x1.shape=%s` and x2.shape=`%s`.'
                         % (_shape(x1), _shape(x2)))


def _moveaxis(config, x):
    """Keras's Moveaxis: its constructor compares the numbers of axes (an int is a list of one; a float has no
    len(), Python's TypeError), its compute_output_spec canonicalizes each (operator.index)."""
    source, destination = config.get('source'), config.get('destination')
    sources = [source] if isinstance(source, int) else source
    destinations = [destination] if isinstance(destination, int) else destination
    if len(sources) != len(destinations):
        raise ValueError('`source` and `destination` arguments must have the same number of elements, but received '
                         '`source=%s` and `destination=%s`.' % (source, destination))
    ndim = len(_shape(x))
    for axis in list(sources) + list(destinations):
        canonical_axis(axis, ndim)


def _cross(config, x1, x2):
    """Keras's Cross.compute_output_spec: each input's vector size read at its axis (Python's list indexing:
    a float axis is its TypeError), the other axes broadcast, sizes 2 or 3 (its messages lack the f-string,
    so they print '{axisa}' / '{axisb}'), then axisc canonicalized."""
    axis = config.get('axis')
    axisa, axisb, axisc = (axis,) * 3 if axis is not None else (config.get('axisa', -1), config.get('axisb', -1),
                                                                 config.get('axisc', -1))
    shape1, shape2 = list(_shape(x1)), list(_shape(x2))
    size1, size2 = shape1[axisa], shape2[axisb]
    del shape1[axisa]
    del shape2[axisb]
    out = broadcast_shapes(shape1, shape2)
    if size1 is not None and size1 not in (2, 3):
        raise ValueError("`x1`'s dim on `axis={axisa}` must be either 2 or 3, but received: %s" % (size1,))
    if size2 is not None and size2 not in (2, 3):
        raise ValueError("`x2`'s dim on `axis={axisb}` must be either 2 or 3, but received: %s" % (size2,))
    canonical_axis(axisc, len(out) + (1 if 3 in (size1, size2) else 0))


def _vander(config, x):
    """keras.ops.vander checks its arguments before Keras's symbolic dispatch: a KerasTensor's shape is
    in its words ('Input tensor must be 1-dimensional. Received: input.shape=(None, 3)')."""
    from framework.keras.ops_arrangement import vander_arguments     # (framework.keras loads after this module)
    vander_arguments(x, config.get('N'), config.get('increasing', False))


_CHECKS = {'matmul': _matmul, 'concatenate': _concatenate, 'take': _take, 'one_hot': _one_hot, 'resize': _resize,
           'conv': _conv, 'broadcast_to': _broadcast_to, 'stack': _stack, 'squeeze': _squeeze,
           'transpose': _transpose, 'expand_dims': _expand_dims, 'split': _split, 'where': _where, 'dot': _dot,
           'reshape': _reshape, 'moveaxis': _moveaxis, 'cross': _cross, 'vander': _vander}
_CHECKS.update(dict.fromkeys(('mean', 'sum', 'max', 'min', 'prod', 'argmax', 'argmin'), _reduce))
# (checked against TF 2.21 one by one, /work/notes/progs/errors41/axes.py; nancumsum, nancumprod and
# rms_normalization check nothing there; norm checks its ord first, in keras_linalg_specs)
_CHECKS.update(dict.fromkeys((
    'all', 'amax', 'amin', 'any', 'argsort', 'average', 'count_nonzero', 'cumprod', 'cumsum', 'log_softmax',
    'logsumexp', 'median', 'nanargmax', 'nanargmin', 'nanmax', 'nanmean', 'nanmedian', 'nanmin', 'nanprod',
    'nanstd', 'nansum', 'nanvar', 'normalize', 'ptp', 'softmax', 'sort', 'sparsemax', 'std', 'unstack',
    'var'), _axes_in_range))
_CHECKS.update(dict.fromkeys(('add', 'subtract', 'multiply', 'divide', 'true_divide', 'maximum', 'minimum'),
                             _broadcast))


def _rank_at_least(name, rank):
    # Keras 3's Flipud / Fliplr (the eager ops reach ReverseV2 unchecked)
    def check(config, x):
        if len(_shape(x)) < rank:
            raise ValueError('`%s` requires input with %d or more dimensions. Received: x.shape=%s'
                             % (name, rank, _shape(x)))
    return check


def _unfold(config, x):
    # keras.ops.unfold checks the rank before its symbolic call
    if len(_shape(x)) != 4:
        raise ValueError('Input must be a 4D tensor. Received: input.shape=%s' % (_shape(x),))


_CHECKS.update(flipud=_rank_at_least('flipud', 1), fliplr=_rank_at_least('fliplr', 2), unfold=_unfold)


def check_keras_output_spec(op, args, kwargs):
    """Raise Keras's ValueError (or TypeError) where its ``compute_output_spec`` of ``op`` refuses ``args``."""
    check = _CHECKS.get(op.function_name)
    if check is not None:
        check(op.config, *args, **kwargs)
