"""Circle loss (Sun et al., 2020) for metric learning, with Keras 3's formula.

Each embedding is compared with every reference embedding by cosine
distance d = max(1 - <a, b>, 0) (embeddings are expected L2-normalised).
Same-label pairs are pushed below ``margin``, other pairs above
1 - ``margin``, each weighted by how far it is from its optimum; the two
log-sum-exps are joined by a softplus. Samples whose loss is 0 are masked
out of the average, as Keras does.
"""
import numpy as np

from ..ops import cast, convert_to_tensor, equal, eye, logical_and, logical_not, matmul, maximum
from ..ops import reduce_logsumexp, reshape, softplus, transpose, where
from .inputs import predictions, to_dtype
from .loss import LossFunctionWrapper
from .tensor_notes import set_keras_mask


def _labels(labels, what, role):
    labels = to_dtype(labels, None, what, role)
    if labels._data.dtype.kind not in 'iufb' and labels._data.dtype.name != 'bfloat16':    # (a bfloat16 loss casts them)
        raise TypeError('%s: %s must be integer class labels, got a %s tensor' % (what, role, labels.dtype.name))
    if labels.ndim > 2 or (labels.ndim == 2 and labels.shape[1] != 1):
        raise ValueError('%s: %s must be class labels of shape (N,) or (N, 1), got shape %s'
                         % (what, role, tuple(labels.shape)))
    return reshape(cast(labels, 'int32'), (-1, 1))


def circle(y_true, y_pred, ref_labels=None, ref_embeddings=None, remove_diagonal=True, gamma=80, margin=0.4):
    """softplus(logsumexp(positive terms) + logsumexp(negative terms)) per sample.

    Args:
        y_true: labels of shape (N,).
        y_pred: embeddings of shape (N, D), L2-normalised.
        ref_labels, ref_embeddings: what to compare against (default: the batch itself).
        remove_diagonal: leave each sample's pair with itself out of the positives.
    Raises:
        ValueError: for labels that are not (N,) or embeddings that are not (N, D) matching them.
    """
    what = 'circle'
    y_pred = predictions(y_pred, what)
    query = _labels(y_true, what, 'y_true')
    ref_embeddings = y_pred if ref_embeddings is None else to_dtype(ref_embeddings, y_pred.dtype, what,
                                                                    'ref_embeddings')
    keys = query if ref_labels is None else _labels(ref_labels, what, 'ref_labels')
    if y_pred.ndim != 2 or ref_embeddings.ndim != 2 or y_pred.shape[1] != ref_embeddings.shape[1] \
            or y_pred.shape[0] != query.shape[0] or ref_embeddings.shape[0] != keys.shape[0]:
        raise ValueError('%s: expected embeddings (N, D) with labels (N,) and references (M, D) with labels (M,), '
                         'got y_true %s, y_pred %s, ref_labels %s, ref_embeddings %s'
                         % (what, tuple(query.shape[:1]), tuple(y_pred.shape), tuple(keys.shape[:1]),
                            tuple(ref_embeddings.shape)))
    distances = maximum(1.0 - matmul(y_pred, transpose(ref_embeddings)), 0.0)
    positive = equal(query, transpose(keys))
    negative = logical_not(positive)
    if remove_diagonal:
        positive = logical_and(positive, convert_to_tensor(~np.eye(query.shape[0], keys.shape[0], dtype=bool)))
    pos_weights = maximum((margin + distances) * cast(positive, distances.dtype), 0.0)
    neg_weights = maximum((1.0 + margin - distances) * cast(negative, distances.dtype), 0.0)
    pos_terms = -1.0 * gamma * pos_weights * (margin - distances)
    neg_terms = gamma * neg_weights * ((1.0 - margin) - distances)
    p_loss = reduce_logsumexp(where(positive, pos_terms, float('-inf')), 1)
    n_loss = reduce_logsumexp(where(negative, neg_terms, float('-inf')), 1)
    losses = softplus(p_loss + n_loss)
    set_keras_mask(losses, losses > 0.0)
    return losses


class Circle(LossFunctionWrapper):
    """The Circle loss (see ``circle``) as a ``Loss``: y_true labels (N,), y_pred embeddings (N, D)."""

    def __init__(self, gamma=80.0, margin=0.4, remove_diagonal=True, reduction='sum_over_batch_size',
                 name='circle', dtype=None):
        super().__init__(circle, reduction=reduction, name=name, dtype=dtype, gamma=gamma, margin=margin,
                         remove_diagonal=remove_diagonal)
        self.gamma, self.margin, self.remove_diagonal = gamma, margin, remove_diagonal
