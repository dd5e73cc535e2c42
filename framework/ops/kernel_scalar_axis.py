"""The one-integer ``axis`` of tf.argmax / tf.argmin and of the scans (tf.cumsum, tf.math.cumprod,
tf.math.cumulative_logsumexp) as TF 2.21 takes it.

tf.argmax (math_ops.argmax_v2) checks the axis in Python first: an object with a dtype must be a tensor of
int8 / uint8 / int16 / uint16 / int32 / int64 (a numpy integer fails too: its numpy dtype is in no set of TF
dtypes), anything else a Python int ('axis must be int or Tensor with integer datatype'). tf.argmin has no such
check: its kernel converts the axis (a float is the conversion's TypeError, a string or float tensor the
registry's Tidx error), as the scans' kernels do. The kernels then want a scalar ('dim must be a scalar, but
received tensor of shape: [1]', 'ScanOp: axis must be a scalar, not [1]'); a Python list among the arguments
takes TF's slow path, whose errors end without ' name: '.
"""
import numpy as np

from .axis_errors import int32_converted
from ..errors import OpError, fast_path, kernel_error, with_name_tail, without_name_tail
from ..tensor import Tensor

_ARGMAX_AXIS_DTYPES = ('int8', 'uint8', 'int16', 'uint16', 'int32', 'int64')


def _argmax_python_check(axis):
    if hasattr(axis, 'dtype'):
        if isinstance(axis, Tensor) and axis.dtype.name in _ARGMAX_AXIS_DTYPES:
            return
        error = TypeError('axis tensor dtypes %s is not supported' % (axis.dtype,))
    elif not isinstance(axis, int):
        error = TypeError('axis must be int or Tensor with integer datatype')
    else:
        return
    error.add_note('argmax: the axis must be one Python int or an integer tensor (not a numpy integer), got %r'
                   % (axis,))
    raise error


def _converted(axis, kernel, named, op):
    """The axis as the kernel's Tidx input: a tensor of int32 / int64, or TF's error (``op``: tapeflow's name of
    the op, its float_kernels.KERNELS key)."""
    from . import float_kernels
    from ..tensor import convert_to_tensor
    key = kernel if kernel in float_kernels.KERNELS else op     # (the registry table's entry: 'ArgMin', 'cumsum')
    if isinstance(axis, (str, bytes)):
        error, shown = float_kernels.index_refusal(key, 'Tidx', 'string', named=False), 'string'
    else:
        # a Python float is the conversion's TypeError ('Cannot convert 1.0 to EagerTensor of dtype int32')
        # (a Python bool is an int32 1 or 0 too, an empty list an empty int32 vector: Tidx's default)
        floats = isinstance(axis, (float, bool)) or (isinstance(axis, (list, tuple)) and
                                                     (not axis or any(isinstance(a, float) for a in axis)))
        try:
            tensor = axis if isinstance(axis, Tensor) else convert_to_tensor(axis, dtype='int32' if floats else None)
        except TypeError as error:
            error.add_note('%s: the axis must be an integer, got %r' % (op, axis))
            raise
        if tensor.dtype.name in ('int32', 'int64') or (kernel == 'ArgMax' and tensor.dtype.name in _ARGMAX_AXIS_DTYPES):
            return tensor       # (argmax_v2 casts int8 / uint8 / int16 / uint16 axes to int32)
        error, shown = float_kernels.index_refusal(key, 'Tidx', tensor.dtype.name), tensor.dtype.name
        # (ArgMin's registry errors are listed without it; a trace's op_def_library TypeError has none)
        if named and isinstance(error, OpError) and not str(error).endswith(' name: '):
            error = with_name_tail(error)
    error.add_note('%s: the axis must be an int32 or int64 scalar, got %s' % (op, shown))
    raise error if named else without_name_tail(error)


def checked_axis(op, input, axis):  # noqa: A002  (TensorFlow's name)
    """``axis`` (None: 0) as a Python int, after TF 2.21's checks for ``op`` ('argmax' or 'argmin'); it may
    still lie outside the input's rank (normalize_axis words that)."""
    if axis is None:
        return 0
    if type(axis) is int:       # (the common call: argmax(logits, axis=-1))
        return axis
    kernel = 'ArgMax' if op == 'argmax' else 'ArgMin'
    if op == 'argmax':
        _argmax_python_check(axis)
    return _scalar(op, kernel, input, axis, 'dim must be a scalar, but received tensor of shape: [%s]')


def scan_axis(op, kernel, input, axis):  # noqa: A002
    """``axis`` of the scan ``op`` (its kernel ``kernel``: 'Cumsum') as a Python int, after TF 2.21's
    conversion and scalar check; it may still lie outside the input's rank."""
    if type(axis) is int:
        return axis
    return _scalar(op, kernel, input, axis, 'ScanOp: axis must be a scalar, not [%s]')


def _scalar(op, kernel, input, axis, text):  # noqa: A002
    if op != 'argmax':      # (argmax's Python check refused numpy values above)
        axis = int32_converted(op, axis)        # np.float32(1), np.bool_(True): TF casts them to int32
    named = fast_path(input, axis)
    tensor = _converted(axis, kernel, named, op)
    if tensor.ndim != 0:
        error = kernel_error(kernel, text % ','.join(str(d) for d in tensor.shape), named=True,
                             note='%s: the axis must be one integer, got shape %s' % (op, tuple(tensor.shape)))
        raise error if named else without_name_tail(error)
    # a numpy scalar stays one: TF's slow path took it, and the range error ends without ' name: '
    return tensor.numpy()[()] if isinstance(axis, np.generic) else int(tensor.numpy())
