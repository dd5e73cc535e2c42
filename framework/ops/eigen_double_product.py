"""A float64 product of several rows and columns, summed in the order TensorFlow's Eigen kernel sums it.

oneDNN has no double MatMul, so TensorFlow runs a float64 ``x @ w`` (M >= 2 rows, N >= 2 columns)
as Eigen's tensor contraction, whose inner kernel is gebp, built for AVX without FMA: each product
is rounded, then added. The contraction is column-major, so for TF's row-major tensors it computes
``(w.T @ x.T).T``: gebp's rows are the output's columns (N) and gebp's columns its rows (M). With
Packet4d (4 doubles), mr = 8 and nr = 4, the sums over the depth K run, per output:

- output columns in the blocks of 8 (the first N // 8 * 8): every product added in k order;
- the next block of 4, and of 2 (a half packet): even and odd k in two chains over the first
  K // 8 * 8 products (gebp's C and D accumulators), added, then the rest in k order;
- a last single column: for rows in blocks of 4, four chains (k % 4) over the first K // 4 * 4
  products, folded ``(c0 + c1) + (c2 + c3)``, then the rest in k order (gebp's 'swapped' kernel);
- the rows past M // 4 * 4, in the columns past the blocks of 8: in k order.

Each total lands on the zeroed output (a -0 total is +0). numpy's BLAS fuses multiply-adds, so half
the outputs of a float64 Dense layer differed from TF's in the last bit, and a float64 model's
weights drifted from TF's from the first step. A transposed operand changes nothing (Eigen packs
both operands the same way).

Checked against TF 2.21 on the AVX-512 Xeon: 109 shapes (M 2..300, K 1..320, N 2..300) and the
transposed forms, every element equal. Deeper products (K > 320) are cut into depth blocks whose
size depends on the thread count TF's cost model picks; those stay numpy's.
"""
import numpy as np

from . import eigen_math

_FLOAT64 = np.dtype(np.float64)
_DEPTH = 320         # Eigen's largest depth block with threads (k_cache); up to it K is one block
_VALUES = 1 << 22    # products summed here by default ('small' mode): a few ms of numpy work


def wanted(a, b):
    """Whether ``a @ b`` (2-D float64 numpy arrays) is computed here."""
    rows, depth = a.shape
    columns = b.shape[1]
    if rows < 2 or columns < 2 or depth == 0 or depth > _DEPTH or b.dtype != _FLOAT64:
        return False
    mode = eigen_math.ENABLED[0]
    return mode is True or (mode == 'small' and rows * depth * columns <= _VALUES)


def eigen_double_matmul(a, b):
    """``a @ b`` for float64 ``a`` (M, K) and ``b`` (K, N), in Eigen's gebp order (see the module's notes)."""
    rows, depth = a.shape
    columns = b.shape[1]
    eights = columns // 8 * 8             # gebp's rows: the output's columns
    fours = eights + (columns - eights) // 4 * 4
    pairs = fours + (columns - fours) // 2 * 2
    packed = rows // 4 * 4                # gebp's columns: the output's rows
    with np.errstate(all='ignore'):
        out = _in_order(a, b)
        if pairs > eights and packed:
            out[:packed, eights:pairs] = _even_odd(a[:packed], b[:, eights:pairs])
        if columns > pairs and packed:
            out[:packed, pairs:] = _four_lanes(a[:packed], b[:, pairs:])
    return out


def _in_order(a, b):
    """Every output's products added in k order, from +0 (one multiply and one add per k)."""
    out = np.zeros((a.shape[0], b.shape[1]))
    term = np.empty_like(out)
    for k in range(a.shape[1]):
        np.multiply(a[:, k:k + 1], b[k], out=term)
        out += term
    return out


def _even_odd(a, b):
    """gebp's one-packet kernel: even and odd k in two chains over the first K // 8 * 8 products, then the rest."""
    peeled = a.shape[1] // 8 * 8
    total = _in_order(a[:, 0:peeled:2], b[0:peeled:2]) + _in_order(a[:, 1:peeled:2], b[1:peeled:2])
    return _continued(total, a[:, peeled:], b[peeled:])


def _four_lanes(a, b):
    """gebp's swapped kernel for a last single row: four chains (k % 4) folded, then the rest."""
    whole = a.shape[1] // 4 * 4
    lanes = [_in_order(a[:, lane:whole:4], b[lane:whole:4]) for lane in range(4)]
    return _continued((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]), a[:, whole:], b[whole:])


def _continued(total, a, b):
    for k in range(a.shape[1]):
        total = total + a[:, k:k + 1] * b[k]
    return total


# TF's BatchMatMul on doubles (matmul_op_impl.h): a batch of one (every dimension > 1) or products of more
# than 128 * 128 multiply-adds run the tensor contraction (gebp, above); the rest Eigen's Matrix product,
# which sums coefficient by coefficient when K + M + N < 20 (EIGEN_GEMM_TO_COEFFBASED_THRESHOLD): each
# output its products added in k order from the first. Checked against TF 2.21: batched shapes, broadcast
# operands and transposes, every element equal (26 cases).
_COEFFICIENT_BASED = 20
_OUTER_PARALLEL_COST = 128 * 128


def batched_wanted(a, b):
    """Whether the batched float64 ``a @ b`` (..., M, K) @ (..., K, N) is computed here."""
    if a.dtype != _FLOAT64 or b.dtype != _FLOAT64 or type(a) is not np.ndarray or type(b) is not np.ndarray:
        return False
    rows, depth = a.shape[-2:]
    columns = b.shape[-1]
    if depth == 0 or depth > _DEPTH or not (_coefficient_based(a, b) or (rows >= 2 and columns >= 2)):
        return False
    mode = eigen_math.ENABLED[0]
    return mode is True or (mode == 'small' and a.size // depth * b.size <= _VALUES)


def _packet_sums(products):
    """The sums over axis 2 (the depth) of Eigen's vectorized dot product of two contiguous rows (its redux):
    the whole packets of 4 in two accumulators (packets 0, 2, 4... and 1, 3, 5...), added, then a last odd
    packet, the 4 lanes folded (lane0 + lane2) + (lane1 + lane3), then the remaining products in order
    (measured: progs/gradfuzz8/t_lazy4.py, depths 2-8; progs/gradfuzz10/t_row64.py, depths 1-17)."""
    depth = products.shape[2]
    pairs = depth // 8 * 8
    whole = depth // 4 * 4
    lanes = products[:, :, 0:4]
    if whole > 4:
        odd = products[:, :, 4:8]
        for k in range(8, pairs, 8):
            lanes = lanes + products[:, :, k:k + 4]
            odd = odd + products[:, :, k + 4:k + 8]
        lanes = lanes + odd
        if whole > pairs:
            lanes = lanes + products[:, :, pairs:whole]
    total = (lanes[:, :, 0] + lanes[:, :, 2]) + (lanes[:, :, 1] + lanes[:, :, 3])
    for k in range(whole, depth):
        total = total + products[:, :, k]
    return total


def single_wanted(a, b):
    """Whether the 2-D float64 ``a @ b`` (M, K) @ (K, N) is Eigen's coefficient-based product (a side of 1,
    K + M + N < 20: TF's MatMul runs its batch-of-one BatchMatMul kernel), computed by ``eigen_double_batched``."""
    return (type(a) is np.ndarray and type(b) is np.ndarray and b.dtype == _FLOAT64 and a.shape[1] > 0
            and _coefficient_based(a, b) and eigen_math.ENABLED[0] is not False)


def _coefficient_based(a, b):
    rows, depth = a.shape[-2:]
    columns = b.shape[-1]
    count = int(np.prod(np.broadcast_shapes(a.shape[:-2], b.shape[:-2])))
    contraction = min(rows, depth, columns) > 1 and (count == 1 or rows * depth * columns > _OUTER_PARALLEL_COST)
    return not contraction and rows + depth + columns < _COEFFICIENT_BASED


def eigen_double_batched(a, b, rows_by_rows=False):
    """The batched ``a @ b`` for float64 arrays, summed as TF's BatchMatMul kernel sums it.
    ``rows_by_rows``: TF multiplies a row of ``a`` by a row of its stored ``b`` (adj_y / trans_y without
    adj_x / trans_x): the coefficient-based product then sums both contiguous rows by Eigen's packets of 4
    (see _packet_sums)."""
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    rows, depth = a.shape[-2:]
    columns = b.shape[-1]
    if not (rows and depth and columns and all(batch)):     # nothing to order: numpy's (zeros for depth 0)
        return np.matmul(a, b)
    left = np.broadcast_to(a, batch + (rows, depth)).reshape(-1, rows, depth)
    right = np.broadcast_to(b, batch + (depth, columns)).reshape(-1, depth, columns)
    with np.errstate(all='ignore'):
        if _coefficient_based(a, b):
            products = left[..., None] * right[:, None]
            out = _packet_sums(products) if rows_by_rows and depth >= 4 else \
                np.add.accumulate(products, axis=2)[:, :, -1]
        else:
            out = np.stack([eigen_double_matmul(x, y) for x, y in zip(left, right)])
    return out.reshape(batch + (rows, columns))
