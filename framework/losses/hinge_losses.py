"""Hinge losses for labels in {-1, 1} (labels in {0, 1} are mapped there first, as Keras does)."""
from .. import backend
from ..ops import maximum, reduce_max, reduce_mean, reduce_sum, square
from .inputs import comparable, labels_and_predictions, matched


def _signed_labels(y_true):
    # Keras converts only when every label is 0 or 1; other labels pass unchanged.
    a = y_true._data
    xp = backend.array_module(a)
    return 2.0 * y_true - 1.0 if bool(xp.all((a == 0) | (a == 1))) else y_true


def hinge(y_true, y_pred):
    """mean(maximum(1 - y_true * y_pred, 0), axis=-1)."""
    y_true, y_pred = matched(y_true, y_pred, 'hinge')
    return reduce_mean(maximum(1.0 - _signed_labels(y_true) * y_pred, 0.0), -1)


def squared_hinge(y_true, y_pred):
    """mean(square(maximum(1 - y_true * y_pred, 0)), axis=-1)."""
    y_true, y_pred = matched(y_true, y_pred, 'squared_hinge')
    return reduce_mean(square(maximum(1.0 - _signed_labels(y_true) * y_pred, 0.0)), -1)


def categorical_hinge(y_true, y_pred):
    """maximum(max((1 - y_true) * y_pred) - sum(y_true * y_pred) + 1, 0) over the last axis."""
    y_true, y_pred = comparable(*labels_and_predictions(y_true, y_pred, 'categorical_hinge'), 'categorical_hinge')
    positive = reduce_sum(y_true * y_pred, -1)
    negative = reduce_max((1.0 - y_true) * y_pred, -1)
    return maximum(negative - positive + 1.0, 0.0)
