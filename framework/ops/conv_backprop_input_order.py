"""Conv2DBackpropInput's float32 sums in TensorFlow's order (tf.nn.conv2d_transpose, Conv2DTranspose,
and conv2d's gradient for its input).

Each output value of the transposed convolution is a sum over the kernel taps (kh, kw) that reach
it and over the input channels c. TensorFlow's CPU kernel (with oneDNN on or off: the same bits)
adds them as fused multiply-adds, one rounding per step, in one of two shapes that depend on the
strides and the padding (measured on TensorFlow 2.21, notes progs/kernels/ct_*.py: 13 shapes, 1-256
channels, 1x1 to 5x5 kernels, all bits equal):

- one chain over kh, then kw, then c: strides 1 with SAME padding (kh and kw from the last tap
  down), strides 2 with VALID padding (from the first tap up);
- one chain per kw over kh, then c, and those partial sums added one by one in kw's order:
  strides 1 with VALID padding (taps from the last down), strides 2 with SAME padding (from the first up).

With strides 2 this holds where the image is the one Conv2DTranspose makes (SAME: twice the input;
VALID: (input - 1) * 2 + kernel). conv2d's gradient can also have an odd SAME size (a strided SAME Conv2D
on an odd image, as in tensorflow.org's convolutional VAE: 3x3 -> 2x2): there an odd width takes the one chain
from the first tap up, while an odd height with an even width keeps the per-column sums (measured on TF 2.21,
notes progs/tutorials44/t44_cig_dump*.py, t44_cig_cand*.py: 20 shapes, 3x3 to 11x11, kernels 2x2 to 7x7 and
3x5, 1-32 channels, 1-32 images, all bits equal). VALID sizes with rows the windows never reach took the other
shape in some of the cases measured, so they keep the BLAS product, as do other strides.

A 1-D transposed convolution at strides 2 (keras Conv1DTranspose, which TF runs as Conv2DBackpropInput on a
height-1 image: strides (1, 2)) takes the strides-2 shapes: SAME padding the per-column partial sums, VALID
padding the one chain for an odd kernel width and the per-column sums for an even one (measured on TF 2.21, notes
progs/tutorials44/t44_ct1d_meas.py, t44_ct1d_cand2.py, t44_ct1d_check2.py: 158 shapes of kernels 1-7 wide, 1-33
channels, 1-40 filters, 1-32 sequences: all 130 of two or more sequences, 20 of the 28 single sequences (the BLAS
product had 6 of these and 80 of those); the other 8 single sequences follow neither shape). Neither shape
either (BLAS neither) for 4 of 10 shapes near keras.io's timeseries autoencoder (t44_ct1d_meas2.py): 13 sequences
of 32 positions (8 or 16 channels, kernels 5 and 7), where 13 x 31, 13 x 24 and 2 x 32 follow the rule: what
oneDNN does there is not known.

Dilated kernels at strides 1 (tf.nn.conv2d_transpose(dilations=...), Conv2DTranspose(dilation_rate=...),
a dilated conv2d's input gradient; tapeflow computes them in convolution_nd) follow the same two shapes with the
taps dilation apart (measured on TF 2.21, notes progs/layers10/ctd_tf.py: 6 shapes, dilations 2 and 3,
1x2 to 5x5 kernels, 2-6 output channels, all bits equal).

tapeflow's BLAS product rounds each product and sums in its own blocks: about half the values
differed in the last bit. A fused multiply-add is exact in float64 (a float32 product has 48 bits)
before its one rounding to float32. Other strides keep the BLAS product. The emulation loops over
kh * kw * c taps, ~100x BLAS's time: it follows eigen_math's exact-math mode (arrays of up to 32
output values by default, every size with framework.config.set_tf_exact_math(True)).
"""
import numpy as np

from . import eigen_math

# (strides, padding) -> (one chain?, taps from the last down?)
_ORDERS = {((1, 1), 'SAME'): (True, True), ((2, 2), 'VALID'): (True, False),
           ((1, 1), 'VALID'): (False, True), ((2, 2), 'SAME'): (False, False)}


def applies(g, f, geo):
    """Whether TensorFlow's order is known for this product and the mode computes it."""
    return (type(g) is np.ndarray and g.dtype == np.float32 and f.dtype == np.float32
            and ((geo.strides, geo.padding) in _ORDERS and (geo.strides == (1, 1) or _transposed_size(geo))
                 or _strided_one_row(geo))
            and eigen_math.exact_for_size(int(np.prod(geo.shape))))


def _strided_one_row(geo):
    """Whether this is a 1-D transposed convolution at strides 2 of Conv1DTranspose's sizes (see above)."""
    (_, h, w, _), (kh, kw) = geo.shape, geo.kernel
    if geo.strides != (1, 2) or h != 1 or kh != 1 or kw < 1:
        return False
    return w == (2 * geo.ow if geo.padding == 'SAME' else 2 * (geo.ow - 1) + kw)


def _order(geo):
    """(one chain?, taps from the last down?) for this product."""
    if geo.strides == (1, 2):      # _strided_one_row: an odd VALID kernel chains, the rest add column sums
        return geo.padding == 'VALID' and geo.kernel[1] % 2 == 1, False
    if geo.strides == (2, 2) and geo.padding == 'SAME' and geo.shape[2] % 2 == 1:    # an odd width: one chain
        return True, False
    return _ORDERS[(geo.strides, geo.padding)]


def _transposed_size(geo):
    """Whether a strides-2 image has the size Conv2DTranspose gives it (see the module's docstring)."""
    (h, w), (kh, kw) = geo.shape[1:3], geo.kernel
    if geo.padding == 'SAME':      # or an odd size, which conv2d's gradient can have (see above)
        return h in (2 * geo.oh, 2 * geo.oh - 1) and w in (2 * geo.ow, 2 * geo.ow - 1)
    return (h, w) == (2 * (geo.oh - 1) + kh, 2 * (geo.ow - 1) + kw)


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
    """convolution_nd's WindowGeometry of a 2-D dilated convolution at strides 1, as ``backprop_input`` reads it."""

    def __init__(self, geo):
        self.geo, self.kernel, self.strides = geo, tuple(geo.kernel), (1, 1)
        self.padding = 'SAME' if any(pad != (0, 0) for pad in geo.pads) else 'VALID'   # strides 1: only SAME pads

    def window_slice(self, i, j):
        return self.geo.window_slice((i, j))

    def padded_zeros(self, like):
        return self.geo.padded_zeros(like)

    def unpad(self, padded):
        return self.geo.unpad(padded)


def applies_dilated(g, f, geo):
    """Whether TensorFlow's order is known for this dilated 2-D product (convolution_nd's geometry)."""
    return (type(g) is np.ndarray and g.dtype == np.float32 and f.dtype == np.float32 and len(geo.kernel) == 2
            and geo.groups == 1 and f.shape[2] >= 2 and tuple(geo.strides) == (1, 1)
            and tuple(geo.dilations) != (1, 1) and eigen_math.exact_for_size(int(np.prod(geo.shape))))


def backprop_input_dilated(g, f, geo):
    """``backprop_input`` for a dilated convolution (see ``applies_dilated``)."""
    return backprop_input(g, f, _DilatedView(geo))
