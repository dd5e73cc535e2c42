"""Keras 3's cross-entropies read a graph's Sigmoid / Softmax op back to its logits.

On TensorFlow, keras.losses.binary_crossentropy (and categorical / sparse_categorical_crossentropy, the loss
classes and metrics built on them) score an output made by a 'Sigmoid' (or 'Softmax') op from that op's
input, as logits, whenever the output is a graph tensor: in a Keras fit / evaluate step or any tf.function
(keras/src/backend/tensorflow/nn.py, _get_logits). So Dense(1, activation=tf.nn.sigmoid) trains on
sigmoid_cross_entropy_with_logits, where eagerly (run_eagerly=True, a plain custom loop) the clipped
probabilities are scored: on saturated outputs the two differ widely (evaluate on x = [-30, -3, 0, 3, 30]:
12.758 against 7.170, TF 2.21). Keras's own activations mark their outputs in both modes (set_keras_logits);
tf.sigmoid / tf.nn.softmax outputs are marked here, in traced calls only.
"""
from .. import graph_random_ops


_SET_LOGITS = []        # tensor_notes.set_keras_logits, imported at the first traced call (losses import the ops)


def as_graph_op_output(output, logits):
    """``output`` (sigmoid or last-axis softmax of ``logits``), marked as the cross-entropies find it in a
    traced call (see the module)."""
    if graph_random_ops.TRACED_CALLS[0] and graph_random_ops.current() is not None:
        if not _SET_LOGITS:
            from ..losses.tensor_notes import set_keras_logits
            _SET_LOGITS.append(set_keras_logits)
        _SET_LOGITS[0](output, logits)
    return output
