"""``tf.space_to_batch_nd`` (``tf.space_to_batch``) and ``tf.batch_to_space``: blocks of the
spatial axes moved to and from the batch axis. Each is a pad or crop, a reshape, a transpose and
a reshape (TensorFlow's documented algorithm), so gradients come from those ops. Also
``tf.required_space_to_batch_paddings``, the paddings that make a shape fit the blocks."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error, noted
from ..tensor import Tensor, TensorShape, convert_to_tensor
from . import missing_kernels
from .indexing import getitem
from .operands import as_tensor, named_errors
from .shapes import pad, reshape, transpose
from ..tf_python_names import tf_named


def _ints(value, shape=None, kernel=None, attr=None):
    data = getattr(value, '_data', value)
    out = np.asarray(backend.to_host(data) if hasattr(value, '_data') else data)
    # TF converts a list holding a float ([2.0, 2]) to float32, and its attr refuses that; a numpy array of
    # whole floats passes as int32
    if kernel is not None and out.size and out.dtype.kind not in 'iu' and (
            out.dtype.kind != 'f' or isinstance(value, (list, tuple)) or not np.all(out == np.round(out))):
        raise _index_attr_error(kernel, attr, out, isinstance(value, (list, tuple)))
    out = out.astype(np.int64)
    if shape is not None and kernel is not None and out.shape != shape:       # numpy's reshape error leaked
        raise kernel_error(kernel, '%s should have shape [%d, 2] instead of [%s]' % (
            _SIGNATURES[kernel][0], shape[0], ','.join(map(str, out.shape))), named=True)
    return out.reshape(shape) if shape is not None else out


_SIGNATURES = {'SpaceToBatchND': ('paddings', 'Tpaddings'), 'BatchToSpaceND': ('crops', 'Tcrops')}


def _index_attr_error(kernel, attr, values, python_list):
    # (Python floats become float32; arrays keep their dtype, in TF's kernel names)
    name = 'float' if python_list and values.dtype.kind == 'f' else \
        {'float32': 'float', 'float64': 'double', 'float16': 'half'}.get(values.dtype.name, values.dtype.name)
    third, third_attr = _SIGNATURES[kernel]
    error = InvalidArgumentError(
        "Value for attr '%s' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node %s}}; "
        "Op<name=%s; signature=input:T, block_shape:Tblock_shape, %s:%s -> output:T; attr=T:type; "
        "attr=Tblock_shape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]; "
        "attr=%s:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> [Op:%s] name: "
        % (attr, name, kernel, kernel, third, third_attr, third_attr, kernel))
    error.add_note('%s: %s takes integers, got %s; pass ints (e.g. [2, 2])' % (kernel, attr, values.tolist()))
    return error


def _refuse_untyped(x, kernel):
    # TF registers no CPU kernel for bool, complex or string blocks (numpy would move them silently)
    if x._data.dtype.kind in 'bcOSU':
        raise missing_kernels.not_found(kernel, x.dtype.name, kernel)
    return x


@named_errors('space_to_batch_nd')
def space_to_batch_nd(input, block_shape, paddings, name=None):  # noqa: A002
    """Zero-pad axes 1..M by ``paddings`` (M x 2), then move each ``block_shape`` block of them into
    the batch: (B, *spatial, *rest) -> (B * prod(block), *(padded / block), *rest).

    Raises:
        InvalidArgumentError: a padded size that ``block_shape`` does not divide.
    """
    x = _refuse_untyped(as_tensor(input, 'space_to_batch_nd'), 'SpaceToBatchND')
    block = _ints(block_shape, None, 'SpaceToBatchND', 'Tblock_shape').reshape(-1)
    m = block.size
    pads = _ints(paddings, (m, 2), 'SpaceToBatchND', 'Tpaddings')
    if x.ndim < 1 + m:
        raise InvalidArgumentError('space_to_batch_nd: input of shape %s needs rank >= %d (batch and %d block axes)'
                                   % (tuple(x.shape), 1 + m, m))
    x = pad(x, [[0, 0]] + pads.tolist() + [[0, 0]] * (x.ndim - 1 - m))
    shape = list(x.shape)
    for i, b in enumerate(block):
        if shape[1 + i] % b:
            raise InvalidArgumentError('space_to_batch_nd: padded_shape[%d]=%d is not divisible by block_shape[%d]=%d'
                                       % (i, shape[1 + i], i, b))
    rest = shape[1 + m:]
    split = [shape[0]]
    for i, b in enumerate(block):
        split += [shape[1 + i] // b, int(b)]
    x = reshape(x, split + rest)
    perm = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)] + list(range(1 + 2 * m, 1 + 2 * m + len(rest)))
    x = transpose(x, perm)
    return reshape(x, [shape[0] * int(np.prod(block))] + [shape[1 + i] // b for i, b in enumerate(block)] + rest)


space_to_batch = space_to_batch_nd      # TensorFlow 2's tf.space_to_batch is the N-d op


@tf_named('batch_to_space_v2')
@named_errors('batch_to_space')
def batch_to_space(input, block_shape, crops, name=None):  # noqa: A002
    """The inverse of ``space_to_batch_nd``: (B * prod(block), *spatial, *rest) ->
    (B, *(spatial * block), *rest), then ``crops`` (M x 2) cut from each spatial axis.

    Raises:
        InvalidArgumentError: a batch that prod(block_shape) does not divide.
    """
    x = _refuse_untyped(as_tensor(input, 'batch_to_space'), 'BatchToSpaceND')
    block = _ints(block_shape, None, 'BatchToSpaceND', 'Tblock_shape').reshape(-1)
    m = block.size
    crop = _ints(crops, (m, 2), 'BatchToSpaceND', 'Tcrops')
    if x.ndim < 1 + m:
        raise InvalidArgumentError('batch_to_space: input of shape %s needs rank >= %d (batch and %d block axes)'
                                   % (tuple(x.shape), 1 + m, m))
    shape = list(x.shape)
    blocks = int(np.prod(block))
    if shape[0] % blocks:
        raise InvalidArgumentError('batch_to_space: Input batch dimension (%d) is not divisible by product of block '
                                   'sizes (%d)' % (shape[0], blocks))
    batch, spatial, rest = shape[0] // blocks, shape[1:1 + m], shape[1 + m:]
    x = reshape(x, [int(b) for b in block] + [batch] + spatial + rest)
    perm = [m]
    for i in range(m):
        perm += [m + 1 + i, i]
    perm += list(range(2 * m + 1, 2 * m + 1 + len(rest)))
    x = reshape(transpose(x, perm), [batch] + [s * int(b) for s, b in zip(spatial, block)] + rest)
    cut = (slice(None),) + tuple(slice(int(c[0]), x.shape[1 + i] - int(c[1])) for i, c in enumerate(crop))
    return getitem(x, cut)


@named_errors('required_space_to_batch_paddings')
def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    """(paddings, crops), int32 M x 2: the least end padding, on top of ``base_paddings``, that makes
    each of the M spatial sizes ``input_shape`` divisible by ``block_shape``, and the crops that undo
    that extra padding after ``batch_to_space``."""
    op = 'required_space_to_batch_paddings'
    # TF's Python: int32 conversions (None, 2.0 and float tensors are their errors), then static shape checks
    shape = convert_to_tensor(input_shape, dtype='int32', name='input_shape')
    block = convert_to_tensor(block_shape, dtype='int32', name='block_shape')
    if block.ndim != 1:
        raise noted(ValueError('Shape %s must have rank 1' % TensorShape(block.shape)),
                    '%s: block_shape must be a vector of sizes, got shape %s' % (op, tuple(block.shape)))
    count = block.shape[0]
    if count == 0:
        return Tensor(np.zeros((0, 2), np.int32)), Tensor(np.zeros((0, 2), np.int32))
    _compatible(shape, [count], op, 'input_shape')
    if base_paddings is None:
        base = np.zeros((count, 2), np.int64)
    else:
        base = convert_to_tensor(base_paddings, dtype='int32', name='base_paddings')
        _compatible(base, [count, 2], op, 'base_paddings')
        base = base.numpy().astype(np.int64)
    shape, block = shape.numpy().astype(np.int64), block.numpy().astype(np.int64)
    if (block <= 0).any():
        raise ValueError('%s: block_shape %s must be positive' % (op, block.tolist()))
    extra = (block - (shape + base[:, 0] + base[:, 1]) % block) % block
    paddings = np.stack([base[:, 0], base[:, 1] + extra], 1).astype(np.int32)
    crops = np.stack([np.zeros_like(extra), extra], 1).astype(np.int32)
    return Tensor(paddings), Tensor(crops)


def _compatible(t, shape, op, what):
    """TF's ``t.get_shape().assert_is_compatible_with(shape)``: 'Shapes (3,) and [2] are incompatible'."""
    if list(t.shape) != shape:
        raise noted(ValueError('Shapes %s and %s are incompatible' % (TensorShape(t.shape), shape)),
                    '%s: %s must have shape %s, got %s' % (op, what, shape, tuple(t.shape)))


@named_errors('with_space_to_batch')
def with_space_to_batch(input, dilation_rate, padding, op, filter_shape=None, spatial_dims=None,  # noqa: A002
                        data_format=None):
    """``op(input, num_spatial_dims, padding)`` run with ``dilation_rate``: the input's spatial
    dimensions are split into rate blocks moved to the batch (``space_to_batch_nd``), ``op`` runs on
    them with VALID padding, and the result is moved back (``batch_to_space``), as TF 2's
    ``tf.nn.with_space_to_batch``. SAME padding needs ``filter_shape`` for its base paddings.

    Raises:
        ValueError: a rate not positive, a padding other than SAME / VALID, or SAME without filter_shape.
    """
    name = 'with_space_to_batch'
    x = as_tensor(input, name)
    rate = _ints(dilation_rate).reshape(-1)
    n = rate.size
    if spatial_dims is None:
        first = 2 if data_format is not None and str(data_format).startswith('NC') else 1
        spatial_dims = list(range(first, first + n))
    spatial_dims = [int(d) for d in spatial_dims]
    if len(spatial_dims) != n or sorted(set(spatial_dims)) != spatial_dims or spatial_dims[0] < 1:
        raise ValueError('%s: spatial_dims %s must be %d increasing axes after the batch axis'
                         % (name, spatial_dims, n))
    if x.ndim <= spatial_dims[-1]:
        raise ValueError('%s: input of shape %s has no axis %d' % (name, tuple(x.shape), spatial_dims[-1]))
    if (rate < 1).any():
        raise ValueError('%s: dilation_rate must be positive, got %s' % (name, rate.tolist()))
    if not isinstance(padding, str) or padding.upper() not in ('SAME', 'VALID'):
        raise ValueError("%s: padding must be 'SAME' or 'VALID', got %r" % (name, padding))
    padding = padding.upper()
    if (rate == 1).all():
        return op(x, n, padding)
    if padding == 'SAME':
        if filter_shape is None:
            raise ValueError("%s: `filter_shape` must be specified for `padding='SAME'`. Received: filter_shape=None "
                             'and padding=SAME' % name)
        extra = (_ints(filter_shape).reshape(-1)[:n] - 1) * rate
        base = np.stack([extra // 2, extra - extra // 2], 1)
    else:
        base = np.zeros((n, 2), np.int64)
    spatial = np.asarray([x.shape[d] for d in spatial_dims], np.int64)
    paddings, crops = required_space_to_batch_paddings(spatial, rate, base)
    block = _spread(rate, 1, spatial_dims)
    converted = space_to_batch_nd(x, block, _spread(_ints(paddings), 0, spatial_dims))
    return batch_to_space(op(converted, n, 'VALID'), block, _spread(_ints(crops), 0, spatial_dims))


def _spread(values, fill, spatial_dims):
    """Per-spatial-dimension ``values`` placed at axes ``spatial_dims`` (counted from the first axis
    after the batch), with ``fill`` for the axes between them (TF's _with_space_to_batch_adjust)."""
    parts, previous = [], 0
    for i, axis in enumerate(spatial_dims):
        parts.append(np.full((axis - 1 - previous,) + values.shape[1:], fill, np.int64))
        parts.append(values[i:i + 1])
        previous = axis
    return np.concatenate(parts)
