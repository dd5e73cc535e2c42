"""Cross-entropies and other losses between probability distributions (Keras 3 formulas).

Probabilities are clipped into [1e-7, 1 - 1e-7] before the log, as Keras's
TensorFlow backend does; ``from_logits=True`` takes the fused, stable
TensorFlow ops instead. A softmax or sigmoid output that carries its logits
(``_keras_logits``, set by Keras-style activations) is scored from those
logits, as Keras does, so saturated probabilities do not stall training.
"""
import warnings

import numpy as np

from ..function import is_replaying

from .. import backend
from ..ops import (cast, clip_by_value, expand_dims, log, not_equal, reduce_sum,
                   reshape, sigmoid_cross_entropy_with_logits, softmax_cross_entropy_with_logits,
                   squeeze, where)
from ..ops.fused_sigmoid import unfuse
from ..ops.sigmoid_reader_first import sigmoid_sorts_first
from ..ops.sigmoid_xent_graph import sigmoid_first
from ..ops.unary import log_of_probabilities
from ..ops.losses_nn import label_range_error, sparse_xent
from ..tensor import Tensor
from .integer_probabilities import binary_formula, categorical_formula
from .inputs import (EPSILON, as_keras_converts, comparable, keras_mean, keras_shape, labels_and_predictions,
                     predictions, same_shape, to_dtype)
from .tensor_notes import get_keras_logits, set_keras_mask


def refuse_bool_axis(axis, what):
    """Keras 3's categorical cross-entropies (plain and focal) refuse a bool axis at the call, in these words."""
    if isinstance(axis, bool):
        error = ValueError('`axis` must be of type `int`. Received: axis=%s of type %s' % (axis, type(axis)))
        error.add_note('%s: `axis` names the class axis and must be an int, got %r' % (what, axis))
        raise error


def smoothing_share(label_smoothing, y_true):
    """label_smoothing / classes, divided in the labels' dtype as Keras does (its class count is a tensor
    cast to y_pred's dtype): float32(0.1) / 23 is not float32(0.1 / 23)."""
    dtype = y_true._data.dtype
    return Tensor(np.asarray(label_smoothing, dtype) / np.asarray(y_true._data.shape[-1], dtype))


def carried_logits(y_pred, from_logits, activation, what):
    """(tensor to score, whether it holds logits), preferring logits a softmax/sigmoid output carries."""
    carried = get_keras_logits(y_pred)
    if carried is None:
        return y_pred, from_logits
    unfuse(y_pred, carried)         # TF's graph no longer fuses a sigmoid whose logits a loss reads
    if from_logits:
        # Attributed to the loss function's line, as Keras 3 attributes it to its nn.py's: Python's default
        # filter then shows it once per loss function and process, as under TF, whether a loss object or
        # the function form (called from a user's line) computed it
        warnings.warn('"`%s` received `from_logits=True`, but the `output` argument was produced by a %s '
                      'activation and thus does not represent logits. Was this intended?' % (what, activation),
                      stacklevel=2)
    return carried, True


def binary_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """mean(-(y log p + (1 - y) log(1 - p)), axis); labels smoothed towards 0.5 by ``label_smoothing``.

    Raises:
        ValueError: when y_true and y_pred differ in shape.
    """
    y_true, y_pred = labels_and_predictions(y_true, y_pred, 'binary_crossentropy', keras_casts=True,
                                            integer_formula=None if from_logits else binary_formula(label_smoothing))
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + 0.5 * label_smoothing
    same_shape(y_true, y_pred, 'binary_crossentropy',
               '; for (N,) labels and (N, 1) predictions use the BinaryCrossentropy loss object')
    output, from_logits = carried_logits(y_pred, from_logits, 'Sigmoid', 'binary_crossentropy')
    if from_logits:
        if output is not y_pred and sigmoid_sorts_first(y_pred):
            with sigmoid_first(y_pred):     # its SigmoidGrad sorts first in the logits' AddN (a traced step)
                return keras_mean(sigmoid_cross_entropy_with_logits(labels=y_true, logits=output), axis)
        return keras_mean(sigmoid_cross_entropy_with_logits(labels=y_true, logits=output), axis)
    output = clip_by_value(output, EPSILON, 1.0 - EPSILON)
    return keras_mean(-(y_true * log_of_probabilities(output) + (1.0 - y_true) * log_of_probabilities(1.0 - output)),
                      axis)


def categorical_crossentropy(y_true, y_pred, from_logits=False, label_smoothing=0.0, axis=-1):
    """-sum(y_true * log(p), axis) for one-hot (or soft) labels; p renormalised to sum to 1.

    ``label_smoothing`` s turns the labels into y * (1 - s) + s / classes.

    Raises:
        ValueError: when y_true and y_pred differ in shape, or ``axis`` is a bool.
    """
    refuse_bool_axis(axis, 'categorical_crossentropy')
    y_true, y_pred = labels_and_predictions(
        y_true, y_pred, 'categorical_crossentropy', keras_casts=True,
        integer_formula=None if from_logits else categorical_formula(label_smoothing, axis))
    # (a step TensorFlow replays from its graph runs no Python: Keras warns at the trace, with its shape)
    if y_pred.ndim and y_pred.shape[-1] == 1 and not is_replaying():
        warnings.warn('In loss categorical_crossentropy, expected y_pred.shape to be (batch_size, num_classes) '
                      'with num_classes > 1. Received: y_pred.shape=%s. Consider using '
                      "'binary_crossentropy' if you only have 2 classes." % keras_shape(y_pred),
                      SyntaxWarning, stacklevel=2)
    if y_true.ndim < 1:
        raise ValueError('Arguments `target` and `output` must be at least rank 1. Received: target.shape=%s, '
                         'output.shape=%s' % (tuple(y_true.shape), tuple(y_pred.shape)))      # Keras's words
    if label_smoothing:
        y_true = y_true * (1.0 - label_smoothing) + smoothing_share(label_smoothing, y_true)
    same_shape(y_true, y_pred, 'categorical_crossentropy',
               '; for integer class labels use sparse_categorical_crossentropy')
    output, from_logits = carried_logits(y_pred, from_logits, 'Softmax', 'categorical_crossentropy')
    if from_logits:        # TensorFlow's fused op, and its gradient (Keras's TF backend calls it)
        return softmax_cross_entropy_with_logits(labels=y_true, logits=output, axis=axis)
    output = output / reduce_sum(output, axis, keepdims=True)
    output = clip_by_value(output, EPSILON, 1.0 - EPSILON)
    return -reduce_sum(y_true * log_of_probabilities(output), axis)


def sparse_categorical_crossentropy(y_true, y_pred, from_logits=False, ignore_class=None, axis=-1):
    """-log(p[label]) per sample, for integer labels of shape y_pred.shape[:-1] (or with a trailing 1).

    Without ``from_logits`` the clipped probabilities' log is scored as logits,
    exactly as Keras's TensorFlow backend does. Labels equal to
    ``ignore_class`` get loss 0 and are left out of a ``Loss``'s average.

    Raises:
        ValueError: for mismatched shapes, an axis other than the last, or
            labels outside [0, classes).
    """
    what = 'sparse_categorical_crossentropy'
    if type(y_true) is not Tensor or type(y_pred) is not Tensor:
        _read_shapes(y_true, y_pred)
    y_pred = predictions(y_pred, what)
    y_true = to_dtype(y_true, None, what, 'y_true')
    # (the arrays' shapes: fit and evaluate call this on every batch, TensorShape's indexing costs)
    true_shape, pred_shape = y_true._data.shape, y_pred._data.shape
    if not pred_shape:
        raise ValueError('%s: y_pred must be at least rank 1 (..., classes), got a scalar' % what)
    if axis not in (-1, len(pred_shape) - 1):
        raise ValueError('Only axis=-1 is currently supported. Received: axis=%r' % (axis,))
    if len(true_shape) == len(pred_shape) and true_shape[-1] == 1:
        y_true = squeeze(y_true, -1)
        true_shape = y_true._data.shape
    if true_shape != pred_shape[:-1]:
        note = ('%s: y_true of shape %s needs y_pred of shape %s + (classes,), got y_pred %s; for one-hot labels use '
                'categorical_crossentropy' % (what, tuple(y_true.shape), tuple(y_true.shape), tuple(y_pred.shape)))
        t, p = keras_shape(y_true), keras_shape(y_pred)      # Keras's backend checks, in its words
        error = ValueError('Argument `output` must have rank (ndim) `target.ndim - 1`. Received: target.shape=%s, '
                           'output.shape=%s' % (t, p) if y_true.ndim != y_pred.ndim - 1 else
                           'Arguments `target` and `output` must have the same shape up until the last dimension: '
                           'target.shape=%s, output.shape=%s' % (t, p))
        error.add_note(note)
        raise error
    labels = _integer_labels(y_true, y_pred.dtype)
    valid = None
    if ignore_class is not None:
        # Keras compares in y_pred's dtype: 1.5 ignores nothing (int() made it class 1), 'void' fails the Cast
        valid = not_equal(cast(labels, y_pred.dtype), cast(ignore_class, y_pred.dtype))
        labels = where(valid, labels, 0)
        y_pred = where(expand_dims(valid, -1), y_pred, 0.0)
    _check_range(labels, pred_shape[-1], what)
    output, from_logits = carried_logits(y_pred, from_logits, 'Softmax', what)
    if not from_logits:
        output = log_of_probabilities(clip_by_value(output, EPSILON, 1.0 - EPSILON))
    losses = sparse_xent(labels, output, labels_in_range=True)      # (_check_range above)
    if valid is None:
        return losses
    valid = reshape(valid, losses.shape)
    losses = where(valid, losses, 0.0)
    set_keras_mask(losses, valid)
    return losses


def _read_shapes(y_true, y_pred):
    """Keras 3's function reads ``y_true.shape`` and ``y_pred.shape`` before converting anything (to squeeze
    a trailing 1): a list, a Python number or None fails there with Python's AttributeError ("'list' object
    has no attribute 'shape'"), even for the lists its own docstring shows. Loss objects convert first."""
    for value in (y_true, y_pred):
        if not hasattr(value, 'shape'):
            # Python's words, also a TypeError (what tapeflow raised for such input before)
            from ..tape_arguments import NotATensorError
            raise NotATensorError(value, 'shape', 'sparse_categorical_crossentropy: Keras 3 takes arrays or tensors '
                                  'here, not %s; wrap them in np.array(...) or call '
                                  'keras.losses.SparseCategoricalCrossentropy()' % type(value).__name__) from None


def _integer_labels(y_true, float_dtype):
    # Keras casts labels to float (its Loss objects) and then to int64, truncating a fractional
    # label toward zero as TF's Cast does (1.5 is class 1; TF 2.21 computes it)
    return Tensor(y_true._data.astype(np.int64))


def _check_range(labels, classes, what):
    a = labels._data
    if a.size:
        low, high = int(a.min()), int(a.max())
        if low < 0 or high >= classes:
            raise label_range_error(a, classes, '%s: labels must lie in [0, %d) for y_pred with %d classes, got min '
                                    '%d, max %d' % (what, classes, classes, low, high))


def kl_divergence(y_true, y_pred):
    """sum(y_true * log(y_true / y_pred), axis=-1), both clipped into [1e-7, 1]."""
    # (integer predictions stay integers, as Keras converts them: clipping the labels into [1e-7, 1] then fails
    # as TF 2.21's 'Cannot convert 1e-07 to EagerTensor of dtype int64'; keras.losses.KLDivergence casts first)
    y_true, y_pred = comparable(*as_keras_converts(y_true, y_pred, 'kl_divergence'), 'kl_divergence')
    y_true = clip_by_value(y_true, EPSILON, 1)       # (Keras's 1: an integer tensor converts it, then fails on 1e-07)
    y_pred = clip_by_value(y_pred, EPSILON, 1)
    return reduce_sum(y_true * log_of_probabilities(y_true / y_pred), -1)


def poisson(y_true, y_pred):
    """mean(y_pred - y_true * log(y_pred + 1e-7), axis=-1)."""
    y_true, y_pred = comparable(*as_keras_converts(y_true, y_pred, 'poisson'), 'poisson')
    if y_pred._data.dtype.kind in 'iu':
        # Keras's epsilon converts to the integers' dtype as 0 and ops.log takes them in float32: the integer
        # labels times that log fail in the Mul kernel, as TF 2.21's (keras.losses.Poisson casts to float first)
        return y_true * log(cast(y_pred, 'float32'))
    # epsilon as a tensor, as Keras converts it: y_pred is read twice here, so TF's ConstantPushDown leaves
    # a Dense output's y_pred + 1e-7 as written (dense_constant_push_down regroups a Python constant)
    epsilon = Tensor(backend.array_module(y_pred._data).asarray(EPSILON, y_pred._data.dtype))
    return keras_mean(y_pred - y_true * log(y_pred + epsilon), -1)
