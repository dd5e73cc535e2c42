"""Keras 3's probabilistic cross-entropies given integer predictions, as they fail on TF 2.21.

Keras converts y_pred as it comes and casts y_true to its dtype, so integer "probabilities" (a numpy batch of
0 / 1 labels passed twice, a list of ints) reach the formula as integers, whose first float operation TF
refuses: the label smoothing's ``y_true * (1.0 - s)``, the binary clip's ``1.0 - epsilon`` ('Cannot convert
0.9999999 to EagerTensor of dtype int64'), the categorical ``y_true * log(p)`` of an int64 by the float64 that
the integers' true division made (Mul's kernel error). tapeflow would score them in float32; these run the
same operations on the integers, which raise the same errors. Logits are left alone (their kernels' texts).
"""
from ..ops import clip_by_value, log, reduce_sum
from .inputs import EPSILON


def binary_formula(label_smoothing):
    """binary_crossentropy's (and binary_focal_crossentropy's) first operations on integer predictions."""
    def run(y_true, y_pred):
        if label_smoothing:
            y_true * (1.0 - label_smoothing)
        clip_by_value(y_pred, EPSILON, 1.0 - EPSILON)
    return run


def categorical_formula(label_smoothing, axis):
    """categorical_crossentropy's (and categorical_focal_crossentropy's) first operations on integer predictions."""
    def run(y_true, y_pred):
        if label_smoothing:
            y_true * (1.0 - label_smoothing)
        probabilities = y_pred / reduce_sum(y_pred, axis, keepdims=True)      # int / int: float64
        y_true * log(clip_by_value(probabilities, EPSILON, 1.0 - EPSILON))
    return run
