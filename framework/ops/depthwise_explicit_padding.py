"""tf.nn.depthwise_conv2d's float32 sums with explicit padding, in TensorFlow 2.21's order.

With ``padding=[[0, 0], [top, bottom], [left, right], [0, 0]]`` TF runs its own DepthwiseConv2dNativeBackpropInput
/ Filter kernels (depthwise_conv_grad_op.cc), not oneDNN's (depthwise_backprop_*_order.py), and TF's x86 build
has no FMA there: each product is rounded, then added.

- Input gradient: for each output channel c * M + m, the taps that reach an input element, row-major from the
  first, summed from +0 (one vector accumulator); then the M sums of input channel c added from +0 in m's order.
- Kernel gradient: each image's own sum over its output positions (rows, then columns) from +0, then the images'
  sums added from +0 in order. Measured on up to 3 images (TF shards images over its threads and adds per-thread
  buffers), so larger batches keep the earlier path.
- Forward values: oneDNN's (depthwise_forward_order.py) except with a channel multiplier above 1 where a window
  lies wholly in the left or right padding (left padding, or the padding the last window reaches on the right, of
  at least the kernel's width): then TF's own kernel, each output channel over its taps row-major from +0, without
  FMA. A kernel one row high with only rows of padding under a window did the same once and is not taken here.

Measured on TF 2.21 (notes progs/gradfuzz22/m_dwe.py, e19.py, e21.py, e22.py, v4.py): 140 of 140 random shapes (two
seeds; strides 1-3, 1-3 images, kernels up to 4x4, 2-8 channels, multipliers 1-3) for both gradients (tapeflow's
oneDNN orders after padding had matched 12 and 3 of the first 80), forward values 138 of 140 (were 120).
"""
import numpy as np

from . import eigen_math

_MEASURED_IMAGES = 3


def applies_input(g, f, geo):
    """Whether this depthwise input gradient (convolution_nd's geometry of the explicitly padded input) is here."""
    return _float32_explicit(g, f, geo) and eigen_math.exact_for_size(int(np.prod(geo.shape)))


def applies_filter(x, g, geo):
    """Whether this depthwise kernel gradient is computed here."""
    return _float32_explicit(x, g, geo) and geo.shape[0] <= _MEASURED_IMAGES \
        and eigen_math.exact_for_size(int(np.prod(geo.kernel)) * g.shape[-1])


def applies_forward(x, f, geo):
    """Whether this depthwise convolution's values are TF's own kernel's (see above)."""
    if not (_float32_explicit(x, f, geo) and f.shape[-1] > geo.shape[-1]):
        return False
    left, right = geo.explicit[1]
    width = geo.shape[2] - left - right         # the unpadded input's
    kw, sw, ow = geo.kernel[1], geo.strides[1], geo.out[1]
    right_reached = (ow - 1) * sw + kw - (width + left)
    return (left >= kw or right_reached >= kw) and eigen_math.exact_for_size(int(np.prod(geo.out)) * f.shape[-1])


def _float32_explicit(a, b, geo):
    return (geo.explicit is not None and type(a) is np.ndarray and type(b) is np.ndarray and a.dtype == np.float32
            and b.dtype == np.float32 and len(geo.kernel) == 2 and tuple(geo.dilations) == (1, 1))


def forward(x, f, geo):
    """The (N, OH, OW, C * M) convolution of ``x`` (N, H, W, C) with the grouped filters ``f`` (KH, KW, 1, C * M)."""
    channels = x.shape[-1]
    multiplier = f.shape[-1] // channels
    taps = f.reshape(geo.kernel + (channels, multiplier))
    out = np.zeros((x.shape[0],) + geo.out + (channels, multiplier), np.float32)
    padded = geo.pad(x)
    for offset in geo.offsets():
        out = out + padded[geo.window_slice(offset)][..., None] * taps[offset]     # float32: no FMA
    return out.reshape(out.shape[:-2] + (channels * multiplier,))


def backprop_input(g, f, geo):
    """The (N, H + pads, W + pads, C) gradient of the padded input, for the output gradient ``g`` (N, OH, OW, C * M)
    and the grouped filters ``f`` (KH, KW, 1, C * M)."""
    channels = geo.shape[-1]
    multiplier = f.shape[-1] // channels
    per_output = g.reshape(g.shape[:-1] + (channels, multiplier))
    taps = f.reshape(geo.kernel + (channels, multiplier))
    total = geo.padded_zeros(g)
    for m in range(multiplier):
        sums = geo.padded_zeros(g)
        for offset in geo.offsets():
            window = geo.window_slice(offset)
            sums[window] = sums[window] + per_output[..., m] * taps[offset][:, m]     # float32: no FMA
        total = total + sums
    return geo.unpad(total)


def filter_grad(x, g, geo):
    """The (KH, KW, 1, C * M) grouped kernel gradient of the padded input ``x`` (N, H, W, C) whose output gradient
    is ``g`` (N, OH, OW, C * M)."""
    channels = x.shape[-1]
    multiplier = g.shape[-1] // channels
    windows = geo.pad(x)
    (kh, kw), (sh, sw) = geo.kernel, geo.strides
    oh, ow = geo.out
    per_output = g.reshape(g.shape[:-1] + (channels, multiplier))
    total = np.zeros((kh, kw, channels, multiplier), np.float32)
    for image in range(x.shape[0]):
        sums = np.zeros_like(total)
        for r in range(oh):
            for c in range(ow):
                patch = windows[image, r * sh:r * sh + kh, c * sw:c * sw + kw, :, None]
                sums = sums + patch * per_output[image, r, c]        # float32: no FMA
        total = total + sums
    return total.reshape(kh, kw, 1, channels * multiplier)
