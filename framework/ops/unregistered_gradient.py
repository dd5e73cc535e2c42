"""Ops whose TensorFlow kernel registers no gradient (AdjustContrastv2, AdjustSaturation,
AdjustHue, ResizeArea): a gradient asked through them raises TensorFlow's LookupError, which
the autodiff guide shows ('gradient registry has no entry for: AdjustContrastv2'). Their
values are computed on inputs cut off from the tapes, then recorded as one node whose only
rule is that error, so the sweep raises it exactly when a gradient reaches the op.
Ops TensorFlow registers as NotDifferentiable (HSVToRGB) give None instead: not_differentiable.
Ops whose outputs are computed apart (IsFinite's bool, Unique's indices) note them with unregistered_outputs.
"""
from ..tape import ACTIVE, record, record_blocked, thread_tapes
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

    record_outputs(kernel, inputs, (out,), refusal(kernel, error))
    return out


def refusal(kernel, error=None):
    """The rule of an op with no registered gradient: the registry's LookupError (or ``error()``)."""
    def unregistered(g, y, *xs):
        if error is not None:
            raise error()
        raise LookupError('gradient registry has no entry for: %s' % kernel)
    return unregistered


def unregistered_outputs(kernel, inputs, *outputs):
    """Note ``outputs`` (already computed, cut from the tapes) as outputs of TF's ``kernel``, which registers no
    gradient (IsFinite, Unique, Bitcast): a gradient asked of one of them raises the registry's LookupError."""
    if ACTIVE:
        record_outputs(kernel, inputs, outputs, refusal(kernel))


def record_outputs(kernel, inputs, outputs, rule):
    """Record each of ``outputs`` as an output of ``kernel`` read from ``inputs``, each input's gradient
    ``rule(g, output, *inputs)``. TF's tape watches the outputs of a recorded op only where their dtype is
    trainable (floating or complex): a bool or integer output (IsFinite's, TopKV2's indices) reaches its op as a
    target of its own, never through the ops that read it (TF 2.21: the gradient of tf.identity(is_finite(x))
    is None, of is_finite(x) the LookupError)."""
    tensors = tuple(x for x in inputs if isinstance(x, Tensor))
    for out in outputs:
        record(kernel, tensors, out, (rule,) * len(tensors))
        unwatched(out)


def unwatched(out):
    """``out``, a recorded op's output, left unwatched by this thread's tapes where its dtype is not trainable
    (see record_outputs): its op's node stays, for a gradient asked of ``out`` itself."""
    if ACTIVE and type(out) is Tensor and not (out._data.dtype.kind in 'fc' or out._data.dtype.name == 'bfloat16'):
        for tape in thread_tapes():
            tape._tracked.discard(id(out))
    return out


def not_differentiable(name, x):
    """``x`` cut from the tapes, noted as read by ``name`` (so a None gradient names the op)."""
    if not ACTIVE:
        return x
    cut = stop_gradient(x)
    record_blocked(name, (x,))
    return cut
