"""A depthwise convolution's float32 filter gradient in TensorFlow's order where TensorFlow runs oneDNN.

TensorFlow 2.21 (x86-64, oneDNN on: see onednn_policy.py) computes DepthwiseConv2dNativeBackpropFilter
(the tape's filter gradient of tf.nn.depthwise_conv2d, DepthwiseConv2D, SeparableConv's first half,
MobileNet blocks) with oneDNN's depthwise backward-weights kernel (NHWC "nxc" harness). Its threads split
the work over channel blocks, images and output rows (partition_nthr_nxc: most threads used first, then
least imbalance); each thread sums its images, then its rows, then its columns as one fused multiply-add
chain from +0, and the threads' partial filters are then added in thread order. tapeflow's grouped
product rounded each product and summed in another order: 549-1314 of 1728 values of a (B, 3, 3, 192)
stride-2 gradient differed, and a MobileNetV2 fine-tuning run diverged from its first step.
Measured on TF 2.21 with 2 intra-op threads (progs/tutorials46/t46_dwf_*.py, t46_dw_partition.py):
22 shapes (1-32 images, 8-192 channels, 1x1 to 8x8 outputs, strides 1 and 2, SAME and VALID, 3x3
kernels, multiplier 1), all bits equal, the split the partition below picks with 16-channel blocks
grouped 4 to a thread block.

Not emulated: images smaller than the kernel (a 1x1 or 2x2 image under a 3x3 SAME kernel: TF's sums
there are another kernel's, plain float32 in image order at 1x1, t46_dwf_cmp8.py), multipliers above 1, dilations, more than 2-D, float16 (not measured), TensorFlow
without oneDNN. The fused multiply-add is exact in float64 before its one rounding; like
depthwise_forward_order it follows eigen_math's exact-math mode.
"""
import math

import numpy as np

from .. import config_threading, onednn_policy
from . import eigen_math

_CHANNEL_BLOCK = 16         # AVX-512 float32 vector
_BLOCKS_PER_THREAD_BLOCK = 4


def applies(x, g, geo):
    """Whether the mode computes the depthwise (multiplier 1) filter gradient of ``x`` (N, H, W, C) for
    the output gradient ``g`` in TensorFlow's order."""
    return (type(x) is np.ndarray and type(g) is np.ndarray and x.dtype == np.float32 and g.dtype == np.float32
            and len(geo.kernel) == 2 and tuple(geo.dilations) == (1, 1) and g.shape[-1] == x.shape[-1]
            and geo.groups == x.shape[-1] and x.shape[0] > 0
            and all(size >= k for size, k in zip(x.shape[1:-1], geo.kernel))     # smaller: not oneDNN's order
            and eigen_math.exact_for_size(int(np.prod(geo.kernel)) * x.shape[-1]) and onednn_policy.enabled())


def filter_grad(x, g, geo):
    """The (*kernel, 1, C) filter gradient: each thread's fused multiply-add chain, threads added in order."""
    images, rows = x.shape[0], geo.out[0]
    image_threads, row_threads, row_block = _partition(x.shape[-1], images, rows,
                                                       config_threading.intra_op_pool_size())
    windows = [geo.pad(x).astype(np.float64)[geo.window_slice(offset)] for offset in geo.offsets()]
    windows = np.stack(windows, axis=-2)            # (N, *out, K, C)
    wide_g = g.astype(np.float64)[..., None, :]     # (N, *out, 1, C)
    row_blocks = math.ceil(rows / row_block)
    total = None
    for image_start, image_stop in _balance211(images, image_threads):
        for block_start, block_stop in _balance211(row_blocks, row_threads):
            acc = np.zeros(windows.shape[-2:], np.float32)
            for b in range(image_start, image_stop):
                for r in range(block_start * row_block, min(rows, block_stop * row_block)):
                    for c in range(geo.out[1]):
                        acc = (acc + windows[b, r, c] * wide_g[b, r, c]).astype(np.float32)
            total = acc if total is None else total + acc
    return total.reshape(geo.kernel + (1, x.shape[-1]))


def _partition(channels, images, rows, threads):
    """oneDNN's partition_nthr_nxc (prioritizing threads used, then balance): the threads on images and
    on output rows, and the rows per block. The threads on channels do not change any sum's order."""
    outer = math.ceil(math.ceil(channels / _CHANNEL_BLOCK) / _BLOCKS_PER_THREAD_BLOCK)
    best_use, best_imbalance, best = np.float32(0), np.float32(1), (1, 1, rows)
    for on_channels in range(min(outer, threads), 0, -1):
        free = threads // on_channels
        for on_images in range(min(images, free), 0, -1):
            free_rows = min(rows, free // on_images)
            under_blocked = False
            for block in range(rows, 0, -1):
                blocks = math.ceil(rows / block)
                on_rows = min(free_rows, blocks)
                if under_blocked and free_rows < blocks:
                    break
                use = np.float32(on_channels * on_images * on_rows) / np.float32(threads)
                imbalance = (_share(math.ceil(outer / on_channels) * on_channels - outer, outer, images * rows)
                             + _share(math.ceil(images / on_images) * on_images - images, images, outer * rows)
                             + _share(block * on_rows - rows, rows, outer * images))
                if best_use <= use and not (best_use == use and best_imbalance <= imbalance):
                    best_use, best_imbalance, best = use, imbalance, (on_images, on_rows, block)
                under_blocked = block * on_rows < rows
    return best


def _share(excess, size, weight):
    """One term of oneDNN's imbalance, in its single-precision float arithmetic (ties decide the split)."""
    return np.float32(abs(excess)) / np.float32(size) * np.float32(weight)


def _balance211(n, team):
    """oneDNN's balance211: ``n`` items over ``team`` workers, the first ones taking one more."""
    big = -(-n // team)
    small = big - 1
    with_big = n - small * team
    spans, start = [], 0
    for worker in range(team):
        size = big if worker < with_big else small
        spans.append((start, start + size))
        start += size
    return [(s, e) for s, e in spans if e > s]
