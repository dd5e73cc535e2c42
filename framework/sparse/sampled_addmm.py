"""tf.sparse.sampled_addmm: ``alpha * (mat1 @ mat2)`` at the entries of a sparse pattern, plus ``beta * values``,
computed only there (a row of mat1 times a column of mat2 per entry), in TensorFlow's order of ops, so
gradients reach mat1, mat2 and values."""
from .. import dtypes
from ..ops.arithmetic import add, multiply
from ..ops.indexing import gather_nd
from ..ops.matrix_parts import matrix_transpose
from ..ops.reductions import reduce_sum
from ..ops.shapes import concat
from ..tensor import convert_to_tensor


def sampled_addmm(indices, values, dense_shape, mat1, mat2, beta=1.0, alpha=1.0, output_type=dtypes.float32):
    """(indices, alpha * (mat1 @ mat2)[indices] + beta * values, dense_shape).

    ``indices`` (..., N, rank) name entries of the (..., M, P) product of mat1 (..., M, K) and mat2 (..., K, P).

    Raises:
        ValueError: ``dense_shape`` is not the product's [M, P] (TensorFlow's words).
    """
    indices = convert_to_tensor(indices)
    values = convert_to_tensor(values, dtype=output_type)
    dense_shape = convert_to_tensor(dense_shape, dtype=dtypes.int32)
    mat1 = convert_to_tensor(mat1, dtype=output_type)
    mat2 = convert_to_tensor(mat2, dtype=output_type)
    output_shape = convert_to_tensor([mat1.shape[-2], mat2.shape[-1]], dtype=dtypes.int32)
    if dense_shape.shape != output_shape.shape or not (dense_shape.numpy() == output_shape.numpy()).all():
        raise ValueError('Dense shape: %s does not match output shape: %s' % (dense_shape.numpy(), output_shape.numpy()))
    batch_dims = mat1.ndim - 2
    row_indices = indices[..., :-1]
    col_indices = concat([indices[..., :-2], indices[..., -1:]], axis=-1)
    rows = gather_nd(mat1, row_indices, batch_dims=batch_dims)
    cols = gather_nd(matrix_transpose(mat2), col_indices, batch_dims=batch_dims)
    dot = reduce_sum(multiply(rows, cols), axis=-1)
    return indices, add(multiply(dot, alpha), multiply(values, beta)), dense_shape
