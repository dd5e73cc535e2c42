"""tf.keras.backend's CTC helpers: ``K.ctc_batch_cost``, ``K.ctc_decode`` and
``K.ctc_label_dense_to_sparse``, with Keras 2's conventions: softmax outputs (not logits),
batch-major (batch, frames, classes), the blank the last class, lengths as (batch, 1) columns.
"""
import numpy as np

import framework as tf
from .. import backend as _config

__all__ = ['ctc_batch_cost', 'ctc_decode', 'ctc_label_dense_to_sparse']


def ctc_label_dense_to_sparse(labels, label_lengths):
    """A ``tf.SparseTensor`` of ``labels``' first ``label_lengths[i]`` entries of each row."""
    labels = tf.convert_to_tensor(labels)
    lengths = np.asarray(tf.convert_to_tensor(label_lengths).numpy()).reshape(-1)
    batch, width = labels.shape.as_list()
    indices = np.array([(i, j) for i in range(batch) for j in range(width) if j < lengths[i]],
                       dtype='int64').reshape(-1, 2)
    values = tf.gather_nd(labels, indices)
    return tf.SparseTensor(indices, values, np.array([batch, width], 'int64'))


def _column(lengths):
    return tf.cast(tf.squeeze(tf.convert_to_tensor(lengths), axis=-1), tf.int32)


def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    """The CTC loss of each sample, shape (batch, 1).

    Args:
        y_true: (batch, max_label_length) labels, read up to ``label_length``.
        y_pred: (batch, frames, classes) softmax outputs; the last class is the blank.
        input_length: (batch, 1) frames used per sample.
        label_length: (batch, 1) labels per sample.
    """
    # Keras 2's way, kept by Keras 3's legacy backend: sparse labels into TF 1's CTCLoss, whose
    # kernel refuses a label needing more frames than its sample has ('Not enough time for target
    # transition sequence ...'), where the dense-label loss would return a (huge) number
    label_length, input_length = _column(label_length), _column(input_length)
    sparse_labels = tf.cast(ctc_label_dense_to_sparse(y_true, label_length), tf.int32)
    log_probabilities = tf.math.log(tf.transpose(tf.convert_to_tensor(y_pred), [1, 0, 2]) + _config.epsilon())
    loss = tf.compat.v1.nn.ctc_loss(inputs=log_probabilities, labels=sparse_labels, sequence_length=input_length)
    return tf.expand_dims(loss, 1)


def ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """([decoded], log_prob): the best path of each sample as a (batch, frames) int64 tensor padded
    with -1, and (batch, 1) minus the sum of each frame's best log-probability.

    Raises:
        NotImplementedError: ``greedy=False`` (beam search is not implemented in tapeflow).
    """
    from .. import ops as keras_ops
    if not greedy:
        raise NotImplementedError('K.ctc_decode: tapeflow decodes greedily only; call it with greedy=True '
                                  '(beam search, beam_width=%d, is not implemented)' % beam_width)
    y_pred = tf.convert_to_tensor(y_pred)
    log_probabilities = tf.math.log(y_pred + _config.epsilon())
    lengths = tf.cast(tf.reshape(tf.convert_to_tensor(input_length), [-1]), tf.int32)
    decoded, scores = keras_ops.ctc_decode(log_probabilities, lengths, strategy='greedy',
                                           mask_index=y_pred.shape[-1] - 1)
    return [tf.cast(decoded[0], tf.int64)], scores
