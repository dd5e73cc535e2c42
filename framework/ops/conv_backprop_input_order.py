"""Conv2DBackpropInput's float32 sums in TensorFlow's order (tf.nn.conv2d_transpose, Conv2DTranspose,
and conv2d's gradient for its input).

Each output value of the transposed convolution is a sum over the kernel taps (kh, kw) that reach
it and over the input channels c. TensorFlow's CPU kernel (with oneDNN on or off: the same bits)
adds them as fused multiply-adds, one rounding per step, in one of two shapes:

- one chain over kh, then kw, then c;
- one chain per kw over kh, then c, and those partial sums added one by one in kw's order.

At strides 1, SAME padding takes the one chain and VALID the per-column sums, taps from the last down
(measured on TensorFlow 2.21, notes progs/kernels/ct_*.py: 13 shapes, 1-256 channels, 1x1 to 5x5 kernels).
At any other strides the taps go from the first up, as the one chain where the image width is not a
multiple of the column stride and as per-column sums where it is. This one rule covers what was measured
for strides 2 (Conv2DTranspose's sizes; a strided SAME Conv2D on an odd image, as in tensorflow.org's
convolutional VAE: notes progs/tutorials44/t44_cig_*.py, 20 shapes; keras Conv1DTranspose, Conv2DBackpropInput
at strides (1, 2) on a height-1 image, where a VALID kernel's width decides the image's: t44_ct1d_*.py, 150 of
158 shapes) and strides (2, 1), (1, 2), (3, 1), (1, 3), (2, 3), (3, 2), (3, 3), (4, x), strided Conv1D / Conv2D
gradients and Conv2DTranspose(strides=(2, 3)) (notes progs/gradfuzz21/m_cbi*.py, v_cbi.py: 2200 shapes, strides
1-4, 1-5 images, sizes 3-16, kernels 1x1 to 5x5, 1-20 channels: all 1120 systematic shapes of two or more
images and 357 of 380 single images; 690 of 700 random ones, which include 38 at strides 2 where it matched 4
VALID ones the earlier image-size rule sent to the one chain). The misses are single images of heights a multiple of the row stride at strides (2, 1) /
(3, 1), SAME convolutions of 4- or 5-tap kernels whose left border columns follow neither shape (oneDNN's border
blocks), and, as measured before, 8 of 28 single sequences and 4 of 10 shapes near keras.io's timeseries
autoencoder (13 sequences of 32 positions, kernels 5 and 7): what oneDNN does there is not known.

Dilated kernels at strides 1 (tf.nn.conv2d_transpose(dilations=...), Conv2DTranspose(dilation_rate=...),
a dilated conv2d's input gradient; tapeflow computes them in convolution_nd) follow the same two shapes with the
taps dilation apart (measured on TF 2.21, notes progs/layers10/ctd_tf.py: 6 shapes, dilations 2 and 3,
1x2 to 5x5 kernels, 2-6 output channels, all bits equal).

tapeflow's BLAS product rounds each product and sums in its own blocks: about half the values
differed in the last bit. A fused multiply-add is exact in float64 (a float32 product has 48 bits)
before its one rounding to float32. The emulation loops over
kh * kw * c taps, ~100x BLAS's time: it follows eigen_math's exact-math mode (arrays of up to 32
output values by default, every size with framework.config.set_tf_exact_math(True)).
"""
import numpy as np

from . import eigen_math

# strides (1, 1): padding -> (one chain?, taps from the last down?); other strides: see _order
_UNSTRIDED = {'SAME': (True, True), 'VALID': (False, True)}


def applies(g, f, geo):
    """Whether TensorFlow's order is known for this product and the mode computes it."""
    return (type(g) is np.ndarray and g.dtype == np.float32 and f.dtype == np.float32
            and geo.padding in _UNSTRIDED and min(geo.kernel) >= 1
            and eigen_math.exact_for_size(int(np.prod(geo.shape))))


def _order(geo):
    """(one chain?, taps from the last down?) for this product."""
    if tuple(geo.strides) == (1, 1):
        return _UNSTRIDED[geo.padding]
    return geo.shape[2] % geo.strides[1] != 0, False     # strided: from the first tap up (see the docstring)


def backprop_input(g, f, geo):
    """The (N, H, W, C) input gradient of a convolution with filters ``f`` (KH, KW, C, O) whose
    output gradient is ``g`` (N, OH, OW, O), summed in TensorFlow's order (see ``applies``)."""
    one_chain, downwards = _order(geo)
    kh, kw, _, o = f.shape
    rows = range(kh - 1, -1, -1) if downwards else range(kh)
    columns = range(kw - 1, -1, -1) if downwards else range(kw)
    wide_g, wide_f = g.astype(np.float64), f.astype(np.float64)

    def fused_taps(acc, i, j):
        view = acc[geo.window_slice(i, j)]
        for c in range(o):
            view[...] = view + wide_g[..., c:c + 1] * wide_f[i, j, :, c]     # float64, then one rounding

    if one_chain:
        total = geo.padded_zeros(g)
        for i in rows:
            for j in columns:
                fused_taps(total, i, j)
    else:
        total = None
        for j in columns:
            part = geo.padded_zeros(g)
            for i in rows:
                fused_taps(part, i, j)
            total = part if total is None else total + part
    return np.ascontiguousarray(geo.unpad(total))


class _DilatedView:
    """convolution_nd's WindowGeometry of a 2-D convolution (dilated at strides 1, or a one-channel depthwise one),
    as ``backprop_input`` reads it."""

    def __init__(self, geo):
        self.geo, self.kernel, self.strides, self.shape = geo, tuple(geo.kernel), tuple(geo.strides), geo.shape
        self.oh, self.ow = geo.out
        self.padding = 'SAME' if any(pad != (0, 0) for pad in geo.pads) else 'VALID'

    def window_slice(self, i, j):
        return self.geo.window_slice((i, j))

    def padded_zeros(self, like):
        return self.geo.padded_zeros(like)

    def unpad(self, padded):
        return self.geo.unpad(padded)


def applies_dilated(g, f, geo):
    """Whether TensorFlow's order is known for this dilated 2-D product (convolution_nd's geometry: a dilated
    transposed convolution, or tf.nn.conv2d's dilated Conv2D's input gradient, the same kernel)."""
    return (type(g) is np.ndarray and g.dtype == np.float32 and f.dtype == np.float32 and len(geo.kernel) == 2
            and geo.groups == 1 and f.shape[2] >= 1 and tuple(geo.strides) == (1, 1)
            and tuple(geo.dilations) != (1, 1) and eigen_math.exact_for_size(int(np.prod(geo.shape))))


def applies_one_channel_depthwise(g, f, geo):
    """Whether this is a depthwise convolution of one input channel (convolution_nd's geometry, filters
    (KH, KW, 1, M)), which TF 2.21 runs as a Conv2D: its input gradient takes Conv2DBackpropInput's order
    (measured: notes progs/gradfuzz21/c_dw3.py, 6 of 6 shapes, strides 1-2, SAME and VALID)."""
    if not (len(geo.kernel) == 2 and geo.shape[-1] == 1 and tuple(geo.dilations) == (1, 1)):
        return False
    return applies(g, f, _DilatedView(geo))      # (strides 1: pads only where SAME has them)


def backprop_input_dilated(g, f, geo):
    """``backprop_input`` for a dilated convolution (see ``applies_dilated``)."""
    return backprop_input(g, f, _DilatedView(geo))


def applies_3d(g, f, geo):
    """Whether TensorFlow's order is known for this 3-D product (convolution_nd's geometry: Conv3D's input
    gradient, tf.nn.conv3d_transpose, Conv3DTranspose): Conv3DBackpropInputV2 follows the 2-D rules with the
    taps in (depth, row, column) order, at strides 1 with SAME padding the one chain from the last tap down and
    at other strides the width rule (measured on TF 2.21, notes progs/gradfuzz21/m_c3*.py, c_c3*.py: 35 of 35
    SAME shapes at strides 1, 104 of 104 at strides 1-2 per axis; VALID padding at strides 1 groups the taps
    another way, not found: it keeps the BLAS product)."""
    return (type(g) is np.ndarray and g.dtype == np.float32 and f.dtype == np.float32 and len(geo.kernel) == 3
            and geo.groups == 1 and all(d == 1 for d in geo.dilations)
            and (any(s != 1 for s in geo.strides) or any(pad != (0, 0) for pad in geo.pads))
            and eigen_math.exact_for_size(int(np.prod(geo.shape))))


def backprop_input_3d(g, f, geo):
    """The (N, D, H, W, C) input gradient of a 3-D convolution (see ``applies_3d``)."""
    offsets = geo.offsets()         # (kd, kh, kw) in row-major order
    if all(s == 1 for s in geo.strides):
        one_chain, offsets = True, offsets[::-1]
    else:
        one_chain = geo.shape[3] % geo.strides[2] != 0
    wide_g, wide_f = g.astype(np.float64), f.astype(np.float64)

    def fused_taps(acc, offset):
        view = acc[geo.window_slice(offset)]
        for c in range(f.shape[-1]):
            view[...] = view + wide_g[..., c:c + 1] * wide_f[offset][:, c]     # float64, then one rounding

    if one_chain:
        total = geo.padded_zeros(g)
        for offset in offsets:
            fused_taps(total, offset)
    else:
        total = None
        for column in range(geo.kernel[2]):      # per kernel column, a chain over depth and rows
            part = geo.padded_zeros(g)
            for offset in offsets:
                if offset[2] == column:
                    fused_taps(part, offset)
            total = part if total is None else total + part
    return np.ascontiguousarray(geo.unpad(total))
