"""Conv2D's float32 sums in TensorFlow's order where TensorFlow runs oneDNN (onednn_policy).

oneDNN's forward convolution computes each output value as one fused multiply-add chain over the
window: kernel rows, then kernel columns, then input channels, each step rounded once (measured on
TensorFlow 2.21 with oneDNN on, notes progs/kernels/cf_probe*.py: 12 shapes, 2-600 input channels,
1x1 to 5x5 kernels, strides 1 and 2, SAME and VALID, all bits equal). tapeflow's BLAS product of
the im2col matrix sums in its own blocks: most values differed in the last bit.

One input channel (grayscale images) with strides 1: for a batch of two or more images whose
output rows have 5 or more columns, oneDNN's brgemm kernel lays the weights out kernel column by
kernel column (Adcb16a) and sums each output as one chain over kw, then kh; for a single image or
narrower outputs (weights cdba / Acdb16a) over kh, then kw (measured on TF 2.21, notes
progs/conv7/probe_fw.py: 61 shapes, 1-64 images, 1-64 filters, 2x2 to 5x5, SAME and VALID,
1 and 2 threads: all bits equal). With strides 2 and an odd square kernel (3x3, 5x5, 7x7: the
strided encoders of keras.io's VAE and autoencoders) the same rule holds (measured on TF 2.21,
notes progs/tutorials41/t41_c1s2*.py: 279 shapes (1x1 to 7x7), 1-128 images, 1-128 filters, SAME and VALID,
1 and 2 threads: all bits equal); with even or non-square kernels at strides 2 oneDNN picks
the layout by its own cost estimate (27 of 270 random shapes broke the rule, all of them such
kernels): those keep the BLAS product.

Dilated kernels (tf.nn.conv2d(dilations=...), keras Conv2D(dilation_rate=...), through tf.nn.convolution's
N-d path) chain the same way, kernel rows, columns, then channels (measured on TF 2.21, notes
progs/layers10/dil_tf*.py: 69 shapes, 2-64 channels, 1x1 to 5x5 kernels, dilations 1-3 per axis, strides 1
and 2, SAME and VALID: all bits equal but those with a column dilation of 3 or more, a kernel wider than one
column and SAME padding, where oneDNN sums in another order; those keep the BLAS product, as do one input
channel per group). Grouped convolutions (keras Conv2D(groups=...), tf.nn.convolution with filters of
fewer channels) chain each group's channels alike (notes progs/layers10/grp_tf.py: 39 of 40 random shapes, 2-4
groups of 2-8 channels, dilations 1-2, strides 1-2, SAME/VALID; the other, a one-image 4x4 SAME kernel, matches
neither order).

A 1-D convolution (tf.nn.conv1d, keras Conv1D: a height-1 input and kernel) at strides 2 or 3 chains the
same way, kernel columns then channels (measured on TF 2.21, notes progs/tutorials44/t44_c1d_meas.py and
t44_c1d_cand2.py: 140 random shapes, 1-64 sequences, 1-40 channels, 1-33 filters, kernels 1-7, SAME and VALID,
all bits equal but one); the BLAS product had missed 51 of them (keras.io's timeseries anomaly autoencoder's second
Conv1D at batch 32). The one miss (13 sequences of 61 steps, 32 channels, 16 filters, a 4-wide kernel, strides 2),
like two strides-1 shapes (32 x 32 steps, 16 channels, 8 filters, 7 wide), sums each kernel column's channels
from zero and adds the columns' sums: what makes oneDNN pick that kernel is not known, so those keep this chain.

Strides other than 1 and 2 ((2, 1), (1, 3), (3, 2), ...) and undilated 3-D convolutions (tf.nn.conv3d, keras
Conv3D: kernel depth, rows, columns, then channels) chain the same way (measured on TF 2.21, notes
progs/gradfuzz21/m_fwd*.py, c_fwd*.py: 136 2-D shapes of 2-19 channels, 124 3-D ones of 1-19 channels, strides
1-3, all bits equal); with one input channel at those strides oneDNN picks kw or kh first by its own estimate
(22 of 70 shapes broke the strides-1 rule), so those keep the BLAS product.

Not emulated (the BLAS product stays): one input channel with strides 2 and an even or
non-square kernel, or other strides, dilated 3-D convolutions, and
TensorFlow without oneDNN (Eigen's contraction, whose blocks depend on the sizes). The fused multiply-add is exact in float64 before
its one rounding; the chain loops over kh * kw * c taps, ~100x BLAS's time, so it follows eigen_math's
exact-math mode (outputs of up to 32 values by default, every size with set_tf_exact_math(True)).
"""
import numpy as np

from .. import onednn_policy
from . import eigen_math


def applies(x, f, geo):
    """Whether the mode computes this convolution in TensorFlow's order."""
    return (type(x) is np.ndarray and x.dtype == np.float32 and f.dtype == np.float32
            and (f.shape[2] >= 2 or geo.strides in (((1, 1), (2, 2)) if _odd_square(f) else ((1, 1),))
                 or _strided_one_row(f, geo))
            and geo.padding in ('SAME', 'VALID')
            and eigen_math.exact_for_size(geo.shape[0] * geo.oh * geo.ow * f.shape[3]) and onednn_policy.enabled())


def _odd_square(f):
    # one input channel at strides 2: the rule below was measured for these kernels only
    return f.shape[0] == f.shape[1] and f.shape[0] % 2 == 1


def _strided_one_row(f, geo):
    # conv1d at strides 2 or 3 (see above): measured for height-1 inputs and kernels only
    return geo.shape[1] == 1 and f.shape[0] == 1 and geo.strides[0] == 1 and geo.strides[1] in (2, 3)


def forward(x, f, geo):
    """The (N, OH, OW, O) convolution of ``x`` (N, H, W, C) with ``f`` (KH, KW, C, O)."""
    kh, kw, c, o = f.shape
    padded = geo.pad(x).astype(np.float64)
    wide_f = f.astype(np.float64)
    out = np.zeros((geo.shape[0], geo.oh, geo.ow, o), np.float32)
    taps = [(i, j) for i in range(kh) for j in range(kw)]
    if c == 1 and geo.shape[0] > 1 and geo.ow >= 5:
        taps = [(i, j) for j in range(kw) for i in range(kh)]     # one channel (see above): kw outer
    for i, j in taps:
        window = padded[geo.window_slice(i, j)]
        for k in range(c):
            out[...] = out + window[..., k:k + 1] * wide_f[i, j, k]     # float64, then one rounding
    return out


def applies_dilated(x, f, geo):
    """Whether the mode computes this dilated or grouped 2-D convolution (convolution_nd's WindowGeometry) in
    TF's order."""
    if not (type(x) is np.ndarray and x.dtype == np.float32 and f.dtype == np.float32):
        return False
    if len(geo.kernel) == 3:        # Conv3D: every undilated shape measured chains so (see above)
        return (geo.groups == 1 and all(d == 1 for d in geo.dilations) and onednn_policy.enabled()
                and eigen_math.exact_for_size(geo.shape[0] * int(np.prod(geo.out)) * f.shape[-1]))
    if not (len(geo.kernel) == 2 and f.shape[2] >= 2 and tuple(geo.strides) in ((1, 1), (2, 2))):
        return False
    padded = any(pad != (0, 0) for pad in geo.pads)
    if padded and geo.kernel[1] > 1 and geo.dilations[1] >= 3:      # oneDNN's other order (see above)
        return False
    return (eigen_math.exact_for_size(geo.shape[0] * geo.out[0] * geo.out[1] * f.shape[3])
            and onednn_policy.enabled())


def forward_dilated(x, f, geo):
    """The (N, OH, OW, O) dilated or grouped convolution of ``x`` (N, H, W, C) with ``f`` (KH, KW, C / groups, O)
    (or an undilated 3-D one): per output one chain over the kernel's taps, then its group's channels, as ``forward``."""
    padded = geo.pad(x).astype(np.float64)
    wide_f = f.astype(np.float64)
    per_group, group_filters = f.shape[-2], f.shape[-1] // geo.groups
    out = np.zeros((geo.shape[0],) + tuple(geo.out) + (f.shape[-1],), np.float32)
    for group in range(geo.groups):      # each group's outputs chain over its own channels
        group_out = out[..., group * group_filters:(group + 1) * group_filters]
        group_f = wide_f[..., group * group_filters:(group + 1) * group_filters]
        for offset in geo.offsets():
            window = padded[geo.window_slice(offset)][..., group * per_group:(group + 1) * per_group]
            for k in range(per_group):
                group_out[...] = group_out + window[..., k:k + 1] * group_f[offset + (k,)]   # float64, one rounding
    return out
