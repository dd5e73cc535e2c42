"""``keras.ops`` neural-network ops (``keras.ops.nn``), with Keras 3's argument names and defaults.

Differences from ``framework.nn`` that matter: ``gelu`` is the tanh
approximation by default, ``leaky_relu`` takes ``negative_slope``, the
cross-entropies take probabilities unless ``from_logits=True`` (clipped to
[epsilon, 1 - epsilon] as Keras 3 does) and ``binary_crossentropy`` is
elementwise, ``conv`` and the pools take Keras's lower-case padding and
``data_format``.
"""
import operator

import numpy as np

from framework import dtypes
from framework import errors as _errors
from framework.ops.graph_input_errors import allowed_list_refusal, eager_input_error
from framework import ops as _ops
from framework.ops.activations import keras_elu
from framework.losses.probabilistic import carried_logits
from framework.ops.sigmoid_reader_first import sigmoid_sorts_first
from framework.ops.sigmoid_xent_graph import sigmoid_first
from framework.losses.tensor_notes import set_keras_logits
from framework.ops import float_kernels
from framework.tensor import Tensor
from .activation_inputs import float_activation_input, floatx_activation_input, shape_read
from .ops_arguments import integer
from .ops_conv_dtypes import forward_kernel
from .ops_conv_nd import conv_nd
from .ops_dtypes import floating, floatx_dtype, tensor
from .softmax_axis_warning import warn_if_one_class
from .data_format import standardize_data_format

__all__ = ['average_pool', 'binary_crossentropy', 'categorical_crossentropy', 'conv', 'elu', 'gelu',
           'hard_sigmoid', 'hard_silu', 'hard_swish', 'leaky_relu', 'log_sigmoid', 'log_softmax',
           'max_pool', 'moments', 'normalize', 'one_hot', 'relu', 'relu6', 'selu', 'sigmoid', 'silu',
           'softmax', 'softplus', 'softsign', 'sparse_categorical_crossentropy', 'swish']

EPSILON = 1e-7      # keras.backend.epsilon()


def _activation(name, tapeflow_op):
    def op(x):
        return tapeflow_op(float_activation_input(tensor(x, name), name, given=x))
    op.__name__ = op.__qualname__ = name
    op.__doc__ = 'The ``%s`` activation, elementwise (integer inputs refused, as by TF: see activation_inputs).' % name
    return op


def relu(x):
    """max(x, 0), elementwise; integer inputs keep their dtype, as Keras 3 on TensorFlow."""
    return _ops.relu(tensor(x, 'relu'))


def relu6(x):
    """min(max(x, 0), 6), elementwise; integer inputs keep their dtype, as Keras 3 on TensorFlow."""
    return _ops.relu6(tensor(x, 'relu6'))


def sigmoid(x):
    """1 / (1 + exp(-x)); the result remembers x, as Keras 3's on TensorFlow, so a cross-entropy
    scores it from the logits (``_keras_logits``: other bits than from the probabilities)."""
    x = float_activation_input(tensor(x, 'sigmoid'), 'sigmoid')
    y = _ops.sigmoid(x)
    set_keras_logits(y, x)
    return y


softplus = _activation('softplus', _ops.softplus)
softsign = _activation('softsign', _ops.softsign)
silu = swish = _activation('silu', _ops.silu)
selu = _activation('selu', _ops.selu)
hard_sigmoid = _activation('hard_sigmoid', lambda x: _ops.hard_sigmoid(x, traced=_in_traced_step()))


def log_sigmoid(x):
    """log(sigmoid(x)): tf.math.log_sigmoid, as Keras 3 on TF calls it (its Neg refuses bools, unsigned ints
    and strings before Softplus refuses signed ints)."""
    return _ops.log_sigmoid(tensor(x, 'log_sigmoid'))


hard_silu = hard_swish = _activation('hard_silu', lambda x: _ops.hard_silu(x, traced=_in_traced_step()))


def _in_traced_step():
    """Whether a traced function or Keras step (predict's too) runs, where TF's graph optimizer
    rewrites hard_sigmoid's division (ops/activations.py)."""
    from layers import call_context
    return call_context.in_traced_function()


def gelu(x, approximate=True):
    """Gaussian error linear unit; Keras 3 defaults to the tanh approximation."""
    return _ops.gelu(float_activation_input(tensor(x, 'gelu'), 'gelu'), approximate=approximate)


def elu(x, alpha=1.0):
    return keras_elu(float_activation_input(tensor(x, 'elu'), 'elu', given=x), alpha)


def leaky_relu(x, negative_slope=0.2):
    return _ops.leaky_relu(floatx_activation_input(tensor(x, 'leaky_relu'), 'leaky_relu'), negative_slope)


def softmax(x, axis=-1):
    """exp(x) / sum(exp(x)) along ``axis``; the result remembers x, as Keras 3's on TensorFlow, so a
    categorical cross-entropy scores it from the logits (over its own axis, whatever ``axis`` was)."""
    if isinstance(axis, (int, tuple)):      # Keras reads x.shape[axis] (its size-1 warning) before converting
        shape_read(x, 'softmax')
    x = tensor(x, 'softmax')
    warn_if_one_class(x, axis)
    x = float_activation_input(x, 'softmax')
    if axis is None or isinstance(axis, tuple):
        y = _softmax_over_axes(x, axis)
    else:
        y = _ops.softmax(x, axis)
    set_keras_logits(y, x)
    return y


def _softmax_over_axes(x, axis, kernel=_ops.softmax):
    """Keras 3's softmax (or log_softmax: ``kernel``) over several axes (None: all): those axes moved last and
    flattened into one, one softmax over it, moved back (so the sums are TF's Softmax kernel's over that row)."""
    shape = tuple(x.shape)
    if axis is None:
        return _ops.reshape(kernel(_ops.reshape(x, [-1]), -1), shape)
    keep = [v for v in range(len(shape)) if v not in axis]
    perm = [_canonical_axis(v, len(shape)) for v in keep + list(axis)]
    if len(set(perm)) != len(perm):
        # Keras's TF transpose check (a negative axis is not taken out of ``keep``: (-1,) repeats the last)
        raise ValueError('`axes` must be a valid permutation of the input dimensions (no duplicates). Received: '
                         'axes=%s for input of rank %d.' % (perm, len(shape)))
    moved = _ops.transpose(x, keep + list(axis))
    y = kernel(_ops.reshape(moved, [shape[v] for v in keep] + [-1]), -1)
    order = keep + list(axis)
    return _ops.transpose(_ops.reshape(y, tuple(moved.shape)), sorted(range(len(order)), key=order.__getitem__))


def _canonical_axis(axis, rank):
    """Keras's canonicalize_axis: Python's TypeError for a non-integer, numpy's words out of range."""
    axis = operator.index(axis)
    if not -rank <= axis < rank:
        raise ValueError('axis %d is out of bounds for an array with dimension %d.' % (axis, rank))
    return axis % rank


def log_softmax(x, axis=-1):
    """x - logsumexp(x) along ``axis``; a tuple of axes (or None: all) as Keras 3's softmax takes one."""
    if isinstance(axis, tuple):     # Keras reads x.shape to move a tuple's axes last
        shape_read(x, 'log_softmax')
    x = float_activation_input(tensor(x, 'log_softmax'), 'log_softmax')
    if axis is None or isinstance(axis, tuple):
        return _softmax_over_axes(x, axis, _ops.log_softmax)
    return _ops.log_softmax(x, axis)


def one_hot(x, num_classes, axis=-1, dtype=None, sparse=False):
    """One-hot rows for integer labels (floatx); out-of-range labels give all-zero rows. Checked in Keras 3's
    order: the dtype ('Invalid dtype: foo'), then the labels, then tf.one_hot's depth."""
    if dtype is not None:
        from .backend import standardize_dtype
        dtype = standardize_dtype(dtype)
    labels = tensor(x, 'one_hot')
    if labels.dtype.name not in ('int32', 'int64'):
        try:
            labels = _ops.cast(labels, 'int64')       # Keras 3 converts the labels to int64 (floats truncate)
        except _errors.UnimplementedError as error:     # string labels: TF's Cast text, the op named in a note
            error.add_note('keras.ops.one_hot: labels must be integers, got dtype %s' % labels.dtype.name)
            raise
    if num_classes is None or isinstance(num_classes, (float, str)):      # TF's conversion of the depth to int32
        error = (ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                            "Tensor.") if num_classes is None else
                 TypeError('Cannot convert %r to EagerTensor of dtype int32' % (num_classes,)))
        error.add_note('keras.ops.one_hot: num_classes must be an integer, got %r' % (num_classes,))
        raise error
    depth = integer(num_classes, 'num_classes', 'one_hot')
    if sparse:
        from .sparse_one_hot import sparse_one_hot
        return sparse_one_hot(labels, depth, axis, dtypes.as_dtype(dtype or floatx_dtype()).name)
    return keras_one_hot(labels, depth, axis, dtype or floatx_dtype())


def keras_one_hot(labels, depth, axis, dtype):
    """tf.one_hot as Keras 3's TensorFlow backend calls it: bool one-hots take on/off values True/False
    (tf.one_hot's default 1 converts to no bool)."""
    if dtypes.as_dtype(dtype).name == 'bool':
        return _ops.one_hot(labels, depth, on_value=True, off_value=False, axis=axis, dtype=dtype)
    return _ops.one_hot(labels, depth, axis=axis, dtype=dtype)


def _same_shape(target, output, op):
    """Keras 3's check (its TF backend's words): the ranks first, then the sizes."""
    if tuple(target.shape) != tuple(output.shape):
        error = ValueError('Arguments `target` and `output` must have the same %s. Received: target.shape=%s, '
                           'output.shape=%s' % ('rank (ndim)' if target.ndim != output.ndim else 'shape',
                                                tuple(target.shape), tuple(output.shape)))
        error.add_note('keras.ops.%s: target and output must have the same shape, got %s and %s'
                       % (op, tuple(target.shape), tuple(output.shape)))
        raise error


def _mul_refusal(expected, given, op):
    """Keras 3 on TF multiplies target by log(output) (labels by logits) as they are: TF's Mul refuses
    a second operand of another dtype."""
    error = eager_input_error('Mul', 1, expected, given)
    return _noted(error, op, 'target and output must have one dtype; cast the target first')


def _noted(error, op, advice):
    error.add_note('keras.ops.%s: %s' % (op, advice))
    return error


def binary_crossentropy(target, output, from_logits=False):
    """Elementwise -(t log(p) + (1 - t) log(1 - p)); p clipped to [epsilon, 1 - epsilon]. Neither
    argument is cast, as Keras 3 on TensorFlow: int or float64 targets beside float32 output raise."""
    op = 'binary_crossentropy'
    t, o = tensor(target, op), tensor(output, op)
    _same_shape(t, o, op)
    probabilities = o
    o, from_logits = carried_logits(o, from_logits, 'Sigmoid', op)     # a keras.ops.sigmoid output's logits
    if t._data.dtype.kind in 'fiub' and o._data.dtype.kind in 'fiub':
        _binary_dtypes(t, o, from_logits)
    target, output = floating(t, op), floating(o, op)       # strings: floating's TypeError
    if from_logits:
        if o is not probabilities and sigmoid_sorts_first(probabilities):
            with sigmoid_first(probabilities):      # its SigmoidGrad sorts first in the logits' AddN (a traced step)
                return _ops.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
        return _ops.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = _ops.clip_by_value(output, EPSILON, 1.0 - EPSILON)
    return -(target * _ops.log(output) + (1 - target) * _ops.log(1 - output))


def _binary_dtypes(target, output, from_logits):
    op = 'binary_crossentropy'
    if from_logits:
        if target.dtype != output.dtype and output._data.dtype.kind == 'f':     # logits * labels
            raise _mul_refusal(output.dtype.name, target.dtype.name, op)
        return
    if output._data.dtype.kind in 'iub':     # clip_by_value converts 1 - epsilon to the output's dtype
        raise _noted(TypeError('Cannot convert %r to EagerTensor of dtype %s' % (1.0 - EPSILON, output.dtype.name)),
                     op, 'output must be floating-point probabilities')
    if target._data.dtype.kind == 'b':
        raise _noted(TypeError('Cannot convert 1 to EagerTensor of dtype bool'), op, 'cast a bool target first')
    if target.dtype != output.dtype:
        raise _mul_refusal(target.dtype.name, output.dtype.name, op)


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """-sum(t log(p)) along ``axis``; p is renormalised to sum to 1, then clipped."""
    t, o = tensor(target, 'categorical_crossentropy'), tensor(output, 'categorical_crossentropy')
    _same_shape(t, o, 'categorical_crossentropy')
    o, from_logits = carried_logits(o, from_logits, 'Softmax', 'categorical_crossentropy')
    if not from_logits and t._data.dtype.kind in 'fiubc' and o._data.dtype.kind in 'fiub':
        _categorical_dtypes(t, o)       # Keras 3 on TF casts nothing here (softmax_cross_entropy_with_logits casts)
    target, output = floating(t, 'categorical_crossentropy'), floating(o, 'categorical_crossentropy')
    target = _ops.cast(target, output.dtype)
    if from_logits:
        return _ops.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = output / _ops.reduce_sum(output, axis, keepdims=True)
    output = _ops.clip_by_value(output, EPSILON, 1.0 - EPSILON)
    return -_ops.reduce_sum(target * _ops.log(output), axis)


def _categorical_dtypes(target, output):
    if target._data.dtype.kind == 'b':
        raise _noted(float_kernels.refusal('reduce_sum', 'bool'), 'categorical_crossentropy',
                     'cast a bool target first')
    # output / sum(output) of an integer output is float64 (TF's true division)
    divided = 'float64' if output._data.dtype.kind in 'iu' else output.dtype.name
    if target.dtype.name != divided:
        raise _mul_refusal(target.dtype.name, divided, 'categorical_crossentropy')


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """Cross-entropy against integer class labels (a trailing axis of 1 on them is dropped)."""
    raw = tensor(output, 'sparse_categorical_crossentropy')
    # Keras 3 on TF casts no int / bool output: clip_by_value or SparseSoftmaxCrossEntropyWithLogits refuses it
    output = raw if raw._data.dtype.kind in 'iub' else floating(raw, 'sparse_categorical_crossentropy')
    if axis not in (-1, output.ndim - 1):
        raise ValueError('Only axis=-1 is currently supported. Received: axis=%r' % (axis,))
    output, from_logits = carried_logits(output, from_logits, 'Softmax', 'sparse_categorical_crossentropy')
    target = tensor(target, 'sparse_categorical_crossentropy')
    if target.ndim == output.ndim and target.ndim and target.shape[-1] == 1:
        target = _ops.squeeze(target, -1)
    if tuple(target.shape) != tuple(output.shape[:-1]):     # Keras 3's checks and words, in its order
        shapes = 'target.shape=%s, output.shape=%s' % (tuple(target.shape), tuple(output.shape))
        if output.ndim < 1:
            error = ValueError('Argument `output` must be at least rank 1. Received: output.shape=()')
        elif target.ndim != output.ndim - 1:
            error = ValueError('Argument `output` must have rank (ndim) `target.ndim - 1`. Received: ' + shapes)
        else:
            error = ValueError('Arguments `target` and `output` must have the same shape up until the last '
                               'dimension: ' + shapes)
        error.add_note('keras.ops.sparse_categorical_crossentropy: integer labels of shape %s need class scores '
                       'of shape %s + (classes,)' % (tuple(target.shape), tuple(target.shape)))
        raise error
    if not from_logits:
        if output._data.dtype.kind in 'iub':     # clip_by_value converts 1 - epsilon to the output's dtype
            raise _noted(TypeError('Cannot convert %r to EagerTensor of dtype %s' % (1.0 - EPSILON, output.dtype.name)),
                         'sparse_categorical_crossentropy', 'output must be floating-point probabilities')
        output = _ops.log(_ops.clip_by_value(output, EPSILON, 1.0 - EPSILON))
    return _ops.sparse_softmax_cross_entropy_with_logits(labels=_ops.cast(target, 'int64'), logits=output)


def moments(x, axes, keepdims=False, synchronized=False):
    """(mean, variance) over ``axes``; integer inputs in their dtype (TF's integer Mean), float16 / bfloat16 in
    float32 (clipped to float16's range and cast back), as Keras 3 on TF."""
    raw = tensor(x, 'moments')
    if raw.dtype.is_bool:       # Keras 3 reaches TF's Mean with the bools: its registry refuses them
        return _ops.reduce_mean(raw, axes)
    if raw._data.dtype.kind in 'iu' and not synchronized:
        return _integer_moments(raw, axes, keepdims)
    t = floating(x, 'moments')
    compute = synchronized_moments if synchronized else _ops.moments
    if t.dtype.name not in ('float16', 'bfloat16'):
        return compute(t, axes, keepdims=keepdims)
    # Keras 3 computes half precision in float32, clips to float16's range and casts back
    mean, variance = compute(_ops.cast(t, 'float32'), axes, keepdims=keepdims)
    limit = float(np.finfo(np.float16).max)
    return tuple(_ops.cast(_ops.clip_by_value(v, -limit, limit), t.dtype) for v in (mean, variance))


def _integer_moments(t, axes, keepdims):
    """tf.nn.moments of an integer tensor, as Keras 3 on TF hands it over: TF's integer Mean (the sum divided
    with truncation) of x and of SquaredDifference(x, mean), in x's dtype (uint8 meets SquaredDifference's
    refusal); int32 [1, 2, 4] gives (2, 1)."""
    axes = list(axes) if isinstance(axes, (list, tuple)) else [axes]
    mean = _ops.reduce_mean(t, axes, keepdims=True)
    variance = _ops.reduce_mean(_ops.squared_difference(t, _ops.stop_gradient(mean)), axes, keepdims=True)
    if not keepdims:
        mean, variance = _ops.squeeze(mean, axes), _ops.squeeze(variance, axes)
    return mean, variance


def synchronized_moments(x, axes, keepdims=False):
    """moments(synchronized=True) as Keras 3 on TF computes them (its replica context is there outside any
    strategy too): sums of x and x**2 all-reduced over the one replica, var = max(E(x**2) - E(x)**2, 0), which
    cancels where x is nearly constant (1000 + [0, 1e-4, 2e-4]: variance 0.0625, not 7e-9)."""
    axes = list(axes) if isinstance(axes, (list, tuple)) else [axes]
    count = _ops.reduce_sum(_ops.ones_like(x), axes, keepdims=True)
    mean = _ops.divide_no_nan(_ops.reduce_sum(x, axes, keepdims=True), count)
    squares_mean = _ops.divide_no_nan(_ops.reduce_sum(_ops.square(x), axes, keepdims=True), count)
    variance = _ops.maximum(squares_mean - _ops.square(mean), 0.0)
    if not keepdims:
        mean, variance = _ops.squeeze(mean, axes), _ops.squeeze(variance, axes)
    return mean, variance


def normalize(x, axis=-1, order=2, epsilon=None):
    """``x`` divided by its ``order``-norm along ``axis`` (the norm floored at ``epsilon``)."""
    if not isinstance(order, int) or order < 1:       # Keras's check: True passes, as order 1
        raise _errors.noted(ValueError('Argument `order` must be an int >= 1. Received: order=%s' % (order,)),
                            'keras.ops.normalize: order is the p of the p-norm, an int >= 1')
    order = int(order)
    raw = tensor(x, 'normalize')
    if (raw.dtype.is_integer or raw.dtype.is_bool) and order == 2:
        # Keras 3 on TF reaches Rsqrt with its sum of squares, which sums bool / int8 / int16 in int32 and
        # uint8 / uint16 in uint32 (the norm of other orders is taken in floatx: those compute)
        widened = {'bool': 'int32', 'int8': 'int32', 'int16': 'int32', 'uint8': 'uint32', 'uint16': 'uint32'}
        error = float_kernels.refusal('rsqrt', widened.get(raw.dtype.name, raw.dtype.name))
        error.add_note("keras.ops.normalize: expected a float tensor, got %s; cast it first, e.g. "
                       "keras.ops.cast(x, 'float32')" % raw.dtype.name)
        raise error
    t = floating(x, 'normalize')
    if t.ndim == 0:
        t = _ops.reshape(t, [1])
    epsilon = EPSILON if epsilon is None else epsilon
    if order == 2:
        # Keras squares with ops.square (one Square op, gradient g * 2x): t * t gave x two gradient terms,
        # which the sweep added apart from the third (gradients an ulp off TF 2.21's)
        inv_norm = _ops.rsqrt(_ops.reduce_sum(_ops.square(t), axis, keepdims=True))
        return t * _ops.minimum(inv_norm, 1.0 / epsilon)
    return t / _ops.maximum(_ops.norm(t, ord=order, axis=axis, keepdims=True), epsilon)


# ---- convolution and pooling: 1-D runs as 2-D with a height of 1 ---------------------------
def _spatial(inputs, data_format, op, keep_dtype=False):
    x = tensor(inputs, op) if keep_dtype else floating(inputs, op)
    if x.ndim not in (3, 4):
        error = ValueError('Input rank not supported: %d. Expected values are [3, 4, 5]' % x.ndim)  # Keras 3's
        error.add_note('keras.ops.%s: tapeflow supports 1-D and 2-D inputs, (batch, [height,] width, channels) here;'
                       ' got shape %s' % (op, tuple(x.shape)))
        raise error
    data_format = standardize_data_format(data_format, 'keras.ops.' + op)
    first = data_format == 'channels_first'
    if first:
        x = _ops.transpose(x, [0] + list(range(2, x.ndim)) + [1])
    one_d = x.ndim == 3
    return (_ops.expand_dims(x, 1) if one_d else x), one_d, first


def _restore(y, one_d, first):
    if one_d:
        y = _ops.squeeze(y, [1])
    return _ops.transpose(y, [0, y.ndim - 1] + list(range(1, y.ndim - 1))) if first else y


def _window(value, one_d, name):
    entries = list(value) if isinstance(value, (list, tuple)) else [value]
    for v in entries:
        if isinstance(v, (str, bytes)):         # int('2') would take it; TF's attr check refuses
            raise TypeError("Expected int for argument '%s' not %r." % (name, v))
    values = [int(v) for v in entries]
    return ([1] + values) if one_d else (values * 2 if len(values) == 1 else values)


def conv(inputs, kernel, strides=1, padding='valid', data_format=None, dilation_rate=1):
    """N-D convolution (N = 1, 2 or 3) with a (spatial..., in_channels, out_channels) kernel
    (in_channels a divisor of the input's channels: a grouped convolution)."""
    refuse_integer_input(inputs, 'conv', kernel)
    dilations = dilation_rate if isinstance(dilation_rate, (list, tuple)) else [dilation_rate]
    raw = tensor(inputs, 'conv')
    forward_kernel(raw, kernel, 'conv', raw.ndim - 2, any(d != 1 for d in dilations))
    if _beyond_2d_path(inputs, kernel, data_format, dilation_rate):
        return conv_nd(inputs, kernel, strides, padding, data_format, dilation_rate)
    x, one_d, first = _spatial(inputs, data_format, 'conv')
    k = floating(kernel, 'conv')
    if one_d:
        k = _ops.expand_dims(k, 0)
    y = _ops.conv2d(x, k, strides=_window(strides, one_d, 'strides'), padding=str(padding).upper())
    return _restore(y, one_d, first)


def _beyond_2d_path(inputs, kernel, data_format, dilation_rate):
    """Whether a conv needs the N-d op: 3-D, dilated or grouped (the 2-D op is the fast path)."""
    dilations = dilation_rate if isinstance(dilation_rate, (list, tuple)) else [dilation_rate]
    try:
        shape, kernel_shape = tuple(np.shape(inputs)), tuple(np.shape(kernel))
    except (TypeError, ValueError):
        return False            # not an array: the 2-D path says what is wrong
    if len(shape) < 3:
        return False
    if len(shape) >= 5 or any(d != 1 for d in dilations):
        return True
    channels = shape[1] if data_format == 'channels_first' else shape[-1]
    return len(shape) in (3, 4) and len(kernel_shape) == len(shape) and kernel_shape[-2] != channels


# The kernels' op-registry words for an integer or bool input (Keras 3 on TF casts inputs to neither)
_INTEGER_REFUSALS = {
    'average_pool': ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n"
                     "\t; NodeDef: {{node AvgPool}}; Op<name=AvgPool; signature=value:T -> output:T; "
                     "attr=ksize:list(int),min=4; attr=strides:list(int),min=4; attr=padding:string,allowed=[\"SAME\", "
                     "\"VALID\"]; attr=data_format:string,default=\"NHWC\",allowed=[\"NHWC\", \"NCHW\"]; "
                     "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]> [Op:AvgPool]"),
    'depthwise_conv': ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double\n"
                       "\t; NodeDef: {{node DepthwiseConv2dNative}}; Op<name=DepthwiseConv2dNative; signature=input:T, "
                       "filter:T -> output:T; attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE]; "
                       "attr=strides:list(int); attr=padding:string,allowed=[\"SAME\", \"VALID\", \"EXPLICIT\"]; "
                       "attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default=\"NHWC\","
                       "allowed=[\"NHWC\", \"NCHW\"]; attr=dilations:list(int),default=[1, 1, 1, 1]> "
                       "[Op:DepthwiseConv2dNative] name: "),
    'conv': ("Value for attr 'T' of %s is not in the list of allowed values: half, bfloat16, float, double, int32\n"
             "\t; NodeDef: {{node Conv2D}}; Op<name=Conv2D; signature=input:T, filter:T -> output:T; "
             "attr=T:type,allowed=[DT_HALF, DT_BFLOAT16, DT_FLOAT, DT_DOUBLE, DT_INT32]; attr=strides:list(int); "
             "attr=use_cudnn_on_gpu:bool,default=true; attr=padding:string,allowed=[\"SAME\", \"VALID\", "
             "\"EXPLICIT\"]; attr=explicit_paddings:list(int),default=[]; attr=data_format:string,default=\"NHWC\","
             "allowed=[\"NHWC\", \"NCHW\"]; attr=dilations:list(int),default=[1, 1, 1, 1]> [Op:Conv2D] name: "),
}

# Their OpDefs' inputs and allowed T, as a trace's op_def_library names them
_GRAPH_REFUSALS = {'average_pool': ('value:T -> output:T', ('float16', 'bfloat16', 'float32', 'float64')),
                   'depthwise_conv': ('input:T, filter:T -> output:T', ('float16', 'bfloat16', 'float32', 'float64')),
                   'conv': ('input:T, filter:T -> output:T', ('float16', 'bfloat16', 'float32', 'float64', 'int32'))}


def refuse_integer_input(inputs, op, kernel=None):
    """TF's error for an integer or bool input to average_pool / depthwise_conv / conv (numpy would cast it);
    Conv2D takes int32, so an int32 input beside a float kernel fails its dtype pairing instead."""
    t = tensor(inputs, op)
    if op == 'conv' and t.dtype.name == 'int32' and kernel is not None:
        k = tensor(kernel, op)
        if k.dtype.name != 'int32':
            raise _noted(eager_input_error('Conv2D', 1, 'int32', k.dtype), op,
                         'cast the input to the kernel\'s dtype first')
        return
    if t._data.dtype.kind in 'iub':
        signature, allowed = _GRAPH_REFUSALS[op]        # (in a trace: op_def_library's TypeError)
        raise _noted(allowed_list_refusal(_errors.InvalidArgumentError(_INTEGER_REFUSALS[op] % t.dtype.name), 'T',
                                          t.dtype.name, allowed, signature), op,
                     'cast the input to a floating dtype first')


def _pool(tapeflow_op, op, volume_op):
    def pool(inputs, pool_size, strides=None, padding='valid', data_format=None):
        if isinstance(inputs, (list, tuple)):       # Keras reads inputs.shape before converting anything
            raise AttributeError("'%s' object has no attribute 'shape'" % type(inputs).__name__)
        if op == 'average_pool':        # TF's AvgPool refuses integers
            refuse_integer_input(inputs, op)
        else:
            inputs = _max_pool_input(inputs, data_format)
        strides = pool_size if strides is None else strides
        if np.ndim(inputs) == 5:        # (batch, depth, height, width, channels): Keras hands it to tf.nn's 3-D pool
            return _volume_pool(volume_op, inputs, pool_size, strides, padding, data_format, op)
        x, one_d, first = _spatial(inputs, data_format, op, keep_dtype=op == 'max_pool')
        y = tapeflow_op(x, _window(pool_size, one_d, 'ksize'), _window(strides, one_d, 'strides'),
                        padding=str(padding).upper())
        return _restore(y, one_d, first)
    pool.__name__ = pool.__qualname__ = op
    pool.__doc__ = '1-D, 2-D or 3-D %s pooling; ``strides`` defaults to ``pool_size``.' % op.split('_')[0]
    return pool


def _max_pool_input(inputs, data_format):
    """``inputs`` as Keras 3 on TF hands them to MaxPool: tensors keep their dtype (integers too: MaxPool3D's
    registry then refuses them), and a channels_last 4-D numpy array converts to MaxPool's default T, float32
    (max_pool(np.float64 images) is float32 on TF 2.21; channels_first arrays are transposed to tensors first)."""
    t = tensor(inputs, 'max_pool')
    if not isinstance(inputs, Tensor) and t.ndim == 4 and data_format != 'channels_first' and t.dtype != 'float32':
        return _ops.cast(t, 'float32')
    return t


def _volume_pool(volume_op, inputs, pool_size, strides, padding, data_format, op):
    """A 3-D pool as Keras 3's TensorFlow backend runs it: channels_first moved to the end and back."""
    x = tensor(inputs, op) if op == 'max_pool' else floating(inputs, op)
    first = data_format == 'channels_first'
    if first:
        x = _ops.transpose(x, [0, 2, 3, 4, 1])
    y = volume_op(x, _volume_window(pool_size, 'ksize'), _volume_window(strides, 'strides'),
                  padding=str(padding).upper())
    return _ops.transpose(y, [0, 4, 1, 2, 3]) if first else y


def _volume_window(value, name):
    values = _window(value, False, name)
    single = not isinstance(value, (list, tuple)) or len(value) == 1
    return values[:1] * 3 if single else values


max_pool = _pool(_ops.max_pool2d, 'max_pool', _ops.max_pool3d)
average_pool = _pool(_ops.avg_pool2d, 'average_pool', _ops.avg_pool3d)
