"""A float32 product of several rows and columns, summed in the order TensorFlow's oneDNN sums it.

Where TensorFlow runs oneDNN (onednn_policy.py), a float32 ``x @ w`` with M >= 2 rows, N >= 2
columns and a depth K <= 384 is oneDNN's sgemm: each output one fused multiply-add per k, in
order, from +0. A Dense layer's forward is that product and then the bias added, eagerly and
in traced steps alike: TF's fused MatMul + BiasAdd kernel in predict / tf.function gave the same
bits as the eager layer on every shape measured (TF 2.21, AVX-512 Xeon; M 2..200, K 1..384,
N 2..200, 648 shapes, and 3-D inputs). Larger depths are split into blocks, not decoded here.

numpy's OpenBLAS (AVX-512 kernels) sums the same way for full panels of 16 columns, and for a
last panel of 9 to 15 columns, but takes another kernel for a last panel of 1 to 8 columns:
there about a third of outputs differed from TF in the last bit (a Dense(2) or Dense(10 + 16k)
layer's predictions). So those columns are computed through a kernel padded with zero
columns to a full panel of 16, where OpenBLAS sums them in order too: with that, numpy equals
a float64-exact FMA chain on all shapes tried (M 2..1000, K 1..385, N 1..1000).

It costs one small copy of the last columns and a second product of 16 columns (about 5 us on
a (32, 32) @ (32, 3) product; products whose last panel is 0 or 9-15 columns wide pay one test),
so it runs for every such product, training included, unless ``set_tf_exact_math(False)``.

The layer's gradients: TF's kernel gradient ``x.T @ g`` (transpose_a) is the same chain, and
numpy's product of the transposed view already equals it (180/180 shapes). The input gradient
``g @ kernel.T`` (transpose_b) is the chain for 16 rows or more (M 16..1000, every K <= 384 and
N >= 2 measured) and another kernel below (not decoded): ``rows_matmul_transposed``. With both,
a two-layer MLP's mse gradients and a 5-epoch Adam fit print TF's bytes. ``tf.matmul`` (2-D,
eager or traced) takes the same two forms.
"""
import numpy as np

from . import eigen_math
from .. import onednn_policy
from ..blas_threads import product

PANEL = 16
_LAST_NARROW = 8     # last panels up to this many columns go to OpenBLAS's other kernel
_DEPTH_IN_ORDER = 384
_TRANSPOSED_FROM_ROWS = 16     # fewer rows: oneDNN takes another kernel for a transposed b (not decoded)


def rows_matmul(a, b):
    """``a @ b`` for 2-D arrays; float32 products of several rows summed as oneDNN sums them."""
    width = b.shape[1]
    last = width % PANEL
    if last == 0 or last > _LAST_NARROW or not _wanted(a, b):
        return product(a, b)
    full = width - last
    padded = np.zeros((b.shape[0], PANEL), np.float32)
    padded[:, :last] = b[:, full:]
    if not full:        # a narrow layer (Dense(2)): one product, its first columns kept
        return product(a, padded)[:, :last].copy()
    out = np.empty((a.shape[0], width), np.float32)
    out[:, :full] = product(a, b[:, :full])
    out[:, full:] = product(a, padded)[:, :last]
    return out


def rows_matmul_transposed(a, c):
    """``a @ c.T`` (a Dense layer's input gradient: the output gradient times the kernel, transposed).

    TF's ``MatMul(transpose_b=True)`` is the same in-order chain when ``a`` has 16 rows or more
    (fewer: another oneDNN kernel). OpenBLAS given the transposed view takes other kernels on
    some shapes, so one operand is copied in its transposed layout first: ``c.T`` (K * N floats),
    or, when that is the larger copy (a batch of 32 rows against a (256, 128) kernel, whose
    transposed copy cost more than the product), ``(c @ a.T).T`` (an FMA chain does not care
    which factor comes first) with ``a.T`` copied and the result copied back to rows (numpy's
    sums over axis 0 of a column-major array add in another order)."""
    rows, depth = a.shape
    # a depth of 1 (a Dense(1) layer's input gradient) is one rounded product in any order
    if rows < _TRANSPOSED_FROM_ROWS or depth == 1 or not _wanted(a, c.T):
        return product(a, c.T)
    if c.shape[0] * depth <= rows * (depth + c.shape[0]):
        return rows_matmul(a, np.ascontiguousarray(c.T))
    return np.ascontiguousarray(rows_matmul(c, np.ascontiguousarray(a.T)).T)


def _wanted(a, b):
    return (type(a) is np.ndarray and type(b) is np.ndarray and a.dtype == np.float32
            and b.dtype == np.float32 and a.ndim == 2 and b.ndim == 2 and a.shape[0] >= 2
            and b.shape[1] >= 2 and 0 < b.shape[0] <= _DEPTH_IN_ORDER
            and eigen_math.ENABLED[0] is not False and onednn_policy.enabled())
