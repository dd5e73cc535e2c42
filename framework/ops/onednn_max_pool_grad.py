"""A traced step's MaxPoolGrad in oneDNN's order of sums, where windows overlap (float32, AVX-512).

Eager TensorFlow runs MaxPoolGrad on its Eigen kernel (pool_gradient_order.max_order). Inside a
tf.function or Keras's train step, TF's oneDNN graph pass turns it into _MklMaxPoolGrad, whose
``jit:avx512_core`` backward kernel (NHWC, "nspc") adds the windows' gradients onto an input element
that several windows took their maximum from in another order, so a pool with strides below its
size (MaxPooling2D(3, strides=2, padding="same"), MaxPooling2D(2, strides=1)) trains to other last
bits (TF 2.21: 13 of 432 input gradients of a 2x2 / stride 1 pool differ between eager and graph).

The kernel zeroes the input gradient, then goes through the output rows in order; in each row it
takes blocks of ``ur_w`` output columns, and in each block the window offsets row by row, column by
column, adding every block column's share. So for one input element: output rows ascending, then
column blocks ascending, then the window column ascending (within a block, columns descending).
``ur_w`` is 6 (the AVX-512 backward max kernel's unroll) divided by the channel blocks of 16 the
kernel takes at once (``ur_bc``), which oneDNN picks from the padding, the batch, the threads and
the L2 cache (jit_uni_pool_kernel's init_conf). Measured on TF 2.21 in tf.function: 40 random
shapes (kernels 2x2 to 3x4, strides 1 and 2, SAME and VALID, 1 to 33 channels), every bit equal.
"""
from .. import config_threading, onednn_policy
from .eigen_triangular_products import cache_sizes

_LANES = 16          # oneDNN's channel block with AVX-512
_UR = 6              # the AVX-512 max-pool backward kernel's register unroll


def applies(g, geo):
    """Whether a traced MaxPoolGrad of output gradient ``g`` runs oneDNN's kernel in an order of its
    own: float32, oneDNN on with AVX-512, windows that overlap (else each element gets one share)."""
    return (g.dtype == 'float32' and geo.overlapping() and geo.padding in ('SAME', 'VALID')
            and onednn_policy.enabled() and onednn_policy.vector_lanes() == _LANES)


def to_windows(g, hits, geo, selected):
    """The padded input's gradient: ``selected(g part, hits part)`` (g where the window's maximum
    lies at that offset) added at each offset, in the kernel's order (see the module's text)."""
    grad = geo.padded_zeros(g)
    kh, kw = geo.kernel
    sh, sw = geo.strides
    oh, ow = geo.oh, geo.ow
    # Without overlapping columns an input element takes one share per output row: blocks do not matter
    block = _ur_w(geo, config_threading.intra_op_pool_size()) if sw < kw else ow
    rows = [slice(i, i + sh * (oh - 1) + 1, sh) for i in range(kh)]
    for i in range(kh - 1, -1, -1):          # the output rows ascending, for one input row
        for start in range(0, ow, block):
            stop = min(ow, start + block)
            for j in range(kw):
                hit = hits[i * kw + j][:, :, start:stop]
                columns = slice(j + sw * start, j + sw * (stop - 1) + 1, sw)
                grad[:, rows[i], columns, :] += selected(g[:, :, start:stop], hit)
    return grad


def _ur_w(geo, threads):
    """The output columns the kernel takes at once (``ur / ur_bc``, init_conf's nspc choice)."""
    n, _, w, c = geo.shape
    sw = geo.strides[1]
    channel_blocks = -(-c // _LANES)
    least_columns = max(1, -(-geo.pw0 // sw), -(-geo.pw1 // sw))
    ur_bc = min(channel_blocks, max(1, _UR // least_columns))
    best = 0.0
    for candidate in range(ur_bc, 0, -1):      # enough (image, channel blocks) work for the threads
        work = n * -(-channel_blocks // candidate)
        efficiency = work / (-(-work // threads) * threads)
        if efficiency > best:
            best, ur_bc = efficiency, candidate
        if efficiency > 0.9:
            break
    # the zeroed input rows a call touches should stay in L2 (floats per core)
    ur_bc = min(ur_bc, max(1, cache_sizes()[1] // 4 // (geo.kernel[0] * w * _LANES)))
    return min(geo.ow, _UR // ur_bc)
