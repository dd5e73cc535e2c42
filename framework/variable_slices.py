"""Writing parts of a Variable: ``v[0].assign(x)`` and ``v.scatter_nd_update(indices, updates)``.

``v[index]`` reads as any tensor index does (differentiable, a Tensor of the
selected values); the Tensor it returns is a ``SliceOfVariable`` that also
remembers ``(v, index)``, so that ``.assign(value)`` writes the value into
those positions of ``v`` and returns ``v``, as TensorFlow's sliced variables do.
TensorFlow gives the slice ``assign`` only (no ``assign_add``); so does this.
"""
import numpy as np

from . import backend, ops, tape     # partly loaded when this loads; used at call time
from .errors import InvalidArgumentError, kernel_error
from .tensor import Tensor, _to_array
from .unread_variable import unread

class SliceOfVariable(Tensor):
    """The value of ``variable[index]``, which can also be written with ``.assign``."""
    __slots__ = ('_variable', '_index')

    def __init__(self, data, variable, index):
        self._data = data
        self._variable = variable
        self._index = index

    @property
    def path(self):
        """'<variable path>[<index>]': code that finds variables by their ``assign`` (check_numerics'
        messages) names the slice by it."""
        return '%s[%r]' % (self._variable.path, self._index)

    def assign(self, value, name=None):
        """Write ``value`` (broadcast to this slice's shape) into the variable; returns the variable."""
        variable, index = self._variable, self._index
        raw = _basic_index(index, variable)
        target_shape = variable._data[raw].shape
        if isinstance(value, Tensor) and value._data.dtype != variable._data.dtype:
            # TF converts the value to the variable's dtype first: a tensor of another dtype is refused,
            # a Keras variable's slice too (it is the tf.Variable's)
            raise variable._dtype_refusal(value, 'strided_slice assign')
        data = _to_array(value, variable._data.dtype)
        try:
            data = backend.array_module(variable._data).broadcast_to(data, target_shape)
        except ValueError:
            # TF 2.21's ResourceStridedSliceAssign kernel words, the slice named as its eager op names it
            raise kernel_error(
                'ResourceStridedSliceAssign', 'Cannot broadcast input shape %s into final shape %s'
                % (_dims(data.shape), _dims(target_shape)), named='strided_slice/_assign',
                note='strided_slice assign: cannot broadcast a value of shape %s into the slice %r of variable %r, '
                     'whose shape is %s' % (tuple(data.shape), index, variable.name, tuple(target_shape))) from None
        variable._detach()          # a tape holding the old value keeps it
        variable._data[raw] = data
        return unread(variable)


def _dims(shape):
    return '[%s]' % ','.join(map(str, shape))


# TF's v[i] is an EagerTensor with an ``assign``: programs printing type(x).__name__ see that name
SliceOfVariable.__name__ = 'EagerTensor'


def read_slice(variable, index):
    """``variable[index]``: a differentiable read that can be assigned to.

    As ``ops.getitem``, with two differences: the result is a SliceOfVariable,
    and a basic index copies only the slice (getitem copies the whole buffer first).
    """
    indexing = ops.indexing
    data = variable._data
    raw = indexing._raw_index(index, backend.array_module(data))
    try:
        value = data[raw]
    except (IndexError, TypeError, ValueError) as err:
        # the error a tensor's x[index] raises (TensorFlow's StridedSlice words), as TensorFlow's v[index]
        note = 'index %r is invalid for a variable of shape %s: %s' % (index, tuple(data.shape), err)
        raise indexing.strided_slice_error(index, raw, data.shape, note) from None
    if not (isinstance(value, (np.ndarray, np.generic)) or backend.is_device_array(value)):
        value = np.array(value, dtype=object)           # one element of a string variable
    elif indexing._is_basic(raw):
        value = value.copy()        # a view would change under the variable's later in-place writes
    out = SliceOfVariable(value, variable, index)
    if tape.ACTIVE:
        shape = data.shape
        tape.record('getitem', (variable,), out, (lambda g, y, x: indexing._scatter(g, raw, shape),))
    return out


def _basic_index(index, variable):
    """The index as a numpy basic index (ints, slices, None, ...); others cannot be assigned to."""
    items = index if isinstance(index, tuple) else (index,)
    raw = []
    for item in items:
        if isinstance(item, Tensor) and item._data.ndim == 0 and item._data.dtype.kind in 'iu':
            item = int(item)
        if not (item is None or item is Ellipsis or isinstance(item, slice)
                or (isinstance(item, (int, np.integer)) and not isinstance(item, bool))):
            raise InvalidArgumentError(
                'strided_slice assign: variable %r of shape %s can be assigned through ints, slices, None and '
                '... only, not %r; use variable.scatter_nd_update(indices, updates) for index lists'
                % (variable.name, tuple(variable._data.shape), item))
        raw.append(item)
    try:
        variable._data[tuple(raw)]
    except IndexError as err:
        raise InvalidArgumentError('strided_slice assign: index %r is invalid for variable %r of shape %s: %s'
                                   % (index, variable.name, tuple(variable._data.shape), err)) from None
    return tuple(raw)


def scatter_nd(variable, indices, updates, mode):
    """``variable.scatter_nd_update/add/sub``: write ``updates`` at the index vectors ``indices``."""
    from .ops.scatter import _index_columns, _updates     # private helpers: one bounds check for both
    op = 'scatter_nd_' + mode
    shape = tuple(variable._data.shape)
    try:
        columns, want = _index_columns(indices, shape, op)
    except ValueError as err:
        if str(err).startswith('{{function_node'):     # the kernel's own text, as TF raises it
            err.add_note('%s on variable %r' % (op, variable.name))
            raise
        raise InvalidArgumentError('%s on variable %r: %s' % (op, variable.name, err)) from None
    u = _updates(updates, want, None, op, (indices, shape))._data
    if u.dtype != variable._data.dtype:
        u = _to_array(u, variable._data.dtype)
    xp = backend.array_module(variable._data)
    variable._detach()
    if mode == 'update':
        variable._data[columns] = u
    elif xp is np:
        np.add.at(variable._data, columns, u if mode == 'add' else -u)
    else:
        import cupyx
        cupyx.scatter_add(variable._data, columns, u if mode == 'add' else -u)
    return unread(variable)
