"""A tensor of values computed as TensorFlow's kernel does, differentiated through composite ops.

TensorFlow's AdjustHue and AdjustSaturation kernels round in their own order, which the
exact kernels in this package repeat on host arrays; their gradient (TensorFlow's, for
the composite ops Keras and tf.image fall back to) comes from re-running ``composite``
on a tape, so the values are the kernel's and the gradient is the ops' own.
"""
from ... import backend
from ...tensor import Tensor
from ..operands import ACTIVE, record


def kernel_result(name, images, values, composite):
    """Tensor of host array ``values`` (on ``images``' device), recorded as op ``name`` whose
    gradient is that of ``composite(images)``."""
    out = Tensor(backend.array_module(images._data).asarray(values))
    if ACTIVE:
        def vjp(g, y, x):
            from ...tape import GradientTape
            with GradientTape() as tape:
                tape.watch(x)
                again = composite(x)
            return tape.gradient(again, x, output_gradients=g)
        record(name, (images,), out, (vjp,))
    return out
