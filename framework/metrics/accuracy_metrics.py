"""Accuracy metrics: per-sample 1.0/0.0 matches, averaged by ``MeanMetricWrapper`` (Keras 3 rules)."""
import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error
from ..ops.graph_input_errors import eager_input_error, fixed_type_mismatch
from ..losses.inputs import FLOATX, squeeze_or_expand_to_same_rank, to_dtype
from ..ops import argmax, cast, equal, expand_dims, greater, reduce_any, reshape, squeeze
from ..ops.logic import argmax_array
from ..tensor import ConversionError, Tensor
from .reduction import MeanMetricWrapper


def _matches(y_true, y_pred, what):
    """equal(y_true, y_pred) as float32; shapes that do not broadcast raise the Equal kernel's
    error, as in Keras, with a note naming ``what`` and both shapes."""
    try:
        matches = equal(y_true, y_pred)
    except InvalidArgumentError as error:
        error.add_note('%s: y_true of shape %s cannot be compared with y_pred of shape %s'
                       % (what, tuple(y_true.shape), tuple(y_pred.shape)))
        raise
    return cast(matches, FLOATX)


def accuracy(y_true, y_pred):
    """1.0 where y_pred equals y_true exactly, else 0.0."""
    y_pred = to_dtype(y_pred, None, 'accuracy', 'y_pred')
    y_true = to_dtype(y_true, y_pred.dtype, 'accuracy', 'y_true')
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return _matches(y_true, y_pred, 'accuracy')


def binary_accuracy(y_true, y_pred, threshold=0.5):
    """1.0 where (y_pred > threshold) equals the 0/1 label, else 0.0."""
    y_pred = to_dtype(y_pred, None, 'binary_accuracy', 'y_pred')
    y_true = to_dtype(y_true, None, 'binary_accuracy', 'y_true')
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    if isinstance(threshold, (str, bytes)):
        # Keras converts the threshold to a (string) tensor: keras.ops.greater's promotion refuses it
        from framework.keras.ops_dtypes import cast_all
        cast_all([y_pred, threshold], 'greater')
    if not (y_pred.dtype.is_floating or y_pred.dtype.is_complex):
        # keras.ops.greater promotes int / bool predictions against the float threshold (TF 2.21 scores
        # integer 0/1 predictions; framework.greater refuses the mix)
        y_pred = cast(y_pred, 'float32')
    return _matches(y_true, cast(greater(y_pred, threshold), y_true.dtype), 'binary_accuracy')


def categorical_accuracy(y_true, y_pred):
    """1.0 where argmax(y_pred) equals argmax(y_true) (one-hot labels), else 0.0."""
    y_pred = to_dtype(y_pred, None, 'categorical_accuracy', 'y_pred')
    labels = cast(argmax(to_dtype(y_true, None, 'categorical_accuracy', 'y_true'), -1), y_pred.dtype)
    return _argmax_matches(labels, y_pred, 'categorical_accuracy', squeeze_any=True)


def sparse_categorical_accuracy(y_true, y_pred):
    """1.0 where argmax(y_pred) equals the integer label, else 0.0 (labels (N,) or (N, 1))."""
    y_pred = to_dtype(y_pred, None, 'sparse_categorical_accuracy', 'y_pred')
    labels = to_dtype(y_true, y_pred.dtype, 'sparse_categorical_accuracy', 'y_true')
    matches = _argmax_matches(labels, y_pred, 'sparse_categorical_accuracy', squeeze_any=False)
    if matches.ndim > 1 and matches.shape[-1] == 1:
        matches = squeeze(matches, -1)
    return matches



def _sparse_matches_array(t, p):
    """sparse_categorical_accuracy on host arrays: (N, classes) float predictions and (N,) or (N, 1)
    number labels (evaluate's and fit's every batch) give the function's (N,) float32 matches, with its
    steps on the arrays: labels cast to y_pred's dtype, equal to argmax (int64, cast likewise). None
    for anything else (the function runs)."""
    if type(p) is not np.ndarray or type(t) is not np.ndarray or p.ndim != 2 or p.dtype.kind != 'f' \
            or not p.shape[1] or t.dtype.kind not in 'iuf' or t.shape not in ((p.shape[0],), (p.shape[0], 1)):
        return None
    picked = argmax_array(np, p, 1).astype(np.int64).astype(p.dtype)
    return (t.reshape(-1).astype(p.dtype) == picked).astype(FLOATX)


sparse_categorical_accuracy.array_form = _sparse_matches_array     # (MeanMetricWrapper's fast path)


def _argmax_matches(labels, y_pred, what, squeeze_any):
    # Labels with y_pred's rank lose their last axis (Keras checks it is 1 only for sparse labels);
    # the matches then take the labels' original shape back.
    original_shape = tuple(labels.shape)
    reshaped = labels.ndim == y_pred.ndim and (squeeze_any or labels.shape[-1] == 1)
    if reshaped:
        if labels.shape[-1] != 1:       # Keras's ops.squeeze(y_true, -1) refuses it, in its words
            error = ValueError('Cannot squeeze axis=-1, because the dimension is not 1.')
            error.add_note('%s: y_true of shape %s cannot be compared with y_pred of shape %s'
                           % (what, original_shape, tuple(y_pred.shape)))
            raise error
        labels = squeeze(labels, -1)
    matches = _matches(labels, cast(argmax(y_pred, -1), labels.dtype), what)
    return reshape(matches, original_shape) if reshaped else matches


def _in_top_k(targets, predictions, k):
    """TensorFlow's ``in_top_k``: whether each target's score has fewer than k strictly higher scores.

    Ties at the boundary all count as in the top k; a row with a non-finite
    score, or a target outside [0, classes), gives False.
    """
    scores, idx = predictions._data, targets._data.astype('int64')
    xp = backend.array_module(scores)
    classes = scores.shape[-1]
    valid = (idx >= 0) & (idx < classes) & xp.all(xp.isfinite(scores), axis=-1)
    picked = xp.take_along_axis(scores, xp.where(valid, idx, 0)[:, None], axis=-1)
    return Tensor(valid & (xp.sum(scores > picked, axis=-1) < k))


def _check_k(k, what):
    """k as TensorFlow's InTopKV2 takes it: one integer (5.5 is its conversion's TypeError, a list its
    kernel's InvalidArgumentError; numpy compared with them silently)."""
    if k is None:       # TF converts k to a tensor first
        error = ConversionError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) "
                                'to a Tensor.')
        error.add_note('%s: k must be an integer, got None' % what)
        raise error
    shape = np.shape(k)
    if shape != ():
        raise kernel_error('InTopKV2', 'k must be 0-D, got shape [%s]' % ','.join(map(str, shape)),
                           note='%s: k must be one integer, got %r' % (what, k))
    if isinstance(k, (float, np.floating, str, bytes)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (k,))
        error.add_note('%s: k must be an integer, got %r' % (what, k))
        raise error


def _in_top_k_dtype_error(dtype, what):
    # Keras converts y_pred to a tensor of its own dtype and hands it to InTopKV2, whose kernel takes float32 only
    error = eager_input_error('InTopKV2', 0, 'float32', dtype)
    error.add_note('%s: y_pred must be float32 scores, got %s; cast them first' % (what, dtype))
    return fixed_type_mismatch(error, 'InTopKV2', 'predictions', 'float32', dtype)      # (fit's traced step)


def _check_in_top_k_shapes(targets, predictions, note):
    """InTopKV2's kernel checks, in its order, on what Keras hands it: (samples, classes) scores and one
    target per sample (Keras flattens higher ranks but passes rank 0 and 1 scores as they are)."""
    if predictions.ndim != 2:
        text = 'predictions must be 2-dimensional'
    elif targets.ndim != 1:
        text = 'targets must be 1-dimensional'
    elif predictions.shape[0] != targets.shape[0]:
        text = 'First dimension of predictions %d must match length of targets %d' % (predictions.shape[0],
                                                                                        targets.shape[0])
    else:
        return
    raise kernel_error('InTopKV2', text, named=True, note=note)


def _top_k_matches(labels, y_pred, k, what):
    # Flatten to (samples, classes) and (samples,), then give the matches the labels' shape.
    original_shape = tuple(labels.shape)
    _check_k(k, what)
    if y_pred.dtype.name != 'float32':
        raise _in_top_k_dtype_error(y_pred.dtype.name, what)
    scores = reshape(y_pred, (-1, y_pred.shape[-1])) if y_pred.ndim > 2 else y_pred
    flat = reshape(labels, (-1,)) if labels.ndim > 1 else labels
    _check_in_top_k_shapes(flat, scores, '%s: labels of shape %s need scores of shape %s + (classes,), got y_pred %s'
                           % (what, original_shape, original_shape, tuple(y_pred.shape)))
    matches = cast(_in_top_k(flat, scores, k), FLOATX)
    return reshape(matches, original_shape) if labels.ndim > 1 else matches


def top_k_categorical_accuracy(y_true, y_pred, k=5):
    """1.0 where the one-hot label's class is among the k highest scores, else 0.0."""
    y_pred = to_dtype(y_pred, None, 'top_k_categorical_accuracy', 'y_pred')
    y_true = to_dtype(y_true, y_pred.dtype, 'top_k_categorical_accuracy', 'y_true')
    return _top_k_matches(argmax(y_true, -1), y_pred, k, 'top_k_categorical_accuracy')


def _sorted_id_matches(labels, ids, k):
    # ids: each sample's category ids, best first; a label counts once even if listed twice
    original_shape = tuple(labels.shape)
    ids = reshape(ids, (-1, ids.shape[-1])) if ids.ndim > 2 else ids
    flat = reshape(labels, (-1,)) if labels.ndim > 1 else labels
    matches = cast(reduce_any(equal(expand_dims(flat, 1), ids[:, :k]), axis=1), FLOATX)
    return reshape(matches, original_shape) if labels.ndim > 1 else matches


def sparse_top_k_categorical_accuracy(y_true, y_pred, k=5, from_sorted_ids=False):
    """1.0 where the integer label is among the k highest scores, else 0.0.

    With ``from_sorted_ids=True``, y_pred holds each sample's top category ids, best first
    (shape (samples, N), N >= k), and the label is looked up among the first k of them.
    """
    y_pred = to_dtype(y_pred, None, 'sparse_top_k_categorical_accuracy', 'y_pred')
    what = 'sparse_top_k_categorical_accuracy'
    if from_sorted_ids:     # the labels take the ids' dtype (float ids compare as floats)
        return _sorted_id_matches(to_dtype(y_true, y_pred.dtype, what, 'y_true'), y_pred, k)
    return _top_k_matches(to_dtype(y_true, 'int32', what, 'y_true'), y_pred, k, what)


class Accuracy(MeanMetricWrapper):
    """How often predictions equal labels exactly."""

    def __init__(self, name='accuracy', dtype=None):
        super().__init__(accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype}


class BinaryAccuracy(MeanMetricWrapper):
    """How often (y_pred > threshold) matches the 0/1 labels."""

    def __init__(self, name='binary_accuracy', dtype=None, threshold=0.5):
        super().__init__(binary_accuracy, name=name, dtype=dtype, threshold=threshold)
        self.threshold = threshold

    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype, 'threshold': self.threshold}


class CategoricalAccuracy(MeanMetricWrapper):
    """How often argmax(y_pred) matches one-hot labels."""

    def __init__(self, name='categorical_accuracy', dtype=None):
        super().__init__(categorical_accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype}


class SparseCategoricalAccuracy(MeanMetricWrapper):
    """How often argmax(y_pred) matches integer labels."""

    def __init__(self, name='sparse_categorical_accuracy', dtype=None):
        super().__init__(sparse_categorical_accuracy, name=name, dtype=dtype)

    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype}


class TopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the one-hot label is among the ``k`` highest scores (k=5)."""

    def __init__(self, k=5, name='top_k_categorical_accuracy', dtype=None):
        super().__init__(top_k_categorical_accuracy, name=name, dtype=dtype, k=k)
        self.k = k

    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype, 'k': self.k}


class SparseTopKCategoricalAccuracy(MeanMetricWrapper):
    """How often the integer label is among the ``k`` highest scores (k=5)."""

    def __init__(self, k=5, name='sparse_top_k_categorical_accuracy', dtype=None, from_sorted_ids=False):
        super().__init__(sparse_top_k_categorical_accuracy, name=name, dtype=dtype, k=k,
                         from_sorted_ids=from_sorted_ids)
        self.k = k
        self.from_sorted_ids = from_sorted_ids

    def get_config(self):
        config = {'name': self.name, 'dtype': self._dtype, 'k': self.k}
        if self.from_sorted_ids:        # Keras writes the key only when it is set
            config['from_sorted_ids'] = True
        return config
