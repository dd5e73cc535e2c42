"""The cross-entropies and small helpers of ``tf.nn``."""
import numpy as np

from ..errors import InvalidArgumentError, OpError, fast_path, kernel_error
from ..given_op_name import given_name
from .. import backend, graph_random_ops, libm
from . import eigen_math, eigen_math64, sigmoid_xent_graph
from .eigen_sum import kernel_row_sums
from ..tape import array_rule
from ..tensor import Tensor, convert_to_tensor
from .activations import log_softmax, relu, softmax
from .graph_input_errors import eager_input_error, input_mismatch, kernel_dtype_name
from .operands import ACTIVE, as_float_tensor, as_tensor, named_errors, record
from .reductions import reduce_mean, reduce_sum
from .selection import where
from .creation import zeros_like
from .shapes import expand_dims
from .unary import exp, log1p
from .bias_add_kernel import bias_add as bias_add_nhwc, bias_add_nchw
from ..tf_python_names import tf_named


@tf_named('softmax_cross_entropy_with_logits_v2')
@named_errors('softmax_cross_entropy_with_logits')
def softmax_cross_entropy_with_logits(labels, logits, axis=-1, name=None):
    """-sum(labels * log_softmax(logits)) along ``axis``; fused, with TensorFlow's gradient
    ``softmax(logits) - labels`` (exact when each row of labels sums to 1)."""
    logits = as_float_tensor(logits, 'softmax_cross_entropy_with_logits')
    labels = as_tensor(labels, 'softmax_cross_entropy_with_logits', dtype=None)
    if logits._data.dtype.itemsize == 2:
        # TF's wrapper computes float16 / bfloat16 logits in float32 and rounds the losses back once
        return _in_float32(softmax_cross_entropy_with_logits, labels, logits, axis)
    if labels.dtype != logits.dtype:
        from .shapes import cast
        labels = cast(labels, logits.dtype)
    if labels._data.shape != logits._data.shape:
        labels = _labels_like_logits(labels, logits)
    rank = logits.ndim
    if axis < -1:       # TF moves the class axis last with range(axis) first: a Range error for any axis < -1
        raise kernel_error('Range', 'Requires start <= limit when delta > 0: 0/%d' % axis, named=True,
                           note='softmax_cross_entropy_with_logits: TensorFlow 2.21 takes no negative axis but -1; '
                                'pass axis=%d' % (axis % rank if -rank <= axis else axis))
    if not -rank <= axis < rank:
        raise InvalidArgumentError('softmax_cross_entropy_with_logits: axis %d is out of range for logits of rank %d'
                                   % (axis, rank))
    a, z = logits._data, labels._data
    xp = backend.array_module(a)
    if a.shape[axis]:
        loss, backprop = _xent_value(xp, a, z, axis)
    else:       # no classes: TF's kernel gives zero losses and a zero backprop
        loss, backprop = xp.zeros(a.shape[:axis % rank] + a.shape[axis % rank + 1:], a.dtype), xp.zeros_like(a)
    out = Tensor(loss)
    if ACTIVE:
        # TensorFlow's fused rule: d/dlogits = the kernel's backprop exp / sum - labels, as if each
        # row of labels summed to 1 (Keras's categorical crossentropy from logits trains with it,
        # multi-hot labels included); a recorded sweep adds softmax - labels less itself (exactly
        # 0) for second derivatives
        record('softmax_cross_entropy_with_logits', (labels, logits), out,
               (lambda g, y, labels, logits: -expand_dims(g, axis) * log_softmax(logits, axis),
                array_rule(lambda g, y, labels, logits: expand_dims(g, axis) * (
                               Tensor(backprop) + _zero_with_softmax_rule(logits, labels, axis, backprop)),
                           lambda g, y, labels, logits: xp.expand_dims(g, axis) * backprop)))
    return out


def _in_float32(op, labels, logits, *args):
    """``op`` on the logits (and float labels) cast to float32, its losses cast back to the logits' dtype."""
    from .shapes import cast
    if labels.dtype.is_floating:
        labels = cast(labels, 'float32')
    return cast(op(labels, cast(logits, 'float32'), *args), logits.dtype)


def _labels_like_logits(labels, logits):
    """``labels`` of another shape than ``logits``, as TF 2.21's wrapper and kernel take them: both are
    flattened to matrices (outer dims, last dim; a vector is one row), the SoftmaxCrossEntropyWithLogits
    kernel broadcasts the two, and the rows' losses are reshaped to ``logits.shape[:-1]``. Labels that
    broadcast to the logits' matrix are broadcast (a one-hot vector for a batch of one); otherwise TF's
    kernel or Reshape error."""
    from .shapes import broadcast_to, reshape
    op = 'softmax_cross_entropy_with_logits'
    note = '%s: labels %s and logits %s must have the same shape' % (op, tuple(labels.shape), tuple(logits.shape))
    if not labels.ndim or not logits.ndim:
        raise InvalidArgumentError(note)
    rows, cols = _matrix(logits._data.shape), _matrix(labels._data.shape)
    try:
        both = np.broadcast_shapes(rows, cols)
    except ValueError:
        raise kernel_error('SoftmaxCrossEntropyWithLogits', 'logits and labels must be broadcastable: logits_size=%s '
                           'labels_size=%s' % _debug_shapes(rows, cols), named=True, note=note) from None
    kept = int(np.prod(logits._data.shape[:-1]))
    if both[0] != kept:
        raise kernel_error('Reshape', 'Input to reshape is a tensor with %d values, but the requested shape has %d'
                           % (both[0], kept), named=True, note=note)
    if both != rows:        # the logits broadcast too: the losses' rows fit, but not the gradient's shape
        raise InvalidArgumentError(note)
    return reshape(broadcast_to(reshape(labels, cols), rows), logits._data.shape)


def _matrix(shape):
    """TF's _flatten_outer_dims: the shape as (rows, last dim)."""
    return (int(np.prod(shape[:-1])), shape[-1])


def _debug_shapes(*shapes):
    return tuple('[%s]' % ','.join(map(str, shape)) for shape in shapes)


def _xent_value(xp, a, z, axis):
    """(-sum(labels * log_softmax(logits)) along ``axis``, the kernel's backprop exp / sum - labels),
    in TensorFlow's Xent kernel order for float32 and float64 on the host: sum(labels * (log(sum(exp(shifted)))
    - shifted)) with Eigen's sums, whose exps are those of SparseXent's sums (_summed_exps)."""
    shifted = a - xp.max(a, axis=axis, keepdims=True)
    if eigen_math.handles_class_scores(shifted):
        math = eigen_math
    elif shifted.dtype == np.float64 and eigen_math64.handles_class_scores(shifted):
        math = eigen_math64         # the same kernel on doubles (Eigen's Packet4d exp and log)
    else:
        math = None
    if math is None or not shifted.size:
        exps = xp.exp(shifted)
        sums = xp.sum(exps, axis=axis, keepdims=True)
        log_probs = shifted - xp.log(sums)
        # a zero row gives 0, not -0, as TensorFlow
        return xp.sum(z * -log_probs, axis=axis), exps / sums - z
    shifted, z = xp.moveaxis(shifted, axis, -1), xp.moveaxis(z, axis, -1)
    rows = shifted.reshape(-1, shifted.shape[-1])
    exps = math.exp(rows)
    sums = kernel_row_sums(_summed_exps(rows, exps, math))
    terms = z.reshape(rows.shape) * (math.log(sums)[:, None] - rows)
    backprop = (exps / sums[:, None]).reshape(shifted.shape) - z
    return kernel_row_sums(terms).reshape(shifted.shape[:-1]), xp.moveaxis(backprop, -1, axis)


def _zero_with_softmax_rule(logits, labels, axis, backprop):
    """0, with TF's rule for the Xent op's backprop output (grad_grad) towards the logits only (the labels
    get nothing from it): (gg - squeeze(matmul(gg[..., None, :], softmax[..., :, None]))) * softmax, a new
    Softmax and a batched product (softmax's own rule sums gg * softmax with reduce_sum, an ulp apart)."""
    zero = Tensor(backend.array_module(logits._data).zeros_like(logits._data))
    if ACTIVE:
        if labels is None:      # the sparse op: integer labels take no gradient
            record('xent_backprop', (logits,), zero, (lambda gg, y, logits: _xent_grad_grad(gg, logits, axis, backprop),))
        else:
            # TF's rule hands the labels grad_loss * -log_softmax(logits), grad_loss being zeros on this path:
            # a second derivative towards soft labels is zeros there (not None), though softmax - labels
            # depends on them
            record('xent_backprop', (logits, labels), zero,
                   (lambda gg, y, logits, labels: _xent_grad_grad(gg, logits, axis, backprop),
                    lambda gg, y, logits, labels: zeros_like(gg) * -log_softmax(logits, axis)))
    return zero


def _xent_grad_grad(gg, logits, axis, backprop):
    """TF's grad_grad term of _SoftmaxCrossEntropyWithLogitsGrad / its sparse twin, along ``axis`` (TF moves
    that axis last before the op, and back), added to the rule's first term _BroadcastMul(grad_loss, backprop)
    with the zeros TF's tape fills in for the loss output's missing gradient: 0 * backprop is +0 or -0, and
    where the term is a zero too (a row of sample weight 0) that sign decides the result's (TF +0 where
    tapeflow gave -0)."""
    from .linalg import matmul
    from .shapes import squeeze, transpose
    last = axis % logits.ndim == logits.ndim - 1
    if not last:
        order = [i for i in range(logits.ndim) if i != axis % logits.ndim] + [axis % logits.ndim]
        gg, logits = transpose(gg, order), transpose(logits, order)
    s = softmax(logits)
    term = (gg - squeeze(matmul(expand_dims(gg, -2), expand_dims(s, -1)), -1)) * s
    zeros_times_backprop = Tensor(backend.array_module(backprop).zeros_like(backprop) * backprop)
    return zeros_times_backprop + (term if last else transpose(term, list(np.argsort(order))))


@tf_named('sparse_softmax_cross_entropy_with_logits_v2')
def sparse_softmax_cross_entropy_with_logits(labels, logits, name=None):
    """-log_softmax(logits)[label] per example; fused, with TensorFlow's gradient exp / sum - one_hot."""
    try:
        return sparse_xent(labels, logits)
    except ValueError:
        refuse_missing_xent_argument('sparse_softmax_cross_entropy_with_logits', labels, logits)
        raise


def refuse_missing_xent_argument(op, labels, logits):
    """Raise TF 2.21's _ensure_xent_args error where ``labels`` or ``logits`` is None (its f-string formats a
    tensor as its numpy value; the two sentences run together as in TF)."""
    if labels is None or logits is None:
        raise ValueError('Both `labels` and `logits` must be provided for %sReceived: labels=%s and logits=%s'
                         % (op, format(labels), format(logits))) from None


def sparse_xent(labels, logits, labels_in_range=False):
    """The op; ``labels_in_range``: the caller has checked that every label lies in [0, classes)
    (sparse_categorical_crossentropy, which says so in its own words first), so the op's
    min / max over the labels is not done twice on every batch."""
    op = 'sparse_softmax_cross_entropy_with_logits'
    logits = as_float_tensor(logits, op)
    labels = as_tensor(labels, op)
    a, idx = logits._data, labels._data
    # TF's wrapper compares the static shapes before its kernel refuses float labels: one-hot float
    # labels get the rank text. (The arrays' shapes: a Tensor's .shape builds a TensorShape, on every batch.)
    if idx.shape != a.shape[:-1]:
        raise _scalar_logits_error(a, op) if not a.shape else _sparse_shape_error(idx.shape, a.shape, op)
    if idx.dtype not in _LABEL_DTYPES:
        raise _labels_refusal(labels, op)
    if a.dtype == np.float16:
        # TF's wrapper computes float16 logits in float32 and rounds the losses back (bfloat16 stays)
        return _in_float32(lambda labels, logits: sparse_xent(labels, logits, labels_in_range), labels, logits)
    try:
        depth = a.shape[-1]
    except IndexError:          # scalar logits with a scalar label: TF's wrapper refuses the logits first
        raise _scalar_logits_error(a, op) from None
    if not depth:       # TF's kernel checks its (rows, classes) matrix before the labels
        raise kernel_error('SparseSoftmaxCrossEntropyWithLogits', 'Must have at least one class, but got logits '
                           'shape [%d,0]' % _matrix(a.shape)[0], named=True,
                           note='%s: logits %s have no classes' % (op, tuple(a.shape)))
    if not labels_in_range and idx.size and (int(idx.min()) < 0 or int(idx.max()) >= depth):
        raise label_range_error(idx, depth, '%s: labels must lie in [0, %d), got min %d, max %d'
                                % (op, depth, int(idx.min()), int(idx.max())))
    xp = backend.array_module(a)
    shifted = a - a.max(axis=-1, keepdims=True)      # (the method: xp.max's dispatch costs microseconds)
    if eigen_math.handles_class_scores(shifted) and shifted.size:
        # TensorFlow's SparseXent kernel: Eigen's row sum of its exp, then C's logf per row.
        exps = eigen_math.exp(shifted)
        sums = kernel_row_sums(_summed_exps(shifted, exps)).reshape(idx.shape)
        lse = eigen_math.c_log(sums)
    elif shifted.dtype == np.float64 and eigen_math64.handles_class_scores(shifted) and shifted.size:
        # the same kernel on doubles: Eigen's Packet4d exp, C's exp for a row's last classes % 4
        exps = eigen_math64.exp(shifted)
        sums = kernel_row_sums(_summed_exps(shifted, exps, eigen_math64)).reshape(idx.shape)
        lse = libm.apply('log', sums)
    else:
        exps = xp.exp(shifted)
        sums = exps.sum(axis=-1)        # (the method: xp.sum's Python dispatch, the same reduction)
        lse = xp.log(sums)
    picked = _picked(xp, shifted, idx)
    out = Tensor(lse - picked)
    if ACTIVE:
        # the kernel's own backprop, exp / sum - one_hot (a division, not softmax's times 1 / sum), as
        # TF; a recorded zero carries TF's grad_grad rule for second derivatives
        backprop = exps / sums[..., None]
        backprop -= (xp.arange(depth) == idx[..., None]).astype(backprop.dtype)
        record(op, (logits,), out, (array_rule(
            lambda g, y, logits: expand_dims(g, -1) * (Tensor(backprop) + _zero_with_softmax_rule(logits, None, -1, backprop)),
            lambda g, y, logits: g[..., None] * backprop),))
    return out


_LABEL_DTYPES = (np.dtype(np.int32), np.dtype(np.int64))


def _scalar_logits_error(a, op):
    """TF 2.21's wrapper's ValueError for scalar logits (its text ends in a stray backquote)."""
    error = ValueError('`logits` cannot be a scalar. Received logits=%s`' % format(a[()]))
    error.add_note('%s: logits need an axis of classes, e.g. shape (batch, classes)' % op)
    return error


def _sparse_shape_error(labels_shape, logits_shape, op):
    """TF 2.21's wrapper's ValueError for labels that are not logits.shape[:-1] (labels of shape (n, 1)
    are the usual slip), rank first; tapeflow's words in a note."""
    if len(labels_shape) != len(logits_shape) - 1:
        error = ValueError('`labels.shape.rank` must equal `logits.shape.rank - 1`. Received: labels.shape=%s of rank %d '
                           'and logits.shape=%s of rank %d' % (_shape_text(labels_shape), len(labels_shape),
                                                               _shape_text(logits_shape), len(logits_shape)))
    else:
        error = ValueError('`labels.shape` must equal `logits.shape` except for the last dimension. Received: '
                           'labels.shape=%s and logits.shape=%s' % (_shape_text(labels_shape), _shape_text(logits_shape)))
    error.add_note('%s: labels of shape %s need logits of shape %s + (classes,), got %s'
                   % (op, tuple(labels_shape), tuple(labels_shape), tuple(logits_shape)))
    return error


def _shape_text(shape):
    return '(%s)' % ', '.join(map(str, shape)) if len(shape) != 1 else '(%d,)' % shape[0]


def _labels_refusal(labels, op):
    """TF 2.21's op registry refusing labels that are not int32 / int64 (float labels from a numpy
    array, a list of 0.0 / 1.0, uint8 digits), in its words; tapeflow's in a note."""
    error = InvalidArgumentError(
        "Value for attr 'Tlabels' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: {{node "
        "SparseSoftmaxCrossEntropyWithLogits}}; Op<name=SparseSoftmaxCrossEntropyWithLogits; signature=features:T, "
        "labels:Tlabels -> loss:T, backprop:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
        "attr=Tlabels:type,default=DT_INT64,allowed=[DT_INT32, DT_INT64]> [Op:SparseSoftmaxCrossEntropyWithLogits] "
        "name: " % kernel_dtype_name(labels.dtype))
    error.add_note('%s: labels must be integers (int32 or int64 class indices), got %s; cast them first, e.g. '
                   'tf.cast(labels, tf.int32)' % (op, labels.dtype.name))
    return error


def _picked(xp, shifted, idx):
    """``shifted[..., idx]`` per row: each row's label's entry (take_along_axis's values; its index
    building cost more than the loss on a batch of 32)."""
    rows = shifted.reshape(idx.size, shifted.shape[-1])
    return rows[xp.arange(idx.size), idx.reshape(-1)].reshape(idx.shape)


def _summed_exps(shifted, exps, math=eigen_math):
    """The exps SparseXent's row sums add, as (rows, classes).

    The kernel sums ``exp(shifted)`` as one fused Eigen reduction along each row: packets of 8
    (float64: 4) through Eigen's exp, and each row's last classes % 8 (4) values through C's exp.
    Its backprop's exp (``exps``) runs over the whole tensor instead: packets everywhere but the
    tensor's own last size % 8 (4) values. With 10 classes the sums differ about once in 16 rows
    (TF 2.21). ``math``: the kernels' module, eigen_math64 for float64."""
    depth = shifted.shape[-1]
    tail = depth % math.PACKET
    if not tail:
        return exps.reshape(-1, depth)
    flat = shifted.reshape(-1)
    padding = -flat.size % math.PACKET
    if padding:         # whole packets only: the tensor's last values too
        flat = np.concatenate([flat, np.zeros(padding, flat.dtype)])
        rows = math.exp(flat)[:flat.size - padding].reshape(-1, depth)
    else:
        rows = exps.reshape(-1, depth).copy()
    tail_exps = libm.apply('exp', shifted.reshape(-1, depth)[:, -tail:])
    tail_exps[tail_exps < np.finfo(flat.dtype).tiny] = 0       # TF's threads flush denormals to zero
    rows[:, -tail:] = tail_exps
    return rows


def label_range_error(labels, depth, note):
    """The SparseSoftmaxCrossEntropyWithLogits kernel's refusal of labels outside [0, depth) (raw
    array ``labels``): it names the smallest label if that is negative, else the largest, and lists
    them all (TF 2.21's CheckInvalidLabelIndex); ``note``: tapeflow's words."""
    flat = backend.to_host(labels).reshape(-1)
    low, high = int(flat.min()), int(flat.max())
    return kernel_error('SparseSoftmaxCrossEntropyWithLogits',
                        'Received a label value of %d which is outside the valid range of [0, %d).  Label values: %s'
                        % (low if low < 0 else high, depth, ' '.join(str(int(v)) for v in flat)), named=True, note=note)


@tf_named('sigmoid_cross_entropy_with_logits_v2')
@named_errors('sigmoid_cross_entropy_with_logits')
def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """max(x, 0) - x * z + log(1 + exp(-|x|)), TensorFlow's stable form."""
    op = 'sigmoid_cross_entropy_with_logits'
    given = logits
    try:
        logits = as_float_tensor(logits, op)
        labels = as_tensor(labels, op, dtype=None)
    except ValueError:
        refuse_missing_xent_argument(op, labels, given)
        raise
    if tuple(labels.shape) != tuple(logits.shape):
        raise ValueError('`logits` and `labels` must have the same shape, received (%s vs %s).'
                         % (tuple(logits.shape), tuple(labels.shape)))
    if labels.dtype != logits.dtype:
        raise _labels_dtype_error(logits, labels)
    if ACTIVE and graph_random_ops.current() is not None:
        # a traced step: the logits gradient adds in the order of TF's optimized graph (sigmoid_xent_graph.py)
        return sigmoid_xent_graph.record_traced(labels, logits, _sigmoid_xent)
    return _sigmoid_xent(labels, logits)


def _labels_dtype_error(logits, labels):
    """TensorFlow multiplies logits * labels as they are: int, float64 or string labels are its Mul
    kernel's refusal, bool labels its Sub's (the product's operator takes them)."""
    kernel = 'Sub' if labels.dtype.name == 'bool' else 'Mul'
    error = eager_input_error(kernel, 1, logits.dtype, labels.dtype)
    error.add_note('sigmoid_cross_entropy_with_logits: labels of dtype %s beside logits of dtype %s; cast the labels '
                   'first, e.g. tf.cast(labels, logits.dtype)' % (labels.dtype.name, logits.dtype.name))
    return error


def _sigmoid_xent(labels, logits):
    positive = logits >= 0
    relu_logits = where(positive, logits, 0)
    neg_abs = where(positive, -logits, logits)
    return relu_logits - logits * labels + log1p(exp(neg_abs))


def l2_loss(t, name=None):
    """sum(t ** 2) / 2: one L2Loss op with TF's rule ``t * grad`` (composed from t * t, its gradient
    summed two halves t * (grad / 2), which second derivatives and global_norm's sums round apart)."""
    try:
        t = as_float_tensor(t, 'l2_loss')
        if not ACTIVE:
            return reduce_sum(t * t) * 0.5
        from ..tape import paused
        with paused():
            out = reduce_sum(t * t) * 0.5
        record('l2_loss', (t,), out, (lambda g, y, t: t * g,))
        return out
    except OpError as error:
        given_name(error, name)
        raise


@tf_named('moments_v2')
@named_errors('moments')
def moments(x, axes, shift=None, keepdims=False, name=None):
    """(mean, variance) over ``axes``. Integer tensors stay integers, as in TensorFlow (whose Mean divides
    with truncation: moments of [[1, 2], [4, 7]] over axis 0 are [2, 4] and [2, 6])."""
    x = as_tensor(x, 'moments')
    if x._data.dtype.kind not in 'iu':
        x = as_float_tensor(x, 'moments')
    half = x.dtype.name == 'float16'
    if half:        # TF computes float16 moments in float32 and casts both back (bfloat16 stays as it is)
        from .shapes import cast
        x = cast(x, 'float32')
    mean = reduce_mean(x, axes, keepdims=True)
    from .shapes import stop_gradient
    # TF's squared_difference (a product, not pow: TensorFlow's float32 pow is not correctly rounded),
    # with its own gradient rule, so that Hessians add their terms in TF's order
    from .arithmetic import squared_difference
    variance = reduce_mean(squared_difference(x, stop_gradient(mean)), axes, keepdims=True)
    if not keepdims:
        from .shapes import squeeze
        mean, variance = squeeze(mean, axes), squeeze(variance, axes)
    if half:
        mean, variance = cast(mean, 'float16'), cast(variance, 'float16')
    return mean, variance


@named_errors('bias_add')
def bias_add(value, bias, data_format=None, name=None):
    given = (value, bias)       # (lists take TF's slow path: its kernel errors end without ' name: ')
    value = as_tensor(value, 'bias_add')
    # TF converts the bias to the value's dtype: a list or numpy bias joins a float16 or float32 value
    bias = bias if isinstance(bias, Tensor) else as_tensor(convert_to_tensor(bias, dtype=value.dtype), 'bias_add')
    if value.dtype != bias.dtype:        # BiasAdd's input check comes before its shape checks
        error = eager_input_error('BiasAdd', 1, value.dtype, bias.dtype)
        error.add_note('bias_add: value is %s, bias %s; cast the bias to the value\'s dtype'
                       % (value.dtype.name, bias.dtype.name))
        raise input_mismatch(error, 'BiasAdd', 1, value.dtype, bias.dtype)     # (a TypeError where TF traces)
    channels_first = isinstance(data_format, str) and data_format.startswith('NC')   # 'NCHW', 'NCDHW'
    axis = 1 if channels_first and value.ndim > 2 else -1
    if value.ndim < 2 or bias.ndim != 1 or bias.shape[0] != value.shape[axis]:
        # BiasAdd's own checks, in its order (tapeflow added the bias to a vector)
        dims = lambda t: '[%s]' % ','.join(map(str, t.shape))     # noqa: E731  (TensorShape::DebugString)
        text = ('Input tensor must be at least 2D: %s' % dims(value) if value.ndim < 2 else
                'Biases must be 1D: %s' % dims(bias) if bias.ndim != 1 else
                'Must provide as many biases as the last dimension of the input tensor: %s vs. %s'
                % (dims(bias), dims(value)))
        raise kernel_error('BiasAdd', text, named=fast_path(*given),
                           note='bias_add: bias of shape %s does not match the %s axis of value %s (of rank >= 2)'
                                % (tuple(bias.shape), 'channel (1)' if axis == 1 else 'last', tuple(value.shape)))
    if axis == 1:
        return bias_add_nchw(value, bias)       # NCHW BiasAddGrad's order (bias_grad_channels_first.py)
    return bias_add_nhwc(value, bias)   # BiasAddGrad's order for the bias gradient (bias_add_kernel.py)


@tf_named('dropout_v2')
@named_errors('dropout')
def dropout(x, rate, noise_shape=None, seed=None, name=None):
    """Zero each element with probability ``rate`` and scale the rest by 1 / (1 - rate)."""
    from ..random import uniform
    from ..random_seed_order import use_seed
    return _dropout(x, rate, noise_shape, lambda shape, dtype: uniform(shape, dtype=dtype, seed=seed), 'dropout',
                    lambda: use_seed(seed))


@named_errors('stateless_dropout')
def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None):
    """Dropout whose mask is ``tf.random.stateless_uniform(noise_shape, seed) >= rate``:
    the same seed pair drops the same elements (TensorFlow's values; Keras 3's dropout)."""
    from .stateless_random import stateless_uniform
    return _dropout(x, rate, noise_shape, lambda shape, dtype: stateless_uniform(shape, seed, dtype=dtype),
                    'stateless_dropout')


def general_dropout(x, rate, uniform_sampler, noise_shape=None, name=None):
    """Dropout whose mask is ``uniform_sampler(noise_shape, x.dtype) >= rate`` (any sampler of [0, 1) values).

    Raises:
        ValueError: a rate outside [0, 1) or an x that is not floating (TensorFlow's texts).
    """
    return _dropout(x, rate, noise_shape, uniform_sampler, 'general_dropout')


def _dropout(x, rate, noise_shape, draw_uniform, op, skip_draw=None):
    """The dropouts: keep where ``draw_uniform(noise_shape, dtype) >= rate``, scaled by 1 / (1 - rate).
    A non-float x or a rate outside [0, 1) fails TF 2.21's Python checks, shared by its dropouts. A rate
    of Python's 0 returns x undrawn, after ``skip_draw()`` (tf.nn.dropout still takes its op seed, so
    the random ops after it draw what they draw in TF)."""
    x = as_tensor(x, op)
    if not x.dtype.is_floating:
        error = ValueError('`x.dtype` must be a floating point tensor as `x` will be scaled. Received: x_dtype=%s'
                           % (x.dtype,))
        error.add_note('%s: cast x to a float dtype first' % op)
        raise error
    if not 0 <= rate < 1:
        error = ValueError('`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate=%r'
                           % (rate,))
        error.add_note('%s: rate must be in [0, 1), got %r' % (op, rate))
        raise error
    if rate == 0:
        if skip_draw is not None:
            skip_draw()
        return x
    shape = tuple(x.shape) if noise_shape is None else tuple(noise_shape)
    keep = draw_uniform(shape=shape, dtype=x.dtype) >= rate      # by keyword, as TF: Generator.uniform(shape, minval, ...)
    return where(keep, x * (1 / (1 - rate)), 0)
