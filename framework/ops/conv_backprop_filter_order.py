"""Conv2DBackpropFilter's float32 sums in TensorFlow's order where TensorFlow runs oneDNN (Conv2D's
kernel gradient).

TensorFlow 2.21 hands the kernel gradient of an NHWC float32 Conv2D to oneDNN's
``jit:avx512_core`` backward-weights kernel. Each weight's gradient is a sum over the output
positions (n, oh, ow) of ``input patch * output gradient``; the kernel adds them with fused
multiply-adds (one rounding per step) in one of two shapes (measured on TensorFlow 2.21, notes
progs/conv7/: kernels 1x1 to 5x5, 1-32 input channels, strides 1 and 2, SAME and VALID, 1 and 2
threads, all bits equal):

- fewer than 16 input channels, or strides wider than 1 (oneDNN's "embedded broadcast"): one
  chain over n, then oh, then ow;
- 16 or more input channels with strides 1 ("explicit broadcast"): each output row's columns, in
  runs of 28, are chained from zero, and those run sums are added to the total one by one.

Threads split the batch: oneDNN's ``balance`` weighs how much each thread would read and write and
may give each of ``nthr_mb`` threads a contiguous slice of the images (the first slices one image
longer); each slice is summed as above from zero, and the slices' sums are added in order. The
thread count is TensorFlow's intra-op pool (``config_threading.intra_op_pool_size``).

The chain is sequential: it loops over the output positions, so it follows eigen_math's exact-math
mode (kernels of up to 32 weights over at most 1024 positions by default, every size with
set_tf_exact_math(True)). A 1x1 kernel goes to oneDNN's 1x1 backward-weights kernel (conv_backprop_filter_1x1.py).
Other dtypes and TensorFlow without oneDNN keep the BLAS product.
"""
import weakref

import numpy as np

from .. import config_threading, onednn_policy
from . import conv_backprop_filter_1x1, eigen_math

_LANES = 16             # oneDNN's channel block with AVX-512
_RUN = 28               # the explicit-broadcast kernel's longest unrolled run of output columns
_DEFAULT_POSITIONS = 1024       # by default, chains of at most this many steps (~5 ms)


def applies(x, g, geo):
    """Whether the mode computes this kernel gradient in TensorFlow's order."""
    if not (type(x) is np.ndarray and x.dtype == np.float32 and g.dtype == np.float32
            and geo.padding in ('SAME', 'VALID') and onednn_policy.enabled()
            and onednn_policy.vector_lanes() == _LANES):
        return False
    if geo.kernel == (1, 1) and not _dilated(geo) and conv_backprop_filter_1x1.route(geo, g.shape[3]) is None:
        return False
    weights = geo.kernel[0] * geo.kernel[1] * geo.shape[3] * g.shape[3]
    if eigen_math.ENABLED[0] is True:
        return True
    return eigen_math.exact_for_size(weights) and geo.shape[0] * geo.oh * geo.ow <= _DEFAULT_POSITIONS


def filter_grad(x, g, geo):
    """The (KH, KW, C, O) gradient of a convolution's filters, given its input ``x`` (N, H, W, C)
    and output gradient ``g`` (N, OH, OW, O), summed in TensorFlow's order (see ``applies``)."""
    kh, kw = geo.kernel
    n, c, o = geo.shape[0], geo.shape[3], g.shape[3]
    if (kh, kw) == (1, 1) and not _dilated(geo) and conv_backprop_filter_1x1.route(geo, o) == '1x1':
        return conv_backprop_filter_1x1.filter_grad(x, g, geo).reshape(1, 1, c, o)
    patches = np.asarray(geo.windows(x)).reshape(n, geo.oh, geo.ow, kh * kw * c).astype(np.float64)
    wide_g = g.astype(np.float64)
    # a dilated width breaks the runs of adjacent columns: one chain, as at wider strides
    explicit = c >= _LANES and geo.strides[1] == 1 and (not _dilated(geo) or geo.dilations[1] == 1)
    rows = _explicit_broadcast_rows if explicit else _one_chain
    total = None
    for start, stop in _batch_slices(geo, o, config_threading.intra_op_pool_size()):
        part = rows(patches[start:stop], wide_g[start:stop])
        total = part if total is None else total + part
    return total.reshape(kh, kw, c, o)


def _one_chain(patches, g):
    """One fused multiply-add chain over every position of these images, from zero."""
    acc = np.zeros((patches.shape[-1], g.shape[-1]), np.float32)
    for p, d in zip(patches.reshape(-1, patches.shape[-1]), g.reshape(-1, g.shape[-1])):
        acc[...] = acc + np.multiply.outer(p, d)     # float64 (exact product), then one rounding
    return acc


def _explicit_broadcast_rows(patches, g):
    """Each output row's runs of _RUN columns chained from zero, the runs added in order."""
    n, oh, ow, k = patches.shape
    runs = []
    for start in range(0, ow, _RUN):
        run = np.zeros((n * oh, k, g.shape[-1]), np.float32)
        for col in range(start, min(ow, start + _RUN)):
            run[...] = run + patches[:, :, col].reshape(-1, k, 1) * g[:, :, col].reshape(-1, 1, g.shape[-1])
        runs.append(run)
    # (row, run) in the kernel's order; cumsum adds float32 values one by one, from zero
    ordered = np.stack(runs, axis=1).reshape(-1, k, g.shape[-1])
    return np.cumsum(np.concatenate([np.zeros((1,) + ordered.shape[1:], np.float32), ordered]),
                     axis=0, dtype=np.float32)[-1]


def _batch_slices(geo, o, threads):
    """The (start, stop) image slices oneDNN's threads sum separately (balance, then balance211)."""
    return _balance211(geo.shape[0], _threads_on_batch(geo, o, threads))


def _threads_on_batch(geo, o, threads):
    """How many of oneDNN's threads split the batch for the kernel gradient (the others split the
    channel blocks)."""
    return _weights_split(geo, o, threads)[0]


def _weights_split(geo, o, threads):
    """oneDNN's ``jit_avx512_common_conv_bwd_weights_kernel_f32::balance``, minibatch harness,
    one group: the threads on (images, output channel blocks, input channel blocks)."""
    n, ih, iw, c = geo.shape
    kh, kw = geo.kernel
    sh, sw = geo.strides
    ic_block = c if c < _LANES else _LANES
    nb_ic, nb_oc, oc_block = -(-c // ic_block), -(-o // _LANES), _LANES

    def memory(mb, ocb, icb):
        return (_up(n, mb) * _up(nb_ic, icb) * ic_block * ih * iw // sh // sw
                + _up(n, mb) * _up(nb_oc, ocb) * oc_block * geo.oh * geo.ow
                + 8 * _up(nb_oc, ocb) * _up(nb_ic, icb) * kh * kw * ic_block * oc_block)

    return balance(threads, n, nb_oc, nb_ic, memory)


def _up(a, b):
    return -(-a // b)


def balance(threads, rows, nb_oc, nb_ic, memory, images=None):
    """oneDNN's search for the backward-weights thread split (minibatch, output channel blocks, input
    channel blocks) over ``rows`` minibatch rows: the least ``memory(mb, ocb, icb)``, then less compute
    at most 10% more memory, or 25% less compute. The 2-D kernel's rows are its images; the 3-D one's are
    (image, output depth) pairs, while its compute estimate still counts ``images``."""
    images = rows if images is None else images

    def compute(mb, ocb, icb):
        return _up(images, mb) * _up(nb_oc, ocb) * _up(nb_ic, icb)

    def splits():
        for mb in range(1, min(threads, rows) + 1):
            for ocb in range(1, min(threads // mb, nb_oc) + 1):
                yield mb, ocb, min(threads // mb // ocb, nb_ic)

    best = (1, 1, 1)
    best_memory = memory(*best)
    for split in splits():
        if memory(*split) <= best_memory:
            best, best_memory = split, memory(*split)
    best_compute = compute(*best)
    for split in splits():
        cost = compute(*split)
        if (cost <= best_compute and memory(*split) < 1.1 * best_memory) or 4 * cost <= 3 * best_compute:
            best, best_compute = split, cost
    mb = best[0]
    if threads // 2 < mb < threads:
        mb = min(rows, threads)
    return mb, best[1], best[2]


def _bias_slices(geo, o, threads):
    """The (start, stop) image slices the fused kernel sums the bias gradient over. oneDNN's NHWC
    harness sums it apart from the weights (compute_diff_bias), split by its own ``cpu_reducer``
    balance: jobs of 16 output channels, the images as the reduction, over as many threads as the
    weights' balance uses. So (2, 16, 16, 32) -> 8 channels sums its weights in one slice and its bias
    in two; a 32-channel bias gives each thread one channel block and all the images (measured on
    TF 2.21, 2 threads: 35 shapes, all equal)."""
    mb, ocb, icb = _weights_split(geo, o, threads)
    return _balance211(geo.shape[0], _reducer_threads_per_group(-(-o // _LANES), geo.shape[0], mb * ocb * icb))


def _reducer_threads_per_group(jobs, reduction, threads):
    """oneDNN's ``reduce_balancer_t::balance`` (job size 16, its buffer of threads * 3*5*5*16*16):
    how many threads share each group of jobs, each summing its slice of ``reduction``."""
    def up(a, b):
        return -(-a // b)

    max_jobs_per_group = 3 * 5 * 5 * 16 * 16 // _LANES     # its buffer, threads * 3*5*5*16*16 floats
    min_jobs_per_group = max(1, jobs // threads)
    groups = min(jobs // min_jobs_per_group, threads)
    per_group = min(threads // groups, reduction)
    best = jobs * _LANES * reduction       # its rough upper bound, beaten by the search below
    for jobs_per_group in range(min_jobs_per_group, jobs):
        c_groups = min(jobs // jobs_per_group, threads)
        c_per_group = min(threads // c_groups, reduction)
        c_jobs_ub = up(jobs, c_groups)
        if c_per_group > 1 and c_jobs_ub > max_jobs_per_group:
            continue
        cost = _LANES * c_jobs_ub * (up(reduction, c_per_group) + (c_per_group != 1))
        if cost < best:
            per_group, best = c_per_group, cost
    return per_group


def _balance211(n, parts):
    """oneDNN's balance211: ``parts`` contiguous (start, stop) slices of range(n), the first ones
    one longer."""
    size, rest = -(-n // parts), n % parts or parts
    bounds, start = [], 0
    for t in range(parts):
        stop = start + (size if t < rest else size - 1)
        bounds.append((start, stop))
        start = stop
    return bounds


# A traced step's Conv2D followed by BiasAdd: TensorFlow's oneDNN graph pass fuses BiasAddGrad into the
# Conv2DBackpropFilter above (_MklConv2DBackpropFilterWithBias), and the same kernel sums the bias
# gradient: in each of its reducer's batch slices (_bias_slices), row after row in float32 from zero, the
# slices added in order (measured on TF 2.21 in tf.function, 1 and 2 threads, 5 shapes: all bits equal; eager
# TensorFlow keeps BiasAddGrad's own order, ops/bias_add_kernel.py). Traced convolutions note their
# output array here (only while a trace runs), and the bias gradient looks its producer up.
_TRACED_OUTPUTS = {}        # id(output array) -> (weakref to it, its geometry)


def note_traced_output(out, x, geo):
    """Remember a traced Conv2D's output array and geometry, when its bias gradient would be fused."""
    if type(out) is np.ndarray and out.dtype == np.float32 and geo.kernel != (1, 1) and onednn_policy.enabled() \
            and onednn_policy.vector_lanes() == _LANES:
        key = id(out)
        _TRACED_OUTPUTS[key] = (weakref.ref(out, lambda _: _TRACED_OUTPUTS.pop(key, None)), geo)


def fused_bias_grad(g, value):
    """The (O,) bias gradient of ``bias_add(value, b)`` summed as the fused oneDNN kernel sums it when
    ``value`` is a traced Conv2D's output (see above), else None."""
    noted = _TRACED_OUTPUTS.get(id(value))
    if noted is None or noted[0]() is not value or type(g) is not np.ndarray or g.dtype != np.float32:
        return None
    geo = noted[1]
    total = None
    for start, stop in _bias_slices(geo, g.shape[-1], config_threading.intra_op_pool_size()):
        # numpy sums a C-ordered (rows, channels) array over axis 0 row after row (the kernel's order),
        # one column pairwise: cumsum adds it one by one
        rows = g[start:stop].reshape(-1, g.shape[-1])
        part = rows.sum(axis=0, dtype=np.float32) if rows.shape[1] > 1 else np.cumsum(rows, axis=0)[-1]
        total = part if total is None else total + part
    return total


def _dilated(geo):
    return isinstance(geo, _DilatedView)


class _DilatedView:
    """convolution_nd's WindowGeometry of a 2-D dilated convolution (tf.nn.conv2d's dilated Conv2D, whose
    Conv2DBackpropFilter takes the dilations itself), as ``filter_grad`` reads it: the windows' taps dilation apart,
    the dilated convolution's output sizes. oneDNN sums it in the shapes above, the explicit broadcast's runs only
    where the width is not dilated, and a 1x1 kernel in the general kernel's (measured on TF 2.21, notes
    progs/gradfuzz21/m_dil.py, c_dil*.py: 150 random shapes, dilations 1-3, kernels 1x1 to 4x4, 1-20 channels)."""

    def __init__(self, geo):
        self.geo, self.kernel, self.strides, self.shape = geo, tuple(geo.kernel), tuple(geo.strides), geo.shape
        self.dilations = tuple(geo.dilations)
        self.oh, self.ow = geo.out
        self.padding = 'SAME' if any(pad != (0, 0) for pad in geo.pads) else 'VALID'

    def windows(self, x):
        n, c = self.shape[0], self.shape[-1]
        return self.geo.columns(x).reshape((n, self.oh, self.ow) + self.kernel + (c,))


def applies_dilated(x, g, geo):
    """Whether TensorFlow's order is known for this dilated 2-D kernel gradient (convolution_nd's geometry)."""
    return (len(geo.kernel) == 2 and geo.groups == 1 and tuple(geo.dilations) != (1, 1)
            and applies(x, g, _DilatedView(geo)))


def filter_grad_dilated(x, g, geo):
    """``filter_grad`` for a dilated convolution (see ``applies_dilated``)."""
    return filter_grad(x, g, _DilatedView(geo))


def applies_one_channel_depthwise(x, g, geo):
    """Whether this is a depthwise convolution of one input channel (convolution_nd's geometry), which TF 2.21 runs
    as a Conv2D: its kernel gradient takes Conv2DBackpropFilter's chains (notes progs/gradfuzz21/c_dwf2.py: 10 of 10
    shapes, 1-3 images; the grouped product had 0)."""
    return (len(geo.kernel) == 2 and x.shape[-1] == 1 and tuple(geo.dilations) == (1, 1) and geo.kernel != (1, 1)
            and applies(x, g, _DilatedView(geo)))

