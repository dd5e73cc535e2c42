"""One rate at the best threshold that keeps another rate above a floor (Keras 3).

``PrecisionAtRecall(0.8)`` is the highest precision among the thresholds
whose recall is at least 0.8; likewise ``RecallAtPrecision``,
``SensitivityAtSpecificity`` and ``SpecificityAtSensitivity``. All four
count tp/fp/tn/fn at ``num_thresholds`` evenly spaced thresholds in [0, 1]
(0.5 alone when num_thresholds is 1), and report 0 when no threshold qualifies.
"""

from .. import backend
from ..tensor import Tensor
from .confusion_matrix import confusion_counts, describe, divide_no_nan
from .metric import Metric, add_to, naming_errors


def _check_as_keras(value, constraint, num_thresholds, cls, named):
    """Keras 3's own checks, in its order and words: plain comparisons, so NaN and True pass, a value
    that is no number is Python's comparison TypeError and a float num_thresholds range()'s TypeError
    (raised where the thresholds are made); tapeflow's sentence is a note.

    The subclass checks the value before Metric.__init__ and the base class num_thresholds after it
    (``named``), so a refused num_thresholds has taken its auto name ('sensitivity_at_specificity'):
    the next metric of the class is 'sensitivity_at_specificity_1' in Keras."""
    note = ('%s: %s must be a number in [0, 1] and num_thresholds an integer > 0, got %s=%r, num_thresholds=%r'
            % (cls, constraint, constraint, value, num_thresholds))
    try:
        if not named:
            if value < 0 or value > 1:
                raise ValueError('Argument `%s` must be in the range [0, 1]. Received: %s=%s'
                                 % (constraint, constraint, value))
            return
        if num_thresholds <= 0:
            raise ValueError('Argument `num_thresholds` must be an integer > 0. Received: num_thresholds=%s'
                             % (num_thresholds,))
        range(num_thresholds)
    except (TypeError, ValueError) as error:
        error.add_note(note)
        raise


class SensitivitySpecificityBase(Metric):
    """State and update shared by the four 'rate at rate' metrics.

    Args:
        value: the floor, in [0, 1], on the constrained rate.
        num_thresholds: how many thresholds (> 0; default 200).
        class_id: use only this class of (samples, classes) predictions.
    """
    _direction = 'up'
    _constraint = 'value'          # the argument's name, for messages and configs

    def __init__(self, value, num_thresholds=200, class_id=None, name=None, dtype=None):
        _check_as_keras(value, self._constraint, num_thresholds, type(self).__name__, named=False)
        super().__init__(name=name, dtype=dtype)
        _check_as_keras(value, self._constraint, num_thresholds, type(self).__name__, named=True)
        self.value = value
        self.num_thresholds = num_thresholds
        self.class_id = class_id
        if num_thresholds == 1:
            self.thresholds = [0.5]
            self._thresholds_distributed_evenly = False
        else:
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self.thresholds = [0.0] + inner + [1.0]
            self._thresholds_distributed_evenly = True
        shape = (len(self.thresholds),)
        self.true_positives = self.add_variable(shape, 'zeros', name='true_positives')
        self.false_positives = self.add_variable(shape, 'zeros', name='false_positives')
        self.true_negatives = self.add_variable(shape, 'zeros', name='true_negatives')
        self.false_negatives = self.add_variable(shape, 'zeros', name='false_negatives')

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's counts at each threshold (ValueError naming the metric for bad shapes)."""
        with naming_errors(self):
            # counted in the state's dtype (floatx, whatever the metric's), as Keras casts to the variables'
            counts = confusion_counts(y_true, y_pred, self.thresholds, ('tp', 'fp', 'tn', 'fn'), describe(self),
                                      self.true_positives._data.dtype, sample_weight=sample_weight, class_id=self.class_id,
                                      evenly=self._thresholds_distributed_evenly)
        for kind, variable in (('tp', self.true_positives), ('fp', self.false_positives),
                               ('tn', self.true_negatives), ('fn', self.false_negatives)):
            add_to(variable, counts[kind])

    def _rates(self):
        """Recall (= sensitivity), precision and specificity at each threshold."""
        tp, fp = self.true_positives._data, self.false_positives._data
        tn, fn = self.true_negatives._data, self.false_negatives._data
        return {'recall': divide_no_nan(tp, tp + fn), 'precision': divide_no_nan(tp, tp + fp),
                'specificity': divide_no_nan(tn, tn + fp)}

    def _best(self, constrained, reported):
        """max(rates[reported] where rates[constrained] >= value), 0 when nowhere."""
        rates = self._rates()
        xp = backend.array_module(rates[reported])
        feasible = rates[constrained] >= rates[constrained].dtype.type(self.value)
        best = xp.maximum(xp.where(feasible, rates[reported], 0).max(), 0)
        return Tensor(xp.asarray(best, dtype=self.true_positives._data.dtype))   # float32, as Keras's state

    def get_config(self):
        return dict(super().get_config(), class_id=self.class_id, num_thresholds=self.num_thresholds,
                    **{self._constraint: self.value})


class SensitivityAtSpecificity(SensitivitySpecificityBase):
    """The best sensitivity (recall) among thresholds with specificity >= ``specificity``."""
    _constraint = 'specificity'

    def __init__(self, specificity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(specificity, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.specificity = specificity

    def result(self):
        return self._best('specificity', 'recall')


class SpecificityAtSensitivity(SensitivitySpecificityBase):
    """The best specificity among thresholds with sensitivity (recall) >= ``sensitivity``."""
    _constraint = 'sensitivity'

    def __init__(self, sensitivity, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(sensitivity, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.sensitivity = sensitivity

    def result(self):
        return self._best('recall', 'specificity')


class PrecisionAtRecall(SensitivitySpecificityBase):
    """The best precision among thresholds with recall >= ``recall``."""
    _constraint = 'recall'

    def __init__(self, recall, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(recall, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.recall = recall

    def result(self):
        return self._best('recall', 'precision')


class RecallAtPrecision(SensitivitySpecificityBase):
    """The best recall among thresholds with precision >= ``precision``."""
    _constraint = 'precision'

    def __init__(self, precision, num_thresholds=200, class_id=None, name=None, dtype=None):
        super().__init__(precision, num_thresholds=num_thresholds, class_id=class_id, name=name, dtype=dtype)
        self.precision = precision

    def result(self):
        return self._best('precision', 'recall')
