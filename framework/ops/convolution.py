"""2-D convolution and pooling over NHWC tensors (``tf.nn.conv2d``, ``max_pool2d``, ``avg_pool2d``).

Convolution is a matmul over image patches (im2col through a strided view,
so one body serves numpy and cupy). Its two gradients are themselves ops
whose gradients are each other, as in TensorFlow, so nested tapes work.
"""
import numpy as np

from ..errors import InvalidArgumentError, fast_path, kernel_error, shown_as
from .. import backend, dtypes
from ..blas_threads import product
from ..tensor import Tensor
from ..tape import array_rule
from . import (conv_backprop_filter_order, conv_backprop_input_order, conv_forward_order, eigen_avx2_conv,
               eigen_conv_backprop_input, eigen_float_conv_backprop_filter, eigen_float_conv_backprop_input,
               eigen_max_pool_nan, float_kernels, graph_rewrites, onednn_max_pool_grad, pool_gradient_order)
from .backprop_input_kernel import runs_onednn, why_not_onednn
from .conv_operand_dtypes import matched, refuse_unpaired, usual_pair
from .operands import ACTIVE, as_float_tensor, as_real_tensor, named_errors, record
from .gradient_ops import constant_zeros
from .padding_attr import refuse_lowercase
from .explicit_padding import is_explicit, padded_input
from .pool_window_sizes import empty_pool_output, empty_valid_pool_sizes, negative_size_error
from ..tf_python_names import tf_named
from .convolution_open_lengths import open_lengths


def _pair(value, name, op):
    for v in (value,) + (tuple(value) if isinstance(value, (list, tuple)) else ()):
        if isinstance(v, (str, bytes)):       # int('2') would take it; TF's attribute check refuses
            raise TypeError("Expected int for argument '%s' not %r." % (name, v))
    values = [value] if isinstance(value, int) else [int(v) for v in value]
    if len(values) not in (1, 2, 4):        # TF's nn_ops._get_sequence, before any kernel runs
        error = ValueError('%s should be of length 1, 2 or 4. Received: %s=%r of length %d'
                           % (name, name, value, len(values)))
        error.add_note('%s: %s must be a positive int or a pair, got %r' % (op, name, value))
        raise error
    if len(values) == 4:            # TensorFlow's [1, h, w, 1] form
        values = values[1:3]
    if len(values) == 1:
        values = values * 2
    if len(values) != 2 or min(values) < 1:
        raise InvalidArgumentError('%s: %s must be a positive int or a pair, got %r' % (op, name, value))
    return tuple(values)


class WindowTooLarge(InvalidArgumentError):
    """A VALID window larger than the input, in tapeflow's words; ``sizes`` (input, window, stride) let an op
    word it as TF's kernel does (conv2d, per dtype: negative_size_error)."""

    def __init__(self, message, sizes):
        super().__init__(message)
        self.sizes = sizes

    def tf_size(self):
        """The output size TF's GetWindowedOutputSize computes: (input - window + stride) / stride in C."""
        size, window, stride = self.sizes
        return int((size - window + stride) / stride)


# (printed as TF's class, as the error it stands for: type(e).__name__ and tracebacks say InvalidArgumentError)
shown_as(WindowTooLarge, InvalidArgumentError)


def _padding(size, k, stride, padding, op, length_open=False):
    """(out, pad_before, pad_after) along one axis, with TensorFlow's SAME rule; ``length_open``: a running trace
    leaves this axis's length open (its graph builds, and the kernel sizes the output when it runs)."""
    if padding == 'VALID':
        out = (size - k) // stride + 1
        if out <= 0:
            error = WindowTooLarge('%s: a window of %d does not fit an input of %d with VALID padding'
                                   % (op, k, size), (size, k, stride))
            if op == 'dilation2d' and error.tf_size() < 0:      # TF's Dilation2D kernel
                raise negative_size_error(('Dilation2D', None), error.tf_size(), *error.sizes, note=error.args[0])
            if error.tf_size() == 0 and (length_open or not _graph_refuses()):
                # TF's GetWindowedOutputSize, (size - window + stride) / stride truncated in C, is 0 here: its
                # kernels give an empty output (tf.nn.conv1d of (2, 2, 3) by a window of 3: (2, 0, 2))
                return 0, 0, 0
            raise error
        return out, 0, 0
    if padding == 'SAME':
        out = -(-size // stride)
        total = max((out - 1) * stride + k - size, 0)
        return out, total // 2, total - total // 2
    raise InvalidArgumentError("%s: padding must be 'SAME' or 'VALID', got %r" % (op, padding))


def _graph_refuses():
    """Whether TF would build a graph here (a tf.function's trace, a Keras step): its shape inference refuses
    any VALID window longer than the input ("Negative dimension size caused by subtracting 3 from 2"), so the
    kernel's refusal stands for the naming hook to word (graph_conv_errors)."""
    from ..eager_graph_names import inside_function
    return inside_function()


class _Geometry:
    """Where each window of a (N, H, W, C) input lies."""

    explicit = False        # the input was padded by conv2d's explicit padding (TF runs its own kernel, not oneDNN's)

    def __init__(self, shape, kernel, strides, padding, op, open_axes=(False, False)):
        n, h, w, c = shape
        (kh, kw), (sh, sw) = kernel, strides
        self.oh, self.ph0, self.ph1 = _padding(h, kh, sh, padding, op, open_axes[0])
        self.ow, self.pw0, self.pw1 = _padding(w, kw, sw, padding, op, open_axes[1])
        self.shape, self.kernel, self.strides, self.padding = shape, kernel, strides, padding

    def pad(self, a, fill=0):
        """The input with its SAME padding (itself when there is none)."""
        if self.ph0 or self.ph1 or self.pw0 or self.pw1:
            xp = backend.array_module(a)
            a = xp.pad(a, ((0, 0), (self.ph0, self.ph1), (self.pw0, self.pw1), (0, 0)), constant_values=fill)
        return a

    def offsets(self):
        """The (row, column) offsets within a window, in row-major order."""
        return [(i, j) for i in range(self.kernel[0]) for j in range(self.kernel[1])]

    def overlapping(self):
        """Whether an input element can lie in more than one window."""
        return self.strides[0] < self.kernel[0] or self.strides[1] < self.kernel[1]

    def window_slice(self, i, j):
        """The index of the padded input's elements at offset (i, j) of every window: (N, OH, OW, C)."""
        sh, sw = self.strides
        return (slice(None), slice(i, i + sh * (self.oh - 1) + 1, sh), slice(j, j + sw * (self.ow - 1) + 1, sw),
                slice(None))

    def columns(self, a):
        """The (N * OH * OW, KH * KW * C) matrix of every window's elements (im2col)."""
        n, _, _, c = self.shape
        kh, kw = self.kernel
        if c != 1:
            return self.windows(a).reshape(-1, kh * kw * c)
        # One channel (grayscale images): copying the strided view runs numpy's inner
        # loop over a window row of KW elements; one copy per window offset runs it
        # over whole output rows, twice as fast. With more channels the view's
        # inner (KW, C) block is contiguous and the single copy wins.
        xp = backend.array_module(a)
        padded = self.pad(a)
        cols = xp.empty((n, self.oh, self.ow, kh, kw), a.dtype)
        for i, j in self.offsets():
            cols[:, :, :, i, j] = padded[self.window_slice(i, j)][..., 0]
        return cols.reshape(-1, kh * kw)

    def windows(self, a, fill=0):
        """A (N, OH, OW, KH, KW, C) strided view of the padded input."""
        xp = backend.array_module(a)
        a = self.pad(a, fill)
        n, h, w, c = a.shape
        s0, s1, s2, s3 = a.strides
        (kh, kw), (sh, sw) = self.kernel, self.strides
        shape, strides = (n, self.oh, self.ow, kh, kw, c), (s0, s1 * sh, s2 * sw, s1, s2, s3)
        if backend.is_device_array(a):      # cupy's as_strided takes no ``writeable``
            return xp.lib.stride_tricks.as_strided(a, shape, strides)
        return xp.lib.stride_tricks.as_strided(a, shape, strides, writeable=False)    # (read-only: windows overlap)

    def fold(self, cols, offsets=None):
        """Sum (N, OH, OW, KH, KW, C) window values back into an (N, H, W, C) array, adding the window
        offsets in the order ``offsets`` gives (row-major by default)."""
        padded = self.padded_zeros(cols)
        for i, j in offsets or self.offsets():
            padded[self.window_slice(i, j)] += cols[:, :, :, i, j, :]
        return self.unpad(padded)

    def padded_zeros(self, like):
        """Zeros the shape of the padded input, of ``like``'s dtype and device."""
        n, h, w, c = self.shape
        xp = backend.array_module(like)
        return xp.zeros((n, h + self.ph0 + self.ph1, w + self.pw0 + self.pw1, c), like.dtype)

    def unpad(self, padded):
        n, h, w, c = self.shape
        return padded[:, self.ph0:self.ph0 + h, self.pw0:self.pw0 + w, :]


@tf_named('conv2d_v2')
@named_errors('conv2d')
def conv2d(input, filters, strides=1, padding='VALID', data_format='NHWC', dilations=None, name=None):  # noqa: A002
    """2-D convolution of (N, H, W, C_in) input with (KH, KW, C_in, C_out) filters.

    ``dilations`` (an int, a pair or [1, dh, dw, 1]) spaces the kernel's taps, as TensorFlow's
    Conv2D does (together with strides, too).
    """
    op = 'conv2d'
    padding = refuse_lowercase(padding, op, input=input)
    # (a numpy filter takes the input's dtype, as in TF; a Python list takes eager's slow path: no name tail)
    given = input, filters
    input, filters = matched(input, filters, op)
    if not usual_pair(input, filters):
        refuse_unpaired(input, filters, 'Conv2D', named=fast_path(*given))
    if input.dtype.name == 'int32':     # TF's Eigen kernel convolves int32
        integer = _int32_conv2d(input, filters, strides, padding, data_format, dilations)
        if integer is not None:
            return integer
    x, f = as_float_tensor(input, op), as_float_tensor(filters, op)
    if f._data.size == 0 and runs_onednn(x._data.dtype):     # oneDNN's kernel refuses them first (Eigen's: later)
        raise kernel_error('Conv2D', 'filter must not have zero elements (i.e. all dimensions must be non-zero)',
                           named=True, node='__MklNativeConv2D',
                           note='%s: filters of shape %s hold no weights' % (op, tuple(f.shape)))
    if data_format == 'NCHW':
        from .conv2d_channels_first import channels_first_conv2d, eigen_format_error
        if runs_onednn(x._data.dtype):      # oneDNN's kernel takes the layout; TF's own ones refuse it
            return channels_first_conv2d(x, f, strides, padding, dilations)
        raise eigen_format_error(x._data.dtype)
    if data_format != 'NHWC':
        raise InvalidArgumentError('conv2d: only data_format NHWC is supported, got %r; transpose NCHW input to '
                                   'NHWC' % (data_format,))
    if isinstance(strides, (list, tuple)) and len(strides) == 4 and (strides[0] != 1 or strides[3] != 1):
        from ..errors import UnimplementedError
        raise kernel_error('Conv2D', 'Current implementation does not yet support strides in the batch and depth '
                                     'dimensions.', named=True, error_class=UnimplementedError,
                           node='__MklNativeConv2D' if x.dtype.name in ('float32', 'float16', 'bfloat16') else None,
                           note='conv2d: strides %r move along the batch or channel axis; give [1, sh, sw, 1]'
                                % (strides,))
    if isinstance(dilations, (list, tuple)) and len(dilations) == 4 and (dilations[0] != 1 or dilations[3] != 1):
        raise InvalidArgumentError('conv2d: Current implementation does not yet support dilations in the batch '
                                   'and depth dimensions; got dilations=%r' % (dilations,))
    dilated = (1, 1) if dilations is None else _pair(dilations, 'dilations', op)
    if f.ndim == 4 and tuple(f.shape[:2]) == (1, 1) and x.dtype.name == 'float32' and runs_onednn(x._data.dtype):
        dilated = (1, 1)        # a 1x1 kernel has no gaps: oneDNN sums it as undilated (TF's own kernels refuse it)
    groups = _groups(x, f)
    mismatch = x.ndim != 4 or f.ndim != 4 or x.shape[3] != f.shape[2] or f.shape[2] == 0 or x.dtype != f.dtype
    sized_first = f._data.size == 0 and (groups or not mismatch) or mismatch and not groups and _groups_unfit(x, f)
    if mismatch and not groups and not sized_first:
        raise _conv2d_mismatch(x, f)
    explicit = is_explicit(padding)
    if explicit:         # oneDNN's float32 kernel ignores batch and channel padding
        x, padding = padded_input(x, padding, False, 'Conv2D', strict=x.dtype.name != 'float32'), 'VALID'
    try:
        if sized_first:     # TF's kernel sizes the output before it looks at these filters' weights or groups
            return _sized_refusal(x, f, _pair(strides, 'strides', op), padding.upper(), dilated)
        if groups:
            from .convolution_nd import convolution       # it builds on this module's padding rule
            return convolution(x, f, _pair(strides, 'strides', op), padding, dilated, groups)
        if dilated != (1, 1):
            from .convolution_nd import convolution       # it builds on this module's padding rule
            if ACTIVE and not runs_onednn(x._data.dtype):
                return _dilated_without_gradient(x, f, lambda a, b: convolution(
                    a, b, _pair(strides, 'strides', op), padding, dilated, dilated_kernel=True))
            return convolution(x, f, _pair(strides, 'strides', op), padding, dilated, dilated_kernel=True)
        geo = _Geometry(tuple(x.shape), tuple(f.shape[:2]), _pair(strides, 'strides', op), padding.upper(), op,
                        open_lengths(x))
    except WindowTooLarge as error:
        if explicit or error.tf_size() >= 0:      # (TF sizes a window that leaves 0 rows otherwise: kept)
            raise
        onednn = runs_onednn(x._data.dtype)
        raise negative_size_error(('Conv2D', '__MklNativeConv2D' if onednn else None), error.tf_size(),
                                  *error.sizes, note=error.args[0]) from None
    geo.explicit = explicit
    return _conv(x, f, geo)


def _int32_conv2d(input, filters, strides, padding, data_format, dilations):  # noqa: A002
    """TF 2.21's int32 Conv2D (Eigen's kernel), or None to leave other cases to the float path's refusals:
    filters of another dtype are its input #1 error, NCHW its format refusal; explicit padding and grouped
    or mismatched shapes are not measured here (None)."""
    from .graph_input_errors import eager_input_error
    from ..tensor import convert_to_tensor
    x = input if isinstance(input, Tensor) else convert_to_tensor(input)
    f = filters if isinstance(filters, Tensor) else convert_to_tensor(filters)
    if f.dtype.name != 'int32':
        raise eager_input_error('Conv2D', 1, x.dtype, f.dtype)
    if data_format == 'NCHW':
        from .conv2d_channels_first import eigen_format_error
        raise eigen_format_error(x._data.dtype)
    if data_format != 'NHWC' or is_explicit(padding):
        return None
    if x.ndim != 4 or f.ndim != 4 or (x.shape[3] != f.shape[2] and not _groups(x, f)):
        raise _conv2d_mismatch(x, f)        # (the kernel's words: its depth check, as for floats)
    if isinstance(strides, (list, tuple)) and len(strides) == 4 and (strides[0] != 1 or strides[3] != 1):
        return None         # (the float path's UnimplementedError)
    from .conv2d_integer import integer_conv2d
    dilated = (1, 1) if dilations is None else _pair(dilations, 'dilations', 'conv2d')
    return integer_conv2d(x, f, _pair(strides, 'strides', 'conv2d'), padding.upper(), dilated, _groups(x, f) or 1)


def _groups(x, f):
    """How many groups filters of fewer channels than the input make (TF 2.21's Conv2D, float32 and float64,
    computes a grouped convolution when the input's depth is a multiple of theirs), or 0 where they are not."""
    if x.ndim != 4 or f.ndim != 4 or x.dtype != f.dtype or not f.shape[2] or x.shape[3] == f.shape[2] \
            or x.shape[3] % f.shape[2]:
        return 0
    groups = x.shape[3] // f.shape[2]
    return groups if f.shape[3] % groups == 0 else 0


def _groups_unfit(x, f):
    """Whether filters of the input's rank and dtype have a depth that divides the input's, into groups that do not
    divide their output depth (TF's Conv2D refuses those only once it has sized the output)."""
    return (x.ndim == 4 and f.ndim == 4 and x.dtype == f.dtype and f.shape[2] > 0 and x.shape[3] % f.shape[2] == 0
            and f.shape[3] % (x.shape[3] // f.shape[2]) != 0)


def _sized_refusal(x, f, strides, padding, dilated):
    """TF's Conv2D of filters without weights (where Eigen's kernel runs it) or whose groups do not divide their
    output depth: its output sized first (a VALID window too long is its 'Computed output size would be
    negative'), then conv_depth_errors' order: Eigen's empty output, with zero gradients, or the refusal."""
    from .conv_depth_errors import conv2d_after_sizing
    kernel = tuple((k - 1) * d + 1 for k, d in zip(f.shape[:2], dilated))
    geo = _Geometry(tuple(x.shape), kernel, strides, padding, 'conv2d', open_lengths(x))
    out_shape = (x.shape[0], geo.oh, geo.ow, f.shape[3])
    error = conv2d_after_sizing(x, f, out_shape, runs_onednn(x._data.dtype))
    if error is not None:
        raise error
    out = Tensor(backend.array_module(x._data).zeros(out_shape, x._data.dtype))
    if ACTIVE:      # TF's Conv2DBackpropInput / Filter give zeros of the operands' shapes
        record('conv2d', (x, f), out, (lambda g, y, x, f: constant_zeros(g, y, x),
                                       lambda g, y, x, f: constant_zeros(g, y, f)))
    return out


def filter_rank_error(shape, onednn, note=None):
    """Conv2D's refusal of filters that are not 4-D: oneDNN's kernel (float32, half, bfloat16) says 'filter
    must be ...', Eigen's (float64) 'convolution filter must be ...' (TF 2.21)."""
    return kernel_error('Conv2D', '%sfilter must be 4-dimensional: [%s]' % ('' if onednn else 'convolution ',
                                                                            ','.join(map(str, shape))),
                        named=True, node='__MklNativeConv2D' if onednn else None, note=note)


def _conv2d_mismatch(x, f):
    """TF 2.21's Conv2D kernel error for filters that do not fit the input, in the order it checks them
    (the filters' dtype, their rank, the depths), from the kernel that ran (oneDNN's for float32 / half
    / bfloat16 where runs_onednn); tapeflow's summary rides as a note. Input of another rank keeps tapeflow's
    words; filters whose depth divides the input's are grouped, or _sized_refusal's."""
    from .graph_input_errors import eager_input_error
    note = ('conv2d: input (N, H, W, C) %s %s and filters (KH, KW, C, O) %s %s do not match'
            % (tuple(x.shape), x.dtype.name, tuple(f.shape), f.dtype.name))
    onednn = runs_onednn(x._data.dtype)
    if x.dtype != f.dtype:
        error = eager_input_error('Conv2D', 1, x.dtype, f.dtype, runs='_MklNativeConv2D' if onednn else None)
    elif x.ndim != 4:
        return InvalidArgumentError(note)
    elif f.ndim != 4:
        error = filter_rank_error(f.shape, onednn)
    elif f.shape[2] == 0:       # (Eigen's kernel: oneDNN's refused the filters' zero elements before)
        error = kernel_error('Conv2D', 'filter depth must be stricly positive, got 0', named=True)
    elif x.shape[3] % f.shape[2]:
        error = kernel_error('Conv2D', 'input depth must be evenly divisible by filter depth: %d vs %d'
                             % (x.shape[3], f.shape[2]), named=True, node='__MklNativeConv2D' if onednn else None)
    else:
        return InvalidArgumentError(note + ' (grouped convolutions are not supported)')
    error.add_note(note)
    return error


def _dilated_without_gradient(x, f, forward):
    """A dilated Conv2D whose input gradient TF 2.21's own CPU kernel would compute (where oneDNN does not run it,
    backprop_input_kernel): it refuses dilations, so the gradient is its InvalidArgumentError, raised when a
    gradient reaches it."""
    from ..tape import paused
    with paused():
        out = Tensor(forward(x, f)._data)

    def refuse(g, y, x, f):
        raise kernel_error('Conv2DBackpropInput', 'Current CPU implementations do not yet support dilation rates '
                           'larger than 1.', named=True,
                           note="conv2d: TensorFlow's own CPU kernel has no gradient for a dilated convolution, and "
                                '%s; dilate the input yourself' % why_not_onednn(x._data.dtype))
    record('conv2d', (x, f), out, (refuse, refuse))
    return out


def _conv(x, f, geo):
    if conv_forward_order.applies(x._data, f._data, geo):      # TF's order of sums (oneDNN)
        out = Tensor(conv_forward_order.forward(x._data, f._data, geo))
    else:
        o = f._data.shape[3]
        cols, kernel = geo.columns(x._data), f._data.reshape(-1, o)
        # (on an AVX2 CPU without oneDNN: TF's own kernel, Eigen's contraction of the patches)
        eigen = eigen_avx2_conv.wanted(cols, kernel)
        summed = eigen_avx2_conv.forward(cols, kernel) if eigen else product(cols, kernel)
        out = Tensor(summed.reshape(geo.shape[0], geo.oh, geo.ow, o))
    if ACTIVE:
        if graph_rewrites.GATE[0] and graph_rewrites.tracing():    # its bias gradient is fused in TF's graph
            conv_backprop_filter_order.note_traced_output(out._data, x._data, geo)
        record('conv2d', (x, f), out, (lambda g, y, x, f: _conv_input_grad(g, f, geo),
                                       lambda g, y, x, f: _conv_filter_grad(x, g, geo)))
    return out


def _conv_input_grad(g, f, geo):
    """d conv / d input: each output gradient spread back over its window (TensorFlow's
    Conv2DBackpropInput; in its order of sums where conv_backprop_input_order knows it)."""
    gd, fd = g._data, f._data
    half = gd.dtype == np.float16
    if half:        # TF 2.21 sums a float16 one in float32 and rounds once (progs/tutorials45/t45_ct16.py)
        gd, fd = gd.astype(np.float32), fd.astype(np.float32)
    if not half and eigen_float_conv_backprop_input.applies(gd, fd, geo):    # float32, explicit padding: TF's kernel
        summed = eigen_float_conv_backprop_input.backprop_input(gd, fd, geo)
    elif not half and eigen_avx2_conv.input_grad_wanted(gd, fd):     # float32 on an AVX2 CPU: TF's own kernel
        summed = eigen_avx2_conv.backprop_input(gd, fd, geo)
    elif conv_backprop_input_order.applies(gd, fd, geo):
        summed = conv_backprop_input_order.backprop_input(gd, fd, geo)
    elif eigen_conv_backprop_input.applies(gd, fd, geo):       # float64: TF's own (Eigen) kernel
        summed = eigen_conv_backprop_input.backprop_input(gd, fd, geo)
    else:
        kh, kw, c, o = fd.shape
        cols = product(gd.reshape(-1, o), fd.reshape(-1, o).T).reshape(geo.shape[0], geo.oh, geo.ow, kh, kw, c)
        summed = geo.fold(cols)
    out = Tensor(summed.astype(np.float16) if half else summed)
    if ACTIVE:
        record('conv2d_input_grad', (g, f), out, (lambda gg, y, g, f: _conv(gg, f, geo),
                                                  lambda gg, y, g, f: _conv_filter_grad(gg, g, geo)))
    return out


def _conv_filter_grad(x, g, geo):
    """d conv / d filters: patches transposed times output gradients (TensorFlow's
    Conv2DBackpropFilter; in its order of sums where conv_backprop_filter_order knows it)."""
    if eigen_float_conv_backprop_filter.applies(x._data, g._data, geo):     # float32, explicit padding: TF's kernel
        out = Tensor(eigen_float_conv_backprop_filter.filter_grad(x._data, g._data, geo))
    elif conv_backprop_filter_order.applies(x._data, g._data, geo):
        out = Tensor(conv_backprop_filter_order.filter_grad(x._data, g._data, geo))
    else:
        o = g._data.shape[-1]
        cols, g2 = geo.columns(x._data), g._data.reshape(-1, o)
        if eigen_avx2_conv.filter_grad_wanted(cols, g2):        # float32 on an AVX2 CPU: TF's own kernel
            summed = eigen_avx2_conv.forward(np.ascontiguousarray(cols.T), g2)
        else:
            summed = product(cols.T, g2)
        out = Tensor(summed.reshape(geo.kernel + (geo.shape[3], o)))
    if ACTIVE:
        record('conv2d_filter_grad', (x, g), out, (lambda gf, y, x, g: _conv_input_grad(g, gf, geo),
                                                   lambda gf, y, x, g: _conv(x, gf, geo)))
    return out


def _pooling_input(input, ksize, strides, padding, op, check=as_float_tensor, kind='max'):  # noqa: A002
    """(the input as a float tensor (or as ``check`` allows), its window geometry), checked, for a pooling op;
    the geometry is the output's spatial sizes instead when a VALID window larger than the input empties it."""
    padding = refuse_lowercase(padding, op, input=input)
    x = check(input, op)
    if x._data.dtype.kind == 'c':       # as_float_tensor lets complex through; AvgPool has no complex kernel
        raise float_kernels.complex_error(op, x.dtype.name, 'AvgPool')
    if x.ndim < 4 and kind in ('max', 'avg'):       # the kernel's words (AvgPool: oneDNN's where it runs)
        from ..errors import fast_path
        from ..onednn_policy import enabled as onednn_enabled
        node = '__MklNativeAvgPool' if kind == 'avg' and x.dtype.name in ('float32', 'bfloat16') \
            and onednn_enabled() else None
        raise kernel_error('MaxPool' if kind == 'max' else 'AvgPool', 'Input must be 4 or 5-dimensional',
                           named=fast_path(input), node=node,
                           note='%s: expected an (N, H, W, C) input, got shape %s' % (op, tuple(x.shape)))
    if x.ndim != 4:
        raise InvalidArgumentError('%s: expected an (N, H, W, C) input, got shape %s' % (op, tuple(x.shape)))
    if kind in ('max', 'avg'):
        _refuse_nonpositive_window(input, x, ksize, strides, kind, op)
    kernel, strides = _pair(ksize, 'ksize', op), _pair(strides, 'strides', op)
    empty = empty_valid_pool_sizes(tuple(x.shape[1:3]), kernel, strides, padding, op, kind,
                                   empty_input=x._data.size == 0 and kind != 'argmax', dtype=x._data.dtype,
                                   pooled=x)
    return x, empty if empty is not None else _Geometry(tuple(x.shape), kernel, strides, padding.upper(), op)


def _refuse_nonpositive_window(input, x, ksize, strides, kind, op):  # noqa: A002
    """The MaxPool / AvgPool kernels' refusal of a window or stride below 1 (the window shown as the
    kernel's four sizes), where TF's Python passed the sizes on (1, 2 or 4 of them, whole numbers)."""
    def four(value):
        values = [value] if isinstance(value, (int, np.integer)) else list(value) \
            if isinstance(value, (list, tuple)) else None
        if values is None or len(values) not in (1, 2, 4) or \
                not all(isinstance(v, (int, np.integer)) and not isinstance(v, bool) for v in values):
            return None
        return [int(v) for v in values] if len(values) == 4 else [1] + [int(v) for v in values] * (3 - len(values)) + [1]
    window, steps = four(ksize), four(strides)
    if window is not None and min(window) > 0 and (steps is None or min(steps) > 0):
        return
    from ..errors import fast_path
    from ..onednn_policy import enabled as onednn_enabled
    node = '__MklNativeAvgPool' if kind == 'avg' and x.dtype.name in ('float32', 'bfloat16') and onednn_enabled() \
        else None
    if window is not None and min(window) <= 0:
        text = 'Sliding window ksize must be positive. The specified or inferred ksize is: %s' % ','.join(map(str, window))
    elif steps is not None and min(steps) <= 0:
        text = 'Stride must be > 0, but got %d' % next(v for v in steps if v <= 0)
    else:
        return
    raise kernel_error('MaxPool' if kind == 'max' else 'AvgPool', text, named=fast_path(input), node=node,
                       note='%s: ksize %r and strides %r must be positive' % (op, ksize, strides))


@named_errors('max_pool2d')
def max_pool2d(input, ksize, strides, padding='VALID', data_format='NHWC', name=None):  # noqa: A002
    """The maximum of each window; the gradient goes to the first maximal element
    in the window's row-major order, as TensorFlow's MaxPoolGrad does.

    One ``maximum`` per window offset over the strided (N, OH, OW, C) slice at
    that offset: gathering every window into an axis of its own first (for an
    argmax) moved each element several times and cost ten times as much.
    """
    explicit = is_explicit(padding)
    if explicit:
        if data_format != 'NHWC':
            raise kernel_error('MaxPool', 'Default MaxPoolingOp only supports NHWC on device type CPU', named=True)
        x = as_real_tensor(input, 'max_pool2d')
        if x.ndim == 4:
            x, padding = padded_input(x, padding, False, 'MaxPool', window=_pair(ksize, 'ksize', 'max_pool2d'),
                                      sides=(('Top', 'Bottom'), ('Left', 'Right'))), 'VALID'
        input = x  # noqa: A001
    elif data_format == 'NCHW':
        from .conv2d_channels_first import channels_first_pool2d
        return channels_first_pool2d(max_pool2d, as_real_tensor(input, 'max_pool2d'), ksize, strides, padding, 'max')
    x, geo = _pooling_input(input, ksize, strides, padding, 'max_pool2d', as_real_tensor)   # TF pools integers
    if isinstance(geo, tuple):          # an empty input's empty output (see pool_window_sizes)
        return empty_pool_output(x, geo)
    return max_pool_nhwc(x, geo, explicit)[0]


def max_pool_nhwc(x, geo, explicit=False, first_taken=False):
    """(each window's maximum of the NHWC tensor ``x`` as a tensor, with its gradient, whether a window met
    a NaN). MaxPool's windows start at the lowest value, so its own kernel passes NaNs over
    (eigen_max_pool_nan); MaxPoolWithArgmax's (``first_taken``) start at their first element, so a NaN
    there stays, on every CPU (it has no oneDNN kernel: TF 2.21 with TF_ENABLE_ONEDNN_OPTS=1 pools alike).
    Both kernels' gradients go where eigen_max_pool_nan.argmax_hits says in a window that met a NaN."""
    a = x._data
    xp = backend.array_module(a)
    padded = geo.pad(a, fill=_lowest(xp, a.dtype))
    offsets = geo.offsets()
    best = padded[geo.window_slice(*offsets[0])].copy()
    for offset in offsets[1:]:
        # a window's first maximum stays, as in TF's kernels (-0.0 before +0.0 pools to -0.0): numpy's
        # maximum hands back its second operand on ties
        xp.maximum(padded[geo.window_slice(*offset)], best, out=best)
    if first_taken:         # (numpy's maximum propagates NaN: one isnan over the output finds them)
        nans = a.dtype.kind in 'fV' and bool(xp.isnan(best).any())
    else:
        nans = eigen_max_pool_nan.met(best)         # (TF's own kernel skips them)
    if nans and first_taken:
        for offset, hit in zip(offsets, _first_maxima(best, a, geo, nans)):
            xp.copyto(best, padded[geo.window_slice(*offset)], where=hit)
    elif nans:
        best = eigen_max_pool_nan.pooled([padded[geo.window_slice(*o)] for o in offsets], _lowest(xp, a.dtype))
    out = Tensor(best)
    if ACTIVE:
        # a traced step's MaxPoolGrad is oneDNN's (explicit paddings keep TF's Eigen kernel)
        onednn = (geo.overlapping() and graph_rewrites.GATE[0] and graph_rewrites.tracing()
                  and not explicit and onednn_max_pool_grad.applies(a, geo)) and not nans

        def grad_array(g, y, x):
            return _to_windows(g, _first_maxima(y, x, geo, nans), geo, onednn)

        def grad(g, y, x):
            return _max_pool_grad(g, _first_maxima(y._data, x._data, geo, nans), geo, x, onednn)
        if a.dtype.kind == 'f' or a.dtype.kind == 'V':      # (bfloat16 is numpy kind 'V'; integers: no gradient)
            record('max_pool2d', (x,), out, (array_rule(grad, grad_array),))
    return out, nans


def _lowest(xp, dtype):
    """The lowest value of ``dtype``, which pads max-pooling windows (numpy's finfo does not know
    bfloat16, numpy kind 'V': the DType does)."""
    if dtype.kind == 'V':
        return dtypes.as_dtype(dtype).min
    return (xp.finfo if dtype.kind == 'f' else xp.iinfo)(dtype).min


def _first_maxima(pooled, a, geo, nans=False):
    """Per window offset, a boolean (N, OH, OW, C) mask of the windows whose
    maximum is first found at that offset (in the window's row-major order, as
    TensorFlow's MaxPoolGrad): a tie, as among relu's zeros, goes to the earliest.
    ``nans``: the input holds NaNs, which TF's own MaxPoolGrad passes over (eigen_max_pool_nan)."""
    xp = backend.array_module(a)
    padded = geo.pad(a, fill=_lowest(xp, a.dtype))
    if nans:
        windows = [padded[geo.window_slice(*o)] for o in geo.offsets()]
        inside = geo.pad(xp.ones((1,) + a.shape[1:3] + (1,), bool), fill=False) if padded is not a else None
        return eigen_max_pool_nan.argmax_hits(windows, None if inside is None else
                                              [inside[geo.window_slice(*o)] for o in geo.offsets()])
    hits, taken = [], None
    for offset in geo.offsets():
        hit = padded[geo.window_slice(*offset)] == pooled
        if taken is None:
            taken = hit.copy()
        else:
            hit &= ~taken
            taken |= hit
        hits.append(hit)
    return hits


def _to_windows(g, hits, geo, onednn=False):
    """Each window's gradient ``g`` added at the input element ``hits`` marks, the windows in
    MaxPoolGrad's order (pool_gradient_order; ``onednn``: a traced step's, onednn_max_pool_grad);
    where they do not overlap, ``g`` is written in place."""
    if onednn:
        return geo.unpad(onednn_max_pool_grad.to_windows(g, hits, geo, _selected))
    grad = geo.padded_zeros(g)
    if geo.overlapping():
        offsets = geo.offsets()
        for k in pool_gradient_order.max_order(offsets, 2):
            grad[geo.window_slice(*offsets[k])] += _selected(g, hits[k])
    else:
        g = g + 0       # TF adds each share onto zeros: a -0.0 gradient lands as +0.0 (a pass over the output)
        for offset, hit in zip(geo.offsets(), hits):
            _selected(g, hit, out=grad[geo.window_slice(*offset)])
    return geo.unpad(grad)


def _selected(g, hit, out=None):
    """``g`` where ``hit``, +0 elsewhere, as TF's MaxPoolGrad writes only the maxima into zeros: g * hit
    gave -0 beside a negative gradient (TF 2.21 prints 0.) and NaN beside an infinite one. A bitwise AND of
    g's bits with hit's all-ones mask costs what the multiply did (a ``where`` costs several times that)."""
    xp = backend.array_module(g)
    bits = _BITS[g.dtype.itemsize]
    out = xp.empty(g.shape, g.dtype) if out is None else out
    xp.bitwise_and(g.view(bits), xp.negative(hit.view(xp.int8)), out=out.view(bits))
    return out


_BITS = {2: np.int16, 4: np.int32, 8: np.int64}     # float16 / bfloat16, float32, float64: their bits


def _from_windows(grad, hits, geo):
    """The adjoint of ``_to_windows``: each window's gradient read from the element ``hits`` marks."""
    padded = geo.padded_zeros(grad)
    geo.unpad(padded)[...] = grad
    out = None
    for offset, hit in zip(geo.offsets(), hits):
        part = padded[geo.window_slice(*offset)] * hit
        out = part if out is None else out + part
    return out


def _max_pool_grad(g, hits, geo, features=None, onednn=False):
    """The max-pool gradient as an op of its own, so that nested tapes differentiate it (it is linear in g).
    ``features``: the pooled input, towards which TF's MaxPoolGrad has a zero gradient (not None)."""
    out = Tensor(_to_windows(g._data, hits, geo, onednn))
    if ACTIVE:
        if features is None:
            record('max_pool2d_grad', (g,), out, (lambda gg, y, g: _max_pool_grad_grad(gg, hits, geo),))
        else:
            record('max_pool2d_grad', (g, features), out,
                   (lambda gg, y, g, x: _max_pool_grad_grad(gg, hits, geo), constant_zeros))
    return out


def _max_pool_grad_grad(gg, hits, geo):
    out = Tensor(_from_windows(gg._data, hits, geo))
    if ACTIVE:
        record('max_pool2d_grad_grad', (gg,), out, (lambda g3, y, gg: _max_pool_grad(g3, hits, geo),))
    return out


@named_errors('avg_pool2d')
def avg_pool2d(input, ksize, strides, padding='VALID', data_format='NHWC', name=None):  # noqa: A002
    """The mean of each window, counting only real (unpadded) elements, as TensorFlow."""
    if data_format == 'NCHW':
        from .conv2d_channels_first import channels_first_pool2d
        return channels_first_pool2d(avg_pool2d, as_float_tensor(input, 'avg_pool2d'), ksize, strides, padding, 'avg')
    x, geo = _pooling_input(input, ksize, strides, padding, 'avg_pool2d', kind='avg')
    if isinstance(geo, tuple):
        return empty_pool_output(x, geo)
    xp = backend.array_module(x._data)
    counts = geo.windows(xp.ones((1,) + x._data.shape[1:3] + (1,), x._data.dtype)).sum(axis=(3, 4))
    return _window_means(x, geo, counts)


def _window_means(x, geo, counts):
    """AvgPool: each window's sum divided by its count of real elements; its gradient AvgPoolGrad."""
    xp = backend.array_module(x._data)
    a = xp.ascontiguousarray(x._data)       # a transposed (channels_first) view would sum its taps in another order
    out = Tensor(_window_sums(geo.windows(a), geo.offsets()) / counts)
    if ACTIVE:
        record('avg_pool2d', (x,), out, (lambda g, y, x: _window_means_grad(g, geo, counts, x.shape),))
    return out


def _window_sums(windows, offsets):
    """Each window's taps added one by one in row-major order, as TF's AvgPool kernels add them. (numpy's
    ``sum(axis=(3, 4))`` does so only while channels are the inner loop: with one channel, a window row is
    contiguous and numpy adds each row apart first, (a + b) + (c + d) for a 2x2 window, off TF's last bits.)"""
    (i, j), rest = offsets[0], offsets[1:]
    total = windows[:, :, :, i, j] + 0          # TF's sums start from +0.0: a window of -0.0 averages to +0.0
    for i, j in rest:
        total += windows[:, :, :, i, j]
    return total


def _window_means_grad(g, geo, counts, shape):
    """AvgPoolGrad: each window's share g / count spread back over it. Its own gradient is AvgPool of the
    incoming gradient (TF's _AvgPoolGradGrad), so forward mode and second derivatives go through."""
    xp = backend.array_module(g._data)
    share = pool_gradient_order.avg_share(g._data, counts)[:, :, :, None, None, :]
    cols = xp.broadcast_to(share, (shape[0], geo.oh, geo.ow) + geo.kernel + (shape[3],))
    offsets = geo.offsets()
    out = Tensor(geo.fold(xp.ascontiguousarray(cols),
                          [offsets[k] for k in pool_gradient_order.avg_order(offsets, 2, g._data.dtype)]))
    if ACTIVE:
        record('avg_pool2d_grad', (g,), out, (lambda gg, y, g: _window_means(gg, geo, counts),))
    return out
