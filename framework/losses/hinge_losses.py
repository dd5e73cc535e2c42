"""Hinge losses for labels in {-1, 1} (labels in {0, 1} are mapped there first, as Keras does)."""
from .. import backend
from ..graph_random_ops import pushes_constants
from ..ops import maximum, reduce_sum, square
from ..tensor import Tensor
from .inputs import comparable, keras_mean, predictions, to_dtype


def _signed_labels(y_true):
    # Keras converts only when every label is 0 or 1; other labels pass unchanged.
    a = y_true._data
    xp = backend.array_module(a)
    if a.dtype.kind in 'iu':
        return convert_binary_labels_to_hinge(y_true, Tensor(xp.all((a == 0) | (a == 1))))
    return 2.0 * y_true - 1.0 if bool(xp.all((a == 0) | (a == 1))) else y_true


def convert_binary_labels_to_hinge(y_true, is_binary):
    """Keras's own conversion, through keras.ops.cond (named as Keras names it and its branches): integer
    labels (integer predictions) fail in 2.0 * y_true as TF 2.21's TypeError inside Cond.call's words,
    'Exception encountered when calling Cond.call(). ... Cannot convert 2.0 to EagerTensor of dtype int64'."""
    from ..keras.ops_core import cond       # (late: keras imports the losses)

    def _convert_binary_labels():
        return 2.0 * y_true - 1.0

    def _return_labels_unconverted():
        return y_true
    return cond(is_binary, _convert_binary_labels, _return_labels_unconverted)


def _unaligned(y_true, y_pred, what):
    """(y_true, y_pred) as Keras's hinge functions take them: no ranks lined up (the loss classes line
    them up before they call the function; the metrics do not), so (N,) labels meet (N, 1) scores as
    an (N, N) product, as in TF, and (N, C, 1) labels fail with TF's Mul error."""
    # (integer predictions stay integers, as Keras converts them: 1.0 - y_true * y_pred then fails as TF 2.21's
    # 'Cannot convert 1.0 to EagerTensor of dtype int64'; the loss classes cast to float32 first)
    y_pred = to_dtype(y_pred, None, what, 'y_pred')
    if y_pred._data.dtype.kind not in 'iu':
        y_pred = predictions(y_pred, what)
    y_true = to_dtype(y_true, y_pred.dtype, what, 'y_true', keras_casts=True)      # Keras ops.casts y_true
    return comparable(y_true, y_pred, what)      # (TF's Mul error: shape_mismatch.py)


def hinge(y_true, y_pred):
    """mean(maximum(1 - y_true * y_pred, 0), axis=-1)."""
    y_true, y_pred = _unaligned(y_true, y_pred, 'hinge')
    return keras_mean(maximum(1.0 - _signed_labels(y_true) * y_pred, 0.0), -1)


def squared_hinge(y_true, y_pred):
    """mean(square(maximum(1 - y_true * y_pred, 0)), axis=-1)."""
    y_true, y_pred = _unaligned(y_true, y_pred, 'squared_hinge')
    return keras_mean(square(maximum(1.0 - _signed_labels(y_true) * y_pred, 0.0)), -1)


def categorical_hinge(y_true, y_pred):
    """maximum(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0) over the last axis."""
    y_true, y_pred = _unaligned(y_true, y_pred, 'categorical_hinge')
    positive = reduce_sum(y_true * y_pred, -1)
    from ..keras.ops_math import max as keras_max       # (Keras's ops.max: an empty batch is an error)
    negative = keras_max((1.0 - y_true) * y_pred, -1)
    if pushes_constants() and positive._data.dtype.itemsize > 2:
        # in a traced step grappler's ConstantPushDown runs Add(Sub(n, p), C) as Sub(n, Sub(p, C))
        # (TF 2.21: 338 of 4000 values differ from the eager sum, none from this; float16 / bfloat16
        # graphs keep the eager order)
        return maximum(negative - (positive - 1.0), 0.0)
    return maximum(negative - positive + 1.0, 0.0)
