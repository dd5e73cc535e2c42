"""keras.ops.matmul: numpy.matmul's rules with Keras 3's TensorFlow backend's routing (MatMul for two
matrices, tf.tensordot for a vector or a batch of matrices by one matrix), whose kernels' errors it gives."""
from framework import ops as _ops
from framework.errors import InvalidArgumentError
from .ops_dtypes import cast_all_promoted, in_product_dtype, tensor

__all__ = ['matmul']


def matmul(x1, x2):
    """numpy.matmul: batched matrix product; a 1-D operand acts as a row or column vector."""
    both_int8 = all(tensor(x, 'matmul')._data.dtype.name == 'int8' for x in (x1, x2))
    a, b = cast_all_promoted([x1, x2], 'matmul')
    if a.ndim == 0 or b.ndim == 0:
        # Keras 3 hands a product with a vector to tf.tensordot (axes=1 when x2 is the vector, else
        # [[0], [-2]]) and the rest to tf.matmul: their refusals of a scalar are its errors
        try:
            return _as_tensordot(a, b) if 1 in (a.ndim, b.ndim) else _ops.matmul(a, b)
        except (InvalidArgumentError, ValueError, IndexError) as refusal:
            error = refusal
        error.add_note('keras.ops.matmul: operands must have rank >= 1, got shapes %s and %s; use keras.ops.multiply '
                       'for scalars' % (tuple(a.shape), tuple(b.shape)))
        raise error
    vector_a, vector_b = a.ndim == 1, b.ndim == 1
    if both_int8 and not (vector_a or vector_b):
        # Keras 3 on TF: int8 by int8 matrices as MatMul(output_type=int32), which sums exactly in int32
        a, b, back = _ops.cast(a, 'int32'), _ops.cast(b, 'int32'), None
    else:       # other integer or bool operands in floatx, cast back ([[16777217, 1]] @ [[1], [1]] is 16777216)
        (a, b), back = in_product_dtype([a, b])
    if vector_a or vector_b or (a.ndim > 2 and b.ndim == 2 and not both_int8):
        # Keras's routes to tf.tensordot, one MatMul of the reshaped operands: its sums (and its gradient's,
        # a single product over every leading axis) are not those of a batched product
        out = _as_tensordot(a, b)
    else:
        out = _ops.matmul(a, b)
    return out if back is None else _ops.cast(out, back)


def _as_tensordot(a, b):
    """tf.tensordot as Keras 3's TF backend calls it for a vector (either side) or a batch of matrices by
    one matrix."""
    if b.ndim == 1:
        return _ops.tensordot(a, b, axes=1)
    if a.ndim == 1:
        return _ops.tensordot(a, b, axes=[[0], [-2]])
    return _ops.tensordot(a, b, axes=[[-1], [0]])

