"""What the box helpers share: inputs as numpy arrays, and boxes split into and joined from columns."""
import numpy as np

from framework import dtypes
from framework.backend import to_host
from framework.tensor import Tensor


def box_array(value, what):
    """``value`` (tensor, array, list or number) as a numpy array; ``what`` names it in errors."""
    if isinstance(value, Tensor):
        return np.asarray(to_host(value._data))
    try:
        return np.asarray(to_host(value))
    except (TypeError, ValueError) as err:
        raise ValueError('bounding_boxes: %s must be numeric; received %r (%s)' % (what, value, err)) from None


def float_dtype(dtype, op):
    """``dtype`` (a name, numpy or framework dtype) as a numpy dtype."""
    try:
        return np.dtype(dtypes.as_dtype(dtype).as_numpy_dtype)
    except (TypeError, ValueError, AttributeError) as err:
        raise ValueError('%s: invalid dtype %r (%s)' % (op, dtype, err)) from None


def columns(boxes):
    """The four (..., 1) columns of (..., 4) boxes (Keras splits them so, keeping the axis)."""
    return tuple(boxes[..., i:i + 1] for i in range(4))


def joined(*columns_):
    return np.concatenate(columns_, axis=-1)
