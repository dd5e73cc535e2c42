"""``R2Score``: the coefficient of determination over all batches seen (Keras 3).

R^2 = 1 - sum((y - y_pred)^2) / sum((y - mean(y))^2) per output column, from
running (weighted) sums; then averaged over columns, uniformly or weighted by
each column's variance. With ``num_regressors`` p it is adjusted for the n
samples: 1 - (1 - R^2) (n - 1) / (n - p - 1).
"""
import warnings

import numpy as np

from .. import backend, graph_random_ops
from ..assert_statements import BOOL_REFUSAL
from ..errors import OperatorNotAllowedInGraphError, kernel_error
from ..losses.inputs import squeeze_or_expand_to_same_rank, to_dtype
from ..ops import eigen_pow, eigen_sum
from ..ops.arithmetic import pow_arrays
from ..eigen_outer_sum import first_axis_sum
from ..ops.shapes import broadcast_to_text
from ..tensor import Tensor
from ..trace_names import open_batch
from .metric import Metric, add_to, naming_errors
from .reduction import not_recording

_AGGREGATIONS = (None, 'uniform_average', 'variance_weighted_average')


def _keras_square(residual):
    """Keras's ``(y_true - y_pred) ** 2``: eagerly TF's Pow kernel (Eigen's pow, not x * x) at every size.
    pow_arrays keeps numpy's pow past 256 values outside exact mode (a training batch's activations);
    R2Score is mostly updated once on a whole test set (30,000 x 3: -0x1.cb0ccap+2 in TF 2.21,
    -0x1.cb0ccep+2 with numpy's pow), and the emulation costs ~0.3 us a value there."""
    if type(residual) is np.ndarray and residual.dtype == np.float32 and graph_random_ops.current() is None:
        return eigen_pow.pow(residual, 2)
    return pow_arrays(residual, 2, True)     # traced: grappler's Square; float64 / float16: pow_arrays's rule


def _dims(shape):
    return '[%s]' % ','.join(map(str, shape))


def _broadcast(op, left, right, note):
    """The broadcast shape of ``left`` and ``right`` (shapes), else TF's ``op`` kernel error."""
    try:
        return np.broadcast_shapes(tuple(left), tuple(right))
    except ValueError:
        raise kernel_error(op, 'Incompatible shapes: %s vs. %s' % (_dims(left), _dims(right)), named=True,
                           note=note) from None


class R2Score(Metric):
    """R^2 of (samples, outputs) regressions.

    Args:
        class_aggregation: 'uniform_average' (mean over outputs),
            'variance_weighted_average', or None (one score per output).
        num_regressors: the number of independent variables, for the adjusted
            R^2 (0: plain R^2).
        name, dtype: as for every metric (name default 'r2_score').
    Raises:
        ValueError: for another class_aggregation or a negative num_regressors.
    """
    _direction = 'up'

    def __init__(self, class_aggregation='uniform_average', num_regressors=0, name='r2_score', dtype=None):
        if class_aggregation not in _AGGREGATIONS:
            raise ValueError('Invalid value for argument `class_aggregation`. Expected one of %s. '
                             'Received: class_aggregation=%s' % (_AGGREGATIONS, class_aggregation))
        try:        # Keras's check and words (a plain comparison: 2.5 and True are taken)
            if num_regressors < 0:
                raise ValueError('Invalid value for argument `num_regressors`. Expected a value >= 0. '
                                 'Received: num_regressors=%s' % (num_regressors,))
        except (TypeError, ValueError) as error:
            error.add_note('R2Score: num_regressors must be a number >= 0, got %r' % (num_regressors,))
            raise
        super().__init__(name=name, dtype=dtype)
        self.class_aggregation = class_aggregation
        self.num_regressors = num_regressors
        self.num_samples = self.add_variable((), 'zeros', name='num_samples')
        self._built = False

    def _build(self, outputs):
        self._outputs = outputs
        self.squared_sum = self.add_variable((outputs,), 'zeros', name='squared_sum')
        self.sum = self.add_variable((outputs,), 'zeros', name='sum')
        self.total_mse = self.add_variable((outputs,), 'zeros', name='residual')
        self.count = self.add_variable((outputs,), 'zeros', name='count')
        self._built = True

    def _inputs(self, y_true, y_pred, sample_weight):
        what = 'R2Score %r' % self.name
        with not_recording():
            y_true = to_dtype(y_true, self._dtype, what, 'y_true')
            y_pred = to_dtype(y_pred, self._dtype, what, 'y_pred')
            y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
            y_true, y_pred = y_true._data, y_pred._data
            if sample_weight is not None:
                sample_weight = to_dtype(sample_weight, self._dtype, what, 'sample_weight')._data
        note = ('%s expects y_true and y_pred of one shape (batch_size, outputs) and sample_weight broadcasting to '
                'it; got y_true %s, y_pred %s, sample_weight %s' % (what, tuple(y_true.shape), tuple(y_pred.shape),
                                                                   None if sample_weight is None else
                                                                   tuple(sample_weight.shape)))
        if not self._built and (y_pred.ndim != 2 or y_true.ndim != 2):      # Keras's _build check and words
            error = ValueError('R2Score expects 2D inputs with shape (batch_size, output_dim). Received input shapes: '
                               'y_pred.shape=%s and y_true.shape=%s.'       # (the shapes Keras's step traced)
                               % (open_batch(tuple(y_pred.shape)), open_batch(tuple(y_true.shape))))
            error.add_note(note)
            raise error
        if not self._built:     # Keras builds here, before the checks below: a batch they refuse leaves it built
            self._build(y_pred.shape[1])
        xp = backend.array_module(y_pred)
        weights = xp.ones((), self._dtype) if sample_weight is None else sample_weight
        if weights.ndim == 1:
            weights = weights[:, None]          # one weight per sample
        try:                                    # Keras's ops.broadcast_to(sample_weight, shape(y_true))
            weights = xp.broadcast_to(weights, y_true.shape)
        except ValueError:
            raise kernel_error('BroadcastTo', broadcast_to_text(weights.shape, y_true.shape), note=note) from None
        # then variable + sum over the samples (AddV2), y_true - y_pred (Sub) and the assigns, in Keras's order
        outputs = self._outputs
        summed = _broadcast('AddV2', (outputs,), y_true.shape[1:], note)
        _broadcast('Sub', y_true.shape, y_pred.shape, note)
        residual = _broadcast('AddV2', (outputs,), np.broadcast_shapes(y_true.shape, y_pred.shape)[1:], note)
        for shape, variable in ((summed, 'sum'), (residual, 'residual')):
            if shape != (outputs,):
                current = getattr(self, 'sum' if variable == 'sum' else 'total_mse')._data
                error = ValueError('The shape of the target variable and the shape of the target value in '
                                   '`variable.assign(value)` must match. variable.shape=%s, Received: value.shape=%s. '
                                   'Target variable: <Variable path=%s/%s, shape=%s, dtype=%s, value=%s>'
                                   % ((outputs,), shape, self.name, variable, (outputs,),
                                      np.dtype(self._dtype).name, current))
                error.add_note(note)
                raise error
        return y_true, y_pred, weights

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's weighted sums per output column.

        Raises:
            ValueError: naming the metric unless y_true and y_pred are both
                (samples, outputs), or for a sample_weight that does not broadcast.
        """
        with naming_errors(self):
            y_true, y_pred, weights = self._inputs(y_true, y_pred, sample_weight)
        weighted = y_true * weights
        # Keras's ops.sum(..., axis=0): TensorFlow's order over the samples (reduce_sum's), its last bits
        add_to(self.sum, first_axis_sum(weighted))
        add_to(self.squared_sum, first_axis_sum(y_true * weighted))
        # Keras writes `** 2`: TF's Pow kernel (Eigen's pow, not x*x), Square in a traced step
        add_to(self.total_mse, first_axis_sum(_keras_square(y_true - y_pred) * weights))
        add_to(self.count, first_axis_sum(weights))
        add_to(self.num_samples, self.num_samples._data.dtype.type(y_true.size))

    def result(self):
        """The (adjusted) R^2: a scalar, or one per output for class_aggregation=None."""
        if not self._built:     # Keras 3 makes its variables at the first batch: no result before it
            error = AttributeError("'%s' object has no attribute 'sum'" % type(self).__name__)
            error.add_note('R2Score %r: no batch seen yet; call update_state first' % (self.name,))
            raise error
        total_sum, count = self.sum._data, self.count._data
        xp = backend.array_module(total_sum)
        with np.errstate(divide='ignore', invalid='ignore'):
            mean = total_sum / count
            total = self.squared_sum._data - total_sum * mean
            raw = 1 - self.total_mse._data / total
            # A constant column (total 0) scores 0, as in Keras.
            raw = xp.where(xp.isinf(raw), 0, raw).astype(total_sum.dtype)
            if self.class_aggregation == 'uniform_average':      # ops.mean / ops.sum: TensorFlow's order
                score = eigen_sum.sum_all(raw) / raw.dtype.type(raw.size)
            elif self.class_aggregation == 'variance_weighted_average':
                score = eigen_sum.sum_all(total * raw) / eigen_sum.sum_all(total)
            else:
                score = raw
            score = self._adjusted(score, xp)
        return Tensor(xp.asarray(score, dtype=total_sum.dtype))     # float32, as Keras's state

    def _adjusted(self, score, xp):
        if self.num_regressors == 0:
            return score
        if graph_random_ops.current() is not None:
            raise self.traced_result_refusal()
        samples = float(backend.to_host(self.num_samples._data))
        if self.num_regressors > samples - 1:
            warnings.warn('More independent predictors than datapoints in adjusted R2 score. Falling back to '
                          'standard R2 score.', stacklevel=3)       # Keras 3.15's words
            return score
        if self.num_regressors == samples - 1:
            warnings.warn('Division by zero in Adjusted R2 score. Falling back to standard R2 score.',
                          stacklevel=3)
            return score
        n = xp.asarray(samples, dtype='float32')
        p = xp.asarray(self.num_regressors, dtype='float32')
        return 1 - (1 - score) * (n - 1) / (n - p - 1)

    def traced_result_refusal(self):
        """The error TF 2.21 raises for result() in a traced function (a tf.function, fit / evaluate's step),
        or None: with num_regressors, Keras 3.15 compares ``num_regressors > num_samples - 1`` in Python, and
        traced the right side is a symbolic tensor, whose truth value TensorFlow refuses."""
        if self.num_regressors == 0:
            return None
        error = OperatorNotAllowedInGraphError(BOOL_REFUSAL)
        error.add_note('R2Score %r: with num_regressors=%s, result() cannot run inside a traced function in '
                       'TensorFlow; read it eagerly (outside the tf.function, or compile with run_eagerly=True)'
                       % (self.name, self.num_regressors))
        return error

    def get_config(self):
        return dict(super().get_config(), class_aggregation=self.class_aggregation,
                    num_regressors=self.num_regressors)
