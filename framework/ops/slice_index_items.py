"""The items ``x[...]`` accepts, as TensorFlow's ``Tensor.__getitem__`` checks them before slicing.

TensorFlow's indexing is StridedSlice: each item must be an integer, a slice whose bounds are
integers, ``...``, ``None`` or a scalar int16/int32/int64 tensor or array. A list, a tuple or a
1-D tensor or array among the items (``x[[0, 1], 0]``, ``x[tf.constant([0, 2])]``,
``x[np.array([1])]``) is its TypeError, eagerly and in a tf.function alike, where numpy (and
so tapeflow's getitem) would gather. Only a whole-index bool tensor or array is a mask
(boolean_mask). Measured in TF 2.21; the internal ops call getitem with arrays directly.
"""
import builtins
import numbers
import sys

import numpy as np

from ..tensor import Tensor

_SLICE_DTYPES = frozenset(('int16', 'int32', 'int64'))


def check_index(index):
    """Raise TensorFlow's TypeError for the first item of ``index`` StridedSlice cannot take."""
    if type(index) is not tuple:
        if _is_mask(index):
            return
        index = (index,)
    for item in index:
        if type(item) is builtins.slice:
            for bound in (item.start, item.stop, item.step):
                if bound is not None:
                    _check_item(bound)
        elif item is not None and item is not Ellipsis:
            _check_item(item)


def _is_mask(index):
    # (a variable, a tf.Variable's or a Keras one, is no tf.Tensor to TF's mask check: refused as an item below)
    return isinstance(index, (Tensor, np.ndarray)) and index.dtype == bool \
        and not isinstance(index, sys.modules['framework.variable'].Variable)


def _check_item(item):
    # TF's _check_index: an Integral passes; else a dtype among int16/32/64 whose shape is not 1-D
    # (a 2-D integer index goes on to StridedSlice's own shape error, which getitem words).
    if isinstance(item, numbers.Integral):
        return
    dtype = getattr(item, 'dtype', None)
    name = getattr(dtype, 'name', None) if dtype is not None else None
    shape = getattr(item, 'shape', None)
    if name not in _SLICE_DTYPES or (shape is not None and len(shape) == 1):
        raise TypeError('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
                        'tf.int32/tf.int64 tensors are valid indices, got %r' % (item,))
    if getattr(item, '_path', None) is not None:
        # an integer Keras variable passes the check, then TF's slicing reads its dtype's base_dtype: Keras 3's
        # dtype is a str (x[layer.step], x[1:step] in TF 2.21)
        error = AttributeError("'str' object has no attribute 'base_dtype'")
        error.add_note('indexing with the Keras variable %r fails in TensorFlow 2.21; read it first: '
                       'x[tf.convert_to_tensor(variable)] or x[int(variable)]' % (item.path,))
        raise error
