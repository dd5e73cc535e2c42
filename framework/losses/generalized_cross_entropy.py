"""Generalized cross-entropy (Zhang & Sabuncu, 2018), robust to noisy labels: (1 - p ** q) / q.

q -> 0 gives the cross-entropy -log(p); q = 1 gives the mean absolute error
1 - p. Labels are integer class indices, as in Keras 3.
"""
from ..errors import InvalidArgumentError
from ..ops import cast, one_hot, pow, reduce_sum
from .inputs import labels_and_predictions
from .loss import LossFunctionWrapper


def _check_q(q, what):
    """Keras 3's check and words: a plain comparison (a q that is no number is Python's TypeError)."""
    note = '%s: q must be a number in the interval (0, 1), got q=%r' % (what, q)
    try:
        if not 0 < q < 1:
            raise ValueError('q must be in the interval (0, 1)')
    except (TypeError, ValueError) as error:
        error.add_note(note)
        raise


def categorical_generalized_cross_entropy(y_true, y_pred, q):
    """(1 - p ** q) / q, p = y_pred[label] (0 for a label outside [0, classes)).

    Args:
        y_true: integer labels of shape (N,).
        y_pred: probabilities of shape (N, classes).
    Raises:
        InvalidArgumentError: TF's Mul error where the one-hot labels do not broadcast to y_pred
            (Keras checks neither the shapes nor q here; the loss class checks q).
    """
    what = 'categorical_generalized_cross_entropy'
    y_true, y_pred = labels_and_predictions(y_true, y_pred, what)
    if y_pred.ndim < 1:         # Keras reads shape(y_pred)[-1]
        raise IndexError('tuple index out of range')
    labels = one_hot(cast(y_true, 'int32'), y_pred.shape[-1], dtype=y_pred.dtype)
    try:
        p = reduce_sum(y_pred * labels, -1)
    except InvalidArgumentError as error:     # TF's Mul error, the loss named in a note
        error.add_note('%s: y_true holds class indices and needs the shape of y_pred without its last axis '
                       '(or one that broadcasts to it), got y_true %s and y_pred %s'
                       % (what, tuple(y_true.shape), tuple(y_pred.shape)))
        raise
    return (1.0 - pow(p, float(q))) / float(q)


class CategoricalGeneralizedCrossEntropy(LossFunctionWrapper):
    """Generalized cross-entropy (see ``categorical_generalized_cross_entropy``) as a ``Loss``; q in (0, 1)."""

    def __init__(self, q=0.5, reduction='sum_over_batch_size', name='categorical_generalized_cross_entropy',
                 dtype=None):
        _check_q(q, 'CategoricalGeneralizedCrossEntropy')
        super().__init__(categorical_generalized_cross_entropy, reduction=reduction, name=name, dtype=dtype, q=q)
        self.q = q
