"""``tf.strings.reduce_join``: strings joined along axes, as TF 2.21's ReduceJoin kernel joins them."""
import numpy as np

from . import backend
from .composite import CompositeTensor
from .errors import OpError, OutOfRangeError, kernel_error
from .given_op_name import given_name
from .strings import _strings, _tensor
from .tensor import Tensor
from .tf_python_names import tf_named


@tf_named('reduce_join_v2')
def reduce_join(inputs, axis=None, keepdims=False, separator='', name=None):
    """Join the strings along ``axis`` (all of them when None); a RaggedTensor joins the strings
    each position has (``ragged/string_reduce_join.py``)."""
    try:
        sep = separator.encode() if isinstance(separator, str) else bytes(separator)
        if isinstance(inputs, CompositeTensor) and hasattr(inputs, 'ragged_rank'):
            from .ragged.string_reduce_join import reduce_join_ragged
            return reduce_join_ragged(inputs, axis, keepdims, sep)
        values = _strings(inputs, 'reduce_join')
        if axis is None:
            out = np.array(sep.join(values.reshape(-1)), dtype=object)
            return _tensor(out.reshape((1,) * values.ndim) if keepdims else out)
        axes = _join_axes(axis, values.ndim, named=not isinstance(axis, (list, tuple)))
        # TF's ReduceJoin walks the reduced positions with the first listed axis varying fastest
        moved = np.moveaxis(values, axes[::-1], range(values.ndim - len(axes), values.ndim))
        kept = moved.shape[:values.ndim - len(axes)]
        rows = moved.reshape(kept + (-1,))
        out = np.empty(kept, dtype=object)
        for index in np.ndindex(kept):
            out[index] = sep.join(rows[index])
        return _tensor(np.expand_dims(out, tuple(sorted(a % values.ndim for a in axes))) if keepdims else out)
    except OpError as error:
        given_name(error, name)
        raise


def _join_axes(axis, ndim, named):
    """ReduceJoin's reduction_indices (an int, list, array or tensor), checked as its kernel checks them."""
    given = backend.to_host(axis._data) if isinstance(axis, Tensor) else axis
    axes, seen = [int(a) for a in np.asarray(given).reshape(-1)], set()
    for a in axes:
        if not -ndim <= a < ndim:
            raise kernel_error('ReduceJoin', 'Invalid reduction dimension %d for input with %d dimension(s)'
                               % (a, ndim), named=named, error_class=OutOfRangeError,
                               note='reduce_join: axis %d is out of range for a tensor of rank %d' % (a, ndim))
        if a % ndim in seen:
            raise kernel_error('ReduceJoin', 'Duplicate reduction dimension %d' % a, named=named,
                               note='reduce_join: axis %d is given twice' % a)
        seen.add(a % ndim)
    return axes
