"""``tf.nn.ctc_beam_search_decoder``: TensorFlow's CTCBeamSearchDecoder kernel with its default scorer.

A prefix beam search over label sequences, one step per frame. As in the kernel, a frame's
log-probabilities and the beam's probabilities are computed in the logits' type. Each beam
entry (a label prefix) keeps the log-probabilities of ending in a label or in a blank: each frame's
log-softmax, computed as the kernel does (logits minus their largest, minus the log of the sum of
their exponentials); the blank is the last class. Entries sit in a tree (a child per next label) and the beam is the ``beam_width``
best by total. Each step: every beam entry moves its probabilities on (the old ones kept), then each
entry still worth keeping proposes its children in label order; a child not already in the beam
enters if it beats the beam's worst, which then leaves. The decoded paths are the prefixes
(repeats kept: TF 2 decodes with merge_repeated=False) of the ``top_paths`` best entries.
"""
import numpy as np

from .. import backend
from ..errors import kernel_error
from ..tensor import Tensor
from .ctc import decoder_inputs, paths_as_sparse
from .operands import named_errors
from .sampler_attrs import attr_ints
from ..tf_python_names import tf_named

_LOG_ZERO = np.float32(-np.inf)


def _log_sum_exp(a, b):
    """The kernel's LogSumExp of two log-probabilities (larger one factored out), in their type."""
    if a == _LOG_ZERO:
        return b
    if b == _LOG_ZERO:
        return a
    big, small = (a, b) if a > b else (b, a)
    return big + np.log1p(np.exp(small - big))


class _Entry:
    __slots__ = ('parent', 'label', 'children', 'new', 'old')

    def __init__(self, parent, label):
        self.parent, self.label, self.children = parent, label, {}
        self.new = [_LOG_ZERO, _LOG_ZERO, _LOG_ZERO]      # total, blank, label
        self.old = [_LOG_ZERO, _LOG_ZERO, _LOG_ZERO]

    def active(self):
        return self.new[0] != _LOG_ZERO

    def child(self, label):
        if label not in self.children:
            self.children[label] = _Entry(self, label)
        return self.children[label]

    def labels(self):
        out, entry = [], self
        while entry.parent is not None:
            out.append(entry.label)
            entry = entry.parent
        return out[::-1]


def _bottom(beam):
    return min(beam, key=lambda e: e.new[0])


def _step(beam, logits, beam_width):
    """One frame: move every entry's probabilities on, then grow children into the beam."""
    shifted = logits - logits.max()
    log_probs = shifted - np.log(np.exp(shifted).sum())
    blank = logits.size - 1
    branches = sorted(beam, key=lambda e: -e.new[0])       # the kernel's Extract(): best first
    for b in branches:
        b.old = list(b.new)
    beam = []
    for b in branches:
        if b.parent is not None:
            if b.parent.active():
                parent_old = b.parent.old
                previous = parent_old[1] if b.label == b.parent.label else parent_old[0]
                b.new[2] = _log_sum_exp(b.new[2], previous)
            b.new[2] = b.new[2] + log_probs[b.label]
        b.new[1] = b.old[0] + log_probs[blank]
        b.new[0] = _log_sum_exp(b.new[1], b.new[2])
        beam.append(b)

    def is_candidate(total):
        return total > _LOG_ZERO and (len(beam) < beam_width or total > _bottom(beam).new[0])

    for b in branches:
        if not is_candidate(b.old[0]):
            continue
        for label in range(blank):
            c = b.child(label)
            if c.active():
                continue
            previous = b.old[1] if label == b.label else b.old[0]
            total = log_probs[label] + previous
            c.new = [total, _LOG_ZERO, total]
            if is_candidate(total):
                if len(beam) == beam_width:
                    worst = _bottom(beam)
                    worst.new = [_LOG_ZERO, _LOG_ZERO, _LOG_ZERO]
                    beam.remove(worst)
                beam.append(c)
            else:
                c.old = [_LOG_ZERO, _LOG_ZERO, _LOG_ZERO]
                c.new = [_LOG_ZERO, _LOG_ZERO, _LOG_ZERO]
    return beam


def _decode(frames, beam_width, top_paths, kernel):
    """(top_paths label lists, their log-probabilities) for one sample's (frames, classes) logits."""
    root = _Entry(None, -1)
    zero = frames.dtype.type(0.0)
    root.new = [zero, zero, _LOG_ZERO]
    beam = [root]
    for logits in frames:
        beam = _step(beam, logits, beam_width)
    if top_paths > len(beam):
        raise kernel_error(kernel, 'Less leaves in the beam search than requested.',
                           note='ctc_beam_search_decoder: only %d paths survive %d frames; ask for fewer top_paths'
                           % (len(beam), len(frames)))
    best = sorted(beam, key=lambda e: -e.new[0])[:top_paths]
    return [e.labels() for e in best], [e.new[0] for e in best]


@tf_named('ctc_beam_search_decoder_v2')
@named_errors('ctc_beam_search_decoder')
def ctc_beam_search_decoder(inputs, sequence_length, beam_width=100, top_paths=1):
    """(decoded, log_probabilities): ``top_paths`` SparseTensors, the j-th holding each sample's j-th
    best label sequence ([batch, time] int64 indices and values), and their scores (batch, top_paths).

    Args:
        inputs: logits (frames, batch, classes); the last class is the blank.
        sequence_length: the frames of each sample (int32, each at most the number of frames).
    Raises:
        InvalidArgumentError: top_paths above beam_width, or more paths asked than the beam holds.
    """
    op = 'ctc_beam_search_decoder'
    # TF's make_int (3.5 is 3; '3' a TypeError), then the attrs' min=1 (InvalidArgumentError)
    beam_width, top_paths = attr_ints(op, 'CTCBeamSearchDecoder', beam_width=beam_width, top_paths=top_paths)
    kernel = 'CTCBeamSearchDecoder_top_paths_%s' % (top_paths,)
    if top_paths > beam_width:
        raise kernel_error(kernel, 'requested more paths than the beam width.',
                           note='%s: top_paths=%d is above beam_width=%d' % (op, top_paths, beam_width))
    x, lengths = decoder_inputs(inputs, sequence_length, kernel, op)
    data = np.asarray(backend.to_host(x._data))
    batch = data.shape[1]
    work = data.astype(np.float32) if data.dtype == np.float16 else data
    paths = [[] for _ in range(top_paths)]
    scores = np.zeros((batch, top_paths), data.dtype)
    for b in range(batch):
        found, log_probs = _decode(work[:int(lengths[b]), b], int(beam_width), int(top_paths), kernel)
        for j in range(top_paths):
            paths[j].append(found[j])
            scores[b, j] = log_probs[j]
    xp = backend.array_module(x._data)
    return [paths_as_sparse(p, batch, xp) for p in paths], Tensor(xp.asarray(scores))
