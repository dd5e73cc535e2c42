"""``tf.compat.v1.nn.ctc_loss``: TensorFlow 1's CTC loss, which keras.io's OCR example calls.

It takes SparseTensor labels and time-major logits named ``inputs``, with the blank as the last
class; TensorFlow 2's ``tf.nn.ctc_loss`` computes the same loss given ``blank_index=-1``.
"""
import framework


def ctc_loss(labels, inputs=None, sequence_length=None, preprocess_collapse_repeated=False,
             ctc_merge_repeated=True, ignore_longer_outputs_than_inputs=False, time_major=True, logits=None):
    """-log p(labels | inputs) per sample, shape (batch,).

    Args:
        labels: a SparseTensor of int32 classes (batch, label position); the last class is the blank.
        inputs: logits, (frames, batch, classes), or (batch, frames, classes) with ``time_major=False``;
            ``logits`` is TensorFlow's other name for them.
        sequence_length: (batch,) frames used per sample.
    Raises:
        TypeError: labels that are not a SparseTensor (TensorFlow's words).
        ValueError: both or neither of ``inputs`` and ``logits``; the TF 1 options tapeflow does not
            compute (collapsed repeats, unmerged repeats, skipped long labels).
    """
    if not isinstance(labels, framework.SparseTensor):
        raise TypeError('Expected argument `labels` to be a SparseTensor. Received labels=%s of type: %s'
                        % (format(labels, ''), type(labels).__name__))
    if (inputs is None) == (logits is None):
        raise ValueError('tf.compat.v1.nn.ctc_loss: pass the logits once, as `inputs` or as `logits`')
    if preprocess_collapse_repeated or not ctc_merge_repeated or ignore_longer_outputs_than_inputs:
        raise ValueError('tf.compat.v1.nn.ctc_loss: tapeflow computes the default CTC only '
                         '(preprocess_collapse_repeated=False, ctc_merge_repeated=True, '
                         'ignore_longer_outputs_than_inputs=False); use tf.nn.ctc_loss')
    return framework.nn.ctc_loss(labels, logits if inputs is None else inputs, None, sequence_length,
                                 logits_time_major=time_major, blank_index=-1)
