"""``keras.ops.nn`` connectionist temporal classification: ctc_loss and ctc_decode.

Both run TensorFlow's ops as Keras 3's TensorFlow backend does (one implementation, in
``framework.ops``): ctc_loss is ``tf.nn.ctc_loss`` on batch-major logits cast to float32, with
``mask_index`` the blank; ctc_decode is ``tf.nn.ctc_greedy_decoder`` or, for ``strategy='beam_search'``,
``tf.nn.ctc_beam_search_decoder`` with the ``mask_index`` column moved last (its blank) and the
labels above it shifted back; the decoded paths come out dense, (top_paths, batch, frames) int32
padded with -1.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from framework.tensor import Tensor
from framework.ops.one_hot_encoding import _one_hot_refusal
from .ops_dtypes import floating, tensor

__all__ = ['ctc_decode', 'ctc_loss']


def _as_int32(data):
    """``tf.cast(x, 'int32')``'s values: floats truncated toward zero, booleans 0 / 1 (Keras 3's TF backend
    casts a ctc target, a ctc_loss output_length and ctc_decode's sequence_lengths so)."""
    data = np.asarray(data)
    return data.astype(np.int32) if data.dtype.kind in 'fb' else data


def _lengths(values, batch, limit, op, what, cast=False):
    raw = np.asarray(backend.to_host(tensor(values, op)._data)).reshape(-1)
    raw = _as_int32(raw) if cast else raw
    if raw.dtype.kind not in 'iu' or raw.shape != (batch,) or (raw.size and (raw.min() < 0 or raw.max() > limit)):
        raise ValueError('keras.ops.%s: %s must be %d integers in [0, %d], got %r' % (op, what, batch, limit, raw))
    return raw.astype(np.int32)


def ctc_loss(target, output, target_length, output_length, mask_index=0):
    """The CTC loss per sample: -log p(target[:target_length] | output[:output_length]), with
    ``output`` the logits (batch, frames, classes) and class ``mask_index`` the blank."""
    logits = floating(output, 'ctc_loss', compute='float32')     # Keras: result_type(x, 'float32'), not floatx
    labels = tensor(target, 'ctc_loss')
    if logits.ndim != 3 or labels.ndim != 2 or labels.shape[0] != logits.shape[0]:
        raise ValueError('keras.ops.ctc_loss: target must be (batch, max_label_length) and output (batch, frames, '
                         'classes) with one batch size, got %s and %s' % (tuple(labels.shape), tuple(logits.shape)))
    batch, frames, classes = logits.shape
    label_data = _as_int32(backend.to_host(labels._data))      # Keras: tf.cast(target, 'int32') (TF 2.21, p19_ctc_dtypes.py)
    if label_data.dtype.kind not in 'iu' or (label_data.size and (label_data.min() < 0 or label_data.max() >= classes)):
        raise ValueError('keras.ops.ctc_loss: target must hold integer classes in [0, %d), got %r'
                         % (classes, label_data))
    if np.asarray(backend.to_host(tensor(target_length, 'ctc_loss')._data)).dtype.kind == 'f':
        # TF's dense ctc_loss one-hot encodes the target lengths, uncast: OneHot's registry refuses floats
        raise _one_hot_refusal(tensor(target_length, 'ctc_loss').dtype.name, True)
    label_lengths = _lengths(target_length, batch, labels.shape[1], 'ctc_loss', 'target_length')
    frame_lengths = _lengths(output_length, batch, frames, 'ctc_loss', 'output_length', cast=True)
    # Keras computes in float32 (tf.nn.ctc_loss refuses float64) and returns float64 for float64 logits
    result = 'float64' if logits.dtype.name == 'float64' else 'float32'
    loss = _ops.ctc_loss(label_data.astype(np.int32), _ops.cast(logits, 'float32'), label_lengths, frame_lengths,
                         logits_time_major=False, blank_index=int(mask_index))
    return _ops.cast(loss, result)


def ctc_decode(inputs, sequence_lengths, strategy='greedy', beam_width=100, top_paths=1, merge_repeated=True,
               mask_index=0):
    """(decoded, scores): the best label paths of each sample within ``sequence_lengths`` as
    (top_paths, batch, frames) int32 padded with -1, and their scores (batch, top_paths).

    'greedy' takes each frame's best class, repeats merged (``merge_repeated``) and the
    ``mask_index`` blank dropped; scores are minus the sums of those best logits. 'beam_search'
    keeps the ``beam_width`` best prefixes; scores are their log-probabilities.
    """
    if strategy not in ('greedy', 'beam_search'):
        raise ValueError("keras.ops.ctc_decode: Invalid strategy %s. Supported values are 'greedy' and 'beam_search'."
                         % (strategy,))
    logits = floating(inputs, 'ctc_decode', compute='float32')   # Keras: result_type(x, 'float32'), not floatx
    if logits.ndim != 3:
        raise ValueError('keras.ops.ctc_decode: inputs must be (batch, frames, classes), got shape %s'
                         % (tuple(logits.shape),))
    batch, frames, classes = logits.shape
    lengths = tensor(sequence_lengths, 'ctc_decode')
    # Keras hands TF's decoder the lengths cast to int32: its kernel refuses a non-vector ("is not a vector")
    lengths = _lengths(lengths, batch, frames, 'ctc_decode', 'sequence_lengths', cast=True) if lengths.ndim == 1 \
        else _ops.cast(lengths, 'int32')
    time_major = _ops.transpose(logits, [1, 0, 2])
    if strategy == 'greedy':
        decoded, scores = _ops.ctc_greedy_decoder(time_major, lengths, merge_repeated=merge_repeated,
                                                  blank_index=mask_index)
        return _dense(decoded, batch, frames, None, logits), scores
    blank = None if mask_index is None else int(mask_index) % classes
    if blank is not None:                     # the beam search decoder's blank is the last class
        order = [c for c in range(classes) if c != blank] + [blank]
        time_major = _ops.gather(time_major, np.asarray(order, np.int32), axis=2)
    decoded, scores = _ops.ctc_beam_search_decoder(time_major, lengths, beam_width=beam_width, top_paths=top_paths)
    return _dense(decoded, batch, frames, blank, logits), scores


def _dense(decoded, batch, frames, shifted_at, like):
    """The decoded SparseTensors as one (paths, batch, frames) int32 array padded with -1; labels at
    or above ``shifted_at`` (the blank's old column) move up by one."""
    out = np.full((len(decoded), batch, frames), -1, np.int32)
    for j, sparse in enumerate(decoded):
        index = np.asarray(backend.to_host(sparse.indices._data)).reshape(-1, 2)
        out[j, index[:, 0], index[:, 1]] = np.asarray(backend.to_host(sparse.values._data))
    if shifted_at is not None:
        out = np.where(out >= shifted_at, out + 1, out).astype(np.int32)
    return Tensor(backend.array_module(like._data).asarray(out))
