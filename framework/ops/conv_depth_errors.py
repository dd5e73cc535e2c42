"""TF 2.21's refusals of convolution filters whose depth (filters.shape[-2]) does not fit the input's channels,
for tf.nn.convolution and tf.nn.conv3d (nn_windows).

TF runs a 1-D or 2-D convolution as its Conv2D op, which computes a grouped convolution where the input's depth is
a multiple of the filters' (and the output depth a multiple of the groups), and a 3-D one as Conv3D, which takes no
groups. Each kernel words its refusal itself, Eigen's (float64, half, and float32 where oneDNN is off) otherwise
than oneDNN's. A dilated tf.nn.convolution goes through Python's Convolution class first (nn_ops), which checks
the channels before any kernel runs, and its kernel's errors carry no ' name: ' tail (the space-to-batch path).
Measured on TF 2.21 with oneDNN off and on (notes progs/kerasexamples11/g2.py, 288 cases).
"""
from ..errors import kernel_error

_ZERO = 'filter must not have zero elements (i.e. all dimensions must be non-zero)'


def depth_refusal(x, f, rank, dilated, onednn, op):
    """TF's error for (N, *spatial, C) input ``x`` and (*kernel, depth, O) filters ``f`` of the same rank and dtype
    whose depth is not C (a valid grouped 1-D / 2-D convolution, or depth C, gives None: nothing to refuse here).
    ``dilated``: a dilated tf.nn.convolution (Python's channel check first); ``onednn``: oneDNN's kernel runs it."""
    c, depth, out = x.shape[-1], f.shape[-2], f.shape[-1]
    if depth == c:
        return None
    note = ('%s: filters %s have depth %d for an input of %d channels %s; a 1-D or 2-D convolution takes a divisor '
            'of the channels (grouped) whose groups divide the filters %d, a 3-D one the channels themselves'
            % (op, tuple(f.shape), depth, c, tuple(x.shape), out))
    if dilated:
        if depth == 0:
            return ZeroDivisionError('integer modulo by zero')
        if c % depth:
            error = ValueError('The number of input channels is not divisible by the corresponding number of output '
                               'filters. Received: input.shape=%s with %d channels and filters.shape=%s with %d '
                               'output filters.' % (_shape(x), c, _shape(f), depth))
            error.add_note(note)
            return error
    kernel = 'Conv3D' if rank == 3 else 'Conv2D'
    text = _onednn_text(c, depth, out, f, rank) if onednn else _eigen_text(c, depth, out, f, rank)
    if text is None:
        return None
    return kernel_error(kernel, text, named=not dilated, note=note, node='__MklNative' + kernel if onednn else None)


def _eigen_text(c, depth, out, f, rank):
    if rank == 3:           # conv_ops_3d.cc's checks, in its order
        if depth == 0:
            return 'filter_depth must be non-zero'
        if c % depth:
            return 'Input depth must be evenly divisible by filter depth: %d vs %d' % (c, depth)
        if 0 in f.shape:
            return _ZERO
        return 'Number of channels in filter (%d) must match last dimension of input (%d)' % (depth, c)
    if depth == 0:
        return 'filter depth must be stricly positive, got 0'
    if c % depth:
        return 'input depth must be evenly divisible by filter depth: %d vs %d' % (c, depth)
    if out % (c // depth):
        return 'output depth must be evenly divisible by number of groups: %d vs %d' % (out, c // depth)
    return None


def _onednn_text(c, depth, out, f, rank):
    if 0 in f.shape:
        return _ZERO
    if rank == 3:
        return 'input and filter must have the same depth: %d vs %d' % (c, depth)
    if c % depth:
        return 'input depth must be evenly divisible by filter depth: %d vs %d' % (c, depth)
    if out % (c // depth):
        return 'output depth must be evenly divisible by number of groups: %d vs %d' % (out, c // depth)
    return None


def conv2d_after_sizing(x, f, out_shape, onednn):
    """TF 2.21's Conv2D, once it has sized its output (shape ``out_shape``), given filters ``f`` without weights or
    whose output depth does not divide by the groups (their depth divides input ``x``'s): Eigen's kernel returns an
    empty output before it checks either (None: the caller makes it), then refuses the filters' zero elements, then
    the groups; oneDNN's refused the zero elements before anything, and refuses the groups even for an empty output
    (measured on TF 2.21, notes progs/gradfuzz29/z1.py, z2.py)."""
    if not onednn and 0 in out_shape:
        return None
    node = '__MklNativeConv2D' if onednn else None
    note = 'conv2d: filters %s for an input of shape %s' % (tuple(f.shape), tuple(x.shape))
    if 0 in f.shape:
        return kernel_error('Conv2D', _ZERO, named=True, node=node, note=note)
    return kernel_error('Conv2D', 'output depth must be evenly divisible by number of groups: %d vs %d'
                        % (f.shape[3], x.shape[3] // f.shape[2]), named=True, node=node,
                        note=note + ': %d output channels in %d groups' % (f.shape[3], x.shape[3] // f.shape[2]))


def _shape(t):
    """A shape as TF's TensorShape prints it in an f-string: (1, 5, 4); (3,) for one axis."""
    return str(tuple(int(n) for n in t.shape))

