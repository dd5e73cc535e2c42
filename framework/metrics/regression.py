"""Regression metrics: running means of the per-sample regression losses (Keras 3 names)."""
from .. import backend
from ..losses import regression as formulas
from ..losses.inputs import squeeze_or_expand_to_same_rank, to_dtype
from ..ops import square
from ..tape import paused
from ..tensor import Tensor
from .metric import naming_errors
from .reduction import Mean, MeanMetricWrapper


class _PerSampleMean(MeanMetricWrapper):
    # The config of a metric whose function is fixed lists only name and dtype, as in Keras.
    def get_config(self):
        return {'name': self.name, 'dtype': self._dtype}


class MeanSquaredError(_PerSampleMean):
    """Running mean of mean(square(y_true - y_pred)) per sample."""

    def __init__(self, name='mean_squared_error', dtype=None):
        super().__init__(formulas.mean_squared_error, name=name, dtype=dtype)


class MeanAbsoluteError(_PerSampleMean):
    """Running mean of mean(abs(y_true - y_pred)) per sample."""

    def __init__(self, name='mean_absolute_error', dtype=None):
        super().__init__(formulas.mean_absolute_error, name=name, dtype=dtype)


class MeanAbsolutePercentageError(_PerSampleMean):
    """Running mean of 100 * mean(abs((y_true - y_pred) / y_true)) per sample."""

    def __init__(self, name='mean_absolute_percentage_error', dtype=None):
        super().__init__(formulas.mean_absolute_percentage_error, name=name, dtype=dtype)


class MeanSquaredLogarithmicError(_PerSampleMean):
    """Running mean of mean(square(log(y_pred + 1) - log(y_true + 1))) per sample."""

    def __init__(self, name='mean_squared_logarithmic_error', dtype=None):
        super().__init__(formulas.mean_squared_logarithmic_error, name=name, dtype=dtype)


class LogCoshError(_PerSampleMean):
    """Running mean of mean(log(cosh(y_pred - y_true))) per sample."""

    def __init__(self, name='logcosh', dtype=None):
        super().__init__(formulas.log_cosh, name=name, dtype=dtype)


class CosineSimilarity(MeanMetricWrapper):
    """Running mean of the cosine similarity along ``axis`` (+1 for vectors pointing the same way)."""

    _direction = 'up'       # as Keras 3's: monitors in 'auto' mode maximize it (its function's name says nothing)

    def __init__(self, name='cosine_similarity', dtype=None, axis=-1):
        super().__init__(_similarity, name=name, dtype=dtype, axis=axis)
        self.axis = axis

    def get_config(self):
        # Keras 3.15 writes no axis (a reloaded metric reduces over -1 again), and neither does this
        return {'name': self.name, 'dtype': self._dtype}


def _similarity(y_true, y_pred, axis=-1):
    # The loss is the negated similarity; the metric reports the similarity itself.
    return -formulas.cosine_similarity(y_true, y_pred, axis)


class RootMeanSquaredError(Mean):
    """sqrt of the running mean of squared errors (over every element, not per-sample RMSEs)."""
    _direction = 'down'

    def __init__(self, name='root_mean_squared_error', dtype=None):
        super().__init__(name=name, dtype=dtype)

    def update_state(self, y_true, y_pred, sample_weight=None):
        with paused(), naming_errors(self):
            y_true = to_dtype(y_true, self._dtype, self.name, 'y_true')
            y_pred = to_dtype(y_pred, self._dtype, self.name, 'y_pred')
            y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
            squared_error = square(y_pred - y_true)
        return super().update_state(squared_error, sample_weight=sample_weight)

    def result(self):
        mean = super().result()._data
        return Tensor(backend.array_module(mean).sqrt(mean))
