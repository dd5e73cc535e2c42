"""Seed arithmetic for the stateless ops: ``tf.random.split``, ``tf.random.fold_in`` and
``tf.random.experimental.index_shuffle``, with TensorFlow's values.

``split`` and ``fold_in`` are full-range stateless uniform integers drawn from the seed (as
TensorFlow's Python wrappers define them). ``stateless_shuffle`` is RandomShuffle's order on the
seed's stream. ``index_shuffle`` is TensorFlow's RandomIndexShuffle kernel: a Simon block cipher
(word size half the block, the block at least 16 bits and wide enough for max_index) keyed by
[498247692, seed0, seed1] as uint32 words, applied until the value falls in [0, max_index]
(cycle walking), so each seed gives a bijection of [0, max_index].
"""
import math

import numpy as np

from . import backend
from .tensor import Tensor, convert_to_tensor

_INDEX_SHUFFLE_SEED_PAD = 498247692   # the Python wrapper's first key word
_INDEX_SHUFFLE_ROUNDS = 4
_MIN_BLOCK_BITS = 16


def split(seed, num=2, alg='auto_select'):
    """``num`` new seeds from ``seed`` (shape [2]): a [num, 2] tensor of ``seed``'s dtype."""
    from .ops.stateless_random import stateless_uniform
    seed = convert_to_tensor(seed)
    # TF passes shape=[num, 2] on: it converts as a list does (a vector num is Pack's error, None / a string the
    # conversion's ValueErrors), and the kernel takes only int32 / int64 shapes (2.5 is its Tshape error)
    shape = convert_to_tensor([num, 2])
    if shape.dtype.name not in ('int32', 'int64'):
        raise _full_int_tshape_error(shape.dtype, 'random.split: num must be an integer, got %r' % (num,))
    return stateless_uniform([int(d) for d in _host(shape)], seed=seed, dtype=seed.dtype, minval=None, maxval=None,
                             alg=alg)


def _full_int_tshape_error(dtype, note):
    from .errors import InvalidArgumentError
    from .ops.graph_input_errors import kernel_dtype_name
    error = InvalidArgumentError(
        "Value for attr 'Tshape' of %s is not in the list of allowed values: int32, int64\n\t; NodeDef: "
        "{{node StatelessRandomUniformFullIntV2}}; Op<name=StatelessRandomUniformFullIntV2; signature=shape:Tshape, "
        "key:uint64, counter:uint64, alg:int32 -> output:dtype; attr=dtype:type,default=DT_UINT64,allowed=[DT_INT32, "
        "DT_INT64, DT_UINT32, DT_UINT64]; attr=Tshape:type,default=DT_INT32,allowed=[DT_INT32, DT_INT64]> "
        "[Op:StatelessRandomUniformFullIntV2] name: " % kernel_dtype_name(dtype))
    error.add_note(note)
    return error


def fold_in(seed, data, alg='auto_select'):
    """A new seed from ``seed`` and the integer ``data``: [a full-range integer drawn from seed, data],
    in ``data``'s dtype."""
    from .ops import stack
    from .ops.stateless_random import stateless_uniform
    data = convert_to_tensor(data)
    if data.ndim != 0 or data._data.dtype.kind not in 'iu':
        raise ValueError('random.fold_in: data must be an int32 or int64 scalar, got shape %s dtype %s'
                         % (list(data.shape), data.dtype.name))
    first = stateless_uniform([], seed=seed, dtype=data.dtype, minval=None, maxval=None, alg=alg)
    return stack([first, data])


def index_shuffle(index, seed, max_index):
    """The position of ``index`` in a permutation of [0, ..., max_index] fixed by ``seed`` (shape [2]);
    vectors give one result per element. TF 2.21 pads any other seed's first axis and leaves it to
    RandomIndexShuffle ([n, 2], its docstring's per-index seeds, fails there)."""
    given_index, given_max = index, max_index
    # as TF's generated op matches its inputs: a Python value takes the dtype of the tensor beside it
    # (Dataset.range's int64 elements against max_index=9)
    like = next((v.dtype for v in (index, max_index) if isinstance(v, Tensor)), None)
    index, max_index = convert_to_tensor(index, dtype=like if not isinstance(index, Tensor) else None), \
        convert_to_tensor(max_index, dtype=like if not isinstance(max_index, Tensor) else None)
    seeds = np.asarray(_host(seed))
    if index._data.dtype.kind not in 'iu' or max_index.dtype != index.dtype:
        raise TypeError('random.index_shuffle: index and max_index must be integer tensors of one dtype, got %s '
                        'and %s' % (index.dtype.name, max_index.dtype.name))
    if seeds.dtype.kind not in 'iu' or seeds.shape != (2,):
        if seeds.dtype.kind not in 'iu' or seeds.ndim not in (1, 2):
            raise ValueError('random.index_shuffle: seed must be integers of shape [2], got %r' % (seed,))
        # TF's wrapper pads the seed's first axis with its key word and hands it to RandomIndexShuffle, which
        # takes [3] or [n, 3]: an [n, 2] seed (its docstring's) or another length fails there, in its words
        from .ops.index_shuffle import random_index_shuffle
        padded = np.concatenate([np.full((1,) + seeds.shape[1:], _INDEX_SHUFFLE_SEED_PAD, seeds.dtype), seeds])
        return random_index_shuffle(given_index, padded, given_max)
    indices, maxima = _host(index), _host(max_index)
    count = max(np.size(indices), np.size(maxima), seeds.size // 2)
    out = np.empty(count, dtype=index._data.dtype)
    for i in range(count):
        row = seeds if seeds.ndim == 1 else seeds[i]
        key = [_INDEX_SHUFFLE_SEED_PAD, int(row[0]) % 2 ** 32, int(row[1]) % 2 ** 32]
        value = int(np.ravel(indices)[i if np.ndim(indices) else 0])
        top = int(np.ravel(maxima)[i if np.ndim(maxima) else 0])
        out[i] = _shuffled_index(value % 2 ** 64, key, top % 2 ** 64)
    scalar = index.ndim == 0 and seeds.ndim == 1 and max_index.ndim == 0
    return Tensor(backend.place(out.reshape(() if scalar else (count,))))


def stateless_shuffle(value, seed, alg='auto_select', name=None):
    """``value`` with its first axis permuted as TensorFlow's StatelessShuffle does for ``seed``
    (RandomShuffle's Fisher-Yates order on the seed's Philox stream)."""
    from . import philox
    from .ops import gather
    from .ops.stateless_random import _key_counter
    value = convert_to_tensor(value)
    if value.ndim == 0:
        raise ValueError('random.stateless_shuffle: value must have at least one axis, got a scalar')
    from .ops.unregistered_gradient import without_gradient
    key, counter = _key_counter(seed, 'stateless_shuffle', alg, 'StatelessShuffle')
    order = philox.shuffle_order(key, counter, int(value.shape[0]))
    # TensorFlow registers no gradient for StatelessShuffle: a gradient through it is its LookupError
    return without_gradient('StatelessShuffle', lambda v: gather(v, order), value)


def _shuffled_index(index, key, max_index):
    if max_index == 0:
        return 0
    bits = int(math.ceil(math.log2(float(max_index))))
    bits = min(max(bits + bits % 2, _MIN_BLOCK_BITS), 64)
    word = bits // 2
    round_keys = _simon_round_keys(key, word)
    value = index
    while True:
        value = _simon_encrypt(value, round_keys, word)
        if value <= max_index:
            return value


def _rotl(x, r, w):
    return ((x << r) | (x >> (w - r))) & ((1 << w) - 1)


def _rotr(x, r, w):
    return ((x >> r) | (x << (w - r))) & ((1 << w) - 1)


def _simon_round_keys(key, w):
    mask = (1 << w) - 1
    c, z = 0xFFFFFFFC & mask, 0x7369F885192C0EF5 & mask
    keys = [k & mask for k in key]
    for i in range(3, _INDEX_SHUFFLE_ROUNDS):
        keys.append(c ^ (z & 1) ^ keys[i - 3] ^ _rotr(keys[i - 1], 3, w) ^ _rotr(keys[i - 1], 4, w))
        z >>= 1
    return keys


def _simon_encrypt(value, round_keys, w):
    mask = (1 << w) - 1
    left, right = (value >> w) & mask, value & mask
    for i in range(0, len(round_keys) - 1, 2):
        left ^= _simon_f(right, w) ^ round_keys[i]
        right ^= _simon_f(left, w) ^ round_keys[i + 1]
    return (left << w) | right


def _simon_f(x, w):
    return (_rotl(x, 1, w) & _rotl(x, 8, w)) ^ _rotl(x, 2, w)


def _host(value):
    return value.numpy() if isinstance(value, Tensor) else value


__all__ = ['fold_in', 'index_shuffle', 'split', 'stateless_shuffle']
