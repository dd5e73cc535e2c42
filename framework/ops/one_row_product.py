"""A one-row matrix product, summed in the order TensorFlow's CPU kernel sums it.

TensorFlow hands ``a @ b`` whose ``a`` has a single row (a single sample through a
Dense layer, ``model.predict(x[:1])``) to Eigen's matrix-vector kernel. Built without
FMA, that kernel rounds each product ``a[k] * b[k, n]`` and adds them in k order, in
blocks: all of K when K < 128 (or when ``b`` has one column), else blocks of 16 rows
of ``b`` (4 when one row of ``b`` is 32000 bytes or more), each block summed from zero
and then added to the running result. numpy's BLAS adds in another order, so a single
sample's outputs differed from TensorFlow's in the last bit.

Measured against TF 2.21 (x86-64 CPU) for float32 and float64, K from 1 to 3000,
N from 1 to 9000, in ``tf.matmul`` and in Keras's Dense (eager and ``predict``):
every element equal. Products of several rows go to oneDNN's sgemm, whose order
this module does not reproduce; they stay numpy's.
"""
import numpy as np

from ..blas_threads import product

# Eigen's general_matrix_vector_product (column-major): columns summed per block
_WHOLE_BELOW = 128
_ROW_BYTES_LIMIT = 32000


def one_row_matmul(xp, a, b):
    """``a @ b`` for numpy arrays ``a`` (1, K) and ``b`` (K, N) of float32 or float64,
    summed as TensorFlow sums it; other operands go to ``xp.matmul``."""
    if (xp is not np or type(a) is not np.ndarray or type(b) is not np.ndarray or a.ndim != 2 or b.ndim != 2
            or a.shape[0] != 1 or a.dtype != b.dtype or a.dtype not in _FLOATS or b.shape[0] == 0):
        return product(a, b)
    depth, width = b.shape
    if depth < _WHOLE_BELOW or width == 1:
        block = depth
    else:
        block = 16 if width * b.itemsize < _ROW_BYTES_LIMIT else 4
    row = a[0][:, None]
    total = np.zeros((1, width), b.dtype)     # Eigen's sums start at +0 (so never end at -0)
    for start in range(0, depth, block):
        # accumulate, unlike sum, adds strictly in order
        total += np.add.accumulate(row[start:start + block] * b[start:start + block], axis=0)[-1]
    return total


_FLOATS = (np.dtype(np.float32), np.dtype(np.float64))
