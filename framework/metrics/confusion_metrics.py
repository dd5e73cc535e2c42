"""Counts of true/false positives/negatives, Precision and Recall (Keras 3's confusion metrics).

Each keeps one count per threshold (default 0.5; a prediction is positive
when ``y_pred > threshold``) and reports a scalar for one threshold, else a
vector with one value per threshold.
"""
from ..tensor import Tensor
from .confusion_matrix import NEG_INF, confusion_counts, describe, divide_no_nan, evenly_spaced, parse_thresholds
from .metric import Metric, add_to, naming_errors


def _per_threshold(values, thresholds):
    """A scalar for one threshold, else the vector (as Keras's ``result``)."""
    return Tensor(values[0, ...].copy() if len(thresholds) == 1 else values.copy())


class _ThresholdMetric(Metric):
    """State: one variable per count in ``_counts`` (e.g. ('tp', 'fp')), each of shape (thresholds,)."""
    _counts = ()
    _variable_names = {'tp': 'true_positives', 'fp': 'false_positives', 'tn': 'true_negatives',
                       'fn': 'false_negatives'}

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.init_thresholds = thresholds
        self.top_k = top_k
        self.class_id = class_id
        # With top_k, every score kept in the top k counts as positive.
        default = 0.5 if top_k is None else NEG_INF
        self.thresholds = parse_thresholds(thresholds, default, describe(self))
        self._thresholds_distributed_evenly = evenly_spaced(self.thresholds)
        self._state = {kind: self.add_variable((len(self.thresholds),), 'zeros', name=self._variable_names[kind])
                       for kind in self._counts}

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's (weighted) counts at each threshold.

        Raises:
            ValueError: naming the metric when y_true and y_pred differ in shape, or
                sample_weight does not broadcast to them.
        """
        with naming_errors(self):
            # counted in the state's dtype (floatx, whatever the metric's), as Keras casts to the variables'
            counts = confusion_counts(y_true, y_pred, self.thresholds, self._counts, describe(self),
                                      self._state[self._counts[0]]._data.dtype,
                                      sample_weight=sample_weight, top_k=self.top_k, class_id=self.class_id,
                                      evenly=self._thresholds_distributed_evenly)
        for kind in self._counts:
            add_to(self._state[kind], counts[kind])


class _ConfusionMatrixConditionCount(_ThresholdMetric):
    """One count per threshold, in the variable ``accumulator``."""
    _variable_names = {kind: 'accumulator' for kind in ('tp', 'fp', 'tn', 'fn')}

    def __init__(self, thresholds=None, name=None, dtype=None):
        super().__init__(thresholds=thresholds, name=name, dtype=dtype)
        self.accumulator = self._state[self._counts[0]]

    def result(self):
        if len(self.thresholds) > 1:    # Keras's convert_to_tensor of the variable: the variable itself
            return self.accumulator
        return _per_threshold(self.accumulator._data, self.thresholds)

    def get_config(self):
        return dict(super().get_config(), thresholds=self.init_thresholds)


class TruePositives(_ConfusionMatrixConditionCount):
    """The (weighted) number of positive labels predicted positive (``y_pred > threshold``)."""
    _counts = ('tp',)


class FalsePositives(_ConfusionMatrixConditionCount):
    """The (weighted) number of negative labels predicted positive."""
    _counts = ('fp',)


class TrueNegatives(_ConfusionMatrixConditionCount):
    """The (weighted) number of negative labels predicted negative."""
    _counts = ('tn',)


class FalseNegatives(_ConfusionMatrixConditionCount):
    """The (weighted) number of positive labels predicted negative."""
    _counts = ('fn',)


class Precision(_ThresholdMetric):
    """tp / (tp + fp): how many predicted positives are positive (0 when nothing was predicted positive).

    Args:
        thresholds: a float or list of floats in [0, 1] (default 0.5; with top_k, none).
        top_k: only each row's k highest scores count as predicted positive.
        class_id: count only this class of (samples, classes) predictions.
        name, dtype: as for every metric (name default 'precision', made unique).
    """
    _direction = 'up'
    _counts = ('tp', 'fp')

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(thresholds=thresholds, top_k=top_k, class_id=class_id, name=name, dtype=dtype)
        self.true_positives, self.false_positives = self._state['tp'], self._state['fp']

    def result(self):
        tp = self.true_positives._data
        return _per_threshold(divide_no_nan(tp, tp + self.false_positives._data), self.thresholds)

    def get_config(self):
        return dict(super().get_config(), thresholds=self.init_thresholds, top_k=self.top_k,
                    class_id=self.class_id)


class Recall(_ThresholdMetric):
    """tp / (tp + fn): how many positives were predicted positive (0 before any positive label).

    Args: as for ``Precision`` (name default 'recall').
    """
    _direction = 'up'
    _counts = ('tp', 'fn')

    def __init__(self, thresholds=None, top_k=None, class_id=None, name=None, dtype=None):
        super().__init__(thresholds=thresholds, top_k=top_k, class_id=class_id, name=name, dtype=dtype)
        self.true_positives, self.false_negatives = self._state['tp'], self._state['fn']

    def result(self):
        tp = self.true_positives._data
        return _per_threshold(divide_no_nan(tp, tp + self.false_negatives._data), self.thresholds)

    def get_config(self):
        return dict(super().get_config(), thresholds=self.init_thresholds, top_k=self.top_k,
                    class_id=self.class_id)
