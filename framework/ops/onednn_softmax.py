"""float32 softmax with the bits of oneDNN's kernel, which TensorFlow runs on x86 CPUs.

Where TensorFlow turns oneDNN on (framework/onednn_policy.py: CPUs with AVX512_VNNI,
AVX512_BF16 or AMX, or TF_ENABLE_ONEDNN_OPTS=1) it runs Softmax as oneDNN's (``_MklSoftmax``),
not Eigen's: on a row ``x`` it takes ``e = exp(x - max)`` with oneDNN's own exp
(``jit_uni_eltwise_injector``: ``x = n ln2 + r``, a degree-5 polynomial in ``r`` evaluated
with fused multiply-adds, times ``2 * 2**(n - 1)``, zero below ln(FLT_MIN)), sums ``e`` in the
lanes of a vector register (16 with AVX-512, else 8; element k into lane k % 16, in order,
then the lanes halved 8 + 4 + 2 + 1) and multiplies ``e`` by ``1 / sum``. Measured on TF 2.21 (Xeon, AVX-512):
every value of rows of 3 to 100 equal, where Eigen's order (eigen_math) differed in about
half. A fused multiply-add is emulated in float64 (the product exact, two roundings).
"""
import numpy as np

from .. import onednn_policy

_F = np.float32


def _f32(bits):
    return np.array([bits], np.uint32).view(_F)[0]


_LOG2E, _LN_MAX, _LN_MIN, _LN2 = _f32(0x3fb8aa3b), _f32(0x42b17218), _f32(0xc2aeac50), _f32(0x3f317218)
_POLYNOMIAL = [_f32(0x3c07cfce), _f32(0x3d2b9d0d), _f32(0x3e2aad40), _f32(0x3efffee3), _f32(0x3f7ffffb), _F(1)]


def active():
    """Whether TensorFlow would run oneDNN's kernel here (see framework/onednn_policy.py)."""
    return onednn_policy.enabled()


def softmax_rows(a):
    """Softmax along the last axis of a finite 2-D float32 numpy array, as oneDNN computes it."""
    e = exp(a - a.max(axis=1, keepdims=True))
    rows, n = e.shape
    lanes_wide = onednn_policy.vector_lanes()
    blocks = -(-n // lanes_wide)
    padded = np.zeros((rows, blocks, lanes_wide), _F)
    padded.reshape(rows, -1)[:, :n] = e
    lanes = np.add.accumulate(padded, axis=1)[:, -1] if blocks > 1 else padded[:, 0]
    while lanes.shape[1] > 1:                   # the register halved: lane i plus lane i + width / 2
        half = lanes.shape[1] // 2
        lanes = lanes[:, :half] + lanes[:, half:]
    e *= (_F(1) / lanes[:, 0])[:, None]
    return e


def exp(x):
    """oneDNN's float32 exp of a float32 array."""
    zero = x < _LN_MIN
    x = np.maximum(np.minimum(x, _LN_MAX), _LN_MIN)
    n = np.floor(x * _LOG2E + _F(0.5))
    r = (x.astype(np.float64) - n.astype(np.float64) * float(_LN2)).astype(_F)
    scale = (((n - _F(1)).astype(np.int32) + 127) << 23).view(_F)
    scale[zero] = 0
    wide_r = r.astype(np.float64)
    y = np.full(r.shape, _POLYNOMIAL[0], _F)
    for coefficient in _POLYNOMIAL[1:]:
        y = (y.astype(np.float64) * wide_r + float(coefficient)).astype(_F)
    y *= scale
    y *= _F(2)
    return y
