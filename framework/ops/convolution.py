"""2-D convolution and pooling over NHWC tensors (``tf.nn.conv2d``, ``max_pool2d``, ``avg_pool2d``).

Convolution is a matmul over image patches (im2col through a strided view,
so one body serves numpy and cupy). Its two gradients are themselves ops
whose gradients are each other, as in TensorFlow, so nested tapes work.
"""
from .. import backend
from ..tensor import Tensor
from .operands import ACTIVE, as_float_tensor, named_errors, record


def _pair(value, name, op):
    if isinstance(value, int):
        return value, value
    values = [int(v) for v in value]
    if len(values) == 4:            # TensorFlow's [1, h, w, 1] form
        values = values[1:3]
    if len(values) == 1:
        values = values * 2
    if len(values) != 2 or min(values) < 1:
        raise ValueError('%s: %s must be a positive int or a pair, got %r' % (op, name, value))
    return tuple(values)


def _padding(size, k, stride, padding, op):
    """(out, pad_before, pad_after) along one axis, with TensorFlow's SAME rule."""
    if padding == 'VALID':
        out = (size - k) // stride + 1
        if out <= 0:
            raise ValueError('%s: a window of %d does not fit an input of %d with VALID padding' % (op, k, size))
        return out, 0, 0
    if padding == 'SAME':
        out = -(-size // stride)
        total = max((out - 1) * stride + k - size, 0)
        return out, total // 2, total - total // 2
    raise ValueError("%s: padding must be 'SAME' or 'VALID', got %r" % (op, padding))


class _Geometry:
    """Where each window of a (N, H, W, C) input lies."""

    def __init__(self, shape, kernel, strides, padding, op):
        n, h, w, c = shape
        (kh, kw), (sh, sw) = kernel, strides
        self.oh, self.ph0, self.ph1 = _padding(h, kh, sh, padding, op)
        self.ow, self.pw0, self.pw1 = _padding(w, kw, sw, padding, op)
        self.shape, self.kernel, self.strides = shape, kernel, strides

    def windows(self, a, fill=0):
        """A (N, OH, OW, KH, KW, C) strided view of the padded input."""
        xp = backend.array_module(a)
        if self.ph0 or self.ph1 or self.pw0 or self.pw1:
            a = xp.pad(a, ((0, 0), (self.ph0, self.ph1), (self.pw0, self.pw1), (0, 0)), constant_values=fill)
        n, h, w, c = a.shape
        s0, s1, s2, s3 = a.strides
        (kh, kw), (sh, sw) = self.kernel, self.strides
        return xp.lib.stride_tricks.as_strided(
            a, (n, self.oh, self.ow, kh, kw, c), (s0, s1 * sh, s2 * sw, s1, s2, s3), writeable=False)

    def fold(self, cols):
        """Sum (N, OH, OW, KH, KW, C) window values back into an (N, H, W, C) array."""
        xp = backend.array_module(cols)
        n, h, w, c = self.shape
        (kh, kw), (sh, sw) = self.kernel, self.strides
        padded = xp.zeros((n, h + self.ph0 + self.ph1, w + self.pw0 + self.pw1, c), cols.dtype)
        for i in range(kh):
            for j in range(kw):
                padded[:, i:i + sh * self.oh:sh, j:j + sw * self.ow:sw, :] += cols[:, :, :, i, j, :]
        return padded[:, self.ph0:self.ph0 + h, self.pw0:self.pw0 + w, :]


@named_errors('conv2d')
def conv2d(input, filters, strides=1, padding='VALID', data_format='NHWC', dilations=None, name=None):  # noqa: A002
    """2-D convolution of (N, H, W, C_in) input with (KH, KW, C_in, C_out) filters."""
    op = 'conv2d'
    x, f = as_float_tensor(input, op), as_float_tensor(filters, op)
    if data_format != 'NHWC' or (dilations not in (None, 1) and tuple(_pair(dilations, 'dilations', op)) != (1, 1)):
        raise ValueError('conv2d: only data_format NHWC without dilation is supported, got %r / %r'
                         % (data_format, dilations))
    if x.ndim != 4 or f.ndim != 4 or x.shape[3] != f.shape[2] or x.dtype != f.dtype:
        raise ValueError('conv2d: input (N, H, W, C) %s %s and filters (KH, KW, C, O) %s %s do not match'
                         % (tuple(x.shape), x.dtype.name, tuple(f.shape), f.dtype.name))
    geo = _Geometry(tuple(x.shape), tuple(f.shape[:2]), _pair(strides, 'strides', op), padding.upper(), op)
    return _conv(x, f, geo)


def _conv(x, f, geo):
    kh, kw, c, o = f._data.shape
    cols = geo.windows(x._data).reshape(-1, kh * kw * c)
    out = Tensor((cols @ f._data.reshape(-1, o)).reshape(geo.shape[0], geo.oh, geo.ow, o))
    if ACTIVE:
        record('conv2d', (x, f), out, (lambda g, y, x, f: _conv_input_grad(g, f, geo),
                                       lambda g, y, x, f: _conv_filter_grad(x, g, geo)))
    return out


def _conv_input_grad(g, f, geo):
    """d conv / d input: each output gradient spread back over its window."""
    kh, kw, c, o = f._data.shape
    cols = (g._data.reshape(-1, o) @ f._data.reshape(-1, o).T).reshape(
        geo.shape[0], geo.oh, geo.ow, kh, kw, c)
    out = Tensor(geo.fold(cols))
    if ACTIVE:
        record('conv2d_input_grad', (g, f), out, (lambda gg, y, g, f: _conv(gg, f, geo),
                                                  lambda gg, y, g, f: _conv_filter_grad(gg, g, geo)))
    return out


def _conv_filter_grad(x, g, geo):
    """d conv / d filters: patches transposed times output gradients."""
    o = g._data.shape[-1]
    cols = geo.windows(x._data).reshape(-1, geo.kernel[0] * geo.kernel[1] * geo.shape[3])
    out = Tensor((cols.T @ g._data.reshape(-1, o)).reshape(geo.kernel + (geo.shape[3], o)))
    if ACTIVE:
        record('conv2d_filter_grad', (x, g), out, (lambda gf, y, x, g: _conv_input_grad(g, gf, geo),
                                                   lambda gf, y, x, g: _conv(x, gf, geo)))
    return out


def _pooling_input(input, ksize, strides, padding, op):  # noqa: A002
    """(the input as a float tensor, its window geometry), checked, for a pooling op."""
    x = as_float_tensor(input, op)
    if x.ndim != 4:
        raise ValueError('%s: expected an (N, H, W, C) input, got shape %s' % (op, tuple(x.shape)))
    geo = _Geometry(tuple(x.shape), _pair(ksize, 'ksize', op), _pair(strides, 'strides', op), padding.upper(), op)
    return x, geo


@named_errors('max_pool2d')
def max_pool2d(input, ksize, strides, padding='VALID', data_format='NHWC', name=None):  # noqa: A002
    """The maximum of each window; the gradient goes to the (first) maximal element."""
    x, geo = _pooling_input(input, ksize, strides, padding, 'max_pool2d')
    a = x._data
    xp = backend.array_module(a)
    low = xp.finfo(a.dtype).min
    win = geo.windows(a, fill=low)
    n, oh, ow, kh, kw, c = win.shape
    flat = win.transpose(0, 1, 2, 5, 3, 4).reshape(n, oh, ow, c, kh * kw)
    pick = flat.argmax(axis=-1)
    out = Tensor(xp.take_along_axis(flat, pick[..., None], axis=-1)[..., 0])
    if ACTIVE:
        def grad(g, y, x):
            hot = (xp.arange(kh * kw) == pick[..., None]).astype(a.dtype) * g._data[..., None]
            cols = hot.reshape(n, oh, ow, c, kh, kw).transpose(0, 1, 2, 4, 5, 3)
            return Tensor(geo.fold(cols))
        record('max_pool2d', (x,), out, (grad,))
    return out


@named_errors('avg_pool2d')
def avg_pool2d(input, ksize, strides, padding='VALID', data_format='NHWC', name=None):  # noqa: A002
    """The mean of each window, counting only real (unpadded) elements, as TensorFlow."""
    x, geo = _pooling_input(input, ksize, strides, padding, 'avg_pool2d')
    a = x._data
    xp = backend.array_module(a)
    counts = geo.windows(xp.ones((1,) + a.shape[1:3] + (1,), a.dtype)).sum(axis=(3, 4))
    out = Tensor(geo.windows(a).sum(axis=(3, 4)) / counts)
    if ACTIVE:
        def grad(g, y, x):
            share = (g._data / counts)[:, :, :, None, None, :]
            cols = xp.broadcast_to(share, (a.shape[0], geo.oh, geo.ow) + geo.kernel + (a.shape[3],))
            return Tensor(geo.fold(xp.ascontiguousarray(cols)))
        record('avg_pool2d', (x,), out, (grad,))
    return out
