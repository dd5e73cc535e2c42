"""``Sum``, ``Mean`` and ``MeanMetricWrapper``: the metrics every per-sample metric is built on.

A batch of values is first reduced to one value per sample (the mean over
the other axes), weighted by ``sample_weight`` where given; ``Mean`` then
keeps the running total and the running count (or weight sum), as Keras 3 does.
"""
import contextlib
import math
import types

import numpy as np
from numpy import ndarray  # (not np.ndarray on hot paths: see backend.py)

from .. import backend
from ..errors import InvalidArgumentError, OpError
from ..losses.inputs import keras_mean, squeeze_or_expand_to_same_rank, to_dtype
from ..losses.fused import difference_means_array
from ..losses.reduction import apply_mask
from ..losses.registry import KERAS_LOSS_CLASSES
from ..losses.regression import mean_absolute_error, mean_squared_error
from ..losses.tensor_notes import NOTES as TENSOR_NOTES, get_keras_mask
from ..ops import broadcast_to, cast, eigen_sum, reduce_mean, reduce_sum
from ..tape import ACTIVE, paused
from ..tensor import Tensor
from .metric import Metric, add_to, note_metric

_NOTHING_TO_PAUSE = contextlib.nullcontext()
# A metric's dtype name -> the numpy dtype its state holds (compared by identity on every update)
_HOST_DTYPES = {name: np.dtype(name) for name in ('float16', 'float32', 'float64')}
_HOST_VALUES = {np.ndarray, np.float16, np.float32, np.float64}     # a loss is often a numpy scalar


def not_recording():
    """``paused()``, or when no tape records anywhere (a metric called after the
    tape, as training loops do) a context that costs nothing: ``paused`` looks up
    the thread's tapes on every entry, and metrics run on every step."""
    return paused() if ACTIVE else _NOTHING_TO_PAUSE


def _ops_mean(x, axis):
    """keras.ops.mean as Keras's Mean reduces per-sample values: integer (and bool) values are averaged in
    float32 and stay float32 (its TF backend's compute dtype), others as keras_mean."""
    if x._data.dtype.kind in 'iub':
        return reduce_mean(cast(x, 'float32'), axis)
    return keras_mean(x, axis)


def samplewise_values(values, sample_weight, reduce_fn, dtype, what):
    """(values, weights), each reduced to one entry per sample (Keras's ``reduce_to_samplewise_values``).

    Raises:
        InvalidArgumentError: the BroadcastTo kernel's, when the weights do not broadcast to the values
            (a note names ``what``).
    """
    mask = get_keras_mask(values)
    values = to_dtype(values, dtype, what, 'values')
    if sample_weight is not None:
        sample_weight = to_dtype(sample_weight, dtype, what, 'sample_weight')
        sample_weight = apply_mask(sample_weight, mask, dtype, 'sum')
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        weight_rank, values_rank = sample_weight.ndim, values.ndim
        if values_rank > weight_rank:
            values = reduce_fn(values, list(range(weight_rank, values_rank)))
        # Broadcasting the weights changes their total, which is what Mean counts; weights that
        # do not broadcast raise BroadcastTo's own error, as Keras's do, with a note naming the metric.
        try:
            sample_weight = broadcast_to(sample_weight, values.shape)
        except InvalidArgumentError as error:
            error.add_note('%s: sample_weight of shape %s does not broadcast to the values of shape %s; '
                           'give one weight per sample' % (what, tuple(sample_weight.shape), tuple(values.shape)))
            from ..graph_split_errors import note_metric_weight_refusal     # (late: a trace's error path only)
            note_metric_weight_refusal(error, sample_weight, values.shape)
            raise
        values = values * sample_weight
        if weight_rank > 1:
            sample_weight = reduce_fn(sample_weight, list(range(1, weight_rank)))
    if values.ndim > 1:
        values = reduce_fn(values, list(range(1, values.ndim)))
    return values, sample_weight


class Sum(Metric):
    """The (weighted) sum of all values seen: [1, 3, 5, 7] -> 16."""

    def __init__(self, name='sum', dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), 'zeros', dtype=self._dtype, name='total')

    def update_state(self, values, sample_weight=None):
        with not_recording():
            values, _ = samplewise_values(values, sample_weight, reduce_sum, self._dtype, self.name)
        add_to(self.total, eigen_sum.sum_all(values._data))     # Keras's ops.sum: TensorFlow's order

    def result(self):
        return Tensor(self.total._data.copy())


class Mean(Metric):
    """The (weighted) mean of all values seen: total / count, 0 before any update.

    Each sample counts once (its own values are averaged first); with
    ``sample_weight`` the count is the sum of the weights.
    """

    def __init__(self, name='mean', dtype=None):
        super().__init__(name=name, dtype=dtype)
        self.total = self.add_variable((), 'zeros', dtype=self._dtype, name='total')
        self.count = self.add_variable((), 'zeros', dtype=self._dtype, name='count')

    def update_state(self, values, sample_weight=None):
        if sample_weight is None and type(values) is Tensor:
            data, total = values._data, self.total._data
            if type(data) in _HOST_VALUES and data.ndim < 2 and type(total) is ndarray \
                    and data.dtype is _HOST_DTYPES.get(self._dtype) and id(values) not in TENSOR_NOTES:
                # A loss (a scalar) or one value per sample, on the host and without notes (so
                # without a mask): a training loop's every step.
                self._add_host_values(data, total)
                return
        if type(values) is Tensor and type(sample_weight) is Tensor and not values._data.ndim \
                and not sample_weight._data.ndim and values._data.dtype == self._dtype \
                and sample_weight._data.dtype == self._dtype \
                and (id(values) not in TENSOR_NOTES or get_keras_mask(values) is None) \
                and (id(sample_weight) not in TENSOR_NOTES or get_keras_mask(sample_weight) is None):
            # A scalar weighted by a scalar (fit's loss tracker: the loss times the batch
            # size): what the general path computes, without its conversions.
            weight, total, count = sample_weight._data, self.total._data, self.count._data
            if type(total) is np.ndarray and type(count) is np.ndarray and type(weight) in _HOST_VALUES \
                    and type(values._data) in _HOST_VALUES:
                # on the host, numpy scalar arithmetic: the same float ops as below, a tenth of 0-d ufuncs' cost
                value, weight = values._data[()], weight[()]
                total[()] = total[()] + value * weight
                count[()] = count[()] + weight
                return
            add_to(self.total, values._data * weight)
            add_to(self.count, weight)
            return
        if sample_weight is None and type(values) is Tensor and values._data.dtype == self._dtype \
                and values._data.dtype.kind == 'f' and get_keras_mask(values) is None:
            # (integer values of an integer state take the general path: Keras's ops.mean averages them in
            # float32 and the state truncates the sum, RootMeanSquaredError(dtype='int32') on TF 2.21)
            # The common case (a loss, a per-sample metric value) without the general
            # path's conversions; the per-sample mean as reduce_mean computes it.
            data = values._data
            if data.ndim > 1:
                per_sample = math.prod(data.shape[1:])
                rows = data.reshape(data.shape[0], per_sample)
                if data.dtype.itemsize == 2:        # Keras's ops.mean averages half precision in float32
                    data = (eigen_sum.sum_last_axis(rows.astype(np.float32)) / per_sample).astype(data.dtype)
                else:
                    data = eigen_sum.sum_last_axis(rows) / per_sample
        else:
            with not_recording():
                values, sample_weight = samplewise_values(values, sample_weight, _ops_mean, self._dtype,
                                                          self.name)
            data = values._data
            if data.dtype.kind == 'f' and self.total._data.dtype.kind in 'iu':
                # an integer state: Keras sums the float per-sample means and assign_add casts the total (truncates)
                count = data.shape[0] if sample_weight is None else eigen_sum.sum_all(sample_weight._data)
                add_to(self.total, eigen_sum.sum_all(data).astype(self.total._data.dtype))
                add_to(self.count, backend.array_module(data).asarray(count).astype(self.count._data.dtype))
                return
        if sample_weight is not None:
            count = eigen_sum.sum_all(sample_weight._data)       # Keras's ops.sum: TensorFlow's order too
        else:
            count = backend.array_module(data).asarray(data.shape[0] if data.ndim else 1, dtype=data.dtype)
        # Keras sums with ops.sum: TensorFlow's order (and without xp.sum's Python-level dispatch).
        add_to(self.total, eigen_sum.sum_all(data))
        add_to(self.count, count)

    def _add_host_values(self, data, total):
        """Add a host array of at most one axis (of the metric's dtype) to ``total`` (the host state) and
        count its values. Numpy scalar arithmetic does the float ops ``+=`` on the 0-d state arrays would
        (the same bits), at a tenth of a 0-d ufunc's cost (~1k instructions against ~10k, callgrind)."""
        count = self.count._data
        if data.ndim:
            total[()] = total[()] + eigen_sum.sum_all(data)
            count[()] = count[()] + data.shape[0]
        else:
            total[()] = total[()] + data[()]
            count[()] = count[()] + 1

    def result(self):
        total, count = self.total._data, self.count._data
        if type(total) is ndarray and type(count) is ndarray:
            # On the host, scalar arithmetic gives the same bits as the array
            # ops below, in a fraction of their time (training loops read it every step).
            t, c = total[()], count[()]
            mean = t / c if c != 0 else t.dtype.type(0)
            return Tensor(mean if mean.dtype is _HOST_DTYPES.get(self._dtype) else self._other_dtype_mean(t, c, mean))
        xp = backend.array_module(total)
        if xp.dtype(self._dtype).kind in 'iu':
            total, count = total.astype(xp.float32), count.astype(xp.float32)
        # divide_no_nan, without a host round trip: 0 until something was counted.
        # count + empty is count, or exactly 1 where nothing was counted.
        empty = count == 0
        mean = xp.where(empty, 0, total / (count + empty))
        return Tensor(mean.astype(mean.dtype if xp.dtype(self._dtype).kind in 'iu' else self._dtype, copy=False))

    def _other_dtype_mean(self, t, c, mean):
        """The mean in the metric's dtype; an integer metric's mean is float32, as Keras 3's divide_no_nan
        casts integer operands to float (Mean(dtype='int32') of [1, 2, 4] is 2.3333333, not 2)."""
        if np.dtype(self._dtype).kind in 'iu':
            return np.float32(t) / np.float32(c) if c != 0 else np.float32(0)
        return np.asarray(mean).astype(self._dtype)


# Per-sample functions with a form on raw arrays (see MeanMetricWrapper._update_arrays).
_ARRAY_FORMS = {mean_squared_error: 'squared', mean_absolute_error: 'absolute'}


def _direction_of(fn_name):
    """Whether a wrapped function's mean should go up or down (Keras 3 sets
    ``_direction`` for the same functions; monitors in 'auto' mode read it)."""
    if 'accuracy' in fn_name or fn_name in ('cosine_similarity', 'iou'):
        return 'up'
    if fn_name.startswith(('mean_', 'binary_crossentropy', 'categorical_crossentropy', 'sparse_categorical_cross',
                           'kl_divergence', 'kld', 'poisson', 'huber', 'log_cosh', 'hinge', 'squared_hinge',
                           'categorical_hinge', 'mse', 'mae', 'mape', 'msle')):
        return 'down'
    return None


class MeanMetricWrapper(Mean):
    """The mean of a per-sample function ``fn(y_true, y_pred, **kwargs)`` over all samples seen.

    Args:
        fn: returns one value per sample (a loss or an accuracy function).
        name: the metric's name (default: snake_case of the class name).
        dtype: the state's dtype (float32).
        **kwargs: passed on to ``fn``.
    """

    def __init__(self, fn, name=None, dtype=None, **kwargs):
        # (Keras 3 takes any fn here: one that is no function fails at update_state, "'NoneType' object is
        # not callable")
        super().__init__(name=name, dtype=dtype)
        self._fn = fn
        self._fn_kwargs = kwargs
        # MSE and MAE have a form on raw arrays (see _update_arrays); looked up once. Functions with an
        # ``array_form`` (sparse_categorical_accuracy) have that (_update_by_form)
        plain = isinstance(fn, types.FunctionType) and not kwargs
        self._array_form = _ARRAY_FORMS.get(fn) if plain else None
        self._values_form = getattr(fn, 'array_form', None) if plain else None
        if self._direction is None:
            # a loss object given as a metric (compile(metrics=[keras.losses.BinaryCrossentropy(...)]))
            # goes down as Keras's ALL_OBJECTS check says; functions by their name
            self._direction = 'down' if type(fn) in KERAS_LOSS_CLASSES else _direction_of(getattr(fn, '__name__', ''))

    def update_state(self, y_true, y_pred, sample_weight=None):
        if ACTIVE:                  # called under a tape: record nothing
            with paused():
                return self._update(y_true, y_pred, sample_weight)
        return self._update(y_true, y_pred, sample_weight)

    def _update(self, y_true, y_pred, sample_weight):
        if sample_weight is None and self._array_form is not None and self._update_arrays(y_true, y_pred):
            return None
        if sample_weight is None and self._values_form is not None and self._update_by_form(y_true, y_pred):
            return None
        # try/except rather than naming_errors(): no context manager on every step
        try:
            mask = get_keras_mask(y_pred)
            values = self._fn(y_true, y_pred, **self._fn_kwargs)
            if mask is not None:
                sample_weight = apply_mask(sample_weight, mask, self._dtype, 'sum')
            return Mean.update_state(self, values, sample_weight=sample_weight)
        except (TypeError, ValueError, OpError) as err:
            note_metric(self, err)
            raise

    def _update_arrays(self, y_true, y_pred):
        """MSE / MAE on host arrays of one shape and the metric's dtype (a training loop's
        every step): the per-sample values computed as the fused loss op computes them,
        without converting to tensors. False where anything differs (the general path runs)."""
        p = y_pred._data if type(y_pred) is Tensor else None
        t = y_true._data if type(y_true) is Tensor else y_true
        if type(p) is not ndarray or type(t) is not ndarray or p.ndim < 2 or t.shape != p.shape \
                or p.dtype is not _HOST_DTYPES.get(self._dtype) or t.dtype is not p.dtype \
                or id(y_pred) in TENSOR_NOTES:       # (notes: perhaps a mask; the general path reads it)
            return False
        values = difference_means_array(self._array_form, t, p)
        total = self.total._data
        if type(total) is ndarray and values.ndim < 2:
            self._add_host_values(values, total)       # what Mean.update_state does with them, without a Tensor
        else:
            Mean.update_state(self, Tensor(values))
        return True

    def _update_by_form(self, y_true, y_pred):
        """The function's ``array_form(y_true, y_pred)`` on raw arrays: its per-sample values, or None
        where the function itself must run; a masked y_pred always runs it (the mask weighs the values)."""
        t = y_true._data if type(y_true) is Tensor else y_true
        if get_keras_mask(y_pred) is not None:
            return False
        values = self._values_form(t, y_pred._data if type(y_pred) is Tensor else y_pred)
        if values is None:
            return False
        Mean.update_state(self, Tensor(values))
        return True

    def get_config(self):
        # Keras 3 writes the function as serialize_keras_object does ({'module': 'builtins',
        # 'class_name': 'function', 'config': name, ...}), so a user's function is found again by name.
        from framework.keras.object_serialization import serialize_keras_object
        return dict(super().get_config(), fn=serialize_keras_object(self._fn), **self._fn_kwargs)

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if isinstance(config.get('fn'), dict):
            from framework.keras.object_serialization import deserialize_keras_object
            config['fn'] = deserialize_keras_object(config['fn'])
        elif 'fn' in config:                    # tapeflow's older files: the bare name
            from .registry import function_by_name
            config['fn'] = function_by_name(config['fn'])
        return cls(**config)
