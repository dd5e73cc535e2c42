"""TensorFlow's ``tf.nn`` pooling entry points over pooling_nd: max_pool / avg_pool (1-D to 3-D, channels first
transposed around the computation), max_pool over the depth axis, integer max pools, and the ``pool``
dispatcher, with TF 2.21's signatures and refusals. The shared layout helpers are nn_windows.py's."""
from ..errors import InvalidArgumentError, UnimplementedError, kernel_error
from . import float_kernels, pool_arguments
from .operands import as_float_tensor, as_real_tensor, named_errors
from .padding_attr import refuse_lowercase
from .explicit_padding import is_explicit, padded_input
from .missing_kernels import refuse_missing
from .pooling_nd import avg_pool as _avg_pool_nd
from .pooling_nd import max_pool as _max_pool_nd
from .shapes import expand_dims, squeeze
from ..tf_python_names import tf_named
from .nn_windows import channels_first, five, spatial, to_first, to_last, window_input


def _pool(pool, input, ksize, strides, padding, data_format, rank, op, dilations=1):  # noqa: A002
    padding = refuse_lowercase(padding, op, input=input)
    x = window_input(input, rank, op)
    if x._data.dtype.kind == 'c' and op in ('max_pool1d', 'pool'):     # TF expands / converts to a complex MaxPool
        raise float_kernels.complex_error(op, x.dtype.name, 'MaxPool' if pool is _max_pool_nd else 'AvgPool')
    if x._data.dtype.name == 'float64' and pool is _max_pool_nd and x.ndim == 5:     # MaxPool3D: no double kernel
        raise float_kernels.complex_error(op, 'float64', 'MaxPool3D')
    rank = x.ndim - 2
    first = channels_first(data_format, rank, op)
    if rank == 3 and x._data.dtype.name in ('float16', 'float64'):     # no half (nor double AvgPool3D) CPU kernel
        refuse_missing(x, 'MaxPool3D' if pool is _max_pool_nd else 'AvgPool3D', op,
                       ', data_format="%s", ksize=%s, padding="%s", strides=%s'
                       % (data_format or 'NDHWC', five(ksize, first), padding, five(strides, first)))
    out = pool(to_last(x, first), spatial(ksize, rank, first), spatial(strides, rank, first), padding,
               dilations=dilations)
    return to_first(out, first)


def _integer_max_pool(input, ksize, strides, padding, data_format, op):  # noqa: A002
    """TF's MaxPool kernel pools integers, over 2 spatial axes or (max_pool1d) over 1 and an added one:
    max_pool2d's; None for float inputs and for 3 spatial axes (MaxPool3D takes floats only)."""
    x = as_real_tensor(input, op)
    if x._data.dtype.kind not in 'iu' or x.ndim not in (3, 4):
        return None
    from .convolution import max_pool2d
    first = channels_first(data_format, x.ndim - 2, op)
    x = to_last(x, first)
    if x.ndim == 4:
        return to_first(max_pool2d(x, spatial(ksize, 2, first), spatial(strides, 2, first), padding), first)
    k, s = (_single(v, first) for v in (ksize, strides))
    return to_first(squeeze(max_pool2d(expand_dims(x, 1), [1, k], [1, s], padding), [1]), first)


def _single(value, first):
    """A 1-D pool's window or stride from an int or 1 or 3 entries ([1, k, 1] / channels first [1, 1, k])."""
    values = spatial(list(value), 1, first) if isinstance(value, (list, tuple)) else [value]
    return int(values[1] if len(values) == 3 else values[0])


@tf_named('max_pool_v2')
@named_errors('max_pool')
def max_pool(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    """``tf.nn.max_pool``: the maximum of each window, for 1, 2 or 3 spatial axes."""
    if is_explicit(padding):
        rank = window_input(input, None, 'max_pool').ndim
        if rank not in (3, 4):
            raise ValueError('Explicit padding is not supported with an input tensor of rank %d. Received: '
                             'padding=%s' % (rank, padding))
        if rank == 4:
            from .convolution import max_pool2d
            return max_pool2d(input, ksize, strides, padding, data_format or 'NHWC')
        return max_pool1d(input, ksize, strides, padding, data_format or 'NWC')
    integer = _integer_max_pool(input, ksize, strides, padding, data_format, 'max_pool')
    if integer is not None:
        return integer
    depth = _depth_max_pool(input, ksize, strides, data_format)
    if depth is not None:
        return depth
    return _pool(_max_pool_nd, input, ksize, strides, padding, data_format, None, 'max_pool')


def _depth_max_pool(input, ksize, strides, data_format):  # noqa: A002
    """TF's MaxPool across channels (ksize and strides (1, 1, 1, k) on NHWC input, k dividing the depth):
    the maximum of each group of k channels, Géron's depthwise pooling. None for any other pool."""
    if not (isinstance(ksize, (list, tuple)) and isinstance(strides, (list, tuple)) and len(ksize) == 4
            and len(strides) == 4 and data_format in (None, 'NHWC')):
        return None
    k = ksize[3]
    if k == 1 or tuple(ksize[:3]) != (1, 1, 1) or tuple(strides) != (1, 1, 1, k):
        return None
    x = as_float_tensor(input, 'max_pool')
    if x.ndim != 4 or x.shape[-1] is None or x.shape[-1] % k:
        return None
    from ..custom_gradient import custom_gradient
    from .reductions import reduce_max
    from .shapes import reshape
    n, h, w, c = (int(d) for d in x.shape)

    @custom_gradient
    def pooled(t):
        def no_gradient(dy):
            # TF 2.21's MaxPoolGrad kernel has no depth pooling (the book's DepthPool layer cannot train)
            raise kernel_error('MaxPoolGrad', 'MaxPoolingGrad is not yet supported on the depth dimension.',
                               named=True, error_class=UnimplementedError,
                               note='tf.nn.max_pool across channels has no gradient in TensorFlow; to train through '
                                    'it, reshape to (..., depth // k, k) and use tf.reduce_max')
        return reduce_max(reshape(t, (n, h, w, c // k, k)), axis=-1), no_gradient
    return pooled(x)


@tf_named('avg_pool_v2')
@named_errors('avg_pool')
def avg_pool(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    """``tf.nn.avg_pool``: the mean of each window (padding not counted), for 1, 2 or 3 spatial axes."""
    return _pool(_avg_pool_nd, input, ksize, strides, padding, data_format, None, 'avg_pool')


@named_errors('max_pool1d')
def max_pool1d(input, ksize, strides, padding, data_format='NWC', name=None):  # noqa: A002
    """``tf.nn.max_pool1d``: (N, W, C) input."""
    if is_explicit(padding):           # TF runs MaxPool over an added axis: its words name Left and Right
        x = as_real_tensor(input, 'max_pool1d')
        if x.ndim != 3:
            raise InvalidArgumentError('max_pool1d: expected an input of rank 3 (batch, width, channels), got shape '
                                       '%s' % (tuple(x.shape),))
        first = channels_first(data_format, 1, 'max_pool1d')
        window = [spatial(ksize, 1, first)] if not isinstance(ksize, (list, tuple)) else spatial(ksize, 1, first)
        window = [int(window[1] if len(window) == 3 else window[0])]
        input, padding = padded_input(x, padding, first, 'MaxPool', window=window,  # noqa: A001
                                      sides=(('Left', 'Right'),)), 'VALID'
    integer = _integer_max_pool(input, ksize, strides, padding, data_format, 'max_pool1d')
    if integer is not None:
        return integer
    return _pool(_max_pool_nd, input, ksize, strides, padding, data_format, 1, 'max_pool1d')


@named_errors('avg_pool1d')
def avg_pool1d(input, ksize, strides, padding, data_format='NWC', name=None):  # noqa: A002
    """``tf.nn.avg_pool1d``: (N, W, C) input."""
    return _pool(_avg_pool_nd, input, ksize, strides, padding, data_format, 1, 'avg_pool1d')


@named_errors('max_pool3d')
def max_pool3d(input, ksize, strides, padding, data_format='NDHWC', name=None):  # noqa: A002
    """``tf.nn.max_pool3d``: (N, D, H, W, C) input."""
    return _pool(_max_pool_nd, input, ksize, strides, padding, data_format, 3, 'max_pool3d')


@named_errors('avg_pool3d')
def avg_pool3d(input, ksize, strides, padding, data_format='NDHWC', name=None):  # noqa: A002
    """``tf.nn.avg_pool3d``: (N, D, H, W, C) input."""
    return _pool(_avg_pool_nd, input, ksize, strides, padding, data_format, 3, 'avg_pool3d')


@tf_named('pool_v2')
@named_errors('pool')
def pool(input, window_shape, pooling_type, strides=None, padding='VALID', data_format=None,  # noqa: A002
         dilations=None, name=None):
    """``tf.nn.pool``: 'MAX' or 'AVG' pooling over ``window_shape`` (N ints).

    ``dilations`` space each window's taps (with 'VALID' padding and strides 1, as TensorFlow).

    Raises:
        ValueError: TensorFlow's refusals (pool_arguments.py): another pooling_type, dilations above 1
            with 'SAME' padding or strides above 1, strides past the window.
    """
    strides, dilations = pool_arguments.checked(as_float_tensor(input, 'pool'), window_shape, pooling_type, strides,
                                                padding, dilations)
    x = window_input(input, None, 'pool')
    # a lowercase padding is refused by the kernel tf.nn.pool runs: its attr error names that node
    refuse_lowercase(padding, '%s_pool%dd' % (pooling_type.lower(), len(window_shape)), input=input)
    return _pool(_max_pool_nd if pooling_type == 'MAX' else _avg_pool_nd, x, window_shape, strides, padding, data_format,
                 None, 'pool', dilations=dilations)
