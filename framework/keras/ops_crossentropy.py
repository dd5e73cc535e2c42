"""``keras.ops.binary_crossentropy`` / ``categorical_crossentropy`` / ``sparse_categorical_crossentropy``: probabilities
clipped to [epsilon, 1 - epsilon] unless ``from_logits=True``, binary cross-entropy elementwise, with Keras 3's
result dtypes and its refusals of integer and bool inputs."""
from framework.ops.graph_input_errors import eager_input_error
from framework import ops as _ops
from framework.losses.probabilistic import carried_logits
from framework.ops.sigmoid_reader_first import sigmoid_sorts_first
from framework.ops.sigmoid_xent_graph import sigmoid_first
from framework.ops import float_kernels

from .ops_dtypes import floating, tensor
from .ops_nn import EPSILON, noted_keras_error
__all__ = ['binary_crossentropy', 'categorical_crossentropy', 'sparse_categorical_crossentropy']


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
    return noted_keras_error(error, op, 'target and output must have one dtype; cast the target first')


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
        raise noted_keras_error(TypeError('Cannot convert %r to EagerTensor of dtype %s' % (1.0 - EPSILON, output.dtype.name)),
                     op, 'output must be floating-point probabilities')
    if target._data.dtype.kind == 'b':
        raise noted_keras_error(TypeError('Cannot convert 1 to EagerTensor of dtype bool'), op, 'cast a bool target first')
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
        raise noted_keras_error(float_kernels.refusal('reduce_sum', 'bool'), 'categorical_crossentropy',
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
            raise noted_keras_error(TypeError('Cannot convert %r to EagerTensor of dtype %s' % (1.0 - EPSILON, output.dtype.name)),
                         'sparse_categorical_crossentropy', 'output must be floating-point probabilities')
        output = _ops.log(_ops.clip_by_value(output, EPSILON, 1.0 - EPSILON))
    return _ops.sparse_softmax_cross_entropy_with_logits(labels=_ops.cast(target, 'int64'), logits=output)
