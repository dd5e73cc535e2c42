"""The outputs of one factorization (qr's Q and R, eigh's e and v) recorded as one tape node, whose rule sees
all their gradients at once, as TensorFlow's gradient functions do (_QrGrad(op, dq, dr)).

One node per output made the tape differentiate each output's part of the rule apart and add the parts:
a loss of both Q and R got each product rounded in another order than TF's one rule (qr's gradient 4 of 12
float32 values an ulp off). Here the outputs are slices of one packed array; the tape adds their gradients
into it exactly (each place gets one gradient and zeros), and an unused output's gradient is zeros, as
TF's eager gradient fills it.
"""
import numpy as np

from framework import backend
from framework import ops as _ops
from .ops_elementwise import _primitive


def joint_outputs(name, a, raws, rule):
    """Tensors holding ``raws`` (raw arrays, each with ``a``'s batch axes first), recorded as one node on ``a``
    whose gradient is ``rule(grads, outputs, a)``: ``grads`` one per output, ``outputs`` the returned tensors
    (which the rule may read, so an outer tape differentiates through them)."""
    xp = backend.array_module(raws[0])
    batch = tuple(a.shape[:-2])
    sizes = [int(np.prod(raw.shape[len(batch):], dtype=np.int64)) for raw in raws]
    ends = np.cumsum(sizes).tolist()
    outputs = []

    def unpacked(packed):
        return [_ops.reshape(packed[..., end - size:end], raw.shape) for raw, size, end in zip(raws, sizes, ends)]

    def vjp(g, out, a):
        return rule(unpacked(g), outputs, a)
    # (each part's size spelled out: an empty batch leaves -1 undetermined)
    packed = _primitive(name, (a,), xp.concatenate([raw.reshape(batch + (size,)) for raw, size in zip(raws, sizes)],
                                                   -1), (vjp,))
    outputs.extend(unpacked(packed))
    return outputs
