"""Intersection-over-union metrics (Keras 3's IoU family), from one confusion matrix over classes.

State: ``total_confusion_matrix`` of shape (num_classes, num_classes), rows
the true classes and columns the predicted ones, each cell the summed
sample weights (int64 by default, as in Keras, so float weights are
truncated). Labels outside [0, num_classes), and ``ignore_class``, add
nothing. For class c, IoU = cm[c, c] / (row c + column c - cm[c, c]); the
result averages it over the target classes that occurred at all.
"""
import numbers
import operator

import numpy as np

from .. import backend
from ..errors import kernel_error
from ..losses.inputs import string_cast_error, to_dtype
from ..ops import reduce_sum
from ..ops.logic import argmax_array
from ..tensor import Tensor
from .metric import Metric, add_to, naming_errors

_EPSILON = 1e-7     # keras.backend.epsilon()


def _class_count(num_classes, what):
    """num_classes as Keras 3 takes it into its (num_classes, num_classes) shape: anything Python can use as
    an index (True is 1 class), else Python's TypeError ("'float' object cannot be interpreted as an
    integer"); a negative count fails making the (n, n) state in Keras's words. 0 classes pass here: IoU's
    check of its target ids refuses them in Keras's words (MeanIoU(0): "max() arg is an empty sequence")."""
    note = '%s: `num_classes` must be an integer >= 1, got %r' % (what, num_classes)
    try:
        count = operator.index(num_classes)
    except TypeError as error:
        error.add_note(note)
        raise
    if count < 0:
        error = ValueError("Cannot convert '(%d, %d)' to a shape. Negative dimensions are not allowed." % (count, count))
        error.add_note(note)
        raise error
    return count


def _gather_indices(target_class_ids, classes, xp):
    """The ids as Keras's take_along_axis uses them: cast to int32 (floats truncated, NaN the int32
    minimum), negative ones counted from the end; others are TF's GatherV2 error."""
    with np.errstate(invalid='ignore'):
        ids = np.asarray(target_class_ids, dtype='float64').astype('int32').astype('int64')
    ids = np.where(ids < 0, ids + classes, ids)
    bad = np.flatnonzero((ids < 0) | (ids >= classes))
    if bad.size:
        raise kernel_error('GatherV2', 'indices[0,%d] = %d is not in [0, %d)' % (bad[0], ids[bad[0]], classes),
                           named=True, note='target_class_ids %r: class ids must lie in [0, %d)'
                                            % (list(target_class_ids), classes))
    return xp.asarray(ids)


def _rounds_each_add(dtype, sample_weight, count):
    """Whether a batch's cells must be added one weight at a time: a float state narrower than float64
    with weights (fractions), or with more ones than its type counts exactly (bfloat16: 256)."""
    if dtype.kind not in 'fV' or dtype.itemsize == 8:
        return False
    exact = 2 ** 24 if dtype.itemsize == 4 else 2048 if dtype == np.float16 else 256
    return sample_weight is not None or count > exact


class _IoUBase(Metric):
    """The confusion-matrix state and its update; subclasses compute the result."""
    _direction = 'up'

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None, sparse_y_true=True,
                 sparse_y_pred=True, axis=-1):
        count = _class_count(num_classes, type(self).__name__)
        super().__init__(name=name, dtype=dtype or 'int64')
        self.num_classes = num_classes      # as given (np.int64(3) stays one in get_config, as in Keras 3)
        self._count = num_classes = count   # (True: 1) what the state's shape and the bounds use
        self.ignore_class = ignore_class
        self.sparse_y_true = sparse_y_true
        self.sparse_y_pred = sparse_y_pred
        self.axis = axis
        self.total_cm = self.add_variable((num_classes, num_classes), 'zeros', dtype=self._dtype,
                                          name='total_confusion_matrix')

    def _labels(self, values, sparse, role):
        data = to_dtype(values, None, self.name, role)._data
        if data.dtype.kind in 'OSU':       # Keras ops.casts the labels to the metric's dtype: TF's Cast refuses
            error = string_cast_error(self._dtype)
            error.add_note('%s must be numbers, got a %s tensor of shape %s' % (role, data.dtype, data.shape))
            raise error
        if data.dtype.kind not in 'iufb' and data.dtype.name != 'bfloat16':
            raise TypeError('%s must be numbers, got a %s tensor of shape %s' % (role, data.dtype, data.shape))
        if not sparse:      # one score per class along `axis`: the class is the highest one
            if data.ndim == 0 or not -data.ndim <= self.axis < data.ndim:
                raise ValueError('%s of shape %s has no axis %r to take the class from'
                                 % (role, tuple(data.shape), self.axis))
            # TF's ArgMax, where a NaN never wins (numpy's argmax picks the first NaN)
            data = argmax_array(backend.array_module(data), data, self.axis)
        return data.astype(self._dtype).reshape(-1)

    def batch_matrix(self, y_true, y_pred, sample_weight=None):
        """This batch's confusion matrix (a raw array), nothing added to the state yet."""
        true = self._labels(y_true, self.sparse_y_true, 'y_true')
        pred = self._labels(y_pred, self.sparse_y_pred, 'y_pred')
        xp = backend.array_module(pred)
        if sample_weight is None:
            weights = xp.ones(true.shape, self._dtype)
        else:
            # float states take the weights straight in their dtype (0.3 stays float64's 0.3)
            in_dtype = self._dtype if np.dtype(self._dtype).kind in 'fV' else None
            weights = to_dtype(sample_weight, in_dtype, self.name, 'sample_weight', keras_casts='errors')._data
            if weights.dtype.kind in 'OSU':     # Keras ops.casts the weights to the metric's dtype
                raise string_cast_error(self._dtype)
            # Keras warns only for weights that carry a float dtype (a Python list carries none)
            if 'float' in str(getattr(sample_weight, 'dtype', '')) and np.dtype(self._dtype).kind in 'iu':
                # Keras warns from its own update_state line, as often as TF runs it: at a fit / evaluate
                # step's traces, not on the steps that replay them
                from ..trace_time_logs import warn_as_traced
                warn_as_traced('You are passing weight as `float`, but dtype is `int`. This may result in an '
                               'incorrect weight due to type casting Consider using integer weights.')
            weights = weights.astype(self._dtype)
            weights = weights.reshape(-1) if weights.ndim > 1 else weights
            try:
                weights = xp.broadcast_to(weights, true.shape)
            except ValueError:      # Keras's ops.broadcast_to(sample_weight, shape(y_true))
                raise kernel_error('BroadcastTo', 'Incompatible shapes: [%s] vs. [%d]'
                                   % (','.join(map(str, weights.shape)), true.size),
                                   note='sample_weight of shape %s does not broadcast to the %d samples'
                                        % (tuple(weights.shape), true.size)) from None
        if true.shape != pred.shape and (true.size == 1 or pred.size == 1):
            # one label (or prediction) for every sample: TF's LogicalAnd and the arithmetic broadcast it
            shape = true.shape if true.size != 1 else pred.shape
            true, pred, weights = (xp.broadcast_to(a, shape) for a in (true, pred, weights))
        if true.shape != pred.shape:        # Keras's bounds mask ANDs the two: TF's LogicalAnd kernel
            raise kernel_error('LogicalAnd', 'Incompatible shapes: [%d] vs. [%d]' % (true.size, pred.size), named=True,
                               note='y_true and y_pred must hold one class per sample, got %d and %d classes'
                                    % (true.size, pred.size))
        n = self._count
        counted = (true >= 0) & (true < n) & (pred >= 0) & (pred < n)
        if self.ignore_class is not None:
            counted &= true != self.ignore_class
        # Keras casts each label to int64 on its own (float states truncate 0.7 to class 0) before the scatter
        index = xp.where(counted, true.astype('int64', copy=False) * n + pred.astype('int64', copy=False), 0)
        weights = xp.where(counted, weights, 0)
        if _rounds_each_add(weights.dtype, sample_weight, true.size) and xp is np:
            # TF's ScatterNd adds the weights one by one in the state's float type: float32 / float16 /
            # bfloat16 sums round at every add (bincount's float64 total, rounded once, differs)
            cells = np.zeros(n * n, weights.dtype)
            np.add.at(cells, index, weights)
            return cells.reshape(n, n)
        cells = xp.bincount(index, weights=weights, minlength=n * n)
        return cells.astype(self._dtype).reshape(n, n)

    def update_state(self, y_true, y_pred, sample_weight=None):
        """Add this batch's confusion matrix to the total.

        Raises:
            ValueError / TypeError: naming the metric, for labels that are not numbers, differing
                sample counts or weights that do not broadcast; the state is then unchanged.
        """
        with naming_errors(self):
            current = self.batch_matrix(y_true, y_pred, sample_weight)
        return self._add_batch(current)

    def _add_batch(self, current):
        """Add a batch's matrix to the total and return the new total, as Keras's ``total_cm.assign``."""
        add_to(self.total_cm, current)
        return Tensor(self.total_cm._data.copy())

    def _mean_iou(self, target_class_ids):
        cm = self.total_cm._data
        xp = backend.array_module(cm)
        true_positives = xp.diagonal(cm)
        if cm.dtype.kind in 'fV':       # the state's float type, summed as Keras's ops.sum (TF's Sum)
            denominator = reduce_sum(Tensor(cm), 0)._data + reduce_sum(Tensor(cm), 1)._data - true_positives
        else:
            denominator = cm.sum(axis=0) + cm.sum(axis=1) - true_positives
        ids = _gather_indices(target_class_ids, cm.shape[0], xp)
        true_positives = true_positives[ids].astype('float32')
        denominator = denominator[ids].astype('float32')
        valid = denominator > 1e-9
        iou = xp.where(valid, true_positives / (denominator + np.float32(_EPSILON)), np.float32(0))
        return Tensor((iou.sum() / (valid.sum(dtype='float32') + np.float32(_EPSILON))).astype('float32'))


class IoU(_IoUBase):
    """The mean IoU over ``target_class_ids`` (``keras.metrics.IoU``).

    Args:
        num_classes: the number of classes (labels are 0 .. num_classes - 1).
        target_class_ids: the classes to average over.
        ignore_class: a label to leave out (e.g. a void class), or None.
        sparse_y_true, sparse_y_pred: class indices (True) or one score per class along ``axis`` (False).
        name, dtype: as for every metric (dtype: the state's, int64 by default).
    Raises:
        ValueError: for a target class outside [0, num_classes).
    """

    def __init__(self, num_classes, target_class_ids, name=None, dtype=None, ignore_class=None,
                 sparse_y_true=True, sparse_y_pred=True, axis=-1):
        super().__init__(num_classes, name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=sparse_y_true, sparse_y_pred=sparse_y_pred, axis=axis)
        # Keras's one check, max(ids) < num_classes, and its errors (Python's for no list, an empty one or
        # strings); the ids are cast to int32 and may count from the end where the result gathers them
        try:
            top = max(target_class_ids)
            if top >= self.num_classes:
                raise ValueError('Target class id %s is out of range, which is [0, %s).' % (top, self.num_classes))
        except (TypeError, ValueError) as error:
            error.add_note('%s: `target_class_ids` must be a non-empty list of class indices in [0, %d), got %r'
                           % (type(self).__name__, self.num_classes, target_class_ids))
            raise
        self.target_class_ids = list(target_class_ids)

    def result(self):
        return self._mean_iou(self.target_class_ids)

    def get_config(self):
        return dict(super().get_config(), num_classes=self.num_classes, target_class_ids=self.target_class_ids,
                    ignore_class=self.ignore_class, sparse_y_true=self.sparse_y_true,
                    sparse_y_pred=self.sparse_y_pred, axis=self.axis)


class BinaryIoU(IoU):
    """IoU of binary predictions: ``y_pred >= threshold`` is class 1 (``keras.metrics.BinaryIoU``)."""

    def __init__(self, target_class_ids=(0, 1), threshold=0.5, name=None, dtype=None):
        super().__init__(2, target_class_ids, name=name, dtype=dtype)
        if isinstance(threshold, bool) or not isinstance(threshold, numbers.Real):
            raise ValueError('BinaryIoU: `threshold` must be a number, got %r' % (threshold,))
        self.threshold = threshold

    def update_state(self, y_true, y_pred, sample_weight=None):
        with naming_errors(self):
            scores = to_dtype(y_pred, None, self.name, 'y_pred')._data
            if scores.dtype.kind not in 'iufb' and scores.dtype.name != 'bfloat16':
                raise TypeError('y_pred must be numbers, got a %s tensor' % (scores.dtype,))
            classes = (scores.astype('float32') >= np.float32(self.threshold)).astype(self._dtype)
            current = self.batch_matrix(y_true, classes, sample_weight)
        return self._add_batch(current)

    def get_config(self):
        return {'target_class_ids': self.target_class_ids, 'threshold': self.threshold, 'name': self.name,
                'dtype': self._dtype}


class MeanIoU(IoU):
    """The IoU averaged over every class (``keras.metrics.MeanIoU``)."""

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None, sparse_y_true=True,
                 sparse_y_pred=True, axis=-1):
        count = _class_count(num_classes, type(self).__name__)
        if not count:     # Keras's max(target_class_ids) of list(range(0)), in Python's words
            error = ValueError('max() arg is an empty sequence')
            error.add_note('%s: `num_classes` must be an integer >= 1, got 0' % type(self).__name__)
            raise error
        super().__init__(num_classes, list(range(count)), name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=sparse_y_true, sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self):
        return {'num_classes': self.num_classes, 'name': self.name, 'dtype': self._dtype,
                'ignore_class': self.ignore_class, 'sparse_y_true': self.sparse_y_true,
                'sparse_y_pred': self.sparse_y_pred, 'axis': self.axis}


class OneHotIoU(IoU):
    """IoU for one-hot labels (and, by default, per-class scores) (``keras.metrics.OneHotIoU``)."""

    def __init__(self, num_classes, target_class_ids, name=None, dtype=None, ignore_class=None,
                 sparse_y_pred=False, axis=-1):
        super().__init__(num_classes, target_class_ids, name=name, dtype=dtype, ignore_class=ignore_class,
                         sparse_y_true=False, sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self):
        return {'num_classes': self.num_classes, 'target_class_ids': self.target_class_ids, 'name': self.name,
                'dtype': self._dtype, 'ignore_class': self.ignore_class, 'sparse_y_pred': self.sparse_y_pred,
                'axis': self.axis}


class OneHotMeanIoU(MeanIoU):
    """MeanIoU for one-hot labels (and, by default, per-class scores) (``keras.metrics.OneHotMeanIoU``)."""

    def __init__(self, num_classes, name=None, dtype=None, ignore_class=None, sparse_y_pred=False, axis=-1):
        super().__init__(num_classes, name=name, dtype=dtype, ignore_class=ignore_class, sparse_y_true=False,
                         sparse_y_pred=sparse_y_pred, axis=axis)

    def get_config(self):
        return {'num_classes': self.num_classes, 'name': self.name, 'dtype': self._dtype,
                'ignore_class': self.ignore_class, 'sparse_y_pred': self.sparse_y_pred, 'axis': self.axis}
