"""Matrix products of float16 / bfloat16 arrays, in float32 as TensorFlow's CPU kernels take them.

TensorFlow multiplies 16-bit matrices in float32 and rounds the result once. Its eager MatMul
(Eigen's contraction) adds each value's products in order, in blocks of 512 or 1024 along the
depth; its fused MatMul + BiasAdd (traced steps) in one run over the whole depth. numpy's own
float16 product also adds in order over the whole depth, but in a C loop about 12 times slower than
the vectorised sum below and 300 times slower than a float32 BLAS product. So: products of up to
IN_ORDER_MAX multiply-adds are summed in order (TensorFlow's bits up to depth 512), larger ones go to
float32 BLAS (its blocked order can differ in the last bit). On an AVX2 CPU where TF leaves oneDNN off,
its 16-bit product is the float32 one, cast back (bfloat16 by truncation): _eigen_avx2_half_product.
"""
import numpy as np

from . import onednn_policy

IN_ORDER_MAX = 1 << 24          # multiply-adds (~50 ms in order, where BLAS takes ~2 ms)
_CHUNK = 1 << 22                # float32 products held at once (16 MB)


def in_order_product(a, b):
    """``a @ b`` of 2-D float32 numpy arrays, each value's products added in order from the first."""
    out = np.empty((a.shape[0], b.shape[1]), np.float32)
    rows = max(1, _CHUNK // max(1, a.shape[1] * b.shape[1]))
    for start in range(0, a.shape[0], rows):
        # numpy reduces a middle axis by adding whole slices in order
        out[start:start + rows] = np.add.reduce(a[start:start + rows, :, None] * b[None], axis=1)
    return out


def wide_product(a, b):
    """The float32 product of 2-D 16-bit arrays ``a`` and ``b``, before TensorFlow's one rounding."""
    # (row-major copies: of a transposed view (a Dense input gradient's kernel.T), astype keeps the
    # column-major layout, and numpy then sums the depth pairwise, not in order)
    wide_a, wide_b = a.astype(np.float32, order='C'), b.astype(np.float32, order='C')
    if a.shape[0] * a.shape[1] * b.shape[1] <= IN_ORDER_MAX:
        return in_order_product(wide_a, wide_b)
    return wide_a @ wide_b


def half_product(a, b):
    """``a @ b`` of 2-D float16 / bfloat16 numpy arrays, rounded once to their dtype."""
    if onednn_policy.eigen_avx2():
        return _eigen_avx2_half_product(a, b)
    return wide_product(a, b).astype(a.dtype)


def _eigen_avx2_half_product(a, b):
    # On an AVX2 CPU without oneDNN (an AMD EPYC), TF 2.21's 16-bit MatMul / BatchMatMul is its float32
    # product of the widened operands, in the float32 kernel's order, then cast back: float16 rounded to
    # nearest, bfloat16 truncated (TF's FloatToBFloat16 keeps the float32 value's top 16 bits). Measured:
    # every element of 200 random products (depth 1..400) and of batched and transposed forms.
    from .ops.linalg import float32_product     # (ops import this module: the float32 kernels come later)
    wide = float32_product(a.astype(np.float32, order='C'), b.astype(np.float32, order='C'))
    return rounded_like_matmul(wide, a.dtype)


def rounded_like_matmul(wide, dtype):
    """A float32 product ``wide`` in the 16-bit ``dtype`` as TF's Eigen MatMul casts it on this CPU kind
    (bfloat16 truncated, float16 to nearest; see _eigen_avx2_half_product)."""
    if dtype.kind != 'V':
        return wide.astype(dtype)
    kept = (wide.view(np.uint32) & np.uint32(0xFFFF0000)).view(np.float32).astype(dtype)   # exact
    nan = np.isnan(wide)
    if nan.any():               # (a NaN whose payload sits in the dropped bits stays a NaN, as in Eigen)
        kept[nan] = np.nan
    return kept
