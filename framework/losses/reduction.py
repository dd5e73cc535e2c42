"""From per-sample losses to the number a ``Loss`` returns: weight, mask, reduce (Keras 3).

Weights multiply the losses first (their ranks lined up as labels are); then
'sum' adds everything, and 'sum_over_batch_size' / 'mean' divide that sum by
the number of loss values, not by the sum of the weights ('mean_with_sample_weight'
does that). 'none' / None return the weighted values.
"""
import math

from .. import backend
from ..errors import InvalidArgumentError
from ..ops import cast, divide_no_nan, reduce_sum
from ..ops.reductions import divided_mean
from .inputs import squeeze_or_expand_to_same_rank, to_dtype

# a set, as Keras tests membership in one: a list given is Python's "unhashable type: 'list'"
REDUCTIONS = frozenset(('sum_over_batch_size', 'sum', 'mean', 'mean_with_sample_weight', 'none', None))
# keras/src/losses/loss.py's `allowed` set as its compiled constant stores it (TF 2.21's Keras 3 .pyc)
_KERAS_PYC_ORDER = (None, 'sum', 'mean', 'none', 'sum_over_batch_size', 'mean_with_sample_weight')


def standardize_reduction(reduction):
    """``reduction`` if Keras 3 accepts it.

    Raises:
        ValueError: listing the accepted values.
        TypeError: an unhashable value (a list), as Keras's set lookup.
    """
    if reduction not in REDUCTIONS:
        # Keras prints its set literal: CPython loads it as a frozenset constant, its items added in the
        # order its .pyc stores them, and copies that into a new set, so the printed order follows
        # PYTHONHASHSEED. Built the same way from TF 2.21's stored order, it prints as TF does under any seed.
        allowed = {*frozenset(_KERAS_PYC_ORDER)}
        raise ValueError("Invalid value for argument `reduction`. Expected one of %s. Received: reduction=%s"
                         % (allowed, reduction))
    return reduction


def apply_mask(sample_weight, mask, dtype, reduction):
    """Merge a bool mask into the sample weights.

    For the averaging reductions the kept entries are scaled by total/kept, so
    that dividing by the number of entries averages over the kept ones only.
    """
    if mask is None:
        return sample_weight
    float_mask = cast(mask, dtype)
    if reduction in ('mean', 'sum_over_batch_size'):
        kept = int(backend.array_module(mask._data).count_nonzero(mask._data))
        float_mask = float_mask * (float(math.prod(mask._data.shape)) / kept if kept else 0.0)
    if sample_weight is None:
        return float_mask
    float_mask, sample_weight = squeeze_or_expand_to_same_rank(float_mask, cast(sample_weight, dtype))
    return sample_weight * float_mask


def reduce_values(values, sample_weight=None, reduction='sum_over_batch_size'):
    """Sum, average or keep ``values``; shape () and (0,) are returned as they are."""
    if reduction is None or reduction == 'none' or values._data.shape in ((), (0,)):
        return values
    count = math.prod(values._data.shape)
    weighted_mean = reduction == 'mean_with_sample_weight' and sample_weight is not None
    if reduction != 'sum' and not weighted_mean and 0 < count < 2 ** 24 and values._data.dtype.kind == 'f':
        # sum / count as one op: the mean divides the same sum by the same (exact) count, and its
        # gradient divides as divide_no_nan's does in every trace; Keras divides an unweighted
        # 'mean_with_sample_weight' by the count too (a traced ``sum / float(count)`` would be
        # grappler's reciprocal product, which DivNoNan is not)
        return divided_mean(values)
    loss = reduce_sum(values)
    if reduction == 'sum':
        return loss
    if values._data.dtype.kind in 'iu':
        # an integer loss (Loss(dtype='int32')): Keras divides with keras.ops.divide_no_nan, which divides as
        # floats, so the average is float32 (TF 2.21: MeanSquaredError(dtype='int32') of 2.7 vs 0 gives 4.0)
        from ..keras.ops_elementwise import divide_no_nan as keras_divide_no_nan
        divisor = reduce_sum(sample_weight) if weighted_mean else count
        return keras_divide_no_nan(loss, cast(divisor, loss.dtype))
    if reduction == 'mean_with_sample_weight' and sample_weight is not None:
        divisor = cast(reduce_sum(sample_weight), loss.dtype)
        return divide_no_nan(loss, divisor)
    # A Python number keeps the division on the loss's device and dtype.
    return loss / float(count) if count else loss * 0.0


def reduce_weighted_values(values, sample_weight=None, mask=None, reduction='sum_over_batch_size',
                           dtype=None, what='loss'):
    """Weight ``values`` by ``sample_weight`` (and ``mask``), then reduce them.

    Raises:
        InvalidArgumentError: the Mul kernel's, when the weights cannot broadcast to the values
            (a note names ``what``).
    """
    reduction = standardize_reduction(reduction)
    values = to_dtype(values, dtype, what, 'the losses')
    given_weight = sample_weight
    if sample_weight is not None:
        sample_weight = to_dtype(sample_weight, values.dtype, what, 'sample_weight')
    try:
        sample_weight = apply_mask(sample_weight, mask, values.dtype, reduction)
    except InvalidArgumentError as error:      # weights that do not broadcast to the mask (shape_mismatch)
        error._mask_operands = (given_weight, tuple(mask._data.shape), reduction)
        raise
    if sample_weight is not None:
        values, sample_weight = squeeze_or_expand_to_same_rank(values, sample_weight)
        # Weights that do not broadcast raise the multiply's own error, as Keras's do
        # ('Incompatible shapes: [4] vs. [4,3] [Op:Mul]'); a note names the loss.
        try:
            values = values * sample_weight
        except InvalidArgumentError as error:
            error.add_note('%s: sample_weight of shape %s does not broadcast to the per-sample losses of shape %s; '
                           'give one weight per sample' % (what, tuple(sample_weight.shape), tuple(values.shape)))
            error._weight_operands = (values, given_weight)     # (a traced step words it as its graph: shape_mismatch)
            raise
    return reduce_values(values, sample_weight, reduction)


class Reduction:
    """``keras.losses.Reduction``: the reduction names as constants, kept by Keras 3 for
    programs written for tf.keras 2 (``reduction=tf.keras.losses.Reduction.SUM``).
    AUTO ('auto') is listed but, as in Keras 3, losses refuse it."""
    AUTO = 'auto'
    NONE = 'none'
    SUM = 'sum'
    SUM_OVER_BATCH_SIZE = 'sum_over_batch_size'

    @classmethod
    def all(cls):
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        if key not in cls.all():
            raise ValueError('Invalid Reduction Key: %s. Expected keys are "%s"' % (key, cls.all()))
