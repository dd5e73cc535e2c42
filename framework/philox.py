"""TensorFlow's random bits: the Philox4x32-10 generator and the distributions its CPU kernels apply.

TensorFlow's random ops (stateful ``tf.random.*`` and stateless ``tf.random.stateless_*``,
hence every Keras 3 initializer and dropout mask) turn a Philox counter stream into values:
block i of an op's output is Philox(key, counter + i), four uint32 words, and each
distribution maps a block to a fixed number of values. Reproducing the generator and the
maps gives TensorFlow's values for the same seeds (checked against TensorFlow 2.21 in
tests/test_philox_random.py). Everything here runs on host numpy arrays, vectorised over blocks.
"""
import math

import numpy as np

from . import libm

_MASK32 = 0xFFFFFFFF
_M0, _M1 = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)    # round multipliers
_W0, _W1 = 0x9E3779B9, 0xBB67AE85                          # key increments (Weyl sequence)
_SCRAMBLE_KEY = (0x3EC8F720, 0x02461E29)                   # the stateless ops' seed scrambling key


def philox(key, counters):
    """Philox4x32-10 of ``counters`` (uint64 array (n, 4), each word < 2**32) under ``key`` (two ints):
    the (n, 4) uint64 array of output words."""
    c0, c1, c2, c3 = (counters[:, i].copy() for i in range(4))
    k0, k1 = int(key[0]), int(key[1])
    mask = np.uint64(_MASK32)
    shift = np.uint64(32)
    for _ in range(10):
        p0, p1 = c0 * _M0, c2 * _M1           # 32 x 32 -> 64 bits: no overflow in uint64
        c0, c1, c2, c3 = (p1 >> shift) ^ c1 ^ np.uint64(k0), p1 & mask, (p0 >> shift) ^ c3 ^ np.uint64(k1), p0 & mask
        k0, k1 = (k0 + _W0) & _MASK32, (k1 + _W1) & _MASK32
    return np.stack([c0, c1, c2, c3], axis=1)


def counter_range(counter, start, n):
    """The 128-bit counters ``counter + start + i`` for i < n, as (n, 4) uint64 words (low word first)."""
    return counters_at(counter, np.uint64(start) + np.arange(n, dtype=np.uint64))


def counters_at(counter, offsets):
    """The 128-bit counters ``counter + offset`` for each offset (a uint64 array), as (n, 4) uint64
    words (low word first)."""
    base = int(counter[0]) | int(counter[1]) << 32 | int(counter[2]) << 64 | int(counter[3]) << 96
    low = base & (2 ** 64 - 1)
    high = base >> 64
    lo = np.uint64(low) + offsets                           # wraps modulo 2**64
    carry = (lo < np.uint64(low)).astype(np.uint64)
    hi = (np.uint64(high & (2 ** 64 - 1)) + carry)
    mask, shift = np.uint64(_MASK32), np.uint64(32)
    return np.stack([lo & mask, lo >> shift, hi & mask, hi >> shift], axis=1)


def blocks(key, counter, n, start=0):
    """n consecutive Philox output blocks (n, 4) from ``counter + start``."""
    return philox(key, counter_range(counter, start, n))


def key_counter_from_seed(seed0, seed1):
    """The stateless ops' (key, counter) for a seed pair: the seeds, as 64-bit words, scrambled by
    one Philox call (TensorFlow's StatelessRandomGetKeyCounter on the CPU)."""
    s0, s1 = int(seed0) % 2 ** 64, int(seed1) % 2 ** 64
    words = np.array([[s0 & _MASK32, s0 >> 32, s1 & _MASK32, s1 >> 32]], dtype=np.uint64)
    mix = [int(v) for v in philox(_SCRAMBLE_KEY, words)[0]]
    return (mix[0], mix[1]), (0, 0, mix[2], mix[3])


def key_counter_from_op_seeds(seed, seed2):
    """A stateful op's generator for its (seed, seed2) attributes: PhiloxRandom(seed, seed2)."""
    s0, s1 = int(seed) % 2 ** 64, int(seed2) % 2 ** 64
    return (s0 & _MASK32, s0 >> 32), (0, 0, s1 & _MASK32, s1 >> 32)


# ---- distributions: a block stream -> values ----------------------------------------------------------

def _unit_float32(words):
    """uint32 words -> floats in [0, 1): 23 random mantissa bits under exponent 0, minus one."""
    bits = ((words & np.uint64(0x7FFFFF)) | np.uint64(0x3F800000)).astype(np.uint32)
    return bits.view(np.float32) - np.float32(1.0)


def _unit_float64(high_words, low_words):
    """Pairs of uint32 words -> doubles in [0, 1) (20 mantissa bits from the first, 32 from the second)."""
    bits = (np.uint64(1023) << np.uint64(52)) | ((high_words & np.uint64(0xFFFFF)) << np.uint64(32)) | low_words
    return bits.view(np.float64) - 1.0


def _box_muller_float32(x0, x1):
    """TensorFlow's BoxMullerFloat on word pairs: two float32 normals per pair.

    u1 is clamped to 1e-7; the angle is 2*pi (a double) times a float32 uniform, rounded to
    float32; the radius is sqrt(-2 logf(u1)) in float32; the normals are sinf and cosf of the
    angle times the radius. TensorFlow's Linux build calls glibc's logf and sincosf, which are
    not correctly rounded: small draws (the ones programs print) call them too (see
    ``_float_log_sincos``); larger ones round float64 results, which differ from glibc's in the
    last bit for about one value in a hundred."""
    u1 = np.maximum(_unit_float32(x0), np.float32(1.0e-7))
    v1 = (2.0 * math.pi * _unit_float32(x1).astype(np.float64)).astype(np.float32)
    log_u1, sin_v1, cos_v1 = _float_log_sincos(u1, v1)
    u2 = np.sqrt(np.float32(-2.0) * log_u1)
    return sin_v1 * u2, cos_v1 * u2


# Up to this many values, float32 normals call the C library's logf / sincosf one value at a
# time (about a microsecond each) to carry TensorFlow's exact bits; see _box_muller_float32.
LIBM_EXACT_LIMIT = 4096


def _float_log_sincos(u, v):
    """(logf(u), sinf(v), cosf(v)) as float32 arrays."""
    if _libm_exact(u.size):
        return libm.apply('log', u), libm.apply('sin', v), libm.apply('cos', v)
    angle = v.astype(np.float64)
    return (np.log(u.astype(np.float64)).astype(np.float32), np.sin(angle).astype(np.float32),
            np.cos(angle).astype(np.float32))


def _libm_exact(size):
    """Whether normals of ``size`` values call the C library (see LIBM_EXACT_LIMIT), under
    framework.config.set_tf_exact_math's mode: True (always), 'small' or False (never)."""
    from . import config
    mode = config.tf_exact_math()
    return libm.c_function('log', np.float32) is not None and (
        mode is True or (mode == 'small' and size <= LIBM_EXACT_LIMIT))


def _box_muller_float64(x0, x1, x2, x3):
    """TensorFlow's BoxMullerDouble: C's log, sin and cos of doubles (numpy's differ from them on
    CPUs with AVX-512, framework/libm.py), within the sizes _libm_exact allows."""
    u1 = np.maximum(_unit_float64(x0, x1), 1.0e-7)
    v1 = 2.0 * math.pi * _unit_float64(x2, x3)
    exact = _libm_exact(u1.size)
    u2 = np.sqrt(-2.0 * (libm.apply('log', u1) if exact else np.log(u1)))
    if exact:
        return libm.apply('sin', v1) * u2, libm.apply('cos', v1) * u2
    return np.sin(v1) * u2, np.cos(v1) * u2


# Blocks one pass of a large uniform draw takes: Philox's uint64 temporaries come to ~28 bytes a value, so a
# 10M x 4 Embedding's table drawn at once peaked at 1.1 GB for its 160 MB (TF: about 500 MB). Each block's
# words depend on its counter only, so passes of 2**18 blocks (~30 MB) give the same values.
_PASS_BLOCKS = 1 << 18


def uniform_values(key, counter, n, dtype, start=0, xla=False):
    """n uniform floats in [0, 1) of ``dtype`` (float16/32 take one word each, float64 two). ``xla``: as
    XLA's StatelessRandomUniformV2 gives float32 (a jit_compile'd step's dropout): the same words, their
    high 23 bits as the mantissa ((w >> 9) | 0x3f800000) - 1, where TF's kernel takes the low 23
    (measured on TF 2.21's CPU XLA, /work/notes/progs/modelfuzz15/x2.py)."""
    dtype = np.dtype(dtype)
    per_block = 2 if dtype == np.float64 else 4
    step = _PASS_BLOCKS * per_block
    if n > step:
        out = np.empty(n, dtype)
        for i in range(0, n, step):
            out[i:i + step] = uniform_values(key, counter, min(step, n - i), dtype, start + i // per_block, xla)
        return out
    if dtype == np.float64:
        words = blocks(key, counter, (n + 1) // 2, start)
        return _unit_float64(words[:, 0::2].reshape(-1), words[:, 1::2].reshape(-1))[:n]
    words = blocks(key, counter, (n + 3) // 4, start).reshape(-1)[:n]
    if dtype == np.float16:
        bits = ((words & np.uint64(0x3FF)) | np.uint64(0x3C00)).astype(np.uint16)
        return bits.view(np.float16) - np.float16(1.0)
    if dtype.kind == 'V':
        # bfloat16 (TF's Uint16ToGfloat16): 7 random mantissa bits under exponent 127, minus 1
        bits = ((words & np.uint64(0x7F)) | np.uint64(0x3F80)).astype(np.uint16)
        return bits.view(dtype) - dtype.type(1.0)
    if xla and dtype == np.float32:
        bits = ((words >> np.uint64(9)) | np.uint64(0x3F800000)).astype(np.uint32)
        return bits.view(np.float32) - np.float32(1.0)
    return _unit_float32(words).astype(dtype)


def normal_values(key, counter, n, dtype, start=0):
    """n standard normals of ``dtype`` (float32: four per block; float64: two per block)."""
    dtype = np.dtype(dtype)
    if dtype == np.float64:
        w = blocks(key, counter, (n + 1) // 2, start)
        d0, d1 = _box_muller_float64(w[:, 0], w[:, 1], w[:, 2], w[:, 3])
        return np.stack([d0, d1], axis=1).reshape(-1)[:n]
    w = blocks(key, counter, (n + 3) // 4, start)
    f0, f1 = _box_muller_float32(w[:, 0], w[:, 1])
    f2, f3 = _box_muller_float32(w[:, 2], w[:, 3])
    return np.stack([f0, f1, f2, f3], axis=1).reshape(-1)[:n].astype(dtype)


# Truncated normals need a varying number of draws per value, so each group of values (four
# float32 or two float64) gets its own stretch of 256 words per value (TensorFlow's
# kReservedSamplesPerOutput) and draws from it one word at a time until the group is full.
_RESERVED_WORDS_PER_VALUE = 256


def truncated_normal_values(key, counter, n, dtype, start=0):
    """n normals truncated to (-2, 2), of ``dtype``, as TensorFlow's TruncatedNormalDistribution."""
    dtype = np.dtype(dtype)
    per_group = 2 if dtype == np.float64 else 4
    groups = (n + per_group - 1) // per_group
    group_blocks = per_group * _RESERVED_WORDS_PER_VALUE // 4
    out = np.empty((groups, per_group), dtype=np.float64 if dtype == np.float64 else np.float32)
    filled = np.zeros(groups, dtype=np.int64)
    # Each round draws the next few blocks of every unfinished group at once; almost every group
    # finishes within its first two blocks (95% of normals are inside (-2, 2)).
    step, used = 2, 0
    todo = np.arange(groups)
    while len(todo):
        offsets = (np.uint64(start + used) + todo.astype(np.uint64)[:, None] * np.uint64(group_blocks)
                   + np.arange(step, dtype=np.uint64)[None, :])
        words = philox(key, counters_at(counter, offsets.reshape(-1))).reshape(len(todo), step * 4)
        values = _truncated_candidates(words, dtype)
        inside = np.abs(values) < 2.0
        # a candidate inside the range takes the group's next free place, while places remain
        place = np.cumsum(inside, axis=1) - 1 + filled[todo][:, None]
        rows, cols = np.nonzero(inside & (place < per_group))
        out[todo[rows], place[rows, cols]] = values[rows, cols]
        filled[todo] = np.minimum(per_group, filled[todo] + inside.sum(axis=1))
        todo = todo[filled[todo] < per_group]
        used += step
    return out.reshape(-1)[:n].astype(dtype)


def _truncated_candidates(words, dtype):
    """The normals each row of words gives, in draw order (pairs of words for float32,
    quadruples for float64): an array of (rows, candidates)."""
    rows = words.shape[0]
    if np.dtype(dtype) == np.float64:
        d0, d1 = _box_muller_float64(*(words[:, i::4].reshape(-1) for i in range(4)))
        return np.stack([d0, d1], axis=1).reshape(rows, -1)
    f0, f1 = _box_muller_float32(words[:, 0::2].reshape(-1), words[:, 1::2].reshape(-1))
    return np.stack([f0, f1], axis=1).reshape(rows, -1)


def uniform_int_values(key, counter, n, minval, maxval, dtype, start=0):
    """n integers in [minval, maxval): ``minval + bits % (maxval - minval)``, 32 bits per int32
    value and 64 (two words) per int64 value."""
    dtype = np.dtype(dtype)
    span = int(maxval) - int(minval)
    if dtype.itemsize <= 4:
        words = blocks(key, counter, (n + 3) // 4, start).reshape(-1)[:n]
        return (int(minval) + (words % np.uint64(span)).astype(np.int64)).astype(dtype)
    w = blocks(key, counter, (n + 1) // 2, start)
    bits = (w[:, 0::2] | (w[:, 1::2] << np.uint64(32))).reshape(-1)[:n]
    return (np.int64(minval) + (bits % np.uint64(span)).astype(np.int64)).astype(dtype)


def full_int_values(key, counter, n, dtype, start=0):
    """n integers over the whole range of ``dtype`` (the raw words, reinterpreted)."""
    dtype = np.dtype(dtype)
    if dtype.itemsize <= 4:
        words = blocks(key, counter, (n + 3) // 4, start).reshape(-1)[:n]
        return words.astype(np.uint32).view(np.int32 if dtype.kind == 'i' else np.uint32).astype(dtype)
    w = blocks(key, counter, (n + 1) // 2, start)
    bits = (w[:, 0::2] | (w[:, 1::2] << np.uint64(32))).reshape(-1)[:n]
    return bits.view(np.int64 if dtype.kind == 'i' else np.uint64)


def shuffle_order(key, counter, n, start=0):
    """The permutation TensorFlow's RandomShuffle applies to n rows: a Fisher-Yates pass that
    swaps row i with row i + word_i % (n - i), one 32-bit word per row but the last."""
    order = np.arange(n, dtype=np.int64)
    if n <= 1:
        return order
    words = blocks(key, counter, (n - 1 + 3) // 4, start).reshape(-1)[:n - 1]
    targets = (np.arange(n - 1, dtype=np.uint64) + words % (np.uint64(n) - np.arange(n - 1, dtype=np.uint64)))
    for i, j in enumerate(targets.tolist()):
        order[i], order[j] = order[j], order[i]
    return order


def word_stream(key, counter, chunk=64, start=0):
    """The uint32 words of a Philox stream one at a time (TensorFlow's SingleSampleAdapter)."""
    while True:
        yield from blocks(key, counter, chunk, start).reshape(-1).tolist()
        start += chunk


def categorical_samples(key, counter, logits, num_samples, start=0):
    """TensorFlow's Multinomial kernel on host logits (batch, classes): per row, the running sum of
    exp(logit - max) over the finite logits (in float64), and for each sample the first class whose
    running sum exceeds a uniform double (two words) times the total. The rows read one continuous
    word stream, as TensorFlow's kernel does when it runs the batch in one shard (small batches)."""
    logits = np.asarray(logits, dtype=np.float64)
    batch, classes = logits.shape
    words = np.fromiter(_take(word_stream(key, counter, start=start), 2 * batch * num_samples),
                        dtype=np.uint64, count=2 * batch * num_samples)
    uniforms = _unit_float64(words[0::2], words[1::2]).reshape(batch, num_samples)
    out = np.empty((batch, num_samples), dtype=np.int64)
    for b in range(batch):
        row = logits[b]
        finite = np.isfinite(row)
        peak = row[finite].max() if finite.any() else np.finfo(np.float64).min
        cdf = np.cumsum(np.where(finite, np.exp(row - peak), 0.0))
        out[b] = np.searchsorted(cdf, uniforms[b] * cdf[-1], side='right')
    return out


def _take(iterator, n):
    for _, value in zip(range(n), iterator):
        yield value
