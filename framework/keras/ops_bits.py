"""``keras.ops`` integer and bit-level functions: bitwise logic and shifts, gcd, lcm, view.

Integer results carry no gradient, so each computes directly with the array
module of its input (numpy, or cupy on a GPU); the dtype follows Keras 3's
promotion of the two operands.
"""
import numpy as np

from framework import backend
from framework.errors import InvalidArgumentError
from framework.ops import float_kernels
from framework.ops.bitwise_ops import clamp_shift
from framework.tensor import Tensor
from .ops_dtypes import cast_all, standardize_dtype, tensor

__all__ = ['bitwise_and', 'bitwise_invert', 'bitwise_left_shift', 'bitwise_not', 'bitwise_or',
           'bitwise_right_shift', 'bitwise_xor', 'gcd', 'lcm', 'left_shift', 'right_shift', 'view']


def _integers(values, op):
    tensors = cast_all(values, op)
    for t in tensors:
        if t._data.dtype.kind not in 'iu':
            # TF's bitwise kernels refuse bools and floats with their registry's InvalidArgumentError (a
            # TypeError here too), as Keras 3 on TF meets it
            words = 'keras.ops.%s: expected integer tensors, got dtype %s' % (op, t._data.dtype.name)
            error = float_kernels.refusal(_KERNELS.get(op), t.dtype.name) if op in _KERNELS else None
            if error is None:
                raise InvalidArgumentError(words)
            error.add_note(words)
            raise error
    return tensors


# keras.ops -> the TF kernel (float_kernels.KERNELS key) that refuses a float operand
_KERNELS = {'bitwise_and': 'BitwiseAnd', 'bitwise_or': 'BitwiseOr', 'bitwise_xor': 'BitwiseXor',
            'left_shift': 'LeftShift', 'right_shift': 'RightShift'}


def _binary(name, fn_name):
    def op(x, y):
        _refuse_bools_as_keras(name, x, y)
        if name in ('left_shift', 'right_shift') and isinstance(y, int):
            # Keras 3 converts no Python int count: tf.bitwise takes it at x's dtype, so
            # left_shift(int8_tensor, 2) stays int8 (a converted count would promote to int32); TF's
            # conversion wraps 300 to 44 and refuses True
            from framework import ops as _ops
            x = tensor(x, name)
            y = _ops.constant(y, x.dtype)
        a, b = _integers([x, y], name)
        xp = backend.array_module(a._data)
        count = clamp_shift(xp, a._data, b._data) if name in ('left_shift', 'right_shift') else b._data
        try:
            return Tensor(getattr(xp, fn_name)(a._data, count))
        except ValueError as err:
            raise ValueError('keras.ops.%s: shapes %s and %s do not broadcast (%s)'
                             % (name, tuple(a.shape), tuple(b.shape), err)) from None
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'Elementwise ``%s`` of two integer tensors.' % fn_name
    return op


def _refuse_bools_as_keras(name, x, y):
    """Keras 3 on TF: gcd and lcm take integers only (their own TypeErrors; lcm refuses bools too); a shift of a bool tensor by a Python int
    converts the int to bool (TF's conversion TypeError). A bool beside an integer promotes, as cast_all does; two
    bools reach TF's bitwise kernels, which refuse them (_integers)."""
    if name == 'lcm':
        kinds = [tensor(v, name).dtype for v in (x, y)]
        if not (kinds[0].is_integer and kinds[1].is_integer):
            raise TypeError('Arguments to lcm must be integers. Received: x1.dtype=%s, x2.dtype=%s'
                            % (kinds[0].name, kinds[1].name))
    kinds = [tensor(v, name).dtype for v in (x, y)] if name == 'gcd' else ()
    if kinds and (any(k.is_floating or k.is_complex for k in kinds) or all(k.is_bool for k in kinds)):
        # (Keras checks the promoted dtype: bfloat16, whose numpy kind is 'V', is refused too)
        raise TypeError('Arguments to gcd must be integers.')
    if name in ('left_shift', 'right_shift') and type(y) is int and tensor(x, name).dtype.is_bool:
        raise TypeError('Cannot convert %r to EagerTensor of dtype bool' % (y,))


bitwise_and = _binary('bitwise_and', 'bitwise_and')
bitwise_or = _binary('bitwise_or', 'bitwise_or')
bitwise_xor = _binary('bitwise_xor', 'bitwise_xor')
left_shift = bitwise_left_shift = _binary('left_shift', 'left_shift')
right_shift = bitwise_right_shift = _binary('right_shift', 'right_shift')
gcd = _binary('gcd', 'gcd')
lcm = _binary('lcm', 'lcm')


def bitwise_invert(x):
    """Elementwise bitwise NOT: tf.bitwise.invert, as Keras 3 on TF calls it (bools and floats are Invert's
    registry error)."""
    from framework import bitwise
    return bitwise.invert(tensor(x, 'bitwise_invert'))


bitwise_not = bitwise_invert


def view(x, dtype=None):
    """The same bytes read as ``dtype`` (the last axis rescaled by the size ratio), as numpy's view."""
    t = tensor(x, 'view')
    if dtype is None:
        return t
    target = np.dtype(standardize_dtype(dtype))
    data = t._data
    if data.ndim == 0 and target.itemsize != data.dtype.itemsize:
        raise ValueError('keras.ops.view: a scalar of %s cannot be viewed as %s (the sizes differ)'
                         % (data.dtype.name, target.name))
    if data.ndim and (data.shape[-1] * data.dtype.itemsize) % target.itemsize:
        raise ValueError('keras.ops.view: the last axis (%d x %d bytes) does not divide into %s elements'
                         % (data.shape[-1], data.dtype.itemsize, target.name))
    # ascontiguousarray would give a scalar a shape of (1,)
    contiguous = backend.array_module(data).ascontiguousarray(data) if data.ndim else data.copy()
    return Tensor(contiguous.view(target))
