"""``AUC``: the area under the ROC or precision-recall curve, from counts at fixed thresholds (Keras 3).

The curve is sampled at ``num_thresholds`` thresholds (evenly spaced from
just below 0 to just above 1) and integrated as a Riemann sum. For the PR
curve with 'interpolation' the precision is not interpolated linearly (that
overestimates it); true and false positives are, following Davis & Goadrich
(2006), which gives each step's area in closed form with a logarithm.
"""
from enum import Enum

import numpy as np

from .. import backend
from ..errors import kernel_error, noted
from ..ops import eigen_math, eigen_sum, sigmoid
from ..tensor import Tensor, convert_to_tensor
from ..losses.loss import default_dtype
from .confusion_matrix import EPSILON, confusion_counts, describe, divide_no_nan, evenly_spaced, parse_thresholds
from .metric import Metric, add_to, naming_errors
from .reduction import not_recording



class AUCCurve(Enum):
    """AUC's ``curve`` attribute, as Keras 3 keeps it (print(auc.curve): <AUCCurve.ROC: 'ROC'>; get_config the value)."""
    ROC = 'ROC'
    PR = 'PR'
    PRGAIN = 'PRGAIN'


class AUCSummationMethod(Enum):
    """AUC's ``summation_method`` attribute, as Keras 3 keeps it (str: 'AUCSummationMethod.INTERPOLATION')."""
    INTERPOLATION = 'interpolation'
    MAJORING = 'majoring'
    MINORING = 'minoring'


_CURVES = {'ROC': AUCCurve.ROC, 'roc': AUCCurve.ROC, 'PR': AUCCurve.PR, 'pr': AUCCurve.PR,
           'PRGAIN': AUCCurve.PRGAIN, 'prgain': AUCCurve.PRGAIN}
_SUMMATIONS = {'interpolation': AUCSummationMethod.INTERPOLATION, 'Interpolation': AUCSummationMethod.INTERPOLATION,
               'majoring': AUCSummationMethod.MAJORING, 'Majoring': AUCSummationMethod.MAJORING,
               'minoring': AUCSummationMethod.MINORING, 'Minoring': AUCSummationMethod.MINORING}


def _choice(value, table, words, expected):
    # Keras's enums (AUCCurve.PR) carry the string in .value; the error is their from_str's.
    key = getattr(value, 'value', value)
    if not isinstance(key, str) or key not in table:
        raise ValueError('Invalid AUC %s value: "%s". Expected values are %s' % (words, key, expected))
    return table[key]


class AUC(Metric):
    """Area under the ROC curve (default) or the precision-recall curve.

    Args:
        num_thresholds: how many thresholds sample the curve (> 1; default 200).
        curve: 'ROC', 'PR' or 'PRGAIN'.
        summation_method: 'interpolation' (trapezoids; Davis & Goadrich for PR),
            'minoring' (lower sums) or 'majoring' (upper sums).
        name, dtype: as for every metric (name default 'auc', made unique).
        thresholds: explicit thresholds in [0, 1] (then ``num_thresholds`` is
            their number plus 2: -epsilon and 1 + epsilon are added).
        multi_label: one curve per label (last axis of (samples, labels)
            predictions), averaged; else all entries are pooled into one curve.
        num_labels: the number of labels, to create the state before the
            first batch (multi_label only).
        label_weights: per-label weights: for pooled curves they weight each
            label's entries; for multi_label they weight the per-label areas.
        from_logits: apply a sigmoid to y_pred first.
    Raises:
        ValueError: for a bad num_thresholds, curve, summation_method or thresholds,
            or num_labels without multi_label.
    """
    _direction = 'up'

    def __init__(self, num_thresholds=200, curve='ROC', summation_method='interpolation', name=None, dtype=None,
                 thresholds=None, multi_label=False, num_labels=None, label_weights=None, from_logits=False):
        self.curve = _choice(curve, _CURVES, 'curve', '["PR", "ROC", "PRGAIN"]')
        self.summation_method = _choice(summation_method, _SUMMATIONS, 'summation method',
                                        '["interpolation", "majoring", "minoring"]')
        self._init_from_thresholds = thresholds is not None
        if thresholds is not None:
            inner = sorted(parse_thresholds(thresholds, None, 'AUC', check_range=False))
            self.num_thresholds = len(inner) + 2
            self._thresholds_distributed_evenly = evenly_spaced([0.0] + inner + [1.0])
        else:
            try:        # Keras's check and words; a value that is no number fails as its comparison or range()
                if num_thresholds <= 1:
                    raise ValueError('Argument `num_thresholds` must be an integer > 1. Received: num_thresholds=%s'
                                     % (num_thresholds,))
                range(num_thresholds)
            except (TypeError, ValueError) as error:
                error.add_note('AUC: num_thresholds must be an integer > 1, got %r' % (num_thresholds,))
                raise
            self.num_thresholds = num_thresholds        # as given (np.int64(5) stays one in get_config, as in Keras 3)
            inner = [(i + 1) * 1.0 / (num_thresholds - 1) for i in range(num_thresholds - 2)]
            self._thresholds_distributed_evenly = True
        # Just outside [0, 1], so that predictions of exactly 0 and 1 fall inside the outer intervals.
        self._thresholds = np.array([0.0 - EPSILON] + inner + [1.0 + EPSILON])
        super().__init__(name=name, dtype=dtype)
        self.multi_label = bool(multi_label)
        self.num_labels = num_labels
        # a tensor in the metric's dtype, as Keras keeps it (and get_config gives it back); the
        # host array beside it is what the counts and the result read
        self.label_weights = None if label_weights is None else convert_to_tensor(label_weights, self._dtype)
        self._label_weights = None if label_weights is None else backend.to_host(self.label_weights._data)
        self._from_logits = from_logits
        self._built = False
        if num_labels and not self.multi_label:
            # Keras's words; which metric refused it is tapeflow's note
            raise noted(ValueError('`num_labels` is needed only when `multi_label` is True.'), describe(self))
        if not self.multi_label:
            self._build(None)
        elif num_labels:
            self._build((None, num_labels))

    @property
    def thresholds(self):
        """The thresholds, including the outer two (-epsilon and 1 + epsilon)."""
        return list(self._thresholds)

    def _build(self, shape):
        if self.multi_label:
            if len(shape) != 2:     # Keras's words (update_state's naming_errors names the metric in a note)
                raise ValueError('`y_pred` must have rank 2 when `multi_label=True`. Found rank %d. Full shape '
                                 'received for `y_pred`: %s' % (len(shape), tuple(shape)))
            self._num_labels = shape[1]
            variable_shape = (self.num_thresholds, self._num_labels)
        else:
            variable_shape = (self.num_thresholds,)
        self._build_input_shape = shape
        self.true_positives = self.add_variable(variable_shape, 'zeros', name='true_positives')
        self.false_positives = self.add_variable(variable_shape, 'zeros', name='false_positives')
        self.true_negatives = self.add_variable(variable_shape, 'zeros', name='true_negatives')
        self.false_negatives = self.add_variable(variable_shape, 'zeros', name='false_negatives')
        self._built = True

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's counts at each threshold.

        Raises:
            ValueError: naming the metric for mismatched shapes, a sample_weight that
                does not broadcast, or (multi_label) a different number of labels.
        """
        what = describe(self)
        if self.multi_label and not self._built and not hasattr(y_pred, 'shape'):
            # Keras's first multi_label update builds the state from y_pred.shape before converting y_pred:
            # a list or tuple fails there (TF 2.21), later updates (built) take it
            raise AttributeError("'%s' object has no attribute 'shape'" % type(y_pred).__name__)
        with naming_errors(self):
            if self._from_logits:
                with not_recording():
                    y_pred = sigmoid(y_pred)
            shape = tuple(getattr(y_pred, 'shape', np.shape(y_pred)))
            one_label_to_all = False
            if self.multi_label:
                if not self._built:     # Keras builds the state (checking y_pred's rank) before counting
                    self._build(shape)
                elif len(shape) != 2 or shape[1] not in (self._num_labels, 1):
                    raise self._labels_mismatch(shape)
                one_label_to_all = shape[1] != self._num_labels
            # counted in the state's dtype (floatx, whatever the metric's), as Keras casts to the variables'
            state = self.true_positives._data.dtype if self._built else default_dtype()
            counts = confusion_counts(y_true, y_pred, self._thresholds, ('tp', 'fp', 'tn', 'fn'), what, state,
                                      sample_weight=sample_weight, multi_label=self.multi_label,
                                      label_weights=None if self.multi_label else self._label_weights,
                                      evenly=self._thresholds_distributed_evenly)
        if not self._built:
            self._build(shape)
        for kind, variable in (('tp', self.true_positives), ('fp', self.false_positives),
                               ('tn', self.true_negatives), ('fn', self.false_negatives)):
            amount = counts[kind]
            if one_label_to_all:        # one label's counts, added to every label as TF's AddV2 broadcasts
                amount = backend.array_module(amount).broadcast_to(amount, variable._data.shape)
            add_to(variable, amount)

    def _labels_mismatch(self, shape):
        """TF's error where a multi_label state built for some labels gets y_pred of another number of labels:
        Keras adds the (thresholds, labels) counts to the state in an AddV2 (a single label broadcasts)."""
        note = ('%s: multi_label state holds %d labels; y_pred has shape %s'
                % (describe(self), self._num_labels, shape))
        if len(shape) != 2:         # TF fails deeper, in a traced segment_sum; its text names Keras's source lines
            return ValueError(note)
        return kernel_error('AddV2', 'Incompatible shapes: [%d,%d] vs. [%d,%d]' % (
            self.num_thresholds, self._num_labels, self.num_thresholds, shape[1]), named=True, note=note)

    def _aggregate(self, per_threshold):
        """Sum over thresholds; for multi_label, then the (label-weighted) mean over labels."""
        # Keras's ops.sum / ops.mean: TensorFlow's order of float32 sums (eigen_sum), whose last bit
        # printed AUCs show (numpy's pairwise sum over the 199 terms gave 0.8923445 where TF has 0.89234447)
        xp = backend.array_module(per_threshold)
        if not self.multi_label:
            return eigen_sum.sum_all(per_threshold)
        if per_threshold.shape[-1] == 1 and per_threshold.dtype.kind == 'f':
            # one label: TF drops the size-1 axis and sums the column as a whole tensor (AUC(multi_label=True)
            # on a sigmoid head printed 0.43042758 where tapeflow's one-by-one sum gave 0.43042755)
            by_label = eigen_sum.sum_all(per_threshold).reshape(1)
        else:
            by_label = per_threshold.sum(axis=0)      # over thresholds, one after another, as TF adds a leading axis
        if by_label.dtype.kind == 'V':      # bfloat16: TF's Sum adds in float32, rounds once
            by_label = per_threshold.astype(np.float32).sum(axis=0).astype(by_label.dtype)
        if self._label_weights is None:
            if by_label.dtype.itemsize == 2:        # Keras's ops.mean averages half precision in float32
                return (eigen_sum.sum_all(by_label.astype(np.float32)) / np.float32(by_label.size)).astype(by_label.dtype)
            return eigen_sum.sum_all(by_label) / by_label.dtype.type(by_label.size)
        weights = xp.asarray(self._label_weights)
        try:
            np.broadcast_shapes(by_label.shape, weights.shape)
        except ValueError:
            # TF 2.21 multiplies the per-label AUCs by label_weights in result(): its Mul kernel's refusal
            raise kernel_error('Mul', 'Incompatible shapes: [%s] vs. [%s]' % (
                ','.join(map(str, by_label.shape)), ','.join(map(str, weights.shape))), named=True,
                note='AUC(multi_label=True): %d label_weights for predictions of %d labels; give one weight per '
                     'label (last axis of y_pred)' % (weights.size, by_label.size)) from None
        return divide_no_nan(xp.asarray(eigen_sum.sum_all(by_label * weights)), xp.asarray(eigen_sum.sum_all(weights)))

    def interpolate_pr_auc(self):
        """PR-AUC with true/false positives interpolated between thresholds (Davis & Goadrich 2006).

        Between two thresholds precision is (tp) / (tp + fp) with tp linear in
        p = tp + fp, i.e. tp = slope * p + intercept; its integral over recall
        is slope * (dtp + intercept * log(p_i / p_{i+1})) / (tp + fn).
        """
        xp = backend.array_module(self.true_positives._data)
        tp, fp, fn = self.true_positives._data, self.false_positives._data, self.false_negatives._data
        dtp = tp[:-1] - tp[1:]
        p = tp + fp
        dp = p[:-1] - p[1:]
        slope = divide_no_nan(dtp, xp.maximum(dp, 0))
        intercept = tp[1:] - slope * p[1:]
        both_positive = (p[:-1] > 0) & (p[1:] > 0)
        p_ratio = xp.where(both_positive, divide_no_nan(p[:-1], xp.maximum(p[1:], 0)), 1)
        # TF's float32 log bits for the whole curve (numpy's log differs in the last bit, and a
        # multi-label PR-AUC with it, 0.6550440 where TF has 0.65504396)
        log = eigen_math.log if type(p_ratio) is np.ndarray and p_ratio.dtype == np.float32 else xp.log
        increments = divide_no_nan(slope * (dtp + intercept * log(p_ratio)), xp.maximum(tp[1:] + fn[1:], 0))
        return self._aggregate(increments)

    def _curve_points(self):
        """(x, y) of the ROC, PR or PR-gain curve at each threshold."""
        xp = backend.array_module(self.true_positives._data)
        tp, fp = self.true_positives._data, self.false_positives._data
        tn, fn = self.true_negatives._data, self.false_negatives._data
        recall = divide_no_nan(tp, tp + fn)
        if self.curve is AUCCurve.ROC:
            return divide_no_nan(fp, fp + tn), recall
        if self.curve is AUCCurve.PR:
            return recall, divide_no_nan(tp, tp + fp)
        # PR gain (Flach & Kull 2015): recall and precision rescaled against the positives' share.
        scale = divide_no_nan(tp + fn, tn + fp)
        recall_gain = xp.where(tp == 0, 0, 1 - scale * divide_no_nan(fn, tp))
        precision_gain = xp.where(tp == 0, 1, 1 - scale * divide_no_nan(fp, tp))
        return xp.maximum(recall_gain, 0).astype(tp.dtype), precision_gain.astype(tp.dtype)

    def result(self):
        """The area, a scalar (0 before the state exists)."""
        if not self._built:     # a multi-label AUC: Keras 3 makes its variables at the first batch
            error = AttributeError("'%s' object has no attribute 'true_positives'" % type(self).__name__)
            error.add_note('%s: no batch seen yet; call update_state first' % describe(self))
            raise error
        if self.curve is AUCCurve.PR and self.summation_method is AUCSummationMethod.INTERPOLATION:
            area = self.interpolate_pr_auc()
        else:
            xp = backend.array_module(self.true_positives._data)
            x, y = self._curve_points()
            if self.summation_method is AUCSummationMethod.INTERPOLATION:
                heights = (y[:-1] + y[1:]) / 2
            elif self.summation_method is AUCSummationMethod.MINORING:
                heights = xp.minimum(y[:-1], y[1:])
            else:
                heights = xp.maximum(y[:-1], y[1:])
            area = self._aggregate((x[:-1] - x[1:]) * heights)
        # the state's dtype: Keras makes it float32 whatever the metric's dtype; but multi-label
        # weights are in the metric's dtype, and the float32 AUCs times float64 weights give float64
        dtype = self.true_positives._data.dtype
        if self.multi_label and self._label_weights is not None:
            dtype = np.result_type(dtype, self._label_weights.dtype)
        return Tensor(backend.array_module(area).asarray(area, dtype=dtype))

    def get_config(self):
        config = dict(super().get_config(), num_thresholds=self.num_thresholds, curve=self.curve.value,
                      summation_method=self.summation_method.value, multi_label=self.multi_label,
                      num_labels=self.num_labels,
                      label_weights=self.label_weights,
                      from_logits=self._from_logits)
        if self._init_from_thresholds:
            config['thresholds'] = self.thresholds[1:-1]      # numpy float64s, as Keras gives them
        return config
