"""TensorFlow's dense-label CTC (``ctc_ops.ctc_loss_dense`` / ``ctc_loss_and_grad``) in its float32 steps.

``keras.losses.ctc``, ``keras.ops.ctc_loss`` and ``tf.nn.ctc_loss`` with dense labels run this
composition in TensorFlow, not the CTCLoss kernel: log_softmax of time-major logits, states laid out as
[start, label 1..L, blank 0..L], dense [batch, states, states] transition matrices (0 or -inf in logs),
and forward and backward scans that take reduce_logsumexp over each row of ``state + transitions`` and
renormalise every frame. The loss is the backward scan's first state plus the summed normalisers; the
gradient is softmax minus exp of the alignment posteriors summed per class. Each step here is the same
float32 op on the same layout, through tapeflow's ops (Eigen's exp and row sums where they apply), so
loss and gradient carry TensorFlow's bits where ``reduce_logsumexp`` does: always under
``set_tf_exact_math(True)``, and for arrays of up to eigen_math.SMALL_ELEMENTWISE values by default
(the float64 recursion was 1-6 ulps off in the loss). The scans read only the <= 3 finite terms of each
transition row, added in the tree Eigen's row sum makes of them (``_sparse_lse``), where TensorFlow
exponentiates all states**2 of them; the [frames, batch, labels, classes] posteriors stay dense, as
there. About 2-3x the float64 recursion's time: by default used up to DEFAULT_VALUES posteriors (a
captcha OCR batch), in exact mode up to EXACT_VALUES; past that ``ctc_forward_backward``'s recursion
is used.
"""
import numpy as np

from ..tape import ACTIVE, paused
from ..tensor import Tensor, constant
from . import eigen_math
from .activations import log_softmax
from .operands import record
from .reductions import reduce_logsumexp
from .shapes import reshape
from .unary import exp

_LOG_0 = np.float32(np.log(np.float64(0) + 1e-307))     # ctc_state_log_probs's "zero" probability
DEFAULT_VALUES = 1 << 20
EXACT_VALUES = 1 << 24


def fits(batch, frames, label_width, classes):
    """Whether the composition is used for these sizes (labels at least one wide): its
    [frames, batch, labels, classes] posteriors are dense, as in TensorFlow."""
    states = 2 * (label_width + 1)
    limit = EXACT_VALUES if eigen_math.ENABLED[0] is True else DEFAULT_VALUES
    return label_width > 0 and frames * batch * max(states, label_width * classes) <= limit


def _lse(a, axis, keepdims=False):
    return reduce_logsumexp(Tensor(np.ascontiguousarray(a)), axis=axis, keepdims=keepdims)._data


def _columns(trans):
    """Each row's finite columns in any batch row, ascending, as (rows, 3) with -1 where a row has
    fewer: a state is reached from at most itself, the state before and the one before that."""
    finite = np.isfinite(trans).any(axis=0)
    columns = np.full((finite.shape[0], 3), -1, np.int64)
    for row, found in enumerate(finite):
        where = np.flatnonzero(found)
        columns[row, :where.size] = where
    return columns


def _first_pairs(columns, n):
    """Which two of each row's three terms Eigen's row sum adds first (0: terms 0 and 1, 1: 0 and 2,
    2: 1 and 2): the zeros between them change no partial sum, so a row's sum is one of three trees.
    Found by summing 1 and two halves of its ulp: only the tree that adds the halves first keeps them."""
    half_ulp = np.float32(2.0 ** -24)
    first = np.zeros(columns.shape[0], np.int8)
    for big, pair in ((2, 0), (1, 1), (0, 2)):
        e = np.full((1,) + columns.shape, half_ulp, np.float32)
        e[..., big] = 1
        kept = _eigen_row_sums(e, columns, n)[0] == np.float32(1 + 2.0 ** -23)
        first[kept] = pair
    return first


def _sparse_lse(state, trans, columns, first):
    """reduce_logsumexp over the last axis of state[:, None, :] + trans ([batch, states, states]) as
    TensorFlow computes it, reading only each row's <= 3 finite terms: the others are exp(-inf) = 0,
    which leave every partial sum of Eigen's row reduction (eigen_sum._leaf_sums) as it is, so the
    finite terms are added in the tree that order makes of them (``_first_pairs``)."""
    batch, states = state.shape
    safe = np.maximum(columns, 0)
    terms = state[:, safe] + trans[:, np.arange(states)[:, None], safe]        # [batch, states, 3]
    terms[:, columns < 0] = -np.inf
    top = terms.max(axis=2)
    top = np.where(np.isfinite(top), top, np.float32(0))
    shifted = terms - top[:, :, None]
    exact = eigen_math.ENABLED[0] is True or (eigen_math.ENABLED[0] == 'small'
                                              and batch * states * states <= eigen_math.SMALL_ELEMENTWISE)
    if exact:
        flat = shifted.reshape(-1)
        padded = np.concatenate([flat, np.zeros(-flat.size % 8, np.float32)])     # every value through packets
        e = eigen_math.exp(padded)[:flat.size].reshape(shifted.shape)
        tail = batch * states * states % 8      # the dense tensor's last values take the scalar expf
        if tail:
            last = (batch - 1, states - 1)
            for i, column in enumerate(columns[-1]):
                if column >= states - tail:
                    e[last + (i,)] = eigen_math._expf(shifted[last + (i,)])
    else:
        with np.errstate(under='ignore'):
            e = np.exp(shifted)
    e0, e1, e2 = e[..., 0], e[..., 1], e[..., 2]
    total = np.where(first == 0, (e0 + e1) + e2, np.where(first == 1, (e0 + e2) + e1, (e1 + e2) + e0))
    with np.errstate(divide='ignore'):
        logs = eigen_math.log(total) if exact else np.log(total)
    return logs + top


def _eigen_row_sums(e, columns, n):
    """Sums of rows of length ``n`` holding ``e`` at ``columns`` and 0 elsewhere, in Eigen's order
    (eigen_sum._leaf_sums):
    blocks of 32 into four packet accumulators, those added in order, then the remaining whole
    packets, the lanes folded (0 + 4, ...), (0 + 2) + (1 + 3); the last n % 8 values one by one."""
    whole, quad = n - n % 8, n - n % 32
    lead = e.shape[:-1]
    accumulators = np.zeros(lead + (4, 8), np.float32)
    tail = np.zeros(lead, np.float32)
    rows = np.arange(columns.shape[0])
    for i in range(columns.shape[1]):       # ascending columns: each slot's values add in order
        column, value = columns[:, i], e[..., i]
        blocked, scalar = (column >= 0) & (column < quad), column >= whole
        accumulators[:, rows[blocked], (column[blocked] // 8) % 4, column[blocked] % 8] += value[:, blocked]
        tail[:, scalar] += value[:, scalar]
    lanes = ((accumulators[..., 0, :] + accumulators[..., 1, :]) + accumulators[..., 2, :]) + accumulators[..., 3, :]
    for i in range(columns.shape[1]):       # then the packets past the blocks, in order
        column, value = columns[:, i], e[..., i]
        packed = (column >= quad) & (column < whole)
        lanes[:, rows[packed], column[packed] % 8] += value[:, packed]
    half = lanes[..., :4] + lanes[..., 4:]
    packet = (half[..., 0] + half[..., 2]) + (half[..., 1] + half[..., 3])
    return tail + packet if whole != n else packet


def _log_transitions(labels):
    """log of _ctc_state_trans: [batch, to, from], 0 where a step may go, -inf elsewhere."""
    batch, width = labels.shape
    label_states = width + 1
    states = 2 * label_states
    trans = np.eye(states, dtype=np.float32)
    trans[1, 0] = 1                                                  # start -> first label
    k = np.arange(1, label_states)
    trans[k, label_states + k - 1] = 1                               # blank before label k -> label k
    k = np.arange(label_states)
    trans[label_states + k, k] = 1                                   # label k -> the blank after it
    trans = np.repeat(trans[None], batch, axis=0)
    j = np.arange(width - 1)
    trans[:, j + 2, j + 1] += (labels[:, :-1] != labels[:, 1:]).astype(np.float32)    # unless repeated
    with np.errstate(divide='ignore'):
        return np.log(trans)


def _state_log_probs(labels, ilabel_log_probs):
    """_ilabel_to_state: [frames, batch, states] log probabilities, -inf for the start state."""
    classes = ilabel_log_probs.shape[2]
    one_hot = (labels[:, :, None] == np.arange(classes)).astype(np.float32)
    picked = (ilabel_log_probs[:, :, None, :] * one_hot[None]).sum(axis=3, dtype=np.float32)   # one term each
    blank = np.repeat(ilabel_log_probs[:, :, :1], labels.shape[1] + 1, axis=2)
    start = np.full(picked.shape[:2] + (1,), -np.inf, np.float32)
    return np.concatenate([start, picked, blank], axis=2)


def _scans(trans, initial, final, observed, mask):
    """_forward_backward_log: (fwd_bwd log posteriors [frames, batch, states], log likelihood [batch])."""
    frames = observed.shape[0]
    forward = [initial]
    columns = _columns(trans)
    first = _first_pairs(columns, trans.shape[2])
    for t in range(frames):
        state = _sparse_lse(forward[-1], trans, columns, first) + observed[t]
        forward.append(state - _lse(state, -1, keepdims=True))
    backward_trans = np.ascontiguousarray(trans.transpose(0, 2, 1))
    backward_columns = _columns(backward_trans)
    backward_first = _first_pairs(backward_columns, trans.shape[2])
    backward = [None] * frames
    state, total = final, np.zeros(observed.shape[1], np.float32)
    for t in range(frames - 1, -1, -1):
        step = _sparse_lse(state + observed[t], backward_trans, backward_columns, backward_first)
        norm = _lse(step, -1, keepdims=True)
        step = step - norm
        total = total + norm[:, 0] * mask[t]
        kept = mask[t][:, None]
        state = step * kept + final * (np.float32(1) - kept)
        backward[t] = state
    posteriors = np.stack(forward[1:]) + np.stack(backward[1:] + [final])
    posteriors = posteriors - _lse(posteriors, 2, keepdims=True)
    with np.errstate(divide='ignore'):
        posteriors = posteriors + np.log(mask[:, :, None])
    return posteriors, backward[0][:, 0] + total


def _class_log_posteriors(labels, classes, posteriors):
    """_state_to_olabel: [frames, batch, classes], the blank's column first."""
    label_states = labels.shape[1] + 1
    mask = np.where((labels - 1)[:, :, None] == np.arange(classes - 1), np.float32(0), np.float32(-np.inf))
    per_label = _lse(posteriors[:, :, 1:label_states, None] + mask[None], 2)
    blank = _lse(posteriors[:, :, label_states:], 2, keepdims=True)
    return np.concatenate([blank, per_label], axis=-1)


def ctc_dense_loss(labels, label_length, logits, logit_length):
    """-log p(labels | logits) per sample, TensorFlow's float32 steps and gradient.

    labels (batch, width) ints, 0 the blank and padding past ``label_length``; logits a float32
    Tensor (batch, frames, classes); logit_length (batch,) frames used per sample.
    """
    labels = np.asarray(labels, np.int32)
    label_length = np.asarray(label_length, np.int64)
    frames_used = np.asarray(logit_length, np.int64)
    data = np.ascontiguousarray(np.asarray(logits._data).transpose(1, 0, 2))      # time-major, as TF
    frames, batch, classes = data.shape
    with paused():
        ilabel = log_softmax(Tensor(data))._data
        initial = np.full((batch, 2 * (labels.shape[1] + 1)), _LOG_0, np.float32)
        initial[:, 0] = 0
        ends = (np.arange(labels.shape[1] + 1)[:, None] == label_length[None]).astype(np.float32)    # [L+1, B]
        final = ((np.float32(1) - np.concatenate([ends, ends])) * _LOG_0).T.copy()
        mask = (np.arange(frames)[:, None] < frames_used[None]).astype(np.float32)                  # [T, B]
        posteriors, log_likelihood = _scans(_log_transitions(labels), initial, final,
                                            _state_log_probs(labels, ilabel), mask)
        grad = (exp(Tensor(ilabel))._data - exp(Tensor(_class_log_posteriors(labels, classes, posteriors)))._data) \
            * mask[:, :, None]
    out = Tensor(-log_likelihood)
    if ACTIVE:
        grad_batch_major = constant(np.ascontiguousarray(grad.transpose(1, 0, 2)))
        record('ctc_loss', (logits,), out, (lambda g, out, x: reshape(g, (-1, 1, 1)) * grad_batch_major,))
    return out
