"""Connectionist temporal classification (Graves et al., 2006): Keras 3's ``ctc`` loss and ``CTC`` class.

Class 0 is the blank, and also pads the labels. The loss is TensorFlow's dense-label composition
(``framework.ops.ctc_dense``: its float32 steps and gradient; ``ctc_forward_backward``'s float64 recursion
past its sizes), computed in
float32 whatever the logits' dtype, as Keras 3's TensorFlow backend casts them (tf.nn.ctc_loss
refuses float64); the result is float64 for float64 logits and float32 otherwise.
"""
import numpy as np

from .. import backend
from ..ops import cast, ctc_dense
from ..ops.ctc_forward_backward import ctc_negative_log_likelihood
from ..tensor import Tensor
from .inputs import predictions, to_dtype
from .loss import LossFunctionWrapper


def ctc(y_true, y_pred):
    """The CTC loss per sample (``keras.losses.ctc``).

    Args:
        y_true: integer labels (batch, max_length), 0-padded (0 is the blank; the
            label length is the number of non-zero entries).
        y_pred: logits (batch, frames, classes), softmax not applied.
    Raises:
        ValueError: for y_true not of rank 2 or y_pred not of rank 3, different batch
            sizes, or labels outside [0, classes) past the dense composition's sizes (within them,
            TensorFlow's one-hot rows give such labels a value, as here).
    """
    what = 'ctc'
    y_pred = predictions(y_pred, what)
    y_true = to_dtype(y_true, None, what, 'y_true')
    if y_true.ndim != 2:
        error = ValueError('Targets `y_true` are expected to be a tensor of shape `(batch_size, max_length)` in '
                           'integer format. Received: y_true.shape=%s' % (tuple(y_true.shape),))     # Keras 3's text
        error.add_note('%s: targets `y_true` must have rank 2' % what)
        raise error
    if y_pred.ndim != 3:
        error = ValueError('Logits `y_pred` are expected to be a tensor of shape `(batch_size, max_length, '
                           'num_classes)`. Received: y_pred.shape=%s' % (tuple(y_pred.shape),))
        error.add_note('%s: logits `y_pred` must have rank 3' % what)
        raise error
    if y_true.shape[0] != y_pred.shape[0]:
        raise ValueError('%s: y_true and y_pred must have the same batch size, got %s and %s'
                         % (what, tuple(y_true.shape), tuple(y_pred.shape)))
    labels = y_true._data
    if labels.dtype.kind not in 'iuf':
        raise TypeError('%s: y_true must hold integer class labels, got dtype %s' % (what, labels.dtype))
    xp = backend.array_module(labels)
    # Keras counts the non-zero targets before ctc_loss casts them to int32: a float label in (0, 1) counts,
    # then truncates to the blank 0 (TF 2.21, notes/progs/kerasexamples16/p19b.py)
    label_length = (labels != 0).sum(axis=-1)
    labels = labels.astype('int64')
    batch, frames = y_pred.shape[0], y_pred.shape[1]
    dense = backend.array_module(labels) is np and ctc_dense.fits(batch, frames, labels.shape[1], y_pred.shape[2])
    # TF's dense composition one-hot encodes the labels, so one outside [0, classes) is a zero row there and
    # the loss a number (TF 2.21 prints it); only the recursion past its sizes needs them in range
    if not dense and labels.size and (int(labels.min()) < 0 or int(labels.max()) >= y_pred.shape[2]):
        raise ValueError('%s: labels must lie in [0, %d) for y_pred with %d classes, got min %d, max %d'
                         % (what, y_pred.shape[2], y_pred.shape[2], int(labels.min()), int(labels.max())))
    result = 'float64' if y_pred.dtype.name == 'float64' else 'float32'
    if not y_pred._data.size:
        return Tensor(xp.zeros((y_pred.shape[0],), result))
    if dense:
        loss = ctc_dense.ctc_dense_loss(labels, label_length, cast(y_pred, 'float32'), np.full(batch, frames))
    else:
        loss = ctc_negative_log_likelihood(labels, cast(y_pred, 'float32'), label_length)
    return cast(loss, result)


class CTC(LossFunctionWrapper):
    """The CTC loss (see ``ctc``) as a ``Loss``: y_true (batch, max_length) labels, y_pred logits."""

    def __init__(self, reduction='sum_over_batch_size', name='ctc', dtype=None):
        super().__init__(ctc, reduction=reduction, name=name, dtype=dtype)
