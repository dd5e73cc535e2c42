"""``FBetaScore`` and ``F1Score`` for (samples, classes) predictions (Keras 3).

F-beta = (1 + beta^2) * precision * recall / (beta^2 * precision + recall),
from counts kept per class ('micro': pooled over classes). A prediction is
positive above ``threshold``; with no threshold, the highest score of each
row is (ties all count; scores of 0 never do).
"""
import numpy as np

from .. import backend
from ..losses.inputs import to_dtype
from ..tensor import Tensor
from .confusion_matrix import EPSILON
from .metric import Metric, add_to, naming_errors
from .reduction import not_recording

_AVERAGES = (None, 'micro', 'macro', 'weighted')


class FBetaScore(Metric):
    """The F-beta score per class, or averaged.

    Args:
        average: None (one score per class), 'micro' (from counts pooled over
            classes), 'macro' (mean of the class scores) or 'weighted' (mean
            weighted by each class's number of positive labels).
        beta: a Python float > 0; recall counts beta times as much as precision.
        threshold: a float in (0, 1], or None for each row's highest score.
        name, dtype: as for every metric (name default 'fbeta_score').
    Raises:
        ValueError: for an unknown average, a beta that is not a float > 0, or a
            threshold that is not a float in (0, 1].
    """
    _direction = 'up'

    def __init__(self, average=None, beta=1.0, threshold=None, name='fbeta_score', dtype=None):
        cls = type(self).__name__
        if average not in _AVERAGES:
            raise ValueError("%s: average must be one of None, 'micro', 'macro', 'weighted'; got %r"
                             % (cls, average))
        if not isinstance(beta, float) or not beta > 0.0:
            raise ValueError('%s: beta must be a Python float > 0, got %r of type %s'
                             % (cls, beta, type(beta).__name__))
        if threshold is not None and (not isinstance(threshold, float) or not 0.0 < threshold <= 1.0):
            raise ValueError('%s: threshold must be a Python float with 0 < threshold <= 1, or None; got %r'
                             % (cls, threshold))
        super().__init__(name=name, dtype=dtype)
        self.average = average
        self.beta = beta
        self.threshold = threshold
        self.axis = None if average == 'micro' else 0
        self._built = False

    def _build(self, classes):
        shape = () if self.average == 'micro' else (classes,)
        self._classes = classes
        self.true_positives = self.add_variable(shape, name='true_positives')
        self.false_positives = self.add_variable(shape, name='false_positives')
        self.false_negatives = self.add_variable(shape, name='false_negatives')
        self.intermediate_weights = self.add_variable(shape, name='intermediate_weights')
        self._built = True

    def _inputs(self, y_true, y_pred, sample_weight):
        what = '%s %r' % (type(self).__name__, self.name)
        with not_recording():
            y_true = to_dtype(y_true, self._dtype, what, 'y_true')._data
            y_pred = to_dtype(y_pred, self._dtype, what, 'y_pred')._data
            weights = None if sample_weight is None else to_dtype(sample_weight, self._dtype, what,
                                                                   'sample_weight')._data
        if y_pred.ndim != 2 or y_true.shape != y_pred.shape:
            raise ValueError('%s expects y_true and y_pred of one shape (batch_size, classes); got y_true %s '
                             'and y_pred %s' % (what, tuple(y_true.shape), tuple(y_pred.shape)))
        if self._built and y_pred.shape[1] != self._classes:
            raise ValueError('%s counts %d classes; y_pred has shape %s' % (what, self._classes, y_pred.shape))
        if weights is not None and weights.shape not in ((y_pred.shape[0],), (y_pred.shape[0], 1)):
            raise ValueError('%s: sample_weight must hold one weight per sample, shape (%d,); got %s'
                             % (what, y_pred.shape[0], tuple(weights.shape)))
        return y_true, y_pred, weights

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's per-class (or pooled) counts.

        Raises:
            ValueError: naming the metric unless y_true and y_pred are both
                (samples, classes), or for a sample_weight that is not one per sample.
        """
        with naming_errors(self):
            y_true, y_pred, weights = self._inputs(y_true, y_pred, sample_weight)
        xp = backend.array_module(y_pred)
        if self.threshold is None:
            top = y_pred.max(axis=-1, keepdims=True) if y_pred.size else y_pred
            predicted = (y_pred >= top) & (xp.abs(y_pred) > 1e-9)
        else:
            predicted = y_pred > y_pred.dtype.type(self.threshold)
        predicted = predicted.astype(self._dtype)
        if weights is not None:
            weights = weights.reshape(-1, 1)

        def weighted_sum(values):
            return (values if weights is None else values * weights).sum(axis=self.axis)

        if not self._built:
            self._build(y_pred.shape[1])
        add_to(self.true_positives, weighted_sum(predicted * y_true))
        add_to(self.false_positives, weighted_sum(predicted * (1 - y_true)))
        add_to(self.false_negatives, weighted_sum((1 - predicted) * y_true))
        add_to(self.intermediate_weights, weighted_sum(y_true))

    def result(self):
        """The score(s): a vector per class for average=None, else a scalar (0 before any batch)."""
        if not self._built:
            return Tensor(np.zeros((), self._dtype))
        tp, fp, fn = self.true_positives._data, self.false_positives._data, self.false_negatives._data
        xp = backend.array_module(tp)
        precision = tp / (tp + fp + EPSILON)
        recall = tp / (tp + fn + EPSILON)
        beta_squared = self.beta ** 2
        score = precision * recall / (beta_squared * precision + recall + EPSILON) * (1 + beta_squared)
        if self.average == 'weighted':
            weights = self.intermediate_weights._data
            score = (score * (weights / (weights.sum() + EPSILON))).sum()
        elif self.average is not None:
            score = score.mean()
        return Tensor(xp.asarray(score, dtype=self._dtype))

    def get_config(self):
        return dict(super().get_config(), average=self.average, beta=self.beta, threshold=self.threshold)


class F1Score(FBetaScore):
    """The F1 score: ``FBetaScore`` with beta = 1 (name default 'f1_score')."""

    def __init__(self, average=None, threshold=None, name='f1_score', dtype=None):
        super().__init__(average=average, beta=1.0, threshold=threshold, name=name, dtype=dtype)

    def get_config(self):
        config = super().get_config()
        del config['beta']
        return config
