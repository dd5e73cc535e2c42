"""keras.ops.einsum on TensorFlow: the equations Keras 3 runs as ``tf.matmul`` instead of ``tf.einsum``.

Keras's TensorFlow backend (backend/tensorflow/numpy.py, ``use_custom_ops``) renames the
letters a, b, c, ... by first use and, for a fixed list of two-operand equations (the ones
EinsumDense and the attention layers use), reshapes/transposes the operands into one
``tf.matmul``. The values are the same numbers as tf.einsum's, but the gradient is
BatchMatMul's: a 3-D input times a 2-D kernel ('abc,cd->abd') gives the kernel a product per
batch row summed afterwards, where tf.einsum's gradient contracts the batch and row axes in one
product, so EinsumDense kernels and MultiHeadAttention's projections trained a few last bits
away from TF's. Each entry below is Keras's recipe, step for step.
"""
from framework import ops as _ops


def _shape(x):
    return tuple(x.shape)


def _abc_cde(x, y):
    _, b, c = _shape(x)
    _, d, e = _shape(y)
    return _ops.reshape(_ops.matmul(x, _ops.reshape(y, [c, -1])), [-1, b, d, e])


def _abc_dce(x, y):
    _, b, c = _shape(x)
    d, _, e = _shape(y)
    return _ops.reshape(_ops.matmul(x, _ops.reshape(_ops.transpose(y, [1, 0, 2]), [c, -1])), [-1, b, d, e])


def _abc_dec(x, y):
    _, b, c = _shape(x)
    d, e, _ = _shape(y)
    return _ops.reshape(_ops.matmul(x, _ops.reshape(_ops.transpose(y, [2, 0, 1]), [c, -1])), [-1, b, d, e])


def _abcd_cde(x, y):
    _, b, c, d = _shape(x)
    return _ops.matmul(_ops.reshape(x, [-1, b, c * d]), _ops.reshape(y, [-1, _shape(y)[2]]))


def _abcd_ced(x, y):
    _, b, c, d = _shape(x)
    return _ops.matmul(_ops.reshape(x, [-1, b, c * d]),
                       _ops.reshape(_ops.transpose(y, [0, 2, 1]), [-1, _shape(y)[1]]))


def _abcd_ecd(x, y):
    _, b, c, d = _shape(x)
    return _ops.matmul(_ops.reshape(x, [-1, b, c * d]),
                       _ops.reshape(_ops.transpose(y, [1, 2, 0]), [-1, _shape(y)[0]]))


def _abcde_aebf(x, y):
    _, b, c, d, e = _shape(x)
    f = _shape(y)[3]
    result = _ops.matmul(_ops.reshape(x, [-1, b, c * d, e]), _ops.transpose(y, [0, 2, 1, 3]))
    return _ops.transpose(_ops.reshape(result, [-1, b, c, d, f]), [0, 3, 1, 2, 4])


def _abcde_afce(x, y):
    _, b, c, d, e = _shape(x)
    f = _shape(y)[1]
    result = _ops.matmul(_ops.reshape(_ops.transpose(x, [0, 2, 3, 1, 4]), [-1, c, d * b, e]),
                         _ops.transpose(y, [0, 2, 3, 1]))
    return _ops.reshape(result, [-1, c, d, b, f])


_T = _ops.transpose
_RECIPES = {
    'a,b->ab': lambda x, y: _ops.matmul(_ops.expand_dims(x, -1), _ops.expand_dims(y, 0)),
    'ab,b->a': lambda x, y: _ops.squeeze(_ops.matmul(x, _ops.expand_dims(y, -1)), -1),
    'ab,bc->ac': _ops.matmul,
    'ab,cb->ac': lambda x, y: _ops.matmul(x, _T(y, [1, 0])),
    'abc,cd->abd': _ops.matmul,
    'abc,cde->abde': _abc_cde,
    'abc,dc->abd': lambda x, y: _ops.matmul(x, _T(y, [1, 0])),
    'abc,dce->abde': _abc_dce,
    'abc,dec->abde': _abc_dec,
    'abcd,abde->abce': _ops.matmul,
    'abcd,abed->abce': lambda x, y: _ops.matmul(x, _T(y, [0, 1, 3, 2])),
    'abcd,acbe->adbe': lambda x, y: _T(_ops.matmul(_T(x, [0, 1, 3, 2]), _T(y, [0, 2, 1, 3])), [0, 2, 1, 3]),
    'abcd,adbe->acbe': lambda x, y: _T(_ops.matmul(x, _T(y, [0, 2, 1, 3])), [0, 2, 1, 3]),
    'abcd,aecd->acbe': lambda x, y: _ops.matmul(_T(x, [0, 2, 1, 3]), _T(y, [0, 2, 3, 1])),
    'abcd,aecd->aceb': lambda x, y: _T(_ops.matmul(_T(x, [0, 2, 1, 3]), _T(y, [0, 2, 3, 1])), [0, 1, 3, 2]),
    'abcd,cde->abe': _abcd_cde,
    'abcd,ced->abe': _abcd_ced,
    'abcd,ecd->abe': _abcd_ecd,
    'abcde,aebf->adbcf': _abcde_aebf,
    'abcde,afce->acdbf': _abcde_afce,
}


def normalized(subscripts):
    """The equation with its letters renamed a, b, c, ... in order of first use (Keras's
    ``_normalize_einsum_subscripts``)."""
    mapping = {}
    out = []
    for c in subscripts:
        if c.isascii() and c.isalpha():
            c = mapping.setdefault(c, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'[len(mapping)])
        out.append(c)
    return ''.join(out)


def einsum(subscripts, *operands):
    """keras.ops.einsum's computation on TensorFlow for float operands of one dtype: Keras's
    ``tf.matmul`` recipe where the (normalized) equation has one, else ``tf.einsum``."""
    subscripts = normalized(subscripts.replace(' ', ''))
    if len(operands) < 2 and subscripts in _RECIPES:
        # Keras picks its recipe by the equation alone, then reads the second operand (or its shape)
        error = IndexError('tuple index out of range')
        error.add_note('keras.ops.einsum: %r takes 2 operands, got %d' % (subscripts, len(operands)))
        raise error
    recipe = _RECIPES.get(subscripts) if len(operands) == 2 else None
    # (Keras floats integer operands first; bools reach its recipe as they are: MatMul's registry error)
    if recipe is None or not all(t.dtype.is_floating or t.dtype.is_bool for t in operands):
        return _ops.einsum(subscripts, *operands)
    return recipe(*operands)
