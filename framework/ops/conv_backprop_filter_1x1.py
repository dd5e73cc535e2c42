"""Conv2DBackpropFilter of a 1x1 kernel in TensorFlow's order: oneDNN's 1x1 backward-weights kernel.

TensorFlow 2.21 hands a 1x1 float32 NHWC Conv2D's kernel gradient to oneDNN's
``jit_avx512_common_1x1_conv_kernel`` rather than the general backward-weights kernel of
conv_backprop_filter_order.py (whose ``applies`` sends 1x1 kernels here). The rule and where it was
measured are in the comment above ``_WHOLE_IMAGE_POSITIONS``.
"""
import numpy as np

from .. import config_threading
from . import conv_backprop_filter_order as order

_LANES = 16             # oneDNN's channel block with AVX-512

# oneDNN's 1x1 backward-weights kernel (jit_avx512_common_1x1_conv_kernel, strides 1): the positions of each
# image are cut into blocks of ``reduce_block``; the threads on the batch (``nthr_mb``) share the (image, block)
# pairs, image-major, in balance211 slices. Each thread chains every image's positions in its slice from zero
# with fused multiply-adds (one kernel call per image), adds those image sums one by one, and the threads' sums
# are added in order. At strides 2 over even sizes the kernel reads the strided positions the same way; over
# odd sizes TensorFlow's call goes to oneDNN's general backward-weights kernel (conv_backprop_filter_order.py's
# one chain). Measured on TF 2.21 (notes progs/tutorials42/pw_meas*.py, pw_check_all.py, pw_s2.py): all bits
# equal in the shapes these rules cover (1 and 2 intra-op threads: 1-64 images, up to 28x28 positions, 3-128
# input and 1-100 output channels). Where oneDNN cuts an image into several calls (more positions than
# _WHOLE_IMAGE_POSITIONS) the sums differed from this rule: those keep the BLAS product, as do other strides.
_WHOLE_IMAGE_POSITIONS = {8: 784, 16: 256}     # by the kernel's unroll (ur): the largest images measured whole


def _best_divider(value, low, high, find_max):
    """oneDNN's utils::best_divider: the divider of least padding in [low, high], the largest or smallest."""
    high = max(1, min(high, value))
    low = max(1, min(low, high))
    best, least = high, float('inf')
    for divider in range(high, low - 1, -1):
        padded = -(-value // divider) * divider
        loss = (padded - value) / padded
        if loss < least or (not find_max and loss == least):
            best, least = divider, loss
    return best


def _plan(ih, iw, o):
    """(reduce_block, blocks per image, unroll) of oneDNN's 1x1 kernel gradient over ih x iw positions
    (its init_conf)."""
    block = _best_divider(ih * iw, 7, 16, True)
    if (ih * iw) % block:
        block = _best_divider(iw, 4, iw, False)
    if block > 256:
        block = 1
    unroll = 8 if block <= 19 and o > _LANES else 16
    return block, -(-(ih * iw) // block), unroll


def route(geo, o):
    """Which oneDNN kernel sums this 1x1 kernel gradient, as measured: '1x1' (the rule above; at strides 2
    over even sizes, on the strided positions), 'general' (strides 2 over odd sizes: conv_backprop_filter_order's
    kernel), or None (not measured to a rule: the BLAS product)."""
    h, w = geo.shape[1], geo.shape[2]
    if geo.strides == (2, 2) and h % 2 and w % 2:
        return 'general'
    if geo.strides == (2, 2) and not h % 2 and not w % 2:
        h, w = h // 2, w // 2
    elif geo.strides != (1, 1):
        return None
    _, _, unroll = _plan(h, w, o)
    return '1x1' if h * w <= _WHOLE_IMAGE_POSITIONS[unroll] else None


def _threads_on_pairs(geo, o, threads, pairs, block):
    """oneDNN's jit_avx512_common_1x1_conv_kernel::balance: the threads on the (image, block) pairs."""
    nb_ic, nb_oc = -(-geo.shape[3] // _LANES), -(-o // _LANES)

    def up(a, b):
        return -(-a // b)

    def memory(mb, ocb, icb):
        return (up(pairs, mb) * up(nb_ic, icb) * _LANES * block + up(pairs, mb) * up(nb_oc, ocb) * _LANES * block
                + 12 * up(nb_oc, ocb) * up(nb_ic, icb) * _LANES * _LANES)

    best, best_memory = 1, memory(1, 1, 1)
    for mb in range(1, min(threads, pairs) + 1):
        for ocb in range(1, min(threads // mb, nb_oc) + 1):
            cost = memory(mb, ocb, min(threads // mb // ocb, nb_ic))
            if cost <= best_memory:
                best, best_memory = mb, cost
    if threads // 2 < best < threads:
        best = min(geo.shape[0], threads)
    return best


def filter_grad(x, g, geo):
    """The (C, O) gradient of a 1x1 convolution routed to '1x1', summed as oneDNN's 1x1 kernel (see above)."""
    x = x[:, ::geo.strides[0], ::geo.strides[1]]        # the positions the kernel reads (all at strides 1)
    n, positions = geo.shape[0], x.shape[1] * x.shape[2]
    block, blocks, _ = _plan(x.shape[1], x.shape[2], g.shape[3])
    rows = x.reshape(n, positions, x.shape[3]).astype(np.float64)
    grads = g.reshape(n, positions, g.shape[3]).astype(np.float64)
    threads = _threads_on_pairs(geo, g.shape[3], config_threading.intra_op_pool_size(), n * blocks, block)
    total = None
    for start, stop in order._balance211(n * blocks, threads):
        calls = []          # the thread's kernel calls: (image, first position, end position)
        for image in range(start // blocks, -(-stop // blocks)):
            first = max(start, image * blocks) - image * blocks
            end = min(stop, (image + 1) * blocks) - image * blocks
            calls.append((image, first * block, min(positions, end * block)))
        chains = _chains(rows, grads, calls)
        part = chains[0]
        for chain in chains[1:]:
            part = part + chain
        total = part if total is None else total + part
    return total


def _chains(rows, grads, calls):
    """Each call's positions chained from zero with fused multiply-adds (the exact float64 product, then
    one rounding); calls over the same positions are independent, so they run side by side."""
    out = [None] * len(calls)
    for span in {call[1:] for call in calls}:
        which = [k for k, call in enumerate(calls) if call[1:] == span]
        images = [calls[k][0] for k in which]
        acc = np.zeros((len(images), rows.shape[2], grads.shape[2]), np.float32)
        for p in range(*span):
            acc[...] = acc + rows[images, p, :, None] * grads[images, p, None, :]
        for k, chain in zip(which, acc):
            out[k] = chain
    return out
