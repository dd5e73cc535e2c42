"""tf.keras.backend's shape functions: reshapes, joins, paddings, repeats and shape queries."""
import math

import framework as tf
from .. import backend as _config

__all__ = ['arange', 'batch_flatten', 'concatenate', 'count_params', 'dtype', 'expand_dims', 'flatten', 'gather',
           'int_shape', 'is_sparse', 'ndim', 'one_hot', 'permute_dimensions', 'repeat', 'repeat_elements',
           'reshape', 'reverse', 'shape', 'spatial_2d_padding', 'spatial_3d_padding', 'squeeze', 'stack',
           'temporal_padding', 'tile', 'to_dense', 'transpose']


def int_shape(x):
    """The static shape as a tuple of ints (None where unknown), e.g. (None, 4) for a keras.Input."""
    shape = x.shape
    return tuple(shape.as_list()) if hasattr(shape, 'as_list') else tuple(shape)   # TensorShape -> plain tuple


def ndim(x):
    """The rank, as an int."""
    return len(int_shape(x))


def dtype(x):
    """The dtype's name ('float32')."""
    return tf.as_dtype(x.dtype).name


def count_params(x):
    """How many values ``x`` holds (its shape's product)."""
    return math.prod(int_shape(x))


def shape(x):
    """The dynamic shape, an int32 tensor (tf.shape)."""
    return tf.shape(x)


def reshape(x, shape):
    return tf.reshape(x, shape)


def flatten(x):
    return tf.reshape(x, [-1])


def batch_flatten(x):
    """(batch, ...) to (batch, product of the rest)."""
    return tf.reshape(x, [-1, math.prod(int_shape(x)[1:])])


def expand_dims(x, axis=-1):
    return tf.expand_dims(x, axis)


def squeeze(x, axis):
    return tf.squeeze(x, [axis])


def permute_dimensions(x, pattern):
    return tf.transpose(x, perm=pattern)


def transpose(x):
    return tf.transpose(x)


def reverse(x, axes):
    return tf.reverse(x, [axes] if isinstance(axes, int) else axes)


def stack(x, axis=0):
    return tf.stack(x, axis=axis)


def tile(x, n):
    return tf.tile(x, [n] if isinstance(n, int) else n)


def gather(reference, indices):
    """Rows of ``reference`` at ``indices`` (axis 0)."""
    return tf.gather(reference, indices)


def one_hot(indices, num_classes):
    return tf.one_hot(indices, depth=num_classes, axis=-1)


def arange(start, stop=None, step=1, dtype='int32'):
    """tf.range(start, stop, step) in ``dtype``; a lone negative ``start`` gives an empty range."""
    if stop is None and start < 0:
        start = 0
    out = tf.range(start, limit=stop, delta=step)
    return out if dtype == 'int32' else tf.cast(out, dtype)


def is_sparse(tensor):
    return isinstance(tensor, tf.SparseTensor)


def to_dense(tensor):
    return tf.sparse.to_dense(tensor) if is_sparse(tensor) else tensor


def concatenate(tensors, axis=-1):
    """tf.concat along ``axis`` (negative counts from the end); sparse tensors are joined sparse."""
    if axis < 0:
        rank = ndim(tensors[0])
        axis = axis % rank if rank else 0
    if tensors and all(is_sparse(t) for t in tensors):
        return tf.sparse.concat(axis, list(tensors))
    return tf.concat([to_dense(t) for t in tensors], axis)


def repeat(x, n):
    """(batch, dim) to (batch, n, dim): each row repeated ``n`` times.

    Raises:
        ValueError: ``x`` of a rank other than 2.
    """
    if ndim(x) != 2:
        raise ValueError('Expected input `x` to have rank 2. Received: rank(x)=%d' % ndim(x))
    return tf.tile(tf.expand_dims(x, 1), [1, n, 1])


def repeat_elements(x, rep, axis):
    """Each slice along ``axis`` repeated ``rep`` times in place (np.repeat)."""
    return tf.repeat(x, rep, axis=axis)


def _pad(x, pattern):
    return tf.pad(x, pattern)


def temporal_padding(x, padding=(1, 1)):
    """Zeros added before and after axis 1 of a (batch, steps, features) tensor."""
    if len(padding) != 2:
        raise ValueError('Expected `padding` to be a tuple of 2 integers. Received: padding=%s' % (padding,))
    return _pad(x, [[0, 0], [padding[0], padding[1]], [0, 0]])


def _image_pattern(padding, count, data_format, what):
    if len(padding) != count or any(len(p) != 2 for p in padding):
        raise ValueError('Expected `padding` to be a tuple of %s tuples of 2 integers. Received: padding=%s'
                         % (what, padding))
    data_format = data_format or _config.image_data_format()
    if data_format not in ('channels_first', 'channels_last'):
        raise ValueError('Unknown data_format: %s' % (data_format,))
    spatial = [list(p) for p in padding]
    return [[0, 0], [0, 0]] + spatial if data_format == 'channels_first' else [[0, 0]] + spatial + [[0, 0]]


def spatial_2d_padding(x, padding=((1, 1), (1, 1)), data_format=None):
    """Zeros around the rows and columns of a 4D image batch."""
    return _pad(x, _image_pattern(padding, 2, data_format, '2'))


def spatial_3d_padding(x, padding=((1, 1), (1, 1), (1, 1)), data_format=None):
    """Zeros around the three spatial axes of a 5D volume batch."""
    return _pad(x, _image_pattern(padding, 3, data_format, '3'))
