"""A Dense layer's sigmoid inside a traced step, with the bits of TensorFlow's fused kernel.

In a traced function (Keras 3's fit / evaluate / predict steps) TensorFlow's graph optimizer
fuses MatMul + BiasAdd + Sigmoid into one oneDNN kernel where TensorFlow runs oneDNN
(onednn_policy.py); its logistic is oneDNN's eltwise one: ``e = exp(-|z|)`` with oneDNN's exp
(onednn_softmax.exp), ``y = e / (e + 1)``, and ``1 - y`` where ``z > 0``. Eager TensorFlow, and a
sigmoid that does not follow a bias add, use Eigen's (eigen_math.sigmoid). Measured on TF 2.21
(oneDNN, AVX-512 Xeon): all 512 values of a traced (32, 16) Dense layer's sigmoid equal, where
Eigen's differed in 41%; the imbalanced-data tutorial's ``model.predict`` now prints TF's digits.
As eigen_math: arrays of at most SMALL elements by default, every array under
``set_tf_exact_math(True)``; others take the sigmoid op's usual values.

A cross-entropy that reads the logits of such an output (Keras's _get_logits: a BinaryCrossentropy
loss or metric, a binary focal loss) undoes the fusion: BiasAdd's output then has two readers,
the Sigmoid and the loss, and grappler's remapper fuses only a single reader, so the Sigmoid runs
Eigen's kernel and every other reader (an MSE 'Brier score' metric, AUC's thresholds) sees Eigen's
values. Measured on TF 2.21: the imbalanced-data tutorial's evaluate, BCE loss and an MSE metric on a
sigmoid Dense output, gave the MSE of Eigen's sigmoid; with loss='mse' alone it gave the fused one.
``unfuse`` rewrites the values in place when the cross-entropy reads the logits; a Keras step
computes its loss before its metrics, so readers after a BCE loss see Eigen's values (a reader
before the first cross-entropy, e.g. an MSE loss with a BCE metric, still sees oneDNN's).

A float16 / bfloat16 Dense layer's fused kernel sums x @ kernel + bias in float32
(linalg.half_fused_affine), applies the logistic there and rounds once; the sigmoid of the rounded
logits (eager TF's) moved a traced (64, 16) layer's sums, and fits' losses and weights from the first step
(measured on TF 2.21: /work/notes/progs/halfsigmoid/hs.py). A BCE fit's losses and weights also match
this way; its Sigmoid output is still unfused as above where the loss reads the logits.
"""
import weakref

import numpy as np

from .. import backend
from . import eigen_math, half_fused_activations, onednn_activations
from .fusable_outputs import onednn_fuses
from .linalg import half_fused_affine
from .unary import _apply, _sigmoid_grad, _sigmoid_value

# id -> weak reference, for outputs holding oneDNN's values (tensors are unhashable, as TensorFlow's)
_FUSED = {}


def fused_sigmoid(z, x=None, kernel=None, bias=None):
    """sigmoid(z) for ``z`` the bias-added output of a Dense layer in a traced step; ``x``, ``kernel``
    and ``bias``: that layer's operands, whose float32 sum a 16-bit fused kernel takes (z is its rounding)."""
    if x is not None and not onednn_fuses(x):
        # a rank-3 or higher input: TF's tensordot leaves the Sigmoid unfused, Eigen's (fusable_outputs.py)
        return _apply('sigmoid', z, _sigmoid_value, _sigmoid_grad, widen_bfloat16=False)
    if bias is not None and z._data.dtype.itemsize == 2:
        # the logistic of the float32 sum, rounded once: the output the gradient (SigmoidGrad) reads
        wide = half_fused_affine(x._data, kernel._data, bias._data)
        if half_fused_activations.handles(wide, z._data.dtype):
            rounded = half_fused_activations.logistic(wide)        # float16's C-library formula
        else:
            rounded = _value(backend.array_module(wide), wide).astype(z._data.dtype)
        out = _apply('sigmoid', z, lambda xp, a: rounded, _sigmoid_grad, widen_bfloat16=False)
        _remember(out)
        return out
    out = _apply('sigmoid', z, _value, _sigmoid_grad, widen_bfloat16=False)
    a = out._data
    if type(a) is np.ndarray and a.dtype == np.float32 and eigen_math.exact_elementwise(a.size):
        _remember(out)
    return out


def _remember(out):
    ident = id(out)
    _FUSED[ident] = weakref.ref(out, lambda _, ident=ident: _FUSED.pop(ident, None))


def unfuse(output, logits):
    """A cross-entropy reads ``logits`` of ``output``: if ``output`` holds the fused kernel's
    values, give it Eigen's sigmoid of the logits, as TensorFlow's unfused graph computes it."""
    ref = _FUSED.pop(id(output), None)
    if ref is not None and ref() is output:
        output._data[...] = _sigmoid_value(backend.array_module(logits._data), logits._data)


def _value(xp, a):
    if xp is not np or a.dtype != np.float32 or not eigen_math.exact_elementwise(a.size):
        return _sigmoid_value(xp, a)
    return onednn_activations.logistic(a)
