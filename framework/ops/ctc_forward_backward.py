"""The forward-backward recursion of connectionist temporal classification (Graves et al., 2006),
shared by ``tf.nn.ctc_loss``, ``keras.ops.ctc_loss`` and ``keras.losses.ctc``.

The loss of a label sequence given per-frame logits is -log of the summed
probability of every frame-by-frame alignment that collapses to it (repeats
merged, blanks dropped); class 0 is the blank. One op computes it by the
forward-backward recursion in log space on raw arrays (float64 inside), and
its gradient, softmax minus the alignment posteriors, in the same pass, as
TensorFlow's op does.

As in TensorFlow's dense CTC, ending an alignment off the last label costs
log(1e-307) rather than -inf, so a label sequence that no alignment fits
(too long for the frames) gives a large finite loss (about 707 plus the
cost of the best partial alignment) instead of inf.
"""
import numpy as np

from .. import backend
from ..tape import ACTIVE
from ..tensor import Tensor, constant
from .operands import record
from .shapes import reshape

_LOG_0 = float(np.log(1e-307))     # TensorFlow's ctc_state_log_probs: "zero" probability, in logs


def _logsumexp(xp, *terms):
    top = terms[0]
    for term in terms[1:]:
        top = xp.maximum(top, term)
    safe = xp.where(xp.isfinite(top), top, 0.0)
    total = sum(xp.exp(term - safe) for term in terms)
    with np.errstate(divide='ignore'):
        return xp.log(total) + safe


def _shift(xp, values, by):
    """values moved ``by`` places right along the last axis, -inf coming in."""
    out = xp.full_like(values, -np.inf)
    out[..., by:] = values[..., :-by]
    return out


def _forward_backward(labels, label_length, logits):
    """(loss per sample, d loss / d logits), raw arrays in float64.

    labels (B, L) int, label_length (B,), logits (B, T, C).
    """
    xp = backend.array_module(logits)
    batch, frames, _ = logits.shape
    top = logits.max(axis=-1, keepdims=True)
    log_probs = logits - top - xp.log(xp.exp(logits - top).sum(axis=-1, keepdims=True))
    states = 2 * labels.shape[1] + 1
    extended = xp.zeros((batch, states), dtype='int64')       # blank, l1, blank, l2, ..., blank
    extended[:, 1::2] = labels
    position = xp.arange(states)[None]
    valid = position < (2 * label_length + 1)[:, None]
    skip = xp.zeros((batch, states), dtype=bool)               # s - 2 -> s: a label differing from the one before
    skip[:, 3::2] = labels[:, 1:] != labels[:, :-1]
    skip &= valid
    # Alignments start in the first blank or the first label; they may end anywhere, but
    # off the last two states at TensorFlow's "impossible" cost (its final_state_log_probs).
    start = xp.where(position < 2, 0.0, -np.inf)
    last = 2 * label_length[:, None]
    end = xp.where((position == last) | (position == last - 1), 0.0, _LOG_0)
    emit = xp.take_along_axis(log_probs, xp.broadcast_to(extended[:, None, :], (batch, frames, states)), axis=2)
    emit = xp.where(valid[:, None, :], emit, -np.inf)
    alpha = xp.empty((batch, frames, states))
    alpha[:, 0] = emit[:, 0] + start
    for t in range(1, frames):
        previous = alpha[:, t - 1]
        alpha[:, t] = _logsumexp(xp, previous, _shift(xp, previous, 1),
                                 xp.where(skip, _shift(xp, previous, 2), -np.inf)) + emit[:, t]
    beta = xp.empty((batch, frames, states))
    beta[:, -1] = emit[:, -1] + end
    skip_from = xp.zeros_like(skip)                           # s -> s + 2 allowed, seen from s
    skip_from[:, :-2] = skip[:, 2:]
    for t in range(frames - 2, -1, -1):
        following = beta[:, t + 1]
        ahead_2 = xp.full_like(following, -np.inf)
        ahead_2[:, :-2] = following[:, 2:]
        ahead_1 = xp.full_like(following, -np.inf)
        ahead_1[:, :-1] = following[:, 1:]
        beta[:, t] = _logsumexp(xp, following, ahead_1, xp.where(skip_from, ahead_2, -np.inf)) + emit[:, t]
    log_likelihood = _logsumexp(xp, *(alpha[:, -1, s] + end[:, s] for s in range(states)))
    # Posterior of each state at each frame, summed into its class.
    with np.errstate(invalid='ignore'):
        posterior = xp.exp(xp.where(valid[:, None, :], alpha + beta - emit, -np.inf)
                           - log_likelihood[:, None, None])
    one_hot = (extended[:, :, None] == xp.arange(logits.shape[2])).astype('float64')
    return -log_likelihood, xp.exp(log_probs) - xp.einsum('bts,bsc->btc', posterior, one_hot)


def ctc_negative_log_likelihood(labels, logits, label_length):
    """-log p(labels | logits) per sample, for logits (B, T, C) and labels (B, L) with blank 0.

    Only each row's first ``label_length`` labels count. Differentiable in the logits.
    """
    data = logits._data
    xp = backend.array_module(data)
    loss, gradient = _forward_backward(xp.asarray(labels, dtype='int64'), xp.asarray(label_length, dtype='int64'),
                                       data.astype('float64'))
    out = Tensor(loss.astype(data.dtype))
    if ACTIVE:
        gradient = constant(gradient.astype(data.dtype))
        record('ctc_loss', (logits,), out, (lambda g, out, x: reshape(g, (-1, 1, 1)) * gradient,))
    return out
