"""Keras 3's deprecated rms_scaling product ``x * inv * gamma`` in the order TF 2.21 computes it.

In a traced step with no tape on it (predict, a tf.function without a gradient) grappler's
MinimizeBroadcasts regroups the chain to pair the small factors first: x * (inv * gamma). TF 2.21:
LayerNormalization(axis=[1, 3], rms_scaling=True) on (16, 3, 4, 4) in tf.function / predict gives 276
of 768 outputs other than eager (keras.ops.layer_normalization(rms_scaling=True) on (16, 3, 4): 60 of
192); a None-batch signature and a batch of one whose gamma is as large as x regroup too. A gradient
reads x * inv (gamma's), so a taped step (fit) keeps Keras's order, as eager calls do.
"""
from framework.ops import graph_rewrites


def rms_scaled(x, inv, gamma):
    """``x * inv * gamma`` as TF 2.21 multiplies it here (see the module doc)."""
    if graph_rewrites.GATE[0] and graph_rewrites.tracing() and \
            not (graph_rewrites.taped(x) or graph_rewrites.taped(gamma)):
        return x * (inv * gamma)
    return x * inv * gamma
