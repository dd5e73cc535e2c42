"""Counting true/false positives/negatives at thresholds: the state behind Precision, Recall, AUC and friends.

Follows Keras 3's ``metrics_utils.update_confusion_matrix_variables``: a
prediction is positive at threshold t when ``y_pred > t`` (strictly), a label
is positive when it is non-zero, and each count is the sum of the weights
(sample weight times label weight, 1 by default). Counts are computed on raw
arrays (numpy or cupy, one code path) and returned; the caller adds them to its
state only once every check has passed, so a bad batch changes nothing.
"""
import numbers

import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, kernel_error
from ..losses.inputs import squeeze_or_expand_to_same_rank, to_dtype
from ..ops import eigen_sum, expand_dims
from ..ops.shapes import broadcast_to_text
from ..trace_names import open_batch
from .reduction import not_recording

NEG_INF = -1e10     # Keras's score for predictions outside the top k: below every threshold
EPSILON = 1e-7      # keras.backend.epsilon(): AUC's outer thresholds sit this far outside [0, 1]
KINDS = ('tp', 'fp', 'tn', 'fn')


def describe(metric):
    """'Precision 'precision'': the class and the name, for error messages."""
    return '%s %r' % (type(metric).__name__, metric.name)


def parse_thresholds(thresholds, default, what, check_range=True):
    """``thresholds`` (a float or a list of floats in [0, 1], maybe empty: Keras 3 then counts at no
    threshold) as a list; ``[default]`` for None. AUC takes any numbers (``check_range=False``), as Keras 3's AUC does.

    Raises:
        ValueError: naming ``what`` for a threshold outside [0, 1], NaN or not a number.
    """
    if thresholds is None:
        return [default]
    values = list(thresholds) if isinstance(thresholds, (list, tuple)) or (isinstance(thresholds, np.ndarray)
                                                                          and thresholds.ndim) else [thresholds]
    if check_range:     # Keras 3's assert_thresholds_range (a string fails its comparison: Python's TypeError)
        # on Keras's to_list(thresholds), which wraps anything but a list: a tuple (0.3, 0.6) fails the comparison
        # with TypeError "'<' not supported between instances of 'tuple' and 'int'", an array of several
        # values with numpy's 'truth value ... is ambiguous' ValueError, as on TF 2.21
        bad = [t for t in (thresholds if isinstance(thresholds, list) else [thresholds]) if t is None or t < 0 or t > 1]
        if bad:
            error = ValueError('Threshold values must be in [0, 1]. Received: %s' % (bad,))
            error.add_note('%s: received thresholds=%r' % (what, thresholds))
            raise error
    return [float(t) for t in values]


def evenly_spaced(thresholds):
    """Whether the thresholds are 0, 1/(n-1), ..., 1 (n >= 3): counts then take one pass over the data."""
    n = len(thresholds)
    if n < 3:
        return False
    return bool(np.allclose(thresholds, np.arange(n, dtype=np.float32) / (n - 1), atol=EPSILON))


def divide_no_nan(numerator, denominator):
    """numerator / denominator on raw arrays, 0 where the denominator is 0."""
    xp = backend.array_module(numerator)
    empty = denominator == 0
    return xp.where(empty, 0, numerator / (denominator + empty)).astype(numerator.dtype, copy=False)


def _top_k_count(k, note):
    """k as TF's top_k converts it: an integer (True is 1); a float is the int32 conversion's TypeError,
    a list TopKV2's 'k must be scalar', a string its attr check (InvalidArgumentError)."""
    if isinstance(k, numbers.Integral):
        return int(k)
    if isinstance(k, (float, np.floating)):
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (k,))
    elif isinstance(k, (str, bytes)):
        error = InvalidArgumentError("Value for attr 'Tk' of string is not in the list of allowed values: int16, "
                                     'int32, int64')
    elif np.ndim(k):
        error = kernel_error('TopKV2', 'k must be scalar, got shape [%s]' % ','.join(map(str, np.shape(k))))
    else:
        error = TypeError('Cannot convert %r to EagerTensor of dtype int32' % (k,))
    error.add_note(note)
    raise error


def _keep_top_k(pred, k, xp, what):
    """Scores outside each row's k highest set to NEG_INF (ties go to the lower index, as top_k does)."""
    classes = pred.shape[-1] if pred.ndim else 0
    k = _top_k_count(k, '%s: top_k must be an integer, got %r' % (what, k))
    if not 0 <= k <= classes:       # TF 2.21's TopKV2 kernel words it (k=0 keeps nothing, as in TF)
        raise kernel_error('TopKV2', 'Need k >= 0, got %d' % k if k < 0 else
                           'input must have at least k columns. Had %d, needed %d' % (classes, k), named=True,
                           note='%s: top_k must lie in [0, %d] (the last axis of y_pred %s), got %r'
                                % (what, classes, tuple(pred.shape), k))
    order = xp.argsort(-pred, axis=-1, kind='stable')
    rank = xp.argsort(order, axis=-1, kind='stable')      # each score's place in its row's order
    return xp.where(rank < k, pred, pred.dtype.type(NEG_INF))


def _inputs(y_true, y_pred, sample_weight, dtype, what):
    """Raw (labels, predictions, sample weights or None) with Keras's rank alignment."""
    with not_recording():
        # Keras ops.casts all three to the variables' dtype
        y_pred = to_dtype(y_pred, dtype, what, 'y_pred', keras_casts=True)
        y_true = to_dtype(y_true, dtype, what, 'y_true', keras_casts=True)
        y_pred, y_true = squeeze_or_expand_to_same_rank(y_pred, y_true)
        if sample_weight is not None:
            # One weight per sample is (N,) -> (N, 1): it then broadcasts over the classes.
            sample_weight = expand_dims(to_dtype(sample_weight, dtype, what, 'sample_weight', keras_casts=True), -1)
            _, sample_weight = squeeze_or_expand_to_same_rank(y_true, sample_weight, expand_rank_1=False)
            sample_weight = sample_weight._data
    return y_true._data, y_pred._data, sample_weight


def _same_shape_labels(true, pred, thresholds, evenly, multi_label, what):
    """Labels of y_pred's shape, where Keras 3 gets them: both are flattened, so equal sizes pair up
    whatever the shapes, and one label broadcasts over every prediction on the thresholded path.
    Other sizes fail where TF fails: the bucketed path's segment_sum check (AUC, *AtRecall, ...),
    else the LogicalAnd of the [thresholds, labels] and [thresholds, predictions] tiles."""
    if true.shape == pred.shape:
        return true
    note = ('%s: y_true and y_pred must have the same shape, got y_true %s and y_pred %s (labels are 0/1 '
            'per prediction, not class indices)' % (what, tuple(true.shape), tuple(pred.shape)))
    if multi_label:
        raise ValueError(note)
    if true.size == pred.size:
        return true.reshape(pred.shape)
    if evenly and (None in open_batch(tuple(true.shape)) or None in open_batch(tuple(pred.shape))):
        # A Keras step traced on batches of unknown size flattens both to (None,): Keras's static check
        # passes and the UnsortedSegmentSum kernel refuses the lengths as the step runs (TF 2.21)
        error = kernel_error('UnsortedSegmentSum', 'data.shape = [%d] does not start with segment_ids.shape = [%d]'
                             % (true.size, pred.size))
    elif evenly:
        error = ValueError('Argument `segment_ids` and `data` should have same leading dimension. '
                           'Got (%d,) v.s. (%d,).' % (pred.size, true.size))
    elif true.size == 1:
        return backend.array_module(pred).broadcast_to(true.reshape(()), pred.shape)
    elif None in open_batch(tuple(true.shape)) or None in open_batch(tuple(pred.shape)):
        # the step's graph runs it: grappler has sorted the commutative LogicalAnd's inputs by node name,
        # (Greater, Tile_2), so TF 2.21's kernel names the predictions' tile first
        error = kernel_error('LogicalAnd', 'Incompatible shapes: [%d,%d] vs. [%d,%d]'
                             % (len(thresholds), pred.size, len(thresholds), true.size))
    else:
        error = kernel_error('LogicalAnd', 'Incompatible shapes: [%d,%d] vs. [%d,%d]'
                             % (len(thresholds), true.size, len(thresholds), pred.size), named=True)
    error.add_note(note)
    raise error


def _check_class_id(class_id, shape, what, operand='y_pred'):
    """Keras 3 slices ``y_pred[..., class_id, None]`` with TF's indexing: a negative class_id counts from the
    last class, a non-integer is TF's indexing TypeError, one past the classes StridedSlice's error."""
    note = ('%s: class_id=%r needs %s of shape (samples, classes) with class_id in [-classes, classes), '
            'got %s %s' % (what, class_id, operand, operand, tuple(shape)))
    if len(shape) == 1:
        error = ValueError('When class_id is provided, y_pred must be a 2D array with shape (num_samples, '
                           'num_classes), found shape: %s' % (tuple(shape),))
    elif not isinstance(class_id, numbers.Integral):
        error = TypeError('Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
                          'tf.int32/tf.int64 tensors are valid indices, got %r' % (class_id,))
    elif len(shape) and -shape[-1] <= class_id < shape[-1]:
        return
    else:
        classes = shape[-1] if len(shape) else 0
        error = kernel_error('StridedSlice', 'slice index %d of dimension %d out of bounds.'
                             % (class_id + classes if class_id < 0 else class_id, max(len(shape) - 1, 0)),
                             named='strided_slice/')
    error.add_note(note)
    raise error


def confusion_counts(y_true, y_pred, thresholds, kinds, what, dtype='float32', sample_weight=None, top_k=None,
                     class_id=None, multi_label=False, label_weights=None, evenly=False):
    """This batch's weighted counts at each threshold.

    Args:
        thresholds: list of floats (NEG_INF allowed, for top_k).
        kinds: which of 'tp', 'fp', 'tn', 'fn' to count.
        what: the metric, as error messages name it.
        sample_weight: broadcastable to y_pred (one weight per sample, or per entry).
        top_k: count only each row's k highest scores as predicted positive.
        class_id: count only this class (the last axis of y_pred).
        multi_label: keep the last axis apart (counts of shape (T, labels)); else flatten everything.
        label_weights: one weight per label (last axis), when not multi_label.
        evenly: the thresholds are evenly spaced (see ``evenly_spaced``) or AUC's [-eps, ..., 1 + eps].
    Returns:
        {kind: raw array of shape (T,) or (T, labels)} in ``dtype``.
    Raises:
        ValueError: naming ``what`` for mismatched shapes, a bad class_id or top_k.
    """
    true, pred, weights = _inputs(y_true, y_pred, sample_weight, dtype, what)
    xp = backend.array_module(pred)
    if top_k is not None:
        pred = _keep_top_k(pred, top_k, xp, what)
    if class_id is not None:
        if pred.ndim != 1 and true.ndim > 1:
            # Keras slices y_true first: a y_true of fewer classes meets StridedSlice's error there (TF 2.21:
            # Recall(top_k=1, class_id=2) on y_true (6, 2), y_pred (6, 3) 'slice index 2 of dimension 1 out of bounds.')
            _check_class_id(class_id, true.shape, what, 'y_true')
        _check_class_id(class_id, pred.shape, what)
        true, pred = true[..., class_id, None], pred[..., class_id, None]
    if weights is not None:
        weights = _broadcast(xp.asarray(weights, dtype=dtype), pred.shape, 'sample_weight', what, xp)
    true = _same_shape_labels(true, pred, thresholds, evenly, multi_label, what)
    if label_weights is not None and not multi_label:
        lw = _broadcast(xp.asarray(label_weights, dtype=dtype)[None], pred.shape, 'label_weights', what, xp)
        weights = lw if weights is None else weights * lw
    positive = true != 0
    if multi_label and pred.ndim != 2:
        raise ValueError('%s: multi_label needs y_pred of shape (samples, labels), got %s' % (what, pred.shape))
    if not multi_label:
        positive, pred = positive.reshape(-1), pred.reshape(-1)
        weights = None if weights is None else weights.reshape(-1)
    if multi_label and evenly:
        # Keras's optimized update runs tp's and fp's per-label segment sums through backend.vectorized_map:
        # two eager pfor calls, whose tf.functions TF's retracing warning counts (an AUC(multi_label=True)'s
        # third eager update logs '5 out of the last 5 calls to <function pfor.<locals>.f ...>')
        from ..pfor_tracing import pfor_called     # (late: function imports ops)
        pfor_called()
        pfor_called()
    count = _bucketed if evenly else _compared
    counts = count(positive, pred, weights, thresholds, kinds, xp)
    return {kind: xp.asarray(counts[kind], dtype=dtype) for kind in kinds}


def _broadcast(values, shape, role, what, xp):
    """``values`` broadcast to y_pred's ``shape``; sample or label weights that do not fail with the
    InvalidArgumentError of Keras's ops.broadcast_to (TF's BroadcastTo kernel)."""
    try:
        return xp.broadcast_to(values, shape)
    except ValueError:
        note = ('%s: %s of shape %s does not broadcast to y_pred of shape %s'
                % (what, role, tuple(values.shape), tuple(shape)))
        raise kernel_error('BroadcastTo', broadcast_to_text(values.shape, shape), note=note) from None


def _compared(positive, pred, weights, thresholds, kinds, xp):
    """Counts by comparing every prediction with every threshold: O(thresholds x predictions)."""
    cut = xp.asarray(thresholds, dtype=pred.dtype).reshape((-1,) + (1,) * pred.ndim)
    above = pred[None] > cut                      # (T, predictions) or (T, samples, labels)
    positive = positive[None]
    masks = {'tp': lambda: positive & above, 'fp': lambda: ~positive & above,
             'tn': lambda: ~positive & ~above, 'fn': lambda: positive & ~above}
    if pred.dtype.kind == 'V':      # bfloat16 (thresholds too): TF's Sum adds in float32 and rounds once
        counts = _compared(positive[0], pred.astype(np.float32), None if weights is None else weights.astype(np.float32),
                           np.asarray(thresholds, pred.dtype).astype(np.float32), kinds, xp)
        return {kind: count.astype(pred.dtype) for kind, count in counts.items()}
    counts = {}
    for kind in kinds:
        mask = masks[kind]()
        if weights is None:     # whole counts: any order of adding is exact
            counts[kind] = mask.astype(pred.dtype).sum(axis=1)
        elif mask.ndim == 2:    # Keras's ops.sum over the flat predictions: Eigen's row order (its last bit)
            counts[kind] = _threshold_row_sums(xp.where(mask, weights[None], 0))
        else:
            counts[kind] = xp.where(mask, weights[None], 0).sum(axis=1)
    return counts


def _threshold_row_sums(weighted):
    """Rows of weighted hits (one per threshold, or per label) summed in Eigen's order at any length.
    eigen_sum's general rule keeps numpy's sum for arrays past 65,536 values outside exact mode (the
    cost of its many callers); here building the rows already costs more than the tree sums, and a
    large update (thresholds=[.2, .5] on 70,000 predictions, AUC(multi_label=True) on 25,000 x 4)
    would otherwise print a count's last bit apart from TF 2.21."""
    if type(weighted) is np.ndarray and weighted.dtype == np.float32 and weighted.size > eigen_sum.MAX_SIZE:
        return eigen_sum.row_sums(weighted)
    return eigen_sum.sum_last_axis(weighted)


def _bucketed(positive, pred, weights, thresholds, kinds, xp):
    """Counts in one pass, for evenly spaced thresholds (Keras's optimized update).

    Prediction p falls in bucket ceil(p * (T - 1)) - 1, the last threshold it
    exceeds; the count at threshold i is then the sum of buckets i and above.
    AUC's thresholds start just below 0, so p = 0 joins bucket 0 there;
    otherwise it exceeds no threshold (and NaN never does).
    """
    n = len(thresholds)
    # (Keras multiplies in the state's dtype: numpy would promote bfloat16 to float32 here)
    bucket = xp.ceil((xp.clip(pred, 0, 1) * (n - 1)).astype(pred.dtype, copy=False)) - 1
    if thresholds[0] < 0:
        bucket = xp.maximum(bucket, 0)
    counted = bucket >= 0
    index = xp.where(counted, bucket, 0).astype('int64')
    labels = pred.shape[1] if pred.ndim == 2 else 1
    if pred.ndim == 2:
        index = index + xp.arange(labels) * n          # each label its own run of n buckets
    dtype = pred.dtype
    ones = xp.ones(pred.shape, dtype) if weights is None else weights
    true_weight, false_weight = xp.where(positive, ones, 0), xp.where(positive, 0, ones)

    # Sums per bucket, running sums and the negatives' totals stay in the
    # state's dtype, as in Keras: its float32 rounding shows in weighted counts.
    def above(weight):
        flat_weight = xp.where(counted, weight, 0).reshape(-1)
        if weights is not None and xp is np:
            # TF's UnsortedSegmentSum adds each bucket's weights one by one in the state's float32
            per_bucket = np.zeros(n * labels, dtype)
            np.add.at(per_bucket, index.reshape(-1), flat_weight.astype(dtype, copy=False))
        else:       # counts of ones are exact in any order
            per_bucket = xp.bincount(index.reshape(-1), weights=flat_weight, minlength=n * labels).astype(dtype)
        per_bucket = per_bucket.reshape(labels, n)
        total = xp.cumsum(per_bucket[:, ::-1], axis=1, dtype=dtype)[:, ::-1]
        return total.T if pred.ndim == 2 else total[0]

    def everything(weight):
        # Keras's ops.sum of the labels' weights (per label when multi_label): Eigen's order, so
        # sum - cumsum's first entry (tn, fn at the lowest threshold) keeps TF's rounding residue
        if pred.ndim == 2:
            columns = xp.ascontiguousarray(weight.T.astype(dtype, copy=False))
            if dtype.kind == 'V':       # bfloat16: TF's Sum adds in float32 and rounds once
                return eigen_sum.sum_last_axis(columns.astype(np.float32)).astype(dtype)
            return _threshold_row_sums(columns)
        return eigen_sum.sum_all(weight.astype(dtype, copy=False))

    counts = {}
    if 'tp' in kinds or 'fn' in kinds:
        tp = above(true_weight)
        counts['tp'], counts['fn'] = tp, everything(true_weight) - tp
    if 'fp' in kinds or 'tn' in kinds:
        fp = above(false_weight)
        counts['fp'], counts['tn'] = fp, everything(false_weight) - fp
    return counts
