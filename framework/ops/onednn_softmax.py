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


def softmax_rows(a, row_max=None, non_finite=False):
    """Softmax along the last axis of a 2-D float32 numpy array, as oneDNN computes it: each row's max
    (``row_max``, when the caller has it) finite; -inf entries give 0 (below ln(FLT_MIN)). Rows holding
    NaN or +inf (``non_finite``, their max taken without the NaNs): oneDNN's softmax clamps a NaN to
    ln(FLT_MAX) (vminps gives its second operand where either is NaN), so its exp is +inf, the row's sum
    +inf and 1/sum 0: NaN there, 0 elsewhere (softmax([inf, 1]) is [nan, 0] on TF 2.21)."""
    if row_max is None:
        row_max = a.max(axis=1, keepdims=True)
    shifted = a - row_max
    if non_finite:
        np.fmin(shifted, _LN_MAX, out=shifted)
    e = exp(shifted)
    rows, n = e.shape
    lanes_wide = onednn_policy.vector_lanes()
    blocks = -(-n // lanes_wide)
    padded = np.zeros((rows, blocks, lanes_wide), _F)
    padded.reshape(rows, -1)[:, :n] = e
    lanes = _unrolled_block_sums(padded, n // lanes_wide)
    while lanes.shape[1] > 1:                   # the register halved: lane i plus lane i + width / 2
        half = lanes.shape[1] // 2
        lanes = lanes[:, :half] + lanes[:, half:]
    e *= (_F(1) / lanes[:, 0])[:, None]
    return e


_UNROLL = 4      # the vector registers oneDNN's softmax loop sums into


def _unrolled_block_sums(padded, full_blocks):
    """The lanes' sums as oneDNN's loop makes them: full blocks of a row, ``_UNROLL`` at a time, go to
    accumulators 0..3 in turn (the blocks left over after the last group of four to accumulators 0, 1, ...),
    a partial last block to accumulator 0, then (acc0 + acc1) + (acc2 + acc3). Measured on TF 2.21 (Xeon,
    AVX-512): all 160 rows of 17 to 1000 classes; one running sum (the order below 64 classes) missed
    rows of 64 and more."""
    rows, blocks, lanes_wide = padded.shape
    if blocks == 1:         # (up to 16 classes) one block: accumulator 0 is the block, the others +0
        return padded[:, 0]
    accumulators = np.zeros((_UNROLL, rows, lanes_wide), _F)
    for b in range(full_blocks):
        accumulators[b % _UNROLL] += padded[:, b]
    if blocks > full_blocks:                    # the masked tail block
        accumulators[0] += padded[:, full_blocks]
    return (accumulators[0] + accumulators[1]) + (accumulators[2] + accumulators[3])


def exp(x):
    """oneDNN's float32 exp of a float32 array.

    Each multiply-add of the polynomial is one float64 multiply of the float32 value by the
    widened ``r`` (numpy widens the float32 operand inside the loop) and one float64 add whose
    result is rounded to float32 as it is written to ``y``. Below ln(FLT_MIN) the clamp makes
    ``n`` -126, whose scale 2**(n - 1) has an exponent field of 0: the value +0, oneDNN's zero
    there, without a mask. A NaN stays NaN (a fused elu's NaN input gives NaN, measured on TF 2.21); the
    softmax's own NaNs are clamped before (softmax_rows)."""
    x = np.maximum(np.minimum(x, _LN_MAX), _LN_MIN)
    n = x * _LOG2E
    n += _F(0.5)
    np.floor(n, out=n)
    wide = np.multiply(n, -float(_LN2), dtype=np.float64)     # exact: n is an integer of at most 8 bits
    wide += x
    r = wide.astype(_F)
    wide_r = r.astype(np.float64)
    y = np.empty_like(r)
    np.multiply(wide_r, float(_POLYNOMIAL[0]), out=wide)
    for coefficient in _POLYNOMIAL[1:-1]:
        np.add(wide, float(coefficient), out=y)             # the float64 sum rounded once into y
        np.multiply(y, wide_r, out=wide)
    np.add(wide, float(_POLYNOMIAL[-1]), out=y)
    n += _F(126)                                            # (n - 1) + 127: the biased exponent of 2**(n - 1)
    scale = n.astype(np.int32)
    scale <<= 23
    y *= scale.view(_F)
    y *= _F(2)
    return y
