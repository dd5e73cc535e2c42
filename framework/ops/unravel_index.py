"""``tf.unravel_index``: flat indices as coordinates in an array of shape ``dims`` (row-major)."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error
from ..tape import record_blocked
from ..tensor import Tensor, convert_to_tensor
from .graph_input_errors import eager_input_error, kernel_dtype_name
from .operands import ACTIVE, as_tensor, named_errors

def _kernel_error(text, note):
    return kernel_error('UnravelIndex', text, note='unravel_index: ' + note)


@named_errors('unravel_index', passes_name=True)
def unravel_index(indices, dims, name=None):
    """The coordinates of each flat index: shape ``(len(dims),) + indices.shape``, dtype of ``indices``.

    Like TensorFlow's kernel, the arithmetic is C's (truncating division, remainder of the dividend's
    sign), so a negative index gives negative coordinates rather than numpy's wrapped ones.

    Raises:
        InvalidArgumentError: indices or dims not int32/int64 of one dtype, indices not a scalar or
            vector, dims not a vector of positive sizes, or an index past their product.
    """
    empty = not isinstance(indices, Tensor) and np.size(np.asarray(indices, dtype=object)) == 0
    i = as_tensor(indices, 'unravel_index', dtype='int32' if empty else None)     # [] is int32 to TF
    # dims given as a list takes the indices' dtype, as TensorFlow converts it ([3, 3] for string indices is
    # the conversion's TypeError)
    d = dims if isinstance(dims, Tensor) else convert_to_tensor(dims, dtype=i.dtype)
    named = fast_path(indices, dims)
    if i._data.dtype.name not in ('int32', 'int64'):
        error = InvalidArgumentError(
            "Value for attr 'Tidx' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
            "UnravelIndex}}; Op<name=UnravelIndex; signature=indices:Tidx, dims:Tidx -> output:Tidx; attr=Tidx:type,"
            "default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:UnravelIndex]%s"
            % (kernel_dtype_name(i.dtype.name), ' name: ' if named else ''))
        error.add_note('unravel_index: indices and dims must be int32 or int64 integers, got %s and %s'
                       % (i.dtype.name, d.dtype.name))
        raise error
    if i.dtype != d.dtype:
        error = eager_input_error('UnravelIndex', 1, i.dtype, d.dtype, named=named)
        error.add_note('unravel_index: indices (%s) and dims (%s) must have one dtype; cast one of them'
                       % (i.dtype.name, d.dtype.name))
        raise error
    if i.ndim > 1:
        raise _kernel_error('The indices can only be scalar or vector, got "%s"' % list(i.shape).__str__().replace(' ', ''),
                            'indices of shape %s: pass a scalar or a vector' % (tuple(i.shape),))
    if d.ndim != 1:
        raise _kernel_error('The indices can only be 1-D, got "%s"' % list(d.shape).__str__().replace(' ', ''),
                            'dims of shape %s must be a vector of sizes' % (tuple(d.shape),))
    if ACTIVE:
        record_blocked('unravel_index', (i, d))
    flat = np.asarray(backend.to_host(i._data)).astype(np.int64)
    sizes = np.asarray(backend.to_host(d._data)).astype(np.int64)
    if i.ndim == 1 and flat.size == 0:
        raise _kernel_error('received empty tensor indices: Tensor<type: %s shape: [0] values: >' % i.dtype.name,
                            'indices is empty')
    for k, size in enumerate(sizes.tolist()):
        if size < 0:
            raise _kernel_error('Input dims cannot be negative. Got dim = %d at index %d' % (size, k),
                                'dims %s has a negative size' % sizes.tolist())
        if size == 0:
            raise _kernel_error('Input dims cannot contain a dim of zero, but dims contains zero at index %d' % k,
                                'dims %s has a zero size' % sizes.tolist())
    if (flat >= int(np.prod(sizes))).any():
        raise _kernel_error('index is out of bound as with dims',
                            'indices %s reach past the %d elements of dims %s'
                            % (flat.tolist(), int(np.prod(sizes)), sizes.tolist()))
    strides = np.concatenate([np.cumprod(sizes[::-1])[::-1][1:], [1]]).astype(np.int64)
    column = (-1,) + (1,) * flat.ndim
    coords = np.fmod(_c_divide(flat[None], strides.reshape(column)), sizes.reshape(column))
    xp = backend.array_module(i._data)
    return Tensor(xp.asarray(coords.astype(i._data.dtype)))


def _c_divide(a, b):
    """C's integer division (toward zero), as the kernel's Eigen arithmetic divides."""
    q = np.abs(a) // np.abs(b)
    return np.where((a < 0) != (b < 0), -q, q)
