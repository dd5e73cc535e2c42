"""A single-output product ``a @ b.T`` (one row of ``a`` times one stored row ``b``), summed as TF 2.21's Eigen sums it.

TF's MatMul with transpose_b of a (1, K) and a (1, K) tensor (a one-sample Dense input gradient ``g @ W.T`` with
one input feature, the ``tf.gradients(u, x)`` of a physics-informed network) runs Eigen's Matrix product
``x * y.transpose()`` on row-major maps (matmul_op_impl.h, a batch of one). Its order depends on the depth and
on whether ``a``'s row is contiguous (not TF's transpose_a: a stored (K, 1) column is read with a runtime stride):

- K + 2 < 20: the coefficient-based product sums ``(x.row(0) .* y.row(0)).sum()``, Eigen's redux: with both rows
  contiguous, whole packets in two accumulators (packets 0, 2, 4... and 1, 3, 5...), added, then a last odd
  packet, the lanes folded by halves, then the rest in order (eigen_float_batched.py / eigen_double_product.py);
  otherwise every product in order from the first;
- from there the product falls back to ``dot`` (InnerProduct.h): with both rows contiguous, whole packets in four
  accumulators (packet j into j % 4; a last 1-3 packets past the whole quads into accumulators 0, 1, 2), folded
  ((a2 + a3) into a1, then a1 into a0), the lanes folded by halves, then the rest in order; otherwise in order
  from the first product; the total is added onto the zeroed output (a -0 total is +0).

Packets are Packet8f / Packet4d (AVX without FMA: each product rounded, then added). numpy's BLAS fused and
regrouped: progs/matmulbits/table.py printed 57 float32 and 33 float64 single outputs an ulp off TF's; with these
sums 176 of 176 (K 1..40, 47, 64, 100, 130; both transposes of ``a``) and big.py's 32 (K up to 100003) equal.
"""
import numpy as np

_COEFFICIENT_BASED = 20     # K + M + N below: Eigen's coefficient-based (lazy) product
_WIDTHS = {np.dtype(np.float32): 8, np.dtype(np.float64): 4}    # Packet8f, Packet4d


def wanted(a, b):
    """Whether ``a @ b`` (2-D numpy views; ``b`` TF's transposed stored row) is a single float32 / float64 output."""
    return (type(a) is np.ndarray and type(b) is np.ndarray and a.shape[0] == 1 and b.shape[1] == 1
            and a.shape[1] > 0 and a.dtype == b.dtype and a.dtype in _WIDTHS)


def single_output(a, b, transpose_a):
    """The (1, 1) ``a @ b`` in Eigen's order; ``transpose_a``: TF reads ``a`` from a stored column (strided)."""
    depth = a.shape[1]
    dtype = a.dtype
    with np.errstate(all='ignore'):
        products = a[0] * b[:, 0]
        if transpose_a:
            total = np.add.accumulate(products)[-1]
        elif depth + 2 < _COEFFICIENT_BASED:
            return _redux(products, _WIDTHS[dtype]).reshape(1, 1)
        else:
            total = _inner_product(products, _WIDTHS[dtype])
        if depth + 2 < _COEFFICIENT_BASED:
            return total.reshape(1, 1)
        return (dtype.type(0) + total).reshape(1, 1)


def _redux(products, width):
    """Eigen's vectorized redux of a sum: two packet accumulators (even and odd packets), then a last odd packet."""
    whole = products.size // width * width
    if not whole:
        return np.add.accumulate(products)[-1]
    pairs = products.size // (2 * width) * (2 * width)
    lanes = products[:width]
    if whole > width:
        twos = np.add.accumulate(products[:pairs].reshape(-1, 2, width), axis=0)[-1]
        lanes = twos[0] + twos[1]
        if whole > pairs:
            lanes = lanes + products[pairs:whole]
    return _in_order(_folded(lanes), products[whole:])


def _inner_product(products, width):
    """Eigen's vectorized dot: four packet accumulators over the whole quads, the last 1-3 packets into the first."""
    depth = products.size
    if depth < width:
        return np.add.accumulate(products)[-1]
    count = depth // width
    whole = count * width
    packets = products[:whole].reshape(count, width)
    quads = count // 4 * 4
    if count < 4:
        accumulators = list(packets)
    else:
        accumulators = list(np.add.accumulate(packets[:quads].reshape(-1, 4, width), axis=0)[-1])
        for j in range(count - quads):
            accumulators[j] = packets[quads + j] + accumulators[j]
        accumulators[2] = accumulators[2] + accumulators[3]
    if count >= 3:
        accumulators[1] = accumulators[1] + accumulators[2]
    if count >= 2:
        accumulators[0] = accumulators[0] + accumulators[1]
    return _in_order(_folded(accumulators[0]), products[whole:])


def _folded(lanes):
    """A packet's lanes added by halves, as Eigen's predux: ((l0 + l4) + (l2 + l6)) + ((l1 + l5) + (l3 + l7))."""
    while lanes.size > 1:
        half = lanes.size // 2
        lanes = lanes[:half] + lanes[half:]
    return lanes[0]


def _in_order(total, products):
    for value in products:
        total = total + value
    return total
