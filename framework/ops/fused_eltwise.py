"""Activations of a Dense layer's bias-added output in a traced step, as TensorFlow's fused kernel computes them.

TensorFlow's graph optimizer fuses MatMul + bias Add + Tanh / Elu / Sigmoid into one oneDNN kernel
whether the activation is the Dense layer's own or a separate ``Activation`` layer's (the graph is the
same): measured on TF 2.21, ``Dense(24)`` + ``Activation('tanh')`` predicts the bits of
``Dense(24, activation='tanh')``. A Dense layer without activation marks its output in a traced step
(``mark_fusable``); an Activation layer given that tensor applies these ops. Gradients are the usual
TanhGrad / EluGrad / SigmoidGrad, which read the output. silu (swish), mish and gelu fuse only where no
gradient reads the pre-activation: predict and evaluate (no tape here); a train step keeps Eigen's,
but for a Keras fit step's silu, fused too (fused_silu: its loss gradient is data, TF 2.21).
"""
import numpy as np

from .. import libm, onednn_policy
from . import eigen_math, half_fused_activations, onednn_activations, onednn_gelu
from .activations import ELU_VJPS, elu_value
from .dense_activation import activation_of_sum, half_fused_value
from .fused_sigmoid import fused_sigmoid
from .linalg import half_fused_affine
from .fusable_outputs import affine_parts, wide_sum
from .fusable_outputs import is_fusable, mark_fusable  # noqa: F401 (their home before fusable_outputs.py)
from .unary import _apply, _tanh_grad, tanh_value
from ..tensor import Tensor

def fused_tanh(z):
    half = _half_precision_value('tanh', z)
    return _apply('tanh', z, half or (lambda xp, a: onednn_activations.tanh(a) if eigen_math.handles(a)
                                      else tanh_value(a)), _tanh_grad, widen_bfloat16=False)


def fused_elu(z):
    half = _half_precision_value('elu', z)
    return _apply('elu', z, half or (lambda xp, a: onednn_activations.elu(a) if eigen_math.handles(a)
                                     else elu_value(a)), ELU_VJPS[0], widen_bfloat16=False)


def _half_precision_value(activation, z):
    """For a 16-bit Dense output ``z`` whose operands were noted (AFFINE_PARTS): the fused kernel's value, the
    activation of the float32 sum rounded once, as for a Dense layer's own activation (TF's graph is the same);
    the activation of the rounded z (eager TF's) put 4561 of 32768 float16 tanh values off TF 2.21's."""
    if z._data.dtype.itemsize != 2:
        return None
    parts = affine_parts(z)
    if parts is None:
        wide = wide_sum(z)          # a 16-bit convolution's (its elu fuses)
        if wide is None:
            return None
        rounded = activation_of_sum(activation, wide, z._data.dtype)
        return lambda xp, a: rounded
    value = half_fused_value(activation, parts)
    return lambda xp, a: value(a)


def fused_silu(z):
    """silu(z) with oneDNN's fused swish values (a traced train step: TF 2.21 fuses MatMul + BiasAdd + swish
    there too, tf.nn.silu's custom gradient reading z); the gradient is silu's own."""
    from .activations import _silu_grad
    from .operands import ACTIVE, record
    a = z._data
    if not eigen_math.handles(a):
        return None
    out = Tensor(onednn_activations.swish(a))
    if ACTIVE:
        record('silu', (z,), out, (lambda g, y, x: _silu_grad(g, x, 1.0),))
    return out


_WITHOUT_TAPE = {'silu': onednn_activations.swish, 'mish': onednn_activations.mish, 'gelu': onednn_gelu.gelu_erf}


def fused_without_tape(name, z, usual, parts=None):
    """``usual(z)`` for ``name`` in 'silu', 'mish', 'gelu', as oneDNN's fused kernel computes it; only for a
    call no tape records (nothing differentiates the result). ``parts``: the Dense's (x, kernel, bias), whose
    float32 sum a 16-bit gelu takes (default: those noted with z, AFFINE_PARTS)."""
    a = z._data
    if a.dtype.itemsize == 2 and type(a) is np.ndarray:
        half = _half_without_tape(name, z, affine_parts(z) if parts is None else parts)
        if half is not None:
            return half
    if not eigen_math.handles(a) or (name == 'gelu' and (onednn_policy.vector_lanes() != 16 or a.ndim != 2)):
        # gelu: the minimax kernel is AVX-512's (other CPUs' is not modelled), and it joins a 2-D Dense's
        # MatMul + bias only (fusable_outputs.py); TF 2.21 fuses silu and mish on a rank-3 output too
        return usual(z)
    return Tensor(_WITHOUT_TAPE[name](a))


def _half_without_tape(name, z, parts):
    """A 16-bit Dense output's silu / mish (oneDNN's float32 kernels of the rounded output: TF 2.21 does not
    join them to a 16-bit MatMul) or gelu (of the float32 sum, as the fused kernel: float16's C-library
    formula, bfloat16's AVX-512 minimax one) as TF 2.21 gives them in a traced predict (p18.py, p23.py,
    p24.py: every value equal, where the 16-bit ops' values differed in about a third); None where not
    modelled (a gelu without the Dense's operands or off a 2-D product)."""
    a = z._data
    if name != 'gelu':
        if eigen_math.ENABLED[0] is False:       # (set_tf_exact_math(False))
            return None
        # every size: rounded to 16 bits, a float32 ulp rarely shows, and the 16-bit ops' values differ more.
        # silu: the C library's 1 / (1 + expf(-s)) (whole arrays at numpy's speed; the float32 kernel's
        # values round alike, at 60x the cost)
        s = a.astype(np.float32)
        with np.errstate(all='ignore'):
            value = s / (np.float32(1) + libm.apply('exp', -s)) if name == 'silu' else onednn_activations.mish(s)
        return Tensor(value.astype(a.dtype))
    if parts is None or a.ndim != 2:
        return None
    wide = half_fused_affine(parts[0]._data, parts[1]._data, parts[2]._data)
    if half_fused_activations.handles(wide, a.dtype):
        return Tensor(half_fused_activations.gelu(wide))
    if onednn_policy.vector_lanes() != 16:
        return None
    return Tensor(onednn_gelu.gelu_erf(wide).astype(a.dtype))


__all__ = ['mark_fusable', 'is_fusable', 'fused_tanh', 'fused_elu', 'fused_sigmoid', 'fused_without_tape']
