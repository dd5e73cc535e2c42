"""Preparing ``y_true`` and ``y_pred`` the way Keras 3 does before any formula.

Keras converts ``y_pred`` to a tensor, casts ``y_true`` to its dtype, and
lines up labels of shape (N,) with predictions of shape (N, 1) (and back) by
adding or removing one trailing axis of size 1; everything else broadcasts.
"""
import numpy as np

from .. import trace_names
from ..errors import UnimplementedError, _EAGER_CPU, shown_as
from ..ops import cast, expand_dims, reduce_mean, squeeze
from ..tensor import Tensor, convert_to_tensor
from .shape_mismatch import mismatch_error

EPSILON = 1e-7        # keras.backend.epsilon(): the clip for probabilities and divisors
FLOATX = 'float32'    # keras.backend.floatx()


_NUMPY_DTYPES = {}       # a dtype as callers give it (a name, a DType, a numpy dtype) -> its numpy dtype
NUMPY_DTYPES = _NUMPY_DTYPES      # for hot paths: a hit there means ``to_dtype`` has nothing to do


def to_dtype(x, dtype, what, role, keras_casts=False):
    """``x`` as a tensor of ``dtype`` (None: as it comes), casting tensors as Keras does.

    A tensor that already has the dtype is returned as it is, so the notes
    it carries (see ``tensor_notes``: logits, mask) are kept. ``keras_casts``: where Keras
    applies ops.cast (it converts, then casts), strings fail in TF's Cast kernel (UnimplementedError),
    not in the conversion to ``dtype`` (TypeError), and Python floats pass through float32.
    ``keras_casts='errors'``: only the errors are Cast's (IoU converts its weights straight to its
    dtype: float64's 0.3 stays 0.3 in TF 2.21).
    """
    if isinstance(x, Tensor):
        if dtype is None:
            return x
        target = _NUMPY_DTYPES.get(dtype)       # (np.dtype(name) on every loss and metric call costs)
        if target is None:
            target = np.dtype(dtype)
            if len(_NUMPY_DTYPES) < 64:
                _NUMPY_DTYPES[dtype] = target
        return x if x._data.dtype == target else cast(x, dtype)
    if (keras_casts is True or role == 'values') and dtype is not None and type(x) is not np.ndarray:
        converted = _cast_after_conversion(x, dtype)
        if converted is not None:
            return converted
    try:
        return convert_to_tensor(x, dtype=dtype)
    except (TypeError, ValueError) as err:
        if dtype is not None and np.dtype(dtype).kind in 'iu':
            # Keras's convert_to_tensor to an integer dtype converts, then casts (1.5 -> 1)
            try:
                converted = convert_to_tensor(x)
            except (TypeError, ValueError):
                converted = None
            if converted is not None and converted._data.dtype.kind in 'fiub':
                return cast(converted, dtype)
        note = '%s: cannot use %s (%s) as a tensor' % (what, role, type(x).__name__)
        if (role == 'values' or keras_casts) and dtype is not None and np.dtype(dtype).kind in 'fiu' and (
                isinstance(x, np.ndarray) and x.dtype.kind in 'SU' or _all_strings(x)):
            # Keras 3's reduction metrics convert values and then cast them: TF's Cast refuses a string
            # (UnimplementedError); a sample_weight converts straight to the dtype (TF's TypeError)
            err = string_cast_error(dtype)
        elif (role == 'values' or keras_casts) and getattr(err, 'tf_graph_conversion', False):
            err = _graph_conversion_without_dtype(x, err)
        err.add_note(note)      # the text stays TensorFlow's
        raise err from None


def _all_strings(x):
    """Whether ``x`` is a string or a (nested) list or tuple of nothing but strings: what TF converts to a
    string tensor, which Keras's ops.cast then refuses in the Cast kernel."""
    if isinstance(x, (str, bytes)):
        return True
    return isinstance(x, (list, tuple)) and len(x) > 0 and all(_all_strings(item) for item in x)


def _cast_after_conversion(x, dtype):
    """Keras's ops.cast(x, dtype) of Python numbers where it differs from converting ``x`` to ``dtype``:
    tf.cast converts first, a Python float to float32, then casts, so [0.1] cast to float64 is float32's
    0.1 (TF 2.21: Mean(dtype='float64') of 0.1 is 0x1.99999a0000000p-4) and cast to float16 is rounded
    twice. None where converting straight to ``dtype`` gives the same (float32, integers, numpy data)."""
    target = np.dtype(dtype)
    if target.itemsize == 4 or not (target.kind == 'f' or target.name == 'bfloat16'):
        return None
    try:
        converted = convert_to_tensor(x)
    except (TypeError, ValueError):
        return None         # (the straight conversion raises the error Keras's users see)
    return cast(converted, dtype) if converted._data.dtype == np.float32 else None


def _graph_conversion_without_dtype(x, err):
    """Inside a tf.function, the error of Keras's ops.cast(x): tf.cast converts ``x`` with no dtype, so a
    dict holding a tensor is TensorFlow's 'Expected any non-tensor type' (the keras.io custom train_step
    that updates every metric with the dict of outputs), not the check of the leaves against the dtype."""
    try:
        convert_to_tensor(x)
    except (TypeError, ValueError) as plain:
        return plain
    return err


def string_cast_error(dtype):
    """TF's UnimplementedError for a Cast of strings to ``dtype`` (as TF names it: float, double, int64...)."""
    target = {'float32': 'float', 'float64': 'double', 'float16': 'half'}.get(np.dtype(dtype).name)
    return StringCastError('{{function_node __wrapped__Cast_device_%s}} Cast string to %s is not supported '
                           '[Op:Cast] name: ' % (_EAGER_CPU, target or np.dtype(dtype).name))


class StringCastError(UnimplementedError, TypeError):
    """A string where a loss or metric takes numbers: TF's UnimplementedError from Cast, also the
    TypeError tapeflow raised before."""


shown_as(StringCastError, UnimplementedError)     # type(e) and a traceback's last line show TF's class and module


def predictions(y_pred, what, integer_formula=None, y_true=None, keras_casts=False):
    """``y_pred`` as a floating tensor; integer predictions become float32 (Keras's floatx), or where
    ``integer_formula`` is given, run it on them and ``y_true`` cast to their dtype first: Keras's formula
    on integers, which fails as TF 2.21's (losses/integer_probabilities.py)."""
    y_pred = to_dtype(y_pred, None, what, 'y_pred')
    if y_pred._data.dtype.kind != 'f':
        if y_pred.dtype.is_floating:        # bfloat16 (numpy kind 'V'): a bfloat16 loss scores in it
            return y_pred
        if y_pred._data.dtype.kind not in 'iub':
            raise TypeError('%s: y_pred must be numbers, got a %s tensor of shape %s'
                            % (what, y_pred.dtype.name, tuple(y_pred.shape)))
        if integer_formula is not None and y_pred._data.dtype.kind in 'iu':
            integer_formula(to_dtype(y_true, y_pred._data.dtype, what, 'y_true', keras_casts), y_pred)
        y_pred = cast(y_pred, FLOATX)
    return y_pred


def labels_and_predictions(y_true, y_pred, what, keras_casts=False, integer_formula=None):
    """(y_true cast to y_pred's dtype, y_pred), before ranks are lined up. ``keras_casts``: the loss
    ops.casts y_true (Python floats pass through float32) where others convert it to the dtype.
    ``integer_formula``: see ``predictions``."""
    y_pred = predictions(y_pred, what, integer_formula, y_true, keras_casts)
    # (the numpy dtype: a numpy batch of labels of that dtype converts without a look-up)
    return to_dtype(y_true, y_pred._data.dtype, what, 'y_true', keras_casts), y_pred


def as_keras_converts(y_true, y_pred, what):
    """(y_true, y_pred) as Keras's metric formulas convert them (pearson_correlation, poisson, ...): y_pred
    as it comes, y_true to its dtype. Integer predictions stay integers (``labels_and_predictions`` makes
    them float32), so the formula's first float op on them fails as in TF 2.21, e.g. in the Sub kernel:
    'cannot compute Sub as input #1(zero-based) was expected to be a int64 tensor but is a float tensor'.
    """
    y_pred = to_dtype(y_pred, None, what, 'y_pred')
    if y_pred._data.dtype.kind in 'iu':
        return to_dtype(y_true, y_pred._data.dtype, what, 'y_true'), y_pred
    return labels_and_predictions(y_true, y_pred, what)


def squeeze_or_expand_to_same_rank(x1, x2, expand_rank_1=True):
    """Line up two ranks that differ by one trailing axis of size 1.

    A rank-1 tensor gains the axis (so (N,) meets (N, 1) as (N, 1) and the
    result keeps one value per sample); otherwise the size-1 axis is removed.
    Other rank differences are left to broadcasting, as in Keras 3.
    """
    r1, r2 = x1.ndim, x2.ndim
    if r1 == r2 + 1 and x1.shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = expand_dims(x2, -1)
        else:
            x1 = squeeze(x1, -1)
    if r2 == r1 + 1 and x2.shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = expand_dims(x1, -1)
        else:
            x2 = squeeze(x2, -1)
    return x1, x2


def matched(y_true, y_pred, what):
    """(y_true, y_pred) converted, ranks lined up, and checked to broadcast together.

    Raises:
        ValueError: naming ``what`` and both shapes when they cannot be compared.
    """
    y_true, y_pred = labels_and_predictions(y_true, y_pred, what)
    y_true, y_pred = squeeze_or_expand_to_same_rank(y_true, y_pred)
    return comparable(y_true, y_pred, what)      # (a plain call: one through *args is not inlined)


def comparable(y_true, y_pred, what):
    """(y_true, y_pred), after checking that they broadcast together (ValueError naming ``what``)."""
    # Equal shapes, the usual case, need no check: np.broadcast_shapes costs
    # microseconds, and every loss and metric update comes through here.
    if y_true._data.shape == y_pred._data.shape:
        return y_true, y_pred
    try:
        np.broadcast_shapes(y_true._data.shape, y_pred._data.shape)
    except ValueError:
        raise mismatch_error(y_true, y_pred, what) from None     # the loss's first op's error, as TF's
    return y_true, y_pred


def same_shape(y_true, y_pred, what, hint=''):
    """Raise Keras's backend ValueError unless both tensors have one shape: its rank check first, then its
    shape check, in its words (the shapes as the step sees them: None for a traced batch); ours in a note."""
    if tuple(y_true.shape) != tuple(y_pred.shape):
        t, p = keras_shape(y_true), keras_shape(y_pred)
        check = 'the same rank (ndim)' if len(t) != len(p) else 'the same shape'
        error = ValueError('Arguments `target` and `output` must have %s. Received: target.shape=%s, output.shape=%s'
                           % (check, t, p))
        error.add_note('%s: y_true and y_pred must have the same shape, got y_true %s and y_pred %s%s'
                       % (what, tuple(y_true.shape), tuple(y_pred.shape), hint))
        raise error


def keras_shape(tensor):
    """A tensor's shape as Keras prints a TensorShape: '(None, 3)' inside a traced step whose batch axis
    is open (fit / evaluate / predict), '(8, 3)' eagerly."""
    dims = trace_names.open_batch(tuple(tensor._data.shape))
    return '(%s,)' % dims[0] if len(dims) == 1 else '(%s)' % ', '.join(str(d) for d in dims)


def keras_mean(x, axis):
    """keras.ops.mean, which the Keras 3 losses call: float16 / bfloat16 values are averaged in
    float32 and rounded back once (TF's reduce_mean in half precision differs in the last bit)."""
    if x._data.dtype.itemsize == 2 and x._data.dtype.kind in 'fV':
        return cast(reduce_mean(cast(x, 'float32'), axis), x.dtype)
    return reduce_mean(x, axis)
