"""``FBetaScore`` and ``F1Score`` for (samples, classes) predictions (Keras 3).

F-beta = (1 + beta^2) * precision * recall / (beta^2 * precision + recall),
from counts kept per class ('micro': pooled over classes). A prediction is
positive above ``threshold``; with no threshold, the highest score of each
row is (ties all count; scores of 0 never do).
"""
import numpy as np

from .. import backend, trace_names
from ..errors import InvalidArgumentError, kernel_error
from ..losses.inputs import to_dtype
from ..ops import eigen_sum
from ..ops.graph_input_errors import eager_input_error
from ..eigen_outer_sum import first_axis_sum
from ..tensor import Tensor
from .confusion_matrix import EPSILON
from .metric import Metric, add_to, naming_errors
from .reduction import not_recording

_AVERAGES = (None, 'micro', 'macro', 'weighted')


def _shown(value):
    """A value as Keras's f-string shows it (a scalar tensor as its number)."""
    if hasattr(value, 'numpy') and getattr(value, 'shape', None) == ():
        return value.numpy().item()
    return value


def _traced_shape(value):
    """The shape Keras's traced step gives ``value`` (None for a batch that varies), or None outside one."""
    entry = trace_names.entry_of(value) if isinstance(value, Tensor) else None
    return None if entry is None or entry[1] is None else tuple(entry[1])


def _check_arguments(cls, average, beta, threshold):
    """Keras 3's checks, in its order and words (NaN passes its comparisons); tapeflow's sentence a note."""
    if average not in _AVERAGES:
        text = ("Invalid `average` argument value. Expected one of: {None, 'micro', 'macro', 'weighted'}. "
                'Received: average=%s' % (average,))
    elif not isinstance(beta, float):
        text = ("Invalid `beta` argument value. It should be a Python float. Received: beta=%s of type '%s'"
                % (_shown(beta), type(beta)))
    elif beta <= 0.0:
        text = 'Invalid `beta` argument value. It should be > 0. Received: beta=%s' % (beta,)
    elif threshold is not None and not isinstance(threshold, float):
        text = ("Invalid `threshold` argument value. It should be a Python float. Received: threshold=%s of type '%s'"
                % (_shown(threshold), type(threshold)))
    elif threshold is not None and (threshold > 1.0 or threshold <= 0.0):
        text = 'Invalid `threshold` argument value. It should verify 0 < threshold <= 1. Received: threshold=%s' % (
            threshold,)
    else:
        return
    error = ValueError(text)
    error.add_note("%s: average must be one of None, 'micro', 'macro', 'weighted', beta a Python float > 0 and "
                   'threshold None or a Python float in (0, 1]' % cls)
    raise error


def _product_shape(left, right, note):
    """The broadcast shape of Keras's product of arrays of shapes ``left`` and ``right``, else TF's Mul error."""
    left, right = tuple(left), tuple(right)
    try:
        return np.broadcast_shapes(left, right)
    except ValueError:
        raise kernel_error('Mul', 'Incompatible shapes: [%s] vs. [%s]' % (','.join(map(str, left)),
                                                                          ','.join(map(str, right))),
                           named=True, note=note) from None


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
        _check_arguments(type(self).__name__, average, beta, threshold)
        super().__init__(name=name, dtype=dtype)
        self.average = average
        self.beta = beta
        self.threshold = threshold
        self.axis = None if average == 'micro' else 0
        self._built = False

    def _build(self, classes):
        shape = () if self.average == 'micro' else (classes,)
        self._classes = classes
        self.true_positives = self.add_variable(shape, 'zeros', dtype=self._dtype, name='true_positives')
        self.false_positives = self.add_variable(shape, 'zeros', dtype=self._dtype, name='false_positives')
        self.false_negatives = self.add_variable(shape, 'zeros', dtype=self._dtype, name='false_negatives')
        self.intermediate_weights = self.add_variable(shape, 'zeros', dtype=self._dtype, name='intermediate_weights')
        self._built = True

    def _inputs(self, y_true, y_pred, sample_weight):
        what = '%s %r' % (type(self).__name__, self.name)
        given = y_pred, y_true      # the casts below make new tensors, which the trace did not name
        with not_recording():
            y_true = to_dtype(y_true, self._dtype, what, 'y_true')._data
            y_pred = to_dtype(y_pred, self._dtype, what, 'y_pred')._data
            weights = None if sample_weight is None else to_dtype(sample_weight, self._dtype, what,
                                                                   'sample_weight')._data
        if not self._built and (y_pred.ndim != 2 or y_true.ndim != 2):     # Keras's _build check and words
            error = ValueError('FBetaScore expects 2D inputs with shape (batch_size, output_dim). Received input '
                               'shapes: y_pred.shape=%s and y_true.shape=%s.'
                               % (_traced_shape(given[0]) or tuple(y_pred.shape),
                                  _traced_shape(given[1]) or tuple(y_true.shape)))
            error.add_note('%s expects y_true and y_pred of one shape (batch_size, classes)' % what)
            raise error
        if not self._built:     # as Keras: the variables exist (zeros) even when the batch then fails
            self._build(y_pred.shape[1])
        if self.threshold is None and y_pred.size == 0:     # Keras's ops.max of an empty tensor
            raise InvalidArgumentError('Cannot compute the max of an empty tensor.\nCondition x > y did not hold.\n'
                                       'First 1 elements of x:\n[0]\nFirst 1 elements of y:\n[0]')
        # Keras multiplies y_pred * y_true (* expand_dims(sample_weight, 1)), sums over the samples and
        # assigns the sum to variables of shape (classes,), or () for 'micro': fail where those fail.
        note = ('%s: expects y_true and y_pred of one shape (batch_size, classes) and one sample_weight per sample; '
                'got y_true %s, y_pred %s, sample_weight %s' % (what, tuple(y_true.shape), tuple(y_pred.shape),
                                                               None if weights is None else tuple(weights.shape)))
        shape = _product_shape(y_pred.shape, y_true.shape, note)
        if weights is not None:
            if weights.ndim == 0:
                error = ValueError('axis 1 is out of bounds for an array with dimension 1.')
                error.add_note(note)
                raise error
            weights = weights[:, None]
            shape = _product_shape(shape, weights.shape, note)
        expected = () if self.average == 'micro' else (self._classes,)
        summed = () if self.axis is None else shape[1:]
        try:                # variable + sum, then variable.assign(...)
            added = np.broadcast_shapes(expected, summed)
        except ValueError:
            raise kernel_error('AddV2', 'Incompatible shapes: [%s] vs. [%s]' % (
                ','.join(map(str, expected)), ','.join(map(str, summed))), named=True, note=note) from None
        if added != expected:
            current = self.true_positives._data
            error = ValueError('The shape of the target variable and the shape of the target value in '
                               '`variable.assign(value)` must match. variable.shape=%s, Received: value.shape=%s. '
                               'Target variable: <Variable path=%s/true_positives, shape=%s, dtype=%s, value=%s>'
                               % (expected, added, self.name, expected, np.dtype(self._dtype).name, current))
            error.add_note(note)
            raise error
        return y_true, y_pred, weights

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's per-class (or pooled) counts.

        Raises:
            ValueError: naming the metric unless y_true and y_pred are both
                (samples, classes), or for a sample_weight that is not one per sample.
        """
        with naming_errors(self):
            y_true, y_pred, weights = self._inputs(y_true, y_pred, sample_weight)
            if y_pred.dtype.kind in 'iu':
                # an integer dtype: Keras compares y_pred (cast to it) with a float constant, which TF
                # cannot convert (the variables exist by then, as in Keras)
                raise TypeError('Cannot convert %r to EagerTensor of dtype %s'
                                % (1e-09 if self.threshold is None else self.threshold, y_pred.dtype.name))
        xp = backend.array_module(y_pred)
        if self.threshold is None:
            top = y_pred.max(axis=-1, keepdims=True) if y_pred.size else y_pred
            predicted = (y_pred >= top) & (xp.abs(y_pred) > 1e-9)
        else:
            predicted = y_pred > y_pred.dtype.type(self.threshold)
        predicted = predicted.astype(self._dtype)

        def weighted_sum(values):
            values = values if weights is None else values * weights
            if self.axis is None:       # 'micro': Keras's ops.sum of everything, in Eigen's order (its last bit)
                return eigen_sum.sum_all(values)
            return first_axis_sum(values)    # over the samples, reduce_sum's order

        add_to(self.true_positives, weighted_sum(predicted * y_true))
        add_to(self.false_positives, weighted_sum(predicted * (1 - y_true)))
        add_to(self.false_negatives, weighted_sum((1 - predicted) * y_true))
        add_to(self.intermediate_weights, weighted_sum(y_true))

    def result(self):
        """The score(s): a vector per class for average=None, else a scalar."""
        if not self._built:     # Keras 3 makes its variables at the first batch: no result before it
            error = AttributeError("'%s' object has no attribute 'true_positives'" % type(self).__name__)
            error.add_note('%s %r: no batch seen yet; call update_state first' % (type(self).__name__, self.name))
            raise error
        tp, fp, fn = self.true_positives._data, self.false_positives._data, self.false_negatives._data
        if tp.dtype.kind in 'iu':       # Keras's tp + fp + epsilon: TF's AddV2 of an integer and a float tensor
            raise eager_input_error('AddV2', 1, tp.dtype, 'float32')
        xp = backend.array_module(tp)
        precision = tp / (tp + fp + EPSILON)
        recall = tp / (tp + fn + EPSILON)
        beta_squared = self.beta ** 2
        score = precision * recall / (beta_squared * precision + recall + EPSILON) * (1 + beta_squared)
        if self.average == 'weighted':     # Keras's ops.sum / ops.mean: TensorFlow's order (their last bits)
            weights = self.intermediate_weights._data
            score = eigen_sum.sum_all(score * (weights / (eigen_sum.sum_all(weights) + EPSILON)))
        elif self.average is not None and score.dtype.itemsize == 2:     # ops.mean: half precision in float32
            score = (eigen_sum.sum_all(score.astype(np.float32)) / np.float32(score.size)).astype(score.dtype)
        elif self.average is not None:
            score = eigen_sum.sum_all(score) / score.dtype.type(score.size)
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
