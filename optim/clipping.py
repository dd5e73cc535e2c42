"""Gradient clipping on raw arrays, with Keras 3's formulas (TensorFlow backend).

Each function returns new arrays and never writes into the gradients it is
given (they may be the caller's arrays). An IndexedSlices gradient (RowGradients)
is clipped as Keras 3 on TensorFlow does: its rows by value or by their norm
(each repeated row counted on its own), and, for the global norm, summed into a
dense gradient by the scaling (TensorFlow's ``IndexedSlices * Tensor`` densifies).
"""
import numpy as np

from framework import backend
from framework.indexed_slices import RowGradients
from framework.ops.eigen_sum import sum_all
from framework.ops.graph_input_errors import eager_input_error, input_mismatch


def clip_by_value(grad, clipvalue):
    """Each element clipped to [-clipvalue, clipvalue]."""
    if type(grad) is RowGradients:
        return grad.with_values(clip_by_value(grad.values, clipvalue))
    xp = backend.array_module(grad)
    limit = grad.dtype.type(clipvalue)
    # (numpy's clip of a bfloat16 array gives float32: the clipped values, in the gradient's dtype)
    return xp.clip(grad, -limit, limit).astype(grad.dtype, copy=False)


def clip_by_norm(grad, clipnorm):
    """``grad * clipnorm / max(||grad||, clipnorm)``: rescaled when its L2 norm exceeds clipnorm."""
    if type(grad) is RowGradients:
        return grad.with_values(clip_by_norm(grad.values, clipnorm))
    xp = backend.array_module(grad)
    clipnorm = grad.dtype.type(clipnorm)
    l2norm = xp.sqrt(sum_all(grad * grad))      # tf.clip_by_norm's reduce_sum: TensorFlow's order
    return grad * clipnorm / xp.maximum(l2norm, clipnorm)


def global_norm(grads):
    """sqrt of the sum of squares of every element of every gradient, in the first one's dtype:
    Keras's ``sqrt(sum(stack([sum(square(g)) for g in grads])))``, its sums in TensorFlow's order.

    Raises:
        InvalidArgumentError: gradients of different dtypes (float32 and float64 variables): Keras's
            stack promotes the norm to the widest dtype, and TensorFlow's Mul then refuses the
            narrower gradients times that scale.
    """
    dtype = grads[0].dtype
    for g in grads:
        if g.dtype != dtype:
            raise _mixed_dtypes_error(grads)
    squared = [sum_all(_squares(g)).astype(dtype) for g in grads]
    xp = backend.array_module(squared[0])
    return xp.sqrt(sum_all(xp.stack(squared)))


def clip_by_global_norm(grads, clipnorm):
    """Every gradient scaled by ``clipnorm / max(global_norm, clipnorm)``.

    A non-finite global norm makes every gradient nan, as in Keras (the
    ``norm - norm`` term), so that a diverged step is visible, not hidden.
    """
    scale = global_norm_scale(grads, clipnorm)
    return [(g.dense() if type(g) is RowGradients else g) * scale.astype(g.dtype) for g in grads]


def global_norm_scale(grads, clipnorm):
    """The factor ``clip_by_global_norm`` multiplies every gradient by, in the first one's dtype."""
    norm = global_norm(grads)
    xp = backend.array_module(norm)
    limit, one = norm.dtype.type(clipnorm), norm.dtype.type(1)
    # A zero norm divides by zero here (1/0 = inf, then min(inf, 1/clipnorm)):
    # a value, not an error; tapeflow silences numpy's RuntimeWarning for it.
    # Keras writes 1.0 / clip_norm in Python: the quotient is rounded once, from float64.
    return limit * xp.minimum(one / norm, norm.dtype.type(1.0 / clipnorm)) + (norm - norm)


def _mixed_dtypes_error(grads):
    """TensorFlow's error for the first gradient (in order) whose dtype is not the promoted norm's."""
    scale = np.result_type(*[g.dtype for g in grads])
    narrower = next(g.dtype for g in grads if g.dtype != scale)
    return input_mismatch(eager_input_error('Mul', 1, narrower, scale), 'Mul', 1, narrower, scale)


def _squares(grad):
    """The squared gradient, dense; for rows, the sum of each index's squared rows (Keras's
    ``sum(square(IndexedSlices))`` squares the rows, then sums them densely)."""
    if type(grad) is RowGradients:
        return grad.dense(grad.values * grad.values)
    return grad * grad
