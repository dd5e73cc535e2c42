"""``keras.ops.nn`` connectionist temporal classification: ctc_loss and (greedy) ctc_decode.

ctc_loss reuses the CTC op of ``framework.losses`` (forward-backward in log
space, with its gradient), one sample at a time so that each sees only its
first ``output_length`` frames and ``target_length`` labels; any ``mask_index``
becomes that op's blank 0 by moving its column first. ctc_decode follows
tf.nn.ctc_greedy_decoder: the best class per frame, repeats merged, blanks dropped.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.tensor import Tensor
from .ops_dtypes import floating, tensor

__all__ = ['ctc_decode', 'ctc_loss']


def _lengths(values, batch, limit, op, what):
    raw = np.asarray(backend.to_host(tensor(values, op)._data)).reshape(-1)
    if raw.dtype.kind not in 'iu' or raw.shape != (batch,) or (raw.size and (raw.min() < 0 or raw.max() > limit)):
        raise ValueError('keras.ops.%s: %s must be %d integers in [0, %d], got %r' % (op, what, batch, limit, raw))
    return raw.astype(int)


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """The CTC loss per sample: -log p(target[:target_length] | output[:output_length]), with
    ``output`` the logits (batch, frames, classes) and class ``mask_index`` the blank."""
    from framework.losses.ctc_loss import ctc_negative_log_likelihood
    logits = floating(output, 'ctc_loss')
    labels = tensor(target, 'ctc_loss')
    if logits.ndim != 3 or labels.ndim != 2 or labels.shape[0] != logits.shape[0]:
        raise ValueError('keras.ops.ctc_loss: target must be (batch, max_label_length) and output (batch, frames, '
                         'classes) with one batch size, got %s and %s' % (tuple(labels.shape), tuple(logits.shape)))
    batch, frames, classes = logits.shape
    blank = int(mask_index) % classes
    label_data = np.asarray(backend.to_host(labels._data))
    if label_data.dtype.kind not in 'iu' or (label_data.size and (label_data.min() < 0 or label_data.max() >= classes)):
        raise ValueError('keras.ops.ctc_loss: target must hold integer classes in [0, %d), got %r'
                         % (classes, label_data))
    label_lengths = _lengths(target_length, batch, labels.shape[1], 'ctc_loss', 'target_length')
    frame_lengths = _lengths(output_length, batch, frames, 'ctc_loss', 'output_length')
    # Column `blank` first: the CTC op's blank is class 0; labels renumbered to match.
    order = np.concatenate([[blank], np.delete(np.arange(classes), blank)]).astype('int32')
    relabel = np.argsort(order)
    moved = _ops.gather(logits, order, axis=2)
    losses = []
    for i in range(batch):
        sample = moved[i:i + 1, :frame_lengths[i]]
        wanted = relabel[label_data[i, :label_lengths[i]]][None]
        losses.append(ctc_negative_log_likelihood(wanted, sample, label_lengths[i:i + 1]))
    return _ops.concat(losses, 0)


def ctc_decode(inputs, sequence_lengths, strategy='greedy', beam_width=100, top_paths=1, merge_repeated=True,
               mask_index=0):
    """(decoded, scores): the best class of each frame within ``sequence_lengths``, repeats merged
    (``merge_repeated``) and the ``mask_index`` blank dropped, as (1, batch, frames) int32 padded
    with -1; scores (batch, 1) are minus the sum of each frame's best logit. Greedy only."""
    if strategy != 'greedy':
        raise ValueError("keras.ops.ctc_decode: only strategy='greedy' is supported, got %r" % (strategy,))
    logits = floating(inputs, 'ctc_decode')
    if logits.ndim != 3:
        raise ValueError('keras.ops.ctc_decode: inputs must be (batch, frames, classes), got shape %s'
                         % (tuple(logits.shape),))
    batch, frames, classes = logits.shape
    lengths = _lengths(sequence_lengths, batch, frames, 'ctc_decode', 'sequence_lengths')
    data = np.asarray(backend.to_host(logits._data))
    best, top = data.argmax(-1), data.max(-1)
    blank = int(mask_index) % classes if mask_index is not None else -1
    decoded = np.full((1, batch, frames), -1, np.int32)
    scores = np.zeros((batch, 1), data.dtype)
    for i in range(batch):
        kept, previous = [], -1
        for t in range(lengths[i]):
            c = int(best[i, t])
            if c != blank and not (merge_repeated and c == previous):
                kept.append(c)
            previous = c
        decoded[0, i, :len(kept)] = kept
        scores[i, 0] = -top[i, :lengths[i]].sum()
    xp = backend.array_module(logits._data)
    return Tensor(xp.asarray(decoded)), Tensor(xp.asarray(scores))
