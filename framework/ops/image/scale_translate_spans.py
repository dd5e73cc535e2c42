"""TensorFlow's ScaleAndTranslate resampling (``tf.image.resize`` with antialias, or with lanczos3,
lanczos5, gaussian or mitchellcubic), in its own float32 arithmetic.

Each output index along an axis reads a span of consecutive inputs with float32 weights
(``spans``). TensorFlow builds those weights tap by tap, sums them in order and multiplies by
the sum's reciprocal; it resamples the rows first, then the columns, each output starting at
0 and adding ``weight * input`` tap by tap (GatherRows / GatherColumns). A matrix product
sums in another order, so its resizes differed from TensorFlow's by a few ulps in about half
of the pixels; ``resample_spans`` adds in TensorFlow's order. The gradient is the transposed
spans gathered the same way (TensorFlow's ScaleAndTranslateGrad: ``grad_spans``).
"""
import math

import numpy as np

from ... import backend, libm
from ...tensor import Tensor
from ..operands import ACTIVE, record
from ..unregistered_gradient import without_gradient

F32 = np.float32
_PI = F32(3.14159265359)                       # the kernels' float kPI


def _lanczos(radius):
    def kernel(x):
        # the small-x case compares in double, as the C++ `x <= 1e-3` does
        value = (F32(radius) * _sinf(_PI * x) * _sinf(_PI * x / F32(radius))) / (_PI * _PI * x * x)
        return np.where(x > radius, F32(0), np.where(x.astype(np.float64) <= 1e-3, F32(1), value))
    return radius, kernel


def _sinf(x):
    """sinf of float32 values as TensorFlow's kernel gets them: the C library's own, which is not
    correctly rounded (float64 sines rounded to float32 differed in the last bit of some Lanczos
    weights); off a C library with sinf, float64 rounding."""
    if libm.c_function('sin', F32) is None:
        return np.sin(x.astype(np.float64)).astype(F32)
    return libm.apply('sin', x)


def _gaussian(x):
    # exp(-x * x / (2.0 * sigma * sigma)): the square in float, the rest in double (2.0 is a double)
    square = ((-x) * x).astype(np.float64)
    return np.where(x >= F32(1.5), F32(0), np.exp(square / 0.5).astype(F32))


KERNELS = {
    'lanczos3': _lanczos(3.0),
    'lanczos5': _lanczos(5.0),
    'gaussian': (1.5, _gaussian),
    'box': (1.0, lambda x: np.where(x < F32(0.5), F32(1), np.where(x == F32(0.5), F32(0.5), F32(0)))),
    'triangle': (1.0, lambda x: np.where(x < F32(1), F32(1) - x, F32(0))),
    'keyscubic': (2.0, lambda x: np.where(x >= F32(2), F32(0), np.where(
        x >= F32(1), ((F32(-0.5) * x + F32(2.5)) * x - F32(4)) * x + F32(2),
        ((F32(1.5) * x - F32(2.5)) * x) * x + F32(1)))),
    'mitchellcubic': (2.0, lambda x: np.where(x >= F32(2), F32(0), np.where(
        x >= F32(1), ((F32(-7) / F32(18) * x + F32(2)) * x - F32(10) / F32(3)) * x + F32(16) / F32(9),
        ((F32(7) / F32(6) * x - F32(2)) * x) * x + F32(8) / F32(9)))),
}


def spans(size_in, size_out, kernel_type, antialias, scale=None, translation=0.0):
    """(starts (size_out,) int, weights (size_out, span) float32) of ScaleAndTranslate along one axis:
    output o reads inputs starts[o] .. starts[o] + span - 1 (those inside the image); an output
    whose sample lies outside [0, size_in] reads nothing (all its weights 0)."""
    radius, kernel = KERNELS[kernel_type]
    scale = F32(size_out) / F32(size_in) if scale is None else F32(scale)
    inv_scale = F32(1.0 / float(scale))                  # 1.0 / scale in double, stored as float
    inv_translate = -inv_scale * F32(translation)
    kernel_scale = max(inv_scale, F32(1)) if antialias else F32(1)
    reach = F32(radius) * kernel_scale
    span = min(2 * int(math.ceil(reach)) + 1, size_in)
    one_over_kernel_scale = F32(1) / kernel_scale
    starts = np.zeros(size_out, np.int64)
    weights = np.zeros((size_out, span), F32)
    for o in range(size_out):
        sample = (F32(o) + F32(0.5)) * inv_scale + inv_translate
        if sample < 0 or sample > size_in:
            continue
        start = min(max(int(math.ceil((sample - reach) - F32(0.5))), 0), size_in - 1)
        end = min(max(int(math.floor((sample + reach) - F32(0.5))), 0), size_in - 1) + 1
        taps = kernel(np.abs(((np.arange(start, end).astype(F32) + F32(0.5)) - sample) * one_over_kernel_scale))
        total = F32(0)
        for weight in taps:                            # in order, as the C++ loop adds them
            total = F32(total + weight)
        if abs(total) >= 1000 * np.finfo(F32).tiny:
            weights[o, :end - start] = taps * (F32(1) / total)
        starts[o] = start
    return starts, weights


def matrix(size_in, size_out, kernel_type, antialias, scale=None, translation=0.0):
    """The (size_out, size_in) float32 weights the spans describe."""
    return _as_matrix(spans(size_in, size_out, kernel_type, antialias, scale, translation), size_in)


def _gather(a, starts, weights, axis):
    """``a`` (float32) resampled along ``axis``: each output starts at 0 and adds weight * input tap
    by tap, skipping taps past the image's edge, as TensorFlow's GatherRows / GatherColumns do."""
    xp = backend.array_module(a)
    size_in = a.shape[axis]
    shape = list(a.shape)
    shape[axis] = len(starts)
    out = xp.zeros(shape, F32)
    view = [1] * a.ndim
    view[axis] = len(starts)
    for tap in range(weights.shape[1]):
        index = starts + tap
        inside = index < size_in
        taken = xp.take(a, xp.asarray(np.where(inside, index, 0)), axis=axis)
        weight = xp.asarray(weights[:, tap].reshape(view))
        out = xp.where(xp.asarray(inside.reshape(view)), out + weight * taken, out)
    return out


def resample_spans(x, rows, cols):
    """4-D float32 Tensor ``x`` resampled along its height by ``rows`` and its width by ``cols``
    ((starts, weights) pairs from ``spans``), rows first, in TensorFlow's order of sums."""
    a = x._data
    out = Tensor(_gather(_gather(a, rows[0], rows[1], 1), cols[0], cols[1], 2))
    if ACTIVE:
        def backprop(g, x):
            # ScaleAndTranslateGrad: the transposed spans, gathered rows first as the forward kernel
            back_rows, back_cols = grad_spans(rows, a.shape[1]), grad_spans(cols, a.shape[2])
            return Tensor(_gather(_gather(g._data, back_rows[0], back_rows[1], 1), back_cols[0], back_cols[1], 2))

        def vjp(g, y, x):      # TF's ScaleAndTranslateGrad, which has no gradient (LookupError past it)
            return without_gradient('ScaleAndTranslateGrad', backprop, g, x)
        record('scale_and_translate', (x,), out, (vjp,))
    return out


def grad_spans(pair, size_in):
    """The spans of ScaleAndTranslateGrad along one axis (TF's ComputeGradSpansCore): input i reads the
    outputs that read it, from the first of them on, each with the weight it was read with (zeros
    between them); an input no output reads starts at 0 with zero weights."""
    starts, weights = pair
    reads = [[] for _ in range(size_in)]
    for o in range(len(starts)):
        for tap in range(weights.shape[1]):
            i = starts[o] + tap
            if weights[o, tap] != 0 and i < size_in:
                reads[i].append((o, weights[o, tap]))
    span = max([r[-1][0] - r[0][0] + 1 for r in reads if r] or [0])
    back_starts = np.array([r[0][0] if r else 0 for r in reads], np.int64)
    back_weights = np.zeros((size_in, span), F32)
    for i, r in enumerate(reads):
        for o, w in r:
            back_weights[i, o - r[0][0]] += w
    return back_starts, back_weights


def _as_matrix(pair, size_in):
    starts, weights = pair
    out = np.zeros((len(starts), size_in), F32)
    for tap in range(weights.shape[1]):
        index = starts + tap
        inside = index < size_in
        out[np.nonzero(inside)[0], index[inside]] += weights[inside, tap]
    return out
