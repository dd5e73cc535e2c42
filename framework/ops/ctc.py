"""``tf.nn.ctc_loss`` and ``tf.nn.ctc_greedy_decoder``: connectionist temporal classification on
time-major logits (frames, batch, classes), TensorFlow's default layout.

The loss is the forward-backward op of ``ctc_forward_backward`` (one implementation, shared with
``keras.ops.ctc_loss`` and ``keras.losses.ctc``), run on each sample's first ``logit_length`` frames
with the blank class moved to column 0; frames past a sample's length get no gradient, as in
TensorFlow. Sparse labels take TensorFlow's CTCLoss kernel path: ``blank_index`` is required, and a
label sequence that needs more frames than it has is an error there rather than a large loss.
Dense labels refuse float64 logits, as TensorFlow's pure-op path does (a float32 Mul inside).
"""
import numpy as np

from .. import backend
from ..errors import FailedPreconditionError, InvalidArgumentError, kernel_error
from ..tensor import Tensor
from . import ctc_dense
from .ctc_forward_backward import ctc_negative_log_likelihood
from .ctc_labels import lengths_vector
from .graph_input_errors import eager_input_error
from .indexing import gather, getitem
from .operands import as_float_tensor, as_tensor, named_errors
from .reductions import reduce_logsumexp, reduce_sum
from .shapes import cast, concat, transpose
from ..tf_python_names import tf_named


def _host(value):
    return np.asarray(backend.to_host(value._data))


def _batch_major(logits, time_major, op):
    x = as_float_tensor(logits, op)
    if x.ndim != 3:
        raise kernel_error('CTCLoss' if op == 'ctc_loss' else 'CTCGreedyDecoder', 'inputs is not a 3-Tensor',
                           note='%s: logits must be %s, got shape %s'
                           % (op, '(frames, batch, classes)' if time_major else '(batch, frames, classes)',
                              tuple(x.shape)))
    return transpose(x, [1, 0, 2]) if time_major else x


def sparse_label_rows(labels, batch, op):
    """A SparseTensor's label rows as (batch, longest) int64 labels, 0-padded, and their lengths:
    row b holds the values whose index starts with b, in order, as the CTCLoss kernel reads them."""
    index = np.asarray(backend.to_host(labels.indices._data))
    values = _host(labels.values).astype(np.int64)
    if index.ndim != 2 or index.shape[1] != 2:
        raise ValueError('%s: sparse labels must be 2-D (batch, label position), got dense_shape %s'
                         % (op, _host(labels.dense_shape).tolist()))
    lengths = np.bincount(index[:, 0], minlength=batch)[:batch].astype(np.int64) if index.size else \
        np.zeros(batch, np.int64)
    rows = np.zeros((batch, int(lengths.max()) if batch else 0), np.int64)
    for b in range(batch):
        rows[b, :lengths[b]] = values[index[:, 0] == b]
    return rows, lengths


@tf_named('ctc_loss_v3')
@named_errors('ctc_loss')
def ctc_loss(labels, logits, label_length, logit_length, logits_time_major=True, unique=None, blank_index=None,
             name=None):
    """-log p(labels | logits) per sample, shape (batch,): the CTC loss of each label row given its
    first ``logit_length`` frames of logits.

    Args:
        labels: (batch, max_label_length) integer classes with ``label_length`` of each row used,
            or a SparseTensor of them (then ``label_length`` is None and ``blank_index`` required).
        logits: (frames, batch, classes), or (batch, frames, classes) with ``logits_time_major=False``.
        unique: ``ctc_unique_labels(labels)``, a TPU speed-up in TensorFlow; the loss is the same.
        blank_index: the blank class (0 by default for dense labels; negative counts from the end).
    Raises:
        ValueError: sparse labels without ``blank_index``, labels outside the classes, or lengths
            that do not fit the tensors.
        InvalidArgumentError: sparse labels that need more frames than their sample has.
    """
    op = 'ctc_loss'
    x = _batch_major(logits, logits_time_major, op)
    batch, frames, classes = x.shape
    sparse = hasattr(labels, 'dense_shape') and hasattr(labels, 'indices')
    if sparse:
        if blank_index is None:
            raise ValueError('Argument `blank_index` must be provided when `labels` is a `SparseTensor`.')
        rows, label_lengths = sparse_label_rows(labels, batch, op)
    else:
        t = as_tensor(labels, op)
        if t.ndim != 2 or t.shape[0] != batch or t._data.dtype.kind not in 'iu':
            raise InvalidArgumentError('%s: labels must be (batch=%d, max_label_length) integers, got %s of shape %s'
                             % (op, batch, t.dtype.name, tuple(t.shape)))
        rows = _host(t).astype(np.int64)
        label_lengths = lengths_vector(label_length, batch, op, 'label_length')
        if (label_lengths > rows.shape[1]).any() or (label_lengths < 0).any():
            raise ValueError('%s: label_length %s must lie in [0, %d], the labels\' width'
                             % (op, label_lengths.tolist(), rows.shape[1]))
    frame_lengths = lengths_vector(logit_length, batch, op, 'logit_length')
    if (frame_lengths > frames).any() or (frame_lengths < 0).any():
        raise ValueError('%s: logit_length %s must lie in [0, %d], the number of frames'
                         % (op, frame_lengths.tolist(), frames))
    blank = (0 if blank_index is None else int(blank_index)) % classes if classes else 0
    used = np.concatenate([rows[b, :label_lengths[b]] for b in range(batch)]) if batch else rows.reshape(-1)
    if used.size and (used.min() < 0 or used.max() >= classes):
        raise ValueError('%s: labels must be classes in [0, %d), got %s' % (op, classes, sorted(set(used.tolist()))))
    if sparse:
        _check_frames_suffice(rows, label_lengths, frame_lengths)
    given = x.dtype
    if given.name == 'float64' and not sparse:
        # TensorFlow's dense-label path (ctc_loss_dense) multiplies the logits by a float32 tensor
        raise eager_input_error('Mul', 1, 'float64', 'float32')
    if given.name in ('float16', 'bfloat16'):      # computed in float32, as TensorFlow does
        x = cast(x, 'float32')
    # The blank's column first, as TensorFlow moves it; a label's column is then label + 1 below the
    # blank and label above it (so a label equal to a nonzero blank reads the column before, as in TF).
    order = np.concatenate([[blank], np.delete(np.arange(classes), blank)]).astype(np.int32)
    moved = gather(x, order, axis=2) if blank else x
    columns = np.where(rows < blank, rows + 1, rows)
    if not sparse and batch and frames and ctc_dense.fits(batch, frames, rows.shape[1], classes) \
            and backend.array_module(x._data) is np:
        # dense labels: TensorFlow's ctc_loss_dense composition, its float32 steps
        return _as_given(ctc_dense.ctc_dense_loss(columns, label_lengths, moved, frame_lengths), given)
    losses = [_sample_cost(columns[b:b + 1, :label_lengths[b]],
                           getitem(moved, (slice(b, b + 1), slice(0, int(frame_lengths[b])))),
                           label_lengths[b:b + 1], sparse)
              for b in range(batch)]
    loss = concat(losses, 0) if losses else Tensor(backend.array_module(x._data).zeros((0,), x._data.dtype))
    return _as_given(loss, given)


def _as_given(loss, given):
    return loss if loss.dtype == given else cast(loss, given)


def _sample_cost(labels, frames, label_length, sparse):
    """One sample's -log p. The CTCLoss kernel (sparse labels) gives inf where the label's repeats
    leave no room for the blanks between them ([1, 1, 2, 3] in 4 frames), its gradient the frames'
    softmax (no alignment's share); the dense-label ops give their large finite 'impossible' cost."""
    row = labels[0]
    if sparse and row.size + int((row[1:] == row[:-1]).sum()) > frames.shape[1]:
        return reduce_sum(reduce_logsumexp(frames, axis=2), axis=1) + float('inf')
    return ctc_negative_log_likelihood(labels, frames, label_length)


def _check_frames_suffice(rows, label_lengths, frame_lengths):
    # The CTCLoss kernel refuses a label longer than its frames; one that fits only without the
    # blanks its repeats need is not refused (TF 2.21: [1, 1, 2, 3] in 4 frames costs inf)
    for b, n in enumerate(label_lengths.tolist()):
        if n > frame_lengths[b]:
            raise kernel_error('CTCLoss', 'Not enough time for target transition sequence (required: %d, available: '
                               '%d)%dYou can turn this error into a warning by using the flag '
                               'ignore_longer_outputs_than_inputs' % (n, frame_lengths[b], b),
                               note='ctc_loss: sample %d has %d labels but logit_length %d' % (b, n, frame_lengths[b]))


def decoder_inputs(inputs, sequence_length, kernel, op):
    """(host logits (frames, batch, classes), lengths) for a decoder, refused in its kernel's words."""
    x = as_float_tensor(inputs, op)
    if x.ndim != 3:
        raise kernel_error(kernel, 'inputs is not a 3-Tensor',
                           note='%s: inputs must be (frames, batch, classes), got shape %s' % (op, tuple(x.shape)))
    frames, batch, _ = x.shape
    lengths = as_tensor(sequence_length, op, dtype=None if isinstance(sequence_length, Tensor) else 'int32')
    op_type = kernel.split('_top_paths')[0]
    if isinstance(sequence_length, Tensor) and lengths._data.dtype.kind == 'f':     # (TF 2.21: p20_decoder_rank.py)
        raise eager_input_error(op_type, 1, 'int32', lengths.dtype.name)
    if lengths._data.dtype.kind in 'iu' and lengths.ndim != 1:
        # the kernel's check; TF's greedy wrapper adds no name tail for a numpy array, the others do (measured)
        raise kernel_error(op_type, 'sequence_length is not a vector', node=kernel,
                           named=not (op_type == 'CTCGreedyDecoder' and isinstance(sequence_length, np.ndarray)),
                           note='%s: sequence_length must be a vector of one length per batch row, got shape %s'
                           % (op, tuple(lengths.shape)))
    if lengths._data.dtype.kind not in 'iu' or lengths.ndim != 1:
        error = InvalidArgumentError if lengths._data.dtype.kind in 'iu' else TypeError    # (a rank: TF's kernel)
        raise error('%s: sequence_length must be an int32 vector, got %s of shape %s'
                    % (op, lengths.dtype.name, tuple(lengths.shape)))
    n = _host(lengths).astype(np.int64)
    if n.size != batch:
        raise _precondition(kernel, 'len(sequence_length) != batch_size.  len(sequence_length):  %d batch_size: %d'
                            % (n.size, batch), op)
    for b, length in enumerate(n.tolist()):
        if length > frames:
            raise _precondition(kernel, 'sequence_length(%d) <= %d' % (b, frames), op)
    return x, n


# TensorFlow's class for a decoder's sequence_length check, also a ValueError (bad input, for
# ``except ValueError``), under TensorFlow's name so a printed type(e).__name__ reads the same.
SequenceLengthError = type('FailedPreconditionError', (FailedPreconditionError, ValueError),
                           {'__module__': FailedPreconditionError.__module__})


def _precondition(kernel, text, op):
    error = SequenceLengthError('{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}}'
                                    ' %s [Op:%s]' % (kernel, text, kernel.split('_top_paths')[0]))
    error.add_note('%s: %s' % (op, text))
    return error


def paths_as_sparse(paths, batch, xp):
    """Each decoded path list (one label list per batch row) as TF's SparseTensor: int64 [batch, time]
    indices, int64 values, dense_shape [batch, longest]."""
    from ..sparse.sparse_tensor import SparseTensor
    index = [(b, t) for b, path in enumerate(paths) for t in range(len(path))]
    values = [v for path in paths for v in path]
    longest = max((len(p) for p in paths), default=0)
    return SparseTensor(np.asarray(index, np.int64).reshape(-1, 2), Tensor(xp.asarray(np.asarray(values, np.int64))),
                        [batch, longest])


@named_errors('ctc_greedy_decoder')
def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True, blank_index=None):
    """([decoded SparseTensor], neg_sum_logits (batch, 1)): each frame's best class (the first of
    ties), repeats merged when ``merge_repeated``, the blank dropped (the last class by default;
    negative counts from the end), and minus the sum of the frames' best logits.

    Raises:
        InvalidArgumentError: inputs not 3-D; FailedPreconditionError: a sequence_length per batch
        row that is at most the number of frames (TensorFlow's kernel checks).
    """
    op = 'ctc_greedy_decoder'
    x, lengths = decoder_inputs(inputs, sequence_length, 'CTCGreedyDecoder', op)
    data = _host(x)
    frames, batch, classes = data.shape
    blank = classes - 1 if blank_index is None else int(blank_index) % classes
    best, top = data.argmax(-1), data.max(-1) if data.size else np.zeros((frames, batch), data.dtype)
    paths, scores = [], np.zeros((batch, 1), data.dtype)
    for b in range(batch):
        kept, previous = [], -1
        for t in range(int(lengths[b])):
            c = int(best[t, b])
            if c != blank and not (merge_repeated and c == previous):
                kept.append(c)
            previous = c
            scores[b, 0] -= top[t, b]
        paths.append(kept)
    xp = backend.array_module(x._data)
    return [paths_as_sparse(paths, batch, xp)], Tensor(xp.asarray(scores))
