"""Which tensors are a traced Dense layer's bias-added output, that TF fuses with a following activation.

TensorFlow's graph optimizer fuses MatMul + bias Add + Tanh / Elu / Sigmoid into one oneDNN kernel in
a traced step whether the activation is a Dense layer's own, an ``Activation`` layer's or an op called on
the layer's output (``tf.tanh(dense(x))``): the graph is the same. Measured on TF 2.21: in a tf.function,
tf.tanh, tf.sigmoid and tf.nn.elu of a Dense(4) output differed from eager in 12, 18 and 11 of 32 values,
each then equal to the fused kernel's (ops/fused_eltwise.py). Kept apart so that the ops can ask
(unary.py, activations.py) without importing the fused kernels.
"""
import weakref

# id -> weak reference, for the bias-added Dense outputs of traced steps (tensors are unhashable,
# as TensorFlow's; an entry goes with its tensor). Empty outside traced steps: the ops' test is free.
FUSABLE = {}


def mark_fusable(z):
    """Note ``z`` (a traced Dense layer's x @ kernel + bias) as one TF would fuse with an activation."""
    ident = id(z)
    FUSABLE[ident] = weakref.ref(z, lambda _, ident=ident: FUSABLE.pop(ident, None))


def is_fusable(z):
    ref = FUSABLE.get(id(z))
    return ref is not None and ref() is z
