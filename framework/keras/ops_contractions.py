"""``keras.ops`` contractions: dot, tensordot, einsum, outer and matmul, with Keras 3's result dtypes; einsum's
subscripts as Keras rewrites them for TF's kernels."""
import string

from framework import ops as _ops
from framework.ops import einsum_stand_ins
from framework.errors import noted

from . import einsum_matmul
from .ops_dtypes import cast_all, cast_all_promoted, in_product_dtype, tensor
from .ops_matmul import matmul
__all__ = ['dot', 'einsum', 'matmul', 'outer', 'tensordot']


def dot(x1, x2):
    """numpy.dot: scalars multiply, otherwise the last axis of x1 meets the second-to-last of x2."""
    (a, b), back = in_product_dtype(cast_all_promoted([x1, x2], 'dot'))
    if a.ndim == 0 or b.ndim == 0:
        out = _ops.multiply(a, b)
    else:
        out = _ops.tensordot(a, b, [[a.ndim - 1], [max(b.ndim - 2, 0)]])
    return out if back is None else _ops.cast(out, back)


def tensordot(x1, x2, axes=2):
    (a, b), back = in_product_dtype(cast_all_promoted([x1, x2], 'tensordot'), exact=('int32', 'int64'))
    out = _ops.tensordot(a, b, axes)
    return out if back is None else _ops.cast(out, back)


def einsum(subscripts, *operands, **kwargs):
    """tf.einsum of the operands in their common dtype. As Keras 3 on TensorFlow, the letters are first
    renamed a, b, c, ... in order of appearance, so an implicit output ('ji', no '->') keeps that order:
    einsum('ji', x) is x itself there, not numpy's transpose."""
    for value in operands:
        if isinstance(value, (list, tuple)):
            # Keras maps convert_to_tensor over the operands' structure, so a Python list stays a list (of
            # tensors) and reading its dtype fails: TF 2.21's AttributeError, eagerly and in a trace
            raise noted(AttributeError("'%s' object has no attribute 'dtype'" % type(value).__name__),
                        'keras.ops.einsum: each operand must be a tensor or array; wrap a Python list in '
                        'np.array(...) or keras.ops.convert_to_tensor(...) first')
    tensors = cast_all(operands, 'einsum')
    if tensors and all(tensor(v, 'einsum')._data.dtype.name == 'int8' for v in operands):
        tensors, back = [_ops.cast(t, 'int32') for t in tensors], None      # Keras: int8 operands give int32
    else:
        tensors, back = in_product_dtype(tensors, bools=False) if tensors else (tensors, None)
    einsum_stand_ins.carry_shapes(operands, tensors)
    if isinstance(subscripts, str):
        subscripts = _letters_by_first_use(subscripts)
        out = einsum_matmul.einsum(subscripts, *tensors)
    else:
        out = _ops.einsum(subscripts, *tensors)
    return out if back is None else _ops.cast(out, back)


def _letters_by_first_use(subscripts):
    names = {}
    for c in subscripts:
        if c in string.ascii_letters and c not in names:
            names[c] = string.ascii_letters[len(names)]
    return ''.join(names.get(c, c) for c in subscripts)


def outer(x1, x2):
    """The outer product of the flattened inputs."""
    a, b = cast_all([x1, x2], 'outer')
    return _ops.reshape(a, [-1, 1]) * _ops.reshape(b, [1, -1])
