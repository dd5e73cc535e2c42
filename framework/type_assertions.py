"""``tf.debugging``'s checks of ranks, float dtypes and iterables, with TensorFlow's messages."""
import numpy as np

from . import dtypes
from .tensor import Tensor
from .type_text import class_text


def _shape(x):
    shape = getattr(x, 'shape', None)
    return tuple(shape) if shape is not None else np.shape(x)


def assert_rank_in(x, ranks, message=None, name=None):
    """None when x's rank is one of ``ranks``; else ValueError in TensorFlow's words."""
    shape = _shape(x)
    ranks = tuple(int(r) for r in ranks)
    if len(shape) not in ranks:
        raise ValueError('%sTensor %s must have rank in %s.  Received rank %d, shape %s'
                         % (message or '', name or '', ranks, len(shape), _shape_text(shape)))
    from .assertions import static_rank_check       # (late: assertions imports tensor)
    return static_rank_check('assert_rank_in', name)


def _shape_text(shape):
    return '(%s%s)' % (', '.join(str(d) for d in shape), ',' if len(shape) == 1 else '')


def is_numeric_tensor(tensor):
    """True for a tensor of a number dtype (ints, floats, complex); False for bool, string and non-tensors."""
    return isinstance(tensor, Tensor) and tensor._data.dtype.kind in 'iufc'


def assert_same_float_dtype(tensors=None, dtype=None):
    """The one floating dtype of ``tensors`` (and ``dtype``), float32 when there is none to read.

    Raises:
        ValueError: two dtypes differ, or the dtype is not floating.
    """
    if tensors:
        first = tensors[0]
        for t in tensors[1:]:
            if t.dtype != first.dtype:
                raise ValueError('%s, type=%s, must be of the same type (%s) as %s.'
                                 % (t, dtypes.as_dtype(t.dtype), dtypes.as_dtype(first.dtype), first))
        if dtype is not None and dtypes.as_dtype(dtype) != first.dtype:
            raise ValueError('%s, type=%s, must be of the same type (%s).'
                             % (first, dtypes.as_dtype(first.dtype), dtypes.as_dtype(dtype)))
        dtype = first.dtype
    if dtype is None:
        return dtypes.float32
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError('Expected floating point type, got %s.' % dtype)
    return dtype


def assert_proper_iterable(values):
    """None for a list, tuple, set, generator, ...; TypeError for a tensor, an array, a string
    or bytes (iterable, but not as meant), or a non-iterable."""
    from .variable import Variable      # (TF's variables are no Tensor: iterable, taken)
    if isinstance(values, (Tensor, np.ndarray, str, bytes)) and not isinstance(values, Variable):
        raise TypeError('Expected argument "values" to be a "proper" iterable.  Found: %s' % class_text(values))
    if not hasattr(values, '__iter__'):
        raise TypeError('Expected argument "values" to be iterable.  Found: %s' % class_text(values))
