"""Which tensors are a traced Dense layer's bias-added output, that TF fuses with a following activation.

TensorFlow's graph optimizer fuses MatMul + bias Add + Tanh / Elu / Sigmoid into one oneDNN kernel in
a traced step whether the activation is a Dense layer's own, an ``Activation`` layer's or an op called on
the layer's output (``tf.tanh(dense(x))``): the graph is the same. Measured on TF 2.21: in a tf.function,
tf.tanh, tf.sigmoid and tf.nn.elu of a Dense(4) output differed from eager in 12, 18 and 11 of 32 values,
each then equal to the fused kernel's (ops/fused_eltwise.py). Kept apart so that the ops can ask
(unary.py, activations.py) without importing the fused kernels.

A Dense layer fuses only on a 2-D input (convolutions at any rank): Keras's TF backend multiplies a
rank-3 or higher input by the kernel with tf.tensordot (MatMul, then a Reshape), so the bias Add does
not follow the MatMul and grappler's remapper finds no pattern. Measured on TF 2.21: a traced Dense(8)
on (32, 3, 8) inputs followed by sigmoid, tanh, elu or gelu (its own or an Activation layer's) gives
eager's bits (``onednn_fuses``); its silu and mish stay oneDNN's.
"""
import weakref

# id -> weak reference, for the bias-added Dense outputs of traced steps (tensors are unhashable,
# as TensorFlow's; an entry goes with its tensor). Empty outside traced steps: the ops' test is free.
FUSABLE = {}


def onednn_fuses(x):
    """Whether TF can fuse a Dense layer's MatMul + bias Add, given its input ``x``: a 2-D one only (see above)."""
    return x._data.ndim == 2


# the same, for a traced Dense layer's outputs of rank 3 or more: no activation joins their MatMul, but
# TF 2.21 still runs silu and mish on them as oneDNN's kernels (an Activation layer's: fused_without_tape)
ELEMENTWISE_ONLY = {}


# id -> (x, kernel, bias) of a marked 2-D Dense output made from them (``parts`` of mark_fusable): an Add
# of that output TF fuses into the MatMul too (ops/fused_residual_add.py). Leaves with the output.
AFFINE_PARTS = {}


# id -> the float32 sum a 16-bit convolution's fused kernel rounds to make ``z`` (layers/conv_half_fused_bias.py):
# a fused elu takes it. Leaves with the output.
WIDE_SUMS = {}


def note_wide_sum(z, wide):
    """Keep ``wide``, the float32 sum that ``z`` (a 16-bit fused convolution's output) rounds, while z lives."""
    ident = id(z)
    WIDE_SUMS[ident] = (weakref.ref(z, lambda _, ident=ident: WIDE_SUMS.pop(ident, None)), wide)


def wide_sum(z):
    """The float32 sum noted for ``z``, or None."""
    noted = WIDE_SUMS.get(id(z))
    return noted[1] if noted is not None and noted[0]() is z else None


def mark_fusable(z, any_rank=False, parts=None):
    """Note ``z`` (a traced Dense layer's x @ kernel + bias) as one TF would fuse with an activation;
    ``any_rank``: a convolution's bias-added output, which fuses at its rank; ``parts``: the Dense's
    (x, kernel, bias)."""
    ident = id(z)
    if any_rank or z._data.ndim == 2:
        if parts is not None:
            AFFINE_PARTS[ident] = parts
        else:       # (no parts of an earlier tensor at this id can reach this one)
            AFFINE_PARTS.pop(ident, None)
        FUSABLE[ident] = weakref.ref(z, lambda _, ident=ident: (FUSABLE.pop(ident, None),
                                                                 AFFINE_PARTS.pop(ident, None)))
    else:
        ELEMENTWISE_ONLY[ident] = weakref.ref(z, lambda _, ident=ident: ELEMENTWISE_ONLY.pop(ident, None))


def is_fusable(z):
    ref = FUSABLE.get(id(z))
    return ref is not None and ref() is z


def affine_parts(z):
    """The (x, kernel, bias) noted with ``z`` (a marked 2-D Dense output), or None: asked of ``z`` itself, not
    of its id, which a later tensor may reuse."""
    parts = AFFINE_PARTS.get(id(z))
    return parts if parts is not None and is_fusable(z) else None


def unmark(z):
    """Take back ``z``'s fusable mark and its noted parts together: a mark dropped alone would leave the parts
    under an id that a later tensor takes (a 16-bit Conv2D output then read a dead Dense's operands and
    returned a 2-D elu), and would keep AFFINE_PARTS non-empty outside traced steps."""
    ident = id(z)
    FUSABLE.pop(ident, None)
    AFFINE_PARTS.pop(ident, None)


def forget_parts_holding(variables):
    """Drop the noted (x, kernel, bias) that hold one of ``variables``: a tf.function's first trace is over, and
    its returned Dense output must not keep a layer the trace made (later_trace_variables.first_trace.remade)."""
    held = {id(v) for v in variables if v is not None}
    for ident, parts in list(AFFINE_PARTS.items()):
        if any(id(part) in held for part in parts):
            AFFINE_PARTS.pop(ident, None)


def is_dense_output(z):
    """Whether ``z`` is a marked Dense output of any rank (silu and mish fuse on either)."""
    ref = FUSABLE.get(id(z)) or ELEMENTWISE_ONLY.get(id(z))
    return ref is not None and ref() is z
