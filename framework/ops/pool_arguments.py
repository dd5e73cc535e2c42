"""tf.nn.pool's argument checks, in TensorFlow 2.21's order and words (nn_ops.pool and its
_get_strides_and_dilation_rate): the window's length, the input's rank, strides and dilations
(normalized to int32 numpy arrays, which its messages print as '[2 2]'), 'SAME' with dilations,
strides past the window, then the pooling type, compared case-sensitively ('max' is '1-D max
pooling is not supported.')."""
import numpy as np


def checked(x, window_shape, pooling_type, strides, padding, dilations):
    """(strides, dilations) as lists of ints for a valid tf.nn.pool call on tensor ``x``; else TF's error."""
    n = len(window_shape)      # an int window is len()'s TypeError, as in TF
    if n < 1 or n > 3:
        raise ValueError('`len(window_shape)` must be 1, 2, or 3. Received: window_shape=%s of length %d'
                         % (window_shape, n))
    if x.ndim != n + 2:
        raise ValueError('Shape %s must have rank %d' % (_shape_text(x.shape), n + 2))
    dilated = _positive(dilations, 'dilation_rate', n)
    strided = _positive(strides, 'strides', n)
    if np.any(strided > 1) and np.any(dilated > 1):
        raise ValueError('`strides > 1` not supported in conjunction with `dilation_rate > 1`. Received: strides=%s '
                         'and dilation_rate=%s' % (strided, dilated))
    if padding == 'SAME' and np.any(dilated > 1):
        raise ValueError("pooling with 'SAME' padding is not implemented for `dilation_rate` > 1. Received: "
                         'padding=%s and dilation_rate=%s' % (padding, dilated))
    if np.any(strided > np.asarray(window_shape)):
        raise ValueError('`strides` > `window_shape` not supported due to inconsistency between CPU and GPU '
                         'implementations. Received: strides=%s and window_shape=%s' % (strided, window_shape))
    if pooling_type not in ('MAX', 'AVG'):
        raise ValueError('%d-D %s pooling is not supported.' % (n, pooling_type))
    return strided.tolist(), dilated.tolist()


def _positive(values, name, n):
    if values is None:
        values = [1] * n
    elif len(values) != n:
        raise ValueError('`len(%s)` should be %d. Received: %s=%s of length %d' % (name, n, name, values, len(values)))
    values = np.array(values, dtype=np.int32)
    if np.any(values < 1):
        raise ValueError('all values of `%s` must be positive. Received: %s=%s' % (name, name, values))
    return values


def _shape_text(shape):
    dims = tuple(shape)
    return '(%s)' % (', '.join(str(d) for d in dims) + (',' if len(dims) == 1 else ''))

