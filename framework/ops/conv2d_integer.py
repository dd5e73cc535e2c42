"""tf.nn.conv2d of int32 tensors, which TF 2.21's CPU kernel (Eigen's Conv2D) computes (and its other 1-D / 2-D
convolutions and their transposes, over Conv2D and Conv2DBackpropInput): integer sums are exact
in any order, so each output is the int64 sum of its window's products, wrapped to int32 as TF's int32
arithmetic wraps. No gradient (tapes do not differentiate integers)."""
import numpy as np

from .. import backend
from ..tensor import Tensor


def integer_conv2d(x, f, strides, padding, dilations, groups=1):
    """(N, H, W, C) int32 ``x`` convolved with (KH, KW, C / groups, O) int32 ``f``; ``strides`` / ``dilations``
    pairs, ``padding`` 'SAME' or 'VALID'; output channel o of group o // (O / groups), as TF's grouped Conv2D."""
    from .convolution import _padding
    if groups > 1:
        xp = backend.array_module(x._data)
        c, o = f.shape[2], f.shape[3] // groups
        return Tensor(xp.concatenate([integer_conv2d(Tensor(x._data[..., g * c:(g + 1) * c]),
                                                     Tensor(f._data[..., g * o:(g + 1) * o]),
                                                     strides, padding, dilations)._data for g in range(groups)], -1))
    a, k = x._data.astype(np.int64), f._data.astype(np.int64)
    xp = backend.array_module(a)
    (kh, kw), (sh, sw), (dh, dw) = k.shape[:2], strides, dilations
    oh, top, bottom = _padding(a.shape[1], (kh - 1) * dh + 1, sh, padding, 'conv2d')
    ow, left, right = _padding(a.shape[2], (kw - 1) * dw + 1, sw, padding, 'conv2d')
    a = xp.pad(a, ((0, 0), (top, bottom), (left, right), (0, 0)))
    out = xp.zeros((a.shape[0], oh, ow, k.shape[3]), np.int64)
    for i in range(kh):
        for j in range(kw):
            rows = slice(i * dh, i * dh + (oh - 1) * sh + 1, sh)
            cols = slice(j * dw, j * dw + (ow - 1) * sw + 1, sw)
            out += a[:, rows, cols, :] @ k[i, j]
    return Tensor(out.astype(np.int32))        # (astype wraps as int32 sums do)


def integer_conv2d_transpose(x, f, geo):
    """The transpose of ``integer_conv2d`` (TF's int32 Conv2DBackpropInput): each (N, H, W, C_in) int32 ``x``
    pixel spreads its products with the (KH, KW, C_out, C_in) int32 ``f`` over the output that
    convolution._Geometry ``geo`` lays out (its shape the output's, its windows the input's pixels)."""
    a, k = x._data.astype(np.int64), f._data.astype(np.int64)
    xp = backend.array_module(a)
    n, h, w, c = geo.shape
    out = xp.zeros((n, h + geo.ph0 + geo.ph1, w + geo.pw0 + geo.pw1, c), np.int64)
    for i, j in geo.offsets():
        out[geo.window_slice(i, j)] += a @ k[i, j].T
    return Tensor(out[:, geo.ph0:geo.ph0 + h, geo.pw0:geo.pw0 + w, :].astype(np.int32))


def dilated_kernel(f, rate):
    """(KH, KW, ...) int32 ``f`` with its taps ``rate`` apart (zeros between): a dilated kernel's exact sums."""
    k = f._data
    xp = backend.array_module(k)
    out = xp.zeros(((k.shape[0] - 1) * rate + 1, (k.shape[1] - 1) * rate + 1) + k.shape[2:], k.dtype)
    out[::rate, ::rate] = k
    return Tensor(out)


def integer_convolution(x, filters, strides, padding, first, dilations, op):
    """tf.nn.convolution / conv1d / atrous_conv2d of (N, *spatial, C) int32 ``x`` (1 or 2 spatial axes; ``first``:
    channels first) as TF 2.21 computes it: its Conv2D (a 1-D one on a height-1 image; a dilated one between
    space_to_batch and batch_to_space, whose exact integer sums equal the dilated window's)."""
    from .convolution import conv2d
    from .convolution1d import conv1d
    from .convolution_nd import normalize_tuple
    rank = x.ndim - 2
    strides = normalize_tuple(strides if strides is not None else 1, rank, 'strides', op)
    dilations = normalize_tuple(dilations if dilations is not None else 1, rank, 'dilations', op)
    if rank == 2:
        return conv2d(x, filters, strides, padding, 'NCHW' if first else 'NHWC', dilations)
    return conv1d(x, filters, strides[0], padding, 'NCW' if first else 'NWC', dilations[0])


def integer_transpose(x, f, output_shape, strides, padding, first, dilations, op):
    """tf.nn.conv2d_transpose / conv1d_transpose / conv_transpose / atrous_conv2d_transpose of int32 tensors as TF 2.21
    computes them: conv2d_transpose's (a 1-D one on a height-1 image; atrous_conv2d_transpose's rate, which TF runs
    between space_to_batch and batch_to_space, as the kernel's taps that far apart: the same exact sums)."""
    from .conv_transpose import conv2d_transpose
    from .convolution_nd import _refuse_dilation, normalize_tuple
    from .integer_arguments import shape_ints
    from .shapes import expand_dims, squeeze
    if op == 'atrous_conv2d_transpose':
        f, dilations = dilated_kernel(f, dilations), None
    if x.ndim == 4:
        return conv2d_transpose(x, f, output_shape, strides, padding, 'NCHW' if first else 'NHWC', dilations)
    shape = shape_ints(output_shape, op)
    stride = normalize_tuple(strides, 1, 'strides', op)[0]
    dilation = normalize_tuple(dilations if dilations is not None else 1, 1, 'dilations', op)[0]
    if dilation != 1:       # (TF's own kernel refuses it, through conv1d_transpose's named wrapper)
        _refuse_dilation(1, x._data.dtype)
    axis = 2 if first else 1        # (a height of 1 before the width)
    out = conv2d_transpose(expand_dims(x, axis), expand_dims(f, 0), shape[:axis] + [1] + shape[axis:], [1, stride],
                           padding, 'NCHW' if first else 'NHWC', [1, dilation])
    return squeeze(out, [axis])
