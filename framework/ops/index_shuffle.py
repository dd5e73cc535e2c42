"""``tf.random_index_shuffle``: where ``index`` lands in a seeded pseudorandom permutation of
[0, max_index], computed alone (no table), as TensorFlow's kernel does.

The permutation is a Simon block cipher (a Feistel network on two W-bit words) keyed by the seed's
three 32-bit words, walked in cycles until the result is at most max_index: the block is the
smallest even number of bits >= log2(max_index), and at least 16. ``rounds`` (even, >= 4) sets the
key schedule's length and so the cipher's rounds.
"""
import math

import numpy as np

from .. import backend
from ..errors import InvalidArgumentError, fast_path, kernel_error
from ..tape import record_blocked
from ..tensor import Tensor
from .operands import ACTIVE, as_tensor, named_errors

_Z = 0x7369f885192c0ef5
_C = 0xfffffffc


def _rotl(x, r, w):
    return ((x << r) | (x >> (w - r))) & ((1 << w) - 1)


def _rotr(x, r, w):
    return ((x >> r) | (x << (w - r))) & ((1 << w) - 1)


def _round_keys(key, rounds, w):
    mask = (1 << w) - 1
    keys = [k & mask for k in key]
    z, c = _Z & mask, _C & mask
    for i in range(3, rounds):
        keys.append(c ^ (z & 1) ^ keys[i - 3] ^ _rotr(keys[i - 1], 3, w) ^ _rotr(keys[i - 1], 4, w))
        z >>= 1
    return keys


def _simon_f(x, w):
    return (_rotl(x, 1, w) & _rotl(x, 8, w)) ^ _rotl(x, 2, w)


def _encrypt(value, keys, w):
    mask = (1 << w) - 1
    left, right = (value >> w) & mask, value & mask
    for i in range(0, len(keys), 2):
        left ^= _simon_f(right, w) ^ keys[i]
        right ^= _simon_f(left, w) ^ keys[i + 1]
    return (left << w) | right


def _shuffle_one(index, key, max_index, rounds):
    if max_index == 0:
        return 0
    block = int(math.ceil(math.log2(max_index)))
    block = min(max(block + block % 2, 16), 64)
    keys = _round_keys(key, rounds, block // 2)
    value = index
    while True:
        value = _encrypt(value, keys, block // 2)
        if value <= max_index:
            return value


@named_errors('random_index_shuffle')
def random_index_shuffle(index, seed, max_index, rounds=4, name=None):
    """The image of ``index`` (a scalar or vector of int32/int64/uint32/uint64) under the permutation of
    [0, max_index] that ``seed`` (3 integers, or one row of 3 per index) names.

    Raises:
        ValueError: rounds not an even number >= 4, a seed not of shape [3] or [n, 3], or an index or
            max_index outside the integers, or an index above max_index.
    """
    op = 'random_index_shuffle'
    if isinstance(rounds, bool) or not isinstance(rounds, (int, np.integer)) or rounds < 4 or rounds % 2:
        raise ValueError('%s: rounds must be an even integer >= 4, got %r' % (op, rounds))
    i, s, m = as_tensor(index, op), as_tensor(seed, op), as_tensor(max_index, op)
    for what, t in (('index', i), ('seed', s), ('max_index', m)):
        if t._data.dtype.name not in ('int32', 'uint32', 'int64', 'uint64'):
            error = InvalidArgumentError("Value for attr 'dtype' of %s is not in the list of allowed values: int32, "
                                         'uint32, int64, uint64' % {'float32': 'float', 'float64': 'double'}.get(
                                             t.dtype.name, t.dtype.name))
            error.add_note('%s: %s must be integers, got %s' % (op, what, t.dtype.name))
            raise error
    rows = i.shape[0] if i.ndim == 1 else 1           # beside a vector of indices, one row of seeds per index
    if s.shape[-1:] != (3,) or s.ndim > 2 or (s.ndim == 2 and i.ndim == 1 and s.shape[0] != rows):
        raise kernel_error('RandomIndexShuffle', 'Seed must be a vector of size [3] or a matrix of size [%d, 3] but '
                           'got %s.' % (rows, str(list(s.shape)).replace(' ', '')),
                           named=fast_path(index, seed, max_index),      # (a list argument: TF's slow path, no tail)
                           note='%s: seed of shape %s for %d indices' % (op, tuple(s.shape), rows))
    tops_signed = np.asarray(backend.to_host(m._data))
    if (tops_signed < 0).any():         # (its cast to uint64 below would wrap it to a huge range)
        raise kernel_error('RandomIndexShuffle', 'max_index must be >= 0 but was %d' % tops_signed[tops_signed < 0][0],
                           named=True, note='%s: max_index %s is negative' % (op, tops_signed.tolist()))
    if i.ndim > 1 or m.ndim > 1:
        raise InvalidArgumentError('%s: index and max_index must be scalars or vectors, got shapes %s and %s'
                         % (op, tuple(i.shape), tuple(m.shape)))
    if ACTIVE:
        record_blocked(op, (i,))
    idx = np.asarray(backend.to_host(i._data)).astype(np.uint64)
    seeds = np.asarray(backend.to_host(s._data)).astype(np.int64).astype(np.uint64).reshape(-1, 3) & 0xFFFFFFFF
    tops = np.asarray(backend.to_host(m._data)).astype(np.uint64)
    count = max(idx.size, tops.size, len(seeds))
    flat_idx, flat_top = np.broadcast_to(idx.reshape(-1), (count,)), np.broadcast_to(tops.reshape(-1), (count,))
    flat_seed = np.broadcast_to(seeds, (count, 3))
    if (flat_idx > flat_top).any():
        raise InvalidArgumentError('%s: index %s is above max_index %s' % (op, idx.tolist(), tops.tolist()))
    out = np.array([_shuffle_one(int(a), [int(k) for k in key], int(b), int(rounds))
                    for a, key, b in zip(flat_idx, flat_seed, flat_top)], np.uint64)
    shape = () if i.ndim == 0 and m.ndim == 0 and s.ndim == 1 else (count,)
    return Tensor(backend.array_module(i._data).asarray(out.astype(i._data.dtype).reshape(shape)))
