"""tf.keras.backend's loss functions: ``K.binary_crossentropy(target, output, from_logits)`` and
the categorical, sparse and focal variants, per element / per sample as Keras 2 returns them.

Probabilities are clipped to [epsilon, 1 - epsilon] first (epsilon() read at call time); the
binary loss also adds epsilon inside its logs, as Keras 2's does, so its values differ from
keras.losses.binary_crossentropy's in the low digits.
"""
import itertools

import framework as tf
from .. import backend as _config
from .elementwise import cast

__all__ = ['binary_crossentropy', 'binary_focal_crossentropy', 'categorical_crossentropy',
           'categorical_focal_crossentropy', 'sparse_categorical_crossentropy']


def _clipped(output):
    eps = tf.convert_to_tensor(_config.epsilon(), output.dtype)
    return tf.clip_by_value(output, eps, 1.0 - eps)


def binary_crossentropy(target, output, from_logits=False):
    """-(t log(p + eps) + (1 - t) log(1 - p + eps)) elementwise, p clipped; logits go through
    tf.nn.sigmoid_cross_entropy_with_logits."""
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    if from_logits:
        return tf.nn.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = _clipped(output)
    loss = target * tf.math.log(output + _config.epsilon())
    loss += (1 - target) * tf.math.log(1 - output + _config.epsilon())
    return -loss


def binary_focal_crossentropy(target, output, apply_class_balancing=False, alpha=0.25, gamma=2.0,
                              from_logits=False):
    """binary_crossentropy weighted by (1 - p_t) ** gamma (and alpha / 1 - alpha if balancing)."""
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    probabilities = tf.sigmoid(output) if from_logits else output
    p_t = target * probabilities + (1 - target) * (1 - probabilities)
    loss = tf.pow(1.0 - p_t, gamma) * binary_crossentropy(target, output, from_logits=from_logits)
    if apply_class_balancing:
        loss = (target * alpha + (1 - target) * (1 - alpha)) * loss
    return loss


def categorical_crossentropy(target, output, from_logits=False, axis=-1):
    """-sum(target * log(p)) over ``axis``, p = output / its sum, clipped.

    Raises:
        ValueError: target and output of incompatible shapes.
    """
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    target.shape.assert_is_compatible_with(output.shape)
    if from_logits:
        return tf.nn.softmax_cross_entropy_with_logits(labels=target, logits=output, axis=axis)
    output = _clipped(output / tf.reduce_sum(output, axis, True))
    return -tf.reduce_sum(target * tf.math.log(output), axis)


def categorical_focal_crossentropy(target, output, alpha=0.25, gamma=2.0, from_logits=False, axis=-1):
    """sum(alpha * (1 - p) ** gamma * -target * log(p)) over ``axis``."""
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    target.shape.assert_is_compatible_with(output.shape)
    if from_logits:
        output = tf.nn.softmax(output, axis=axis)
    output = _clipped(output / tf.reduce_sum(output, axis=axis, keepdims=True))
    cross_entropy = -target * tf.math.log(output)
    weight = tf.multiply(tf.pow(1.0 - output, gamma), alpha)
    return tf.reduce_sum(tf.multiply(weight, cross_entropy), axis=axis)


def sparse_categorical_crossentropy(target, output, from_logits=False, axis=-1, ignore_class=None):
    """Cross-entropy of integer targets against ``output``'s class ``axis``; probabilities are
    clipped and logged, then treated as logits (so an output not summing to 1 is renormalised).
    ``ignore_class`` targets give 0 (the result then carries ``_keras_mask``)."""
    target, output = tf.convert_to_tensor(target), tf.convert_to_tensor(output)
    target = cast(target, 'int64')
    if not from_logits:
        output = tf.math.log(_clipped(output))
    rank = len(output.shape)
    axis %= rank
    if axis != rank - 1:
        output = tf.transpose(output, perm=list(itertools.chain(range(axis), range(axis + 1, rank), [axis])))
    output_shape = tf.shape(output)
    flattened = len(target.shape) != rank - 1
    if flattened:
        target = tf.reshape(target, [-1])
        output = tf.reshape(output, [-1, output_shape[-1]])
    if ignore_class is not None:
        valid = tf.not_equal(target, cast(ignore_class, target.dtype))
        target, output = tf.boolean_mask(target, valid), tf.boolean_mask(output, valid)
    loss = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)
    if ignore_class is not None:
        loss_shape = cast(output_shape[:-1], 'int64')
        valid = tf.reshape(valid, loss_shape)
        loss = tf.scatter_nd(tf.where(valid), loss, loss_shape)
        loss._keras_mask = valid
        return loss
    if flattened and rank >= 3:
        loss = tf.reshape(loss, output_shape[:-1])
    return loss
