"""``tf.nn.batch_normalization`` and the moments helpers (``sufficient_statistics``, ``normalize_moments``,
``weighted_moments``), composed of framework ops (so their gradients are the composition's, as in
TensorFlow), and ``local_response_normalization``, TF's LRN / LRNGrad kernels (lrn_kernels.py)."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error
from ..tensor import Tensor
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, normalize_axis, record
from .lrn_kernels import lrn_grad_array, scale_array
from .unregistered_gradient import without_gradient
from .python_value_array import python_value_array
from . import arithmetic, creation, linalg, reductions, shapes, unary
from ..tf_python_names import tf_named


@named_errors('batch_normalization')
def batch_normalization(x, mean, variance, offset, scale, variance_epsilon, name=None):
    """``(x - mean) * scale / sqrt(variance + variance_epsilon) + offset``, in TensorFlow's order
    (``x * inv + (offset - mean * inv)``); offset and scale may be None."""
    op = 'batch_normalization'
    x = as_float_tensor(x, op)
    # TF 2.21's composition: the statistics keep their own dtype (a Python float is float32), inv and the
    # shift are cast to x's; statistics of mixed dtypes are its binary ops' InvalidArgumentError
    # (Python numbers and lists stay as they are: a binary op gives a number its tensor operand's dtype,
    # and a list + epsilon is Python's TypeError, as in TF)
    mean, variance, offset, scale = (v if v is None or isinstance(v, (int, float, list, tuple)) else as_tensor(v, op)
                                     for v in (mean, variance, offset, scale))
    inv = unary.rsqrt(variance + variance_epsilon)
    if scale is not None:
        inv = inv * scale
    shift = -mean * inv if offset is None else offset - mean * inv
    return x * shapes.cast(inv, x.dtype) + shapes.cast(shift, x.dtype)


@named_errors('local_response_normalization')
def local_response_normalization(input, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, name=None):  # noqa: A002
    """``input / (bias + alpha * s) ** beta`` where ``s`` sums the squares of the channels within
    ``depth_radius`` of each channel (``tf.nn.lrn``); ``input`` is 4-D, channels last.

    Raises:
        InvalidArgumentError (a ValueError): an input that is not 4-D, a negative depth_radius, a tensor of
            another dtype than float16 / bfloat16 / float32 (numpy arrays and lists convert to float32).
    """
    op = 'local_response_normalization'
    # TF's op wrapper reads a None attr as its default (so lrn(None, None) is the input's conversion error)
    depth_radius, bias, alpha, beta = (default if value is None else value for value, default in
                                       ((depth_radius, 5), (bias, 1.0), (alpha, 1.0), (beta, 0.5)))
    radius = _make_int(depth_radius, 'depth_radius')      # TF's op wrapper: 2.7 is 2, True is 1, '2' TypeError
    if isinstance(input, (np.ndarray, np.generic, list, tuple, int, float)):
        # the eager fast path converts a numpy array or list to LRN's default T (float32): float64 / int32 run
        x = as_tensor(input, op) if getattr(input, 'dtype', None) in (np.float16, np.float32) or \
            str(getattr(input, 'dtype', '')) == 'bfloat16' else as_tensor(python_value_array(input, np.float32), op)
    else:
        x = as_tensor(input, op)
        if x.dtype.name not in ('float16', 'bfloat16', 'float32'):      # LRN's T attr
            raise _lrn_dtype_refusal(x.dtype.name)
    if radius < 0:      # the kernel's constructor, before its rank check
        raise kernel_error('LRN', 'depth_radius = %d larger than int max' % radius,
                           note='%s: depth_radius must be an int >= 0, got %r' % (op, depth_radius))
    if x.ndim != 4:      # the LRN kernel's check and class
        raise kernel_error('LRN', 'in must be 4-dimensional',
                           note='%s: input must be 4-D (batch, height, width, channels), got shape %s'
                           % (op, tuple(x.shape)))
    depth_radius = radius
    channels = x.shape[-1]
    # The window sum over channels as a product with a band matrix: one matmul, its gradient for free.
    index = np.arange(channels)
    band = (np.abs(index[:, None] - index[None, :]) <= int(depth_radius)).astype(x._data.dtype)
    xp = backend.array_module(x._data)
    band = as_tensor(xp.asarray(band), op)
    attrs = (int(depth_radius), float(bias), float(alpha), float(beta))     # LRNGrad's attributes
    alpha, bias = (as_tensor(v, op, dtype=x.dtype) for v in (alpha, bias))
    if not ACTIVE:
        return _lrn(x, band, alpha, bias, attrs[3])
    # TF's LRN is one kernel and its gradient LRNGrad another (lrn_grad.py) with no gradient of its own:
    # a second derivative through it is TF's LookupError
    out = Tensor(_lrn(shapes.stop_gradient(x), band, alpha, bias, attrs[3])._data)

    def backprop(g, x):
        value = lrn_grad_array(backend.to_host(g._data), backend.to_host(x._data), backend.to_host(out._data),
                               *attrs)
        return Tensor(backend.array_module(x._data).asarray(value))
    record('LRN', (x,), out, (lambda g, y, x: without_gradient('LRNGrad', backprop, g, x),))
    return out


def _make_int(value, argument):
    """An int attribute as TF's op wrapper reads it (make_int): int(value); a string is its TypeError."""
    if not isinstance(value, (str, bytes)):
        try:
            return int(value)
        except (TypeError, ValueError):
            pass
    raise TypeError("Expected int for argument '%s' not %r." % (argument, value))


def _lrn_dtype_refusal(dtype_name):
    """LRN's op-registry error: its T attr takes half, bfloat16 and float tensors only."""
    from .graph_input_errors import kernel_dtype_name
    error = InvalidArgumentError(
        "Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float\n\t; NodeDef: "
        '{{node LRN}}; Op<name=LRN; signature=input:T -> output:T; attr=depth_radius:int,default=5; '
        'attr=bias:float,default=1; attr=alpha:float,default=1; attr=beta:float,default=0.5; '
        'attr=T:type,default=DT_FLOAT,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT]> [Op:LRN]' % kernel_dtype_name(dtype_name))
    error.add_note('local_response_normalization: TensorFlow\'s LRN takes float16, bfloat16 or float32 tensors, '
                   'got %s; cast to float32 first' % dtype_name)
    from .graph_input_errors import allowed_list_refusal       # (in a trace: op_def_library's TypeError)
    return allowed_list_refusal(error, 'T', dtype_name, ('half', 'bfloat16', 'float'), 'input:T')


def _lrn(x, band, alpha, bias, beta):
    """x * (bias + alpha * window sums of x**2) ** -beta, the power as the kernel takes it (lrn_kernels)."""
    channels = x.shape[-1]
    squares = shapes.reshape(arithmetic.multiply(x, x), (-1, channels))
    window = shapes.reshape(linalg.matmul(squares, band), tuple(x.shape))
    base = arithmetic.add(arithmetic.multiply(window, alpha), bias)
    scale = Tensor(scale_array(backend.array_module(base._data), base._data, beta))
    return arithmetic.multiply(x, scale)


@named_errors('lrn')
def lrn(input, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, name=None):  # noqa: A002
    """``local_response_normalization`` under its short name (errors say 'lrn')."""
    return local_response_normalization(input, depth_radius, bias, alpha, beta)


def _axes(axes, ndim, op):
    if axes is None:        # TensorFlow's helpers index the shape with each axis: None is refused there too
        raise TypeError('%s: axes must be an int or a list of ints (the axes to reduce), got None' % op)
    return list(normalize_axis(axes, ndim, op))


@tf_named('sufficient_statistics_v2')
@named_errors('sufficient_statistics')
def sufficient_statistics(x, axes, shift=None, keepdims=False, name=None):
    """(count, sum of x - shift, sum of (x - shift)^2, shift) over ``axes``: what
    ``normalize_moments`` turns into a mean and a variance (TensorFlow's formulas)."""
    op = 'sufficient_statistics'
    x = as_float_tensor(x, op)
    axes = _axes(axes, x.ndim, op)
    count = as_tensor(float(np.prod([x.shape[a] for a in axes])), op, dtype=x.dtype)
    if shift is not None:
        shift = as_tensor(shift, op, dtype=x.dtype)
        x = arithmetic.subtract(x, shift)
    mean_ss = reductions.reduce_sum(x, axes, keepdims=keepdims)
    var_ss = reductions.reduce_sum(arithmetic.multiply(x, x), axes, keepdims=keepdims)
    return count, mean_ss, var_ss, shift


@named_errors('normalize_moments')
def normalize_moments(counts, mean_ss, variance_ss, shift, name=None):
    """(mean, variance) from ``sufficient_statistics``' sums: mean_ss / n (+ shift) and
    variance_ss / n - (mean_ss / n)^2."""
    op = 'normalize_moments'
    mean_ss = as_float_tensor(mean_ss, op)
    divisor = unary.reciprocal(as_tensor(counts, op, dtype=mean_ss.dtype))
    shifted_mean = arithmetic.multiply(mean_ss, divisor)
    mean = shifted_mean if shift is None else arithmetic.add(shifted_mean, as_tensor(shift, op, dtype=mean_ss.dtype))
    variance = arithmetic.subtract(arithmetic.multiply(as_tensor(variance_ss, op, dtype=mean_ss.dtype), divisor),
                                   arithmetic.multiply(shifted_mean, shifted_mean))
    return mean, variance


@tf_named('weighted_moments_v2')
@named_errors('weighted_moments')
def weighted_moments(x, axes, frequency_weights, keepdims=False, name=None):
    """(mean, variance) of ``x`` over ``axes`` with each element counted ``frequency_weights``
    times (broadcast against x); both 0 where the weights sum to 0, as TensorFlow's div_no_nan."""
    op = 'weighted_moments'
    x = as_float_tensor(x, op)
    weights = as_tensor(frequency_weights, op, dtype=x.dtype)
    axes = _axes(axes, x.ndim, op)
    weighted_sum = reductions.reduce_sum(arithmetic.multiply(weights, x), axes, keepdims=True)
    weight_sum = reductions.reduce_sum(arithmetic.add(weights, creation.zeros_like(x)), axes, keepdims=True)
    mean = arithmetic.divide_no_nan(weighted_sum, weight_sum)
    distance = reductions.reduce_sum(arithmetic.multiply(weights, arithmetic.squared_difference(x, mean)), axes,
                                     keepdims=True)
    variance = arithmetic.divide_no_nan(distance, weight_sum)
    if not keepdims:
        mean, variance = shapes.squeeze(mean, axes), shapes.squeeze(variance, axes)
    return mean, variance


@tf_named('batch_norm_with_global_normalization_v2')
@named_errors('batch_norm_with_global_normalization')
def batch_norm_with_global_normalization(input, mean, variance, beta, gamma, variance_epsilon,  # noqa: A002
                                         scale_after_normalization, name=None):
    """TensorFlow 1's batch normalization op: ``batch_normalization`` with offset ``beta`` and, when
    ``scale_after_normalization``, scale ``gamma`` (TF 2 defines it so); beta or gamma may be None."""
    if not isinstance(scale_after_normalization, (bool, np.bool_)):
        raise TypeError('batch_norm_with_global_normalization: scale_after_normalization must be True or False, '
                        'got %r' % (scale_after_normalization,))
    return batch_normalization(input, mean, variance, beta, gamma if scale_after_normalization else None,
                               variance_epsilon)
