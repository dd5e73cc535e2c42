"""Ops whose TensorFlow kernel registers no gradient (AdjustContrastv2, AdjustSaturation,
AdjustHue, ResizeArea): a gradient asked through them raises TensorFlow's LookupError, which
the autodiff guide shows ('gradient registry has no entry for: AdjustContrastv2'). Their
values are computed on inputs cut off from the tapes, then recorded as one node whose only
rule is that error, so the sweep raises it exactly when a gradient reaches the op.
Ops TensorFlow registers as NotDifferentiable (HSVToRGB) give None instead: not_differentiable.
"""
from ..tape import ACTIVE, record, record_blocked
from ..tensor import Tensor
from .shapes import stop_gradient


def without_gradient(kernel, compute, *inputs, error=None):
    """``compute(*inputs)`` recorded as TensorFlow's ``kernel``, which has no gradient.

    Args:
        kernel: the TensorFlow kernel the error names.
        compute: the op's value as a function of its tensor inputs.
        inputs: its tensor inputs (other values pass through as they are).
        error: a function making the exception to raise instead of the registry's LookupError
            (a registered gradient function that refuses, as MatrixSolveLs's with fast=False).
    """
    if not ACTIVE:
        return compute(*inputs)
    cut = [stop_gradient(x) if isinstance(x, Tensor) else x for x in inputs]
    out = compute(*cut)

    def unregistered(g, y, *xs):
        if error is not None:
            raise error()
        raise LookupError('gradient registry has no entry for: %s' % kernel)
    tensors = tuple(x for x in inputs if isinstance(x, Tensor))
    record(kernel, tensors, out, (unregistered,) * len(tensors))
    return out


def not_differentiable(name, x):
    """``x`` cut from the tapes, noted as read by ``name`` (so a None gradient names the op)."""
    if not ACTIVE:
        return x
    cut = stop_gradient(x)
    record_blocked(name, (x,))
    return cut
