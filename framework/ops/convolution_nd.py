"""Convolution over any number of spatial axes, with strides, dilation and groups
(as ``tf.nn.convolution``, ``depthwise_conv2d`` and ``conv_transpose`` compute them).

Inputs are channels-last: (N, *spatial, C). Filters are (*kernel, C / groups, O);
output channel ``o`` belongs to group ``o // (O / groups)``, as in TensorFlow.
Like ``convolution.py``, the forward pass is a matmul over gathered windows
(one strided slice per kernel offset, so one body serves numpy and cupy), and the
three ops (forward, input gradient, filter gradient) are each other's gradients,
so nested tapes give higher derivatives. A depthwise convolution is the grouped
one with a group per input channel.
"""
import collections
import itertools
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error
from ..blas_threads import product
from ..tensor import Tensor
from .convolution import WindowTooLarge, _padding
from .convolution_open_lengths import open_lengths, with_open_lengths
from .pool_window_sizes import negative_size_error
from .conv_transpose_shape_error import output_shape_mismatch
from .backprop_input_kernel import runs_onednn, why_not_onednn
from .depthwise_strides import refuse_unequal_strides
from .eigen_same_windows import shifted_geometry, window_shifts
from . import conv3d_backprop_filter_order, conv_backprop_filter_order, conv_backprop_input_order, conv_forward_order
from . import eigen_avx2_conv
from . import depthwise_backprop_filter_order, depthwise_backprop_input_order, depthwise_explicit_padding
from . import depthwise_forward_order, depthwise_multiplier_filter_order, depthwise_own_kernel
from .operands import ACTIVE, as_float_tensor, named_errors, record
from .shapes import expand_dims, reshape, squeeze


def normalize_tuple(value, rank, name, op, tf_form=True):
    """A ``rank``-tuple of positive ints from an int or a sequence of ``rank`` ints; with ``tf_form`` (the
    tf.nn ops) also TensorFlow's [1, ..., 1] form, which Keras layers refuse."""
    values = (value,) * rank if isinstance(value, int) and not isinstance(value, bool) else value
    if tf_form:
        for v in (values,) + (tuple(values) if isinstance(values, (list, tuple)) else ()):
            if isinstance(v, (str, bytes)):       # int('2') would take it; TF's attribute check refuses
                raise TypeError("Expected int for argument '%s' not %r." % (name, v))
    try:
        # a Keras layer's sizes (adaptive pooling's output_size) must be whole: int() would make (1.5, 2) (1, 2),
        # where TF 2.21 keeps 1.5 and gives an eager call 2 rows (float window arithmetic), a model ValueError
        if not tf_form and any(isinstance(v, bool) or int(v) != v for v in values):
            raise ValueError
        values = tuple(int(v) for v in values)
    except (TypeError, ValueError):
        values = ()
    if tf_form and len(values) == rank + 2 and values[0] == values[-1] == 1:       # TensorFlow's [1, ..., 1] form
        values = values[1:-1]
    if len(values) != rank or min(values) < 1:      # the ops' kernels refuse them; Keras's layers' ValueError
        raise (InvalidArgumentError if tf_form else ValueError)(
            '%s: %s must be a positive int or %d of them, got %r' % (op, name, rank, value))
    return values


class WindowGeometry:
    """Where each (dilated) window of an (N, *spatial, C) input lies, and how many groups share it."""

    explicit = None         # tf.nn's explicit padding (its spatial pairs) padded the input: TF's own depthwise kernels

    def __init__(self, shape, kernel, strides, dilations, padding, op, groups=1, open_axes=None):
        self.shape, self.kernel, self.strides, self.dilations = tuple(shape), kernel, strides, dilations
        self.groups, self.padding = groups, padding
        self.out, self.pads = [], []
        for size, k, s, d, length_open in zip(self.shape[1:-1], kernel, strides, dilations,
                                              open_axes or (False,) * len(kernel)):
            out, before, after = _padding(size, (k - 1) * d + 1, s, padding, op, length_open)
            self.out.append(out)
            self.pads.append((before, after))
        self.out = tuple(self.out)

    def pad(self, a, fill=0):
        if any(p != (0, 0) for p in self.pads):
            xp = backend.array_module(a)
            a = xp.pad(a, ((0, 0),) + tuple(self.pads) + ((0, 0),), constant_values=fill)
        return a

    def offsets(self):
        """Every offset within a window, in row-major order."""
        return list(itertools.product(*(range(k) for k in self.kernel)))

    def window_slice(self, offset):
        """The padded input's elements at ``offset`` of every window: (N, *out, C)."""
        return ((slice(None),) + tuple(slice(o * d, o * d + s * (n - 1) + 1, s) for o, d, s, n in
                                       zip(offset, self.dilations, self.strides, self.out)) + (slice(None),))

    def columns(self, a):
        """(N, *out, K, C): every window's elements, K = the kernel's size."""
        xp = backend.array_module(a)
        padded = self.pad(a)
        return xp.stack([padded[self.window_slice(o)] for o in self.offsets()], axis=-2)

    def fold(self, cols):
        """Sum (N, *out, K, C) window values back onto an (N, *spatial, C) array: the adjoint of ``columns``."""
        padded = self.padded_zeros(cols)
        for k, offset in enumerate(self.offsets()):
            padded[self.window_slice(offset)] += cols[..., k, :]
        return self.unpad(padded)

    def padded_zeros(self, like):
        """Zeros the shape of the padded input, of ``like``'s dtype and device."""
        xp = backend.array_module(like)
        return xp.zeros((self.shape[0],) + tuple(n + b + a for n, (b, a) in zip(self.shape[1:-1], self.pads))
                        + (self.shape[-1],), like.dtype)

    def unpad(self, padded):
        return padded[(slice(None),) + tuple(slice(b, b + n) for n, (b, _) in zip(self.shape[1:-1], self.pads))
                      + (slice(None),)]

    # Grouped layouts: a batch of G matmuls, one per group.
    def grouped_columns(self, cols):
        """(N, *out, K, C) -> (G, M, K * C/G), M = N * prod(out)."""
        k, c = cols.shape[-2:]
        g = self.groups
        return cols.reshape(-1, k, g, c // g).transpose(2, 0, 1, 3).reshape(g, -1, k * (c // g))

    def ungrouped_columns(self, grouped):
        """The inverse of ``grouped_columns``."""
        g, m, _ = grouped.shape
        k, c = len(self.offsets()), self.shape[-1]
        return grouped.reshape(g, m, k, c // g).transpose(1, 2, 0, 3).reshape(
            (self.shape[0],) + self.out + (k, c))

    def grouped_filters(self, f):
        """(*kernel, C/G, O) -> (G, K * C/G, O/G)."""
        *_, cg, o = f.shape
        g = self.groups
        return f.reshape(-1, cg, g, o // g).transpose(2, 0, 1, 3).reshape(g, -1, o // g)

    def ungrouped_filters(self, grouped):
        g, _, og = grouped.shape
        cg = self.shape[-1] // g
        return grouped.reshape(g, -1, cg, og).transpose(1, 2, 0, 3).reshape(self.kernel + (cg, g * og))

    def grouped_outputs(self, y):
        """(N, *out, O) -> (G, M, O/G)."""
        o = y.shape[-1]
        return y.reshape(-1, self.groups, o // self.groups).transpose(1, 0, 2)

    def ungrouped_outputs(self, grouped):
        g, m, og = grouped.shape
        return grouped.transpose(1, 0, 2).reshape((self.shape[0],) + self.out + (g * og,))


def _conv(x, f, geo, depthwise=False):
    shifts = None if depthwise else window_shifts(x, geo, geo.padding)
    if shifts is not None:      # TF's Eigen Conv3D shifts these SAME windows; its gradients keep the usual ones
        part, shifted = shifted_geometry(x._data, geo, shifts, 'convolution')
        out = _conv(Tensor(part), f if not ACTIVE else Tensor(f._data), shifted)
        if ACTIVE:
            record('convolution', (x, f), out, (lambda g, y, x, f: _input_grad(g, f, geo, depthwise=depthwise),
                                                lambda g, y, x, f: _filter_grad(x, g, geo, depthwise)))
        return out
    if depthwise and depthwise_explicit_padding.applies_forward(x._data, f._data, geo):    # TF's own kernel
        out = Tensor(depthwise_explicit_padding.forward(x._data, f._data, geo))
    elif depthwise and depthwise_forward_order.applies(x._data, f._data, geo):     # TF's order of sums (oneDNN)
        out = Tensor(depthwise_forward_order.forward(x._data, f._data, geo))
    elif depthwise and depthwise_own_kernel.applies(x._data, f._data, geo):       # TF's own kernel (oneDNN off)
        out = Tensor(depthwise_own_kernel.forward(x._data, f._data, geo))
    elif not depthwise and conv_forward_order.applies_dilated(x._data, f._data, geo):     # TF's order (oneDNN)
        out = Tensor(conv_forward_order.forward_dilated(x._data, f._data, geo))
    else:
        cols, filters = geo.grouped_columns(geo.columns(x._data)), geo.grouped_filters(f._data)
        if not depthwise and eigen_avx2_conv.groups_wanted(cols, filters, geo):    # TF's own kernel, AVX2 CPU
            summed = eigen_avx2_conv.groups_forward(cols, filters)
        else:
            summed = product(cols, filters)
        out = Tensor(geo.ungrouped_outputs(summed))
    if ACTIVE:
        record('convolution', (x, f), out, (lambda g, y, x, f: _input_grad(g, f, geo, depthwise=depthwise),
                                            lambda g, y, x, f: _filter_grad(x, g, geo, depthwise)))
    return out


def _input_grad(g, f, geo, transposed=False, depthwise=False):
    """d conv / d input: each output gradient spread back over its window; a ``transposed`` convolution's
    (tf.nn.conv2d_transpose, Conv2DTranspose) in TF's order of sums where conv_backprop_input_order knows it.
    tf.nn.convolution and Keras's layers run dilated ones through space_to_batch (_space_to_batch_conv); what
    reaches here dilated is tf.nn.conv2d / conv1d's dilated Conv2D, whose Conv2DBackpropInput is the kernel
    conv2d_transpose(dilations=...) runs: the same order (120 of 150 random shapes, notes progs/gradfuzz21/m_dil.py;
    the BLAS product had 33; misses: SAME with width dilation 3, VALID with 3- or 4-tap heights)."""
    gd, fd = g._data, f._data
    half = gd.dtype == np.float16
    if half:        # TF 2.21 sums a float16 one in float32 and rounds once (progs/tutorials45/t45_dwg16.py)
        gd, fd = gd.astype(np.float32), fd.astype(np.float32)
    if depthwise and not half and depthwise_explicit_padding.applies_input(gd, fd, geo):
        summed = depthwise_explicit_padding.backprop_input(gd, fd, geo)
    elif depthwise and not half and depthwise_backprop_input_order.applies(gd, fd, geo):
        summed = depthwise_backprop_input_order.backprop_input(gd, fd, geo)
    elif depthwise and not half and depthwise_own_kernel.applies_input(gd, fd, geo):     # oneDNN off
        summed = depthwise_own_kernel.backprop_input(gd, fd, geo)
    elif depthwise and conv_backprop_input_order.applies_one_channel_depthwise(gd, fd, geo):    # TF's Conv2D
        summed = conv_backprop_input_order.backprop_input(gd, fd, conv_backprop_input_order._DilatedView(geo))
    elif not depthwise and conv_backprop_input_order.applies_dilated(gd, fd, geo):
        summed = conv_backprop_input_order.backprop_input_dilated(gd, fd, geo)
    elif not depthwise and conv_backprop_input_order.applies_3d(gd, fd, geo):
        summed = conv_backprop_input_order.backprop_input_3d(gd, fd, geo)
    else:
        cols = product(geo.grouped_outputs(gd), geo.grouped_filters(fd).transpose(0, 2, 1))
        summed = geo.fold(geo.ungrouped_columns(cols))
    out = Tensor(summed.astype(np.float16) if half else summed)
    if ACTIVE:
        record('convolution_input_grad', (g, f), out, (lambda gg, y, g, f: _conv(gg, f, geo),
                                                       lambda gg, y, g, f: _filter_grad(gg, g, geo)))
    return out


def _filter_grad(x, g, geo, depthwise=False):
    """d conv / d filters: each group's windows, transposed, times its output gradients (a 2-D 1x1 kernel
    in TF's order where conv_backprop_filter_order knows it: tf.nn.separable_conv2d's pointwise step is
    TF's Conv2D, as tf.nn.conv2d's; a depthwise one where depthwise_backprop_filter_order knows it)."""
    plain = _plain_one_by_one(geo)
    if depthwise and depthwise_explicit_padding.applies_filter(x._data, g._data, geo):
        out = Tensor(depthwise_explicit_padding.filter_grad(x._data, g._data, geo))
    elif depthwise and depthwise_backprop_filter_order.applies(x._data, g._data, geo):
        out = Tensor(depthwise_backprop_filter_order.filter_grad(x._data, g._data, geo))
    elif depthwise and depthwise_own_kernel.applies_filter(x._data, g._data, geo):       # oneDNN off
        out = Tensor(depthwise_own_kernel.filter_grad(x._data, g._data, geo))
    elif depthwise and depthwise_multiplier_filter_order.applies(x._data, g._data, geo):
        out = Tensor(depthwise_multiplier_filter_order.filter_grad(x._data, g._data, geo))
    elif plain is not None and conv_backprop_filter_order.applies(x._data, g._data, plain):
        out = Tensor(conv_backprop_filter_order.filter_grad(x._data, g._data, plain))
    elif not depthwise and conv_backprop_filter_order.applies_dilated(x._data, g._data, geo):
        out = Tensor(conv_backprop_filter_order.filter_grad_dilated(x._data, g._data, geo))
    elif depthwise and conv_backprop_filter_order.applies_one_channel_depthwise(x._data, g._data, geo):
        out = Tensor(conv_backprop_filter_order.filter_grad_dilated(x._data, g._data, geo))     # TF's Conv2D
    elif not depthwise and conv3d_backprop_filter_order.applies(x._data, g._data, geo):
        out = Tensor(conv3d_backprop_filter_order.filter_grad(x._data, g._data, geo))
    else:
        cols = geo.grouped_columns(geo.columns(x._data))
        out = Tensor(geo.ungrouped_filters(product(cols.transpose(0, 2, 1), geo.grouped_outputs(g._data))))
    if ACTIVE:
        record('convolution_filter_grad', (x, g), out, (lambda gf, y, x, g: _input_grad(g, gf, geo),
                                                        lambda gf, y, x, g: _conv(x, gf, geo)))
    return out


def _plain_one_by_one(geo):
    """conv_backprop_filter_order's view of a 2-D, ungrouped, undilated, unpadded 1x1 convolution, else None."""
    if len(geo.kernel) != 2 or tuple(geo.kernel) != (1, 1) or geo.groups != 1 or tuple(geo.dilations) != (1, 1) \
            or any(pad != (0, 0) for pad in geo.pads):
        return None
    return _OneByOne(geo.shape, (1, 1), tuple(geo.strides), 'VALID', geo.out[0], geo.out[1])


_OneByOne = collections.namedtuple('_OneByOne', 'shape kernel strides padding oh ow')


def _operands(input, filters, op):  # noqa: A002
    x, f = as_float_tensor(input, op), as_float_tensor(filters, op)
    if x.ndim < 3 or f.ndim != x.ndim or x.dtype != f.dtype:
        raise InvalidArgumentError('%s: input (N, *spatial, C) %s %s and filters (*kernel, C_in, C_out) %s %s do not '
                                   'match in rank or dtype'
                                   % (op, tuple(x.shape), x.dtype.name, tuple(f.shape), f.dtype.name))
    if f._data.size == 0 and op != 'conv_transpose' and not _eigen_conv2d(x, op):
        # (numpy's 'need at least one array to stack' leaked) TF's forward kernels refuse them (its transposed
        # convolutions take them: zeros)
        kernel = 'DepthwiseConv2dNative' if op == 'depthwise_conv' else ('Conv3D' if x.ndim == 5 else 'Conv2D')
        raise kernel_error(kernel, 'filter must not have zero elements (i.e. all dimensions must be non-zero)',
                           named=True, node='__MklNative' + kernel if x.dtype.name == 'float32' else None,
                           note='%s: filters of shape %s hold no weights' % (op, tuple(f.shape)))
    return x, f


def _eigen_conv2d(x, op):
    """Whether TF runs this tf.nn.convolution as Eigen's Conv2D kernel, which sizes the output before it looks at
    the filters' weights (an empty output then, convolution.conv2d's _sized_refusal)."""
    return op == 'convolution' and x.ndim in (3, 4) and not runs_onednn(x._data.dtype)


def _conv2d_of_no_weights(x, f, strides, padding, dilations):
    """A 1-D / 2-D convolution of filters without weights, as TF's Conv2D (a 1-D one on a height-1 image; a
    dilated one's space-to-batch run sizes its output as the dilated window does)."""
    from .convolution import conv2d
    rank = x.ndim - 2
    strides, dilations = normalize_tuple(strides, rank, 'strides', 'convolution'), \
        normalize_tuple(dilations, rank, 'dilations', 'convolution')
    if rank == 2:
        return conv2d(x, f, strides, padding, dilations=dilations)
    return squeeze(conv2d(expand_dims(x, 1), expand_dims(f, 0), (1,) + strides, padding,
                          dilations=(1,) + dilations), [1])


def _padding_mode(padding, op):
    mode = str(padding).upper()
    if mode not in ('VALID', 'SAME'):
        raise ValueError("%s: padding must be 'VALID' or 'SAME', got %r" % (op, padding))
    return mode


@named_errors('convolution')
def convolution(input, filters, strides=1, padding='VALID', dilations=1, groups=1, name=None,  # noqa: A002
                dilated_kernel=False):
    """N-D convolution of (N, *spatial, C) input with (*kernel, C / groups, O) filters.

    A dilated one runs as TF's with_space_to_batch (tf.nn.convolution, Keras's layers and keras.ops.conv) unless
    ``dilated_kernel``: TF's kernel takes the dilations itself (tf.nn.conv2d / conv1d's Conv2D op).

    Raises:
        ValueError: ranks, dtypes or channel counts that do not match, C or O not
            divisible by ``groups``, or a window larger than the (padded) input.
    """
    op = 'convolution'
    x, f = _operands(input, filters, op)
    if f._data.size == 0 and f.ndim == x.ndim and x.dtype == f.dtype and _eigen_conv2d(x, op):
        return _conv2d_of_no_weights(x, f, strides, padding, dilations)
    return _grouped(x, f, strides, padding, dilations, groups, op, through_batch=not dilated_kernel)


def _grouped(x, f, strides, padding, dilations, groups, op, depthwise=False, through_batch=False, explicit=None):
    rank = x.ndim - 2
    groups = int(groups)
    c, o = x.shape[-1], f.shape[-1]
    if groups < 1 or c % groups or o % groups or f.shape[-2] * groups != c:
        raise InvalidArgumentError('%s: input channels %d must equal filters.shape[-2] (%d) times groups (%d), and '
                                   'the filters %d must divide by groups' % (op, c, f.shape[-2], groups, o))
    mode = _padding_mode(padding, op)
    try:
        geo = WindowGeometry(x.shape, tuple(f.shape[:-2]), normalize_tuple(strides, rank, 'strides', op),
                             normalize_tuple(dilations, rank, 'dilations', op), mode, op, groups, open_lengths(x))
    except WindowTooLarge as error:
        dilated = any(d != 1 for d in normalize_tuple(dilations, rank, 'dilations', op))
        raise _window_too_large(error, x, rank, depthwise, through_batch and dilated or explicit) from None
    geo.explicit = explicit
    if through_batch and _dilated_through_batch(geo, groups, depthwise) and 0 not in x.shape[1:-1]:
        # (an empty spatial axis gives TF's empty output directly: its padded phases leave a VALID window
        # no rows, which TF's kernel sizes as 0 and tapeflow's conv2d refuses)
        return _space_to_batch_conv(x, f, geo, mode, op, depthwise)
    return _conv(x, f, geo, depthwise)


def _window_too_large(error, x, rank, depthwise, elsewhere):
    """TF 2.21's kernel error for a VALID window larger than the input (Conv2D for 1-D and 2-D convolutions,
    Conv3D, DepthwiseConv2dNative; oneDNN's kernels for float32), where TF sizes that window as here: not
    where its with_space_to_batch or explicit padding (``elsewhere``) reshapes the input first, nor for an
    output of size 0 (tapeflow's refusal stays, as ``error``)."""
    if elsewhere or error.tf_size() >= 0:
        return error
    from ..onednn_policy import enabled as onednn_enabled
    op_type = 'DepthwiseConv2dNative' if depthwise else 'Conv3D' if rank == 3 else 'Conv2D'
    onednn = x.dtype.name in ('float32', 'float16', 'bfloat16') and onednn_enabled()
    return negative_size_error((op_type, '__MklNative' + op_type if onednn else None), error.tf_size(),
                               *error.sizes, note=error.args[0])


def _dilated_through_batch(geo, groups, depthwise):
    """Whether TF runs this convolution as its with_space_to_batch does: a 1-D or 2-D one with dilations and strides
    1, ungrouped or depthwise (tf.nn.convolution, atrous_conv2d, depthwise_conv2d, separable_conv2d, Keras's Conv1D/2D,
    DepthwiseConv1D/2D, SeparableConv1D/2D: Keras's grouped ones run XLA's kernel instead)."""
    return (len(geo.kernel) <= 2 and any(d != 1 for d in geo.dilations) and all(s == 1 for s in geo.strides)
            and (groups == 1 or depthwise))


def _space_to_batch_conv(x, f, geo, mode, op, depthwise):
    """A dilated convolution as TF 2.21 runs it (nn_ops._WithSpaceToBatch): each phase of the dilation moved to the
    batch (space_to_batch_nd, padded to the SAME window and to multiples of the rate), one undilated VALID
    convolution (a 1-D one on a height-1 image, as conv1d), and batch_to_space_nd back. Its sums, and its
    gradients' (Conv2DBackpropInput / Filter over the rate-times larger batch), are that convolution's: the
    dilated window computed directly (oneDNN's dilated chain, BLAS gradients) differed from TF in the last bits of
    most gradient values and of some outputs. Measured on TF 2.21 (notes progs/gradfuzz20/t7.py, t8.py): float32 and
    float16 Conv1D (causal too) / Conv2D / tf.nn.convolution / atrous_conv2d / keras.ops.conv, values, gradients and
    second derivatives, all bits equal; float64 values and kernel gradients too (its input gradients are Eigen's,
    not emulated); depthwise ones as far as the depthwise orders reach."""
    from .convolution import conv2d
    from .space_batch import with_space_to_batch
    rank = len(geo.kernel)
    open_axes = open_lengths(x)

    def undilated(inputs, _, padding):
        inputs = with_open_lengths(inputs, open_axes)
        if depthwise:
            return _conv(inputs, f, WindowGeometry(tuple(inputs.shape), geo.kernel, (1,) * rank, (1,) * rank, padding,
                                                    op, geo.groups), depthwise=True)
        if rank == 1:
            return squeeze(conv2d(with_open_lengths(expand_dims(inputs, 1), (False,) + open_axes),
                                  expand_dims(f, 0), 1, padding), [1])
        return conv2d(inputs, f, 1, padding)
    return with_space_to_batch(x, list(geo.dilations), mode, undilated, filter_shape=list(geo.kernel))


def _depthwise_mismatch(x, f, op):
    """DepthwiseConv2dNative's error for filters of another depth, from the kernel that ran: oneDNN's (float32,
    half, bfloat16) 'input depth must be evenly divisible by filter depth' (and, where it divides, its abort:
    no primitive for it), Eigen's (float64) 'input and filter must have the same depth'."""
    from ..errors import AbortedError
    from ..onednn_policy import enabled as onednn_enabled
    c, depth = x.shape[-1], f.shape[-2]
    note = '%s: filters (*kernel, C, multiplier) %s need C = the input channels %d' % (op, tuple(f.shape), c)
    if x.dtype.name not in ('float32', 'float16', 'bfloat16') or not onednn_enabled():
        return kernel_error('DepthwiseConv2dNative', 'input and filter must have the same depth: %d vs %d' % (c, depth),
                            named=True, note=note)
    node = '__MklNativeDepthwiseConv2dNative'
    if depth and c % depth == 0:
        return kernel_error('DepthwiseConv2dNative', 'Operation received an exception:Status: 2, message: could not '
                            'create a primitive descriptor for the convolution forward propagation primitive. Run '
                            'workload with environment variable ONEDNN_VERBOSE=all to get additional diagnostic '
                            'information., in file tensorflow/core/kernels/mkl/mkl_conv_ops.cc:1112', named=True,
                            note=note, node=node, error_class=AbortedError)
    return kernel_error('DepthwiseConv2dNative', 'input depth must be evenly divisible by filter depth: %d vs %d'
                        % (c, depth), named=True, note=note, node=node)


@named_errors('depthwise_conv')
def depthwise_conv(input, filters, strides=1, padding='VALID', dilations=1, name=None, explicit=None):  # noqa: A002
    """Each input channel convolved on its own with (*kernel, C, M) filters, giving C * M
    channels (channel ``c * M + m``), as ``tf.nn.depthwise_conv2d``; ``explicit``: the spatial (before, after)
    pairs of the explicit padding ``input`` was padded by (TF then runs its own kernels' orders)."""
    op = 'depthwise_conv'
    x, f = _operands(input, filters, op)
    if f.shape[-2] != x.shape[-1]:
        raise _depthwise_mismatch(x, f, op)
    if x.ndim == 4:       # TF's own 2-D kernel takes equal strides only (a 1-D one runs with (s, s))
        refuse_unequal_strides(x._data.dtype, normalize_tuple(strides, 2, 'strides', op), name or '')
    grouped = reshape(f, tuple(f.shape[:-2]) + (1, f.shape[-2] * f.shape[-1]))
    return _grouped(x, grouped, strides, padding, dilations, x.shape[-1], 'convolution', depthwise=True,
                    through_batch=True, explicit=explicit)


@named_errors('conv_transpose')
def conv_transpose(input, filters, output_shape, strides=1, padding='SAME', dilations=1, name=None,  # noqa: A002
                   via_space_to_batch=False):
    """The transpose (input gradient) of ``convolution``: (N, *spatial, C_in) input,
    (*kernel, C_out, C_in) filters, giving ``output_shape`` (N, *spatial_out, C_out).

    ``via_space_to_batch``: TF runs the op as an undilated transpose between space_to_batch and batch_to_space
    (tf.nn.atrous_conv2d_transpose), so a float64 one with dilations is not refused.

    Raises:
        ValueError: an ``output_shape`` that the convolution with these filters,
            strides and padding does not map back onto the input's spatial shape.
    """
    op = 'conv_transpose'
    x, f = _operands(input, filters, op)
    rank = x.ndim - 2
    if not via_space_to_batch and not runs_onednn(x._data.dtype) and \
            normalize_tuple(dilations, rank, 'dilations', op) != (1,) * rank:
        _refuse_dilation(rank, x._data.dtype)
    out = tuple(int(d) for d in output_shape)
    if len(out) != x.ndim or out[0] != x.shape[0] or out[-1] != f.shape[-2] or x.shape[-1] != f.shape[-1]:
        raise InvalidArgumentError('%s: input %s, filters (*kernel, C_out, C_in) %s and output_shape %s do not match'
                                   % (op, tuple(x.shape), tuple(f.shape), out))
    geo = WindowGeometry(out, tuple(f.shape[:-2]), normalize_tuple(strides, rank, 'strides', op),
                         normalize_tuple(dilations, rank, 'dilations', op), _padding_mode(padding, op), op)
    if geo.out != tuple(x.shape[1:-1]):
        raise output_shape_mismatch(x._data.dtype, out[1:-1], geo.kernel, geo.strides, geo.dilations, geo.out,
                                    tuple(x.shape[1:-1]), '%s: output_shape %s convolves back to spatial shape %s, not '
                                    'to the input\'s %s' % (op, out, geo.out, tuple(x.shape[1:-1])))
    if rank == 1 and tuple(geo.dilations) == (1,) and f.shape[0] > 0:     # (an empty kernel: zeros, as here)
        return height_one_transpose(x, f, out, geo.strides[0], _padding_mode(padding, op))
    if rank == 1 and f.shape[0] > 0:
        # TF's conv1d_transpose runs a dilated one as Conv2DBackpropInput on a height-1 image with dilations
        # (1, r) too: conv_backprop_input_order's dilated sums (the 1-D product here rounded them its own way)
        y = conv_transpose(expand_dims(x, 1), expand_dims(f, 0), (out[0], 1) + out[1:], (1, geo.strides[0]),
                           padding, (1, geo.dilations[0]), via_space_to_batch=via_space_to_batch)
        return squeeze(y, [1])
    return _input_grad(x, f, geo, transposed=True)


def _refuse_dilation(rank, dtype):
    """TF 2.21's own CPU kernels for a transposed convolution (all but oneDNN's float32 one, backprop_input_kernel)
    refuse dilations (Conv1D/2D/3DTranspose, tf.nn.conv_transpose / conv1d_transpose / conv3d_transpose); tapeflow
    computed them."""
    note = ("conv_transpose: TensorFlow's own CPU kernel has no dilated transposed convolution, and %s; dilate the "
            'kernel yourself' % why_not_onednn(dtype))
    if rank == 3:
        raise kernel_error('Conv3DBackpropInputV2', 'Current CPU implementation does not yet support dilation rates '
                           'larger than 1.', note=note)
    # a 1-D one runs Conv2DBackpropInput on a height-1 image, through conv1d_transpose's named wrapper
    raise kernel_error('Conv2DBackpropInput', 'Current CPU implementations do not yet support dilation rates '
                       'larger than 1.', named=rank == 1, note=note)


def height_one_transpose(x, f, out, stride, padding):
    """tf.nn.conv1d_transpose as TensorFlow runs it (and keras Conv1DTranspose, layers/conv_nd.py): Conv2DBackpropInput
    on a height-1 image (N, 1, W, C) with a (1, K, C_out, C_in) kernel, so its float32 sums take
    conv_backprop_input_order's orders; the N-d product here rounded them in its own order (measured on TF 2.21,
    notes progs/tutorials44/t44_ct1d_check.py: 54 of 69 strides-1 shapes differed in the last bits; a Conv1D
    autoencoder's training drifted)."""
    from .conv_transpose import conv2d_transpose      # conv_transpose.py imports this module lazily as well
    y = conv2d_transpose(expand_dims(x, 1), expand_dims(f, 0), (out[0], 1) + tuple(out[1:]), (1, stride), padding)
    return squeeze(y, [1])
