"""``tf.random.Algorithm`` and the RNG states TensorFlow builds from seeds (``create_rng_state``).

A Philox state is three int64 words, [counter low, counter high, key]; a ThreeFry state two,
[counter, key]. A Python integer seed is cut into 64-bit words, lowest first; a vector seed is
taken as it is, cut to the state's size or padded with zeros on the left (TensorFlow's
``_make_1d_state``).
"""
import enum

import numpy as np

from .tensor import Tensor


class Algorithm(enum.Enum):
    """The RNG algorithms of ``tf.random.Generator`` and the stateless ops' ``alg`` argument."""
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


_STATE_SIZES = {Algorithm.PHILOX.value: 3, Algorithm.THREEFRY.value: 2, Algorithm.AUTO_SELECT.value: 3}
_NAMES = {'philox': Algorithm.PHILOX.value, 'threefry': Algorithm.THREEFRY.value,
          'autoselect': Algorithm.AUTO_SELECT.value}


def algorithm_id(alg):
    """``alg`` (an Algorithm, its integer or its name, 'philox' / 'threefry' / 'auto_select') as an integer."""
    if isinstance(alg, Algorithm):
        return alg.value
    if isinstance(alg, (int, np.integer)) and not isinstance(alg, bool):
        return int(alg)
    if isinstance(alg, Tensor) and alg.ndim == 0 and alg._data.dtype.kind in 'iu':
        return int(alg.numpy())
    if isinstance(alg, str):
        found = _NAMES.get(alg.strip().lower().replace('-', '').replace('_', ''))
        if found is None:
            raise ValueError(unsupported_message(alg))
        return found
    raise TypeError("Can't convert argument `alg` (of value %s and type %s) to int." % (alg, type(alg)))


def unsupported_message(alg):
    names = ('philox', 'threefry', 'auto_select') if isinstance(alg, str) else (1, 2, 3)
    return ('Argument `alg` got unsupported value %s. Supported values are %s for the Philox algorithm, %s for '
            'the ThreeFry algorithm, and %s for auto-selection.' % (alg, *names))


def state_size(alg):
    size = _STATE_SIZES.get(alg)
    if size is None:
        raise ValueError(unsupported_message(alg))
    return size


def int64_words(values):
    """Integers (a list, array or integer tensor) as int64 words: values above 2**63 - 1 wrap, as
    TensorFlow's ``_uint_to_int`` makes them."""
    if isinstance(values, Tensor):
        values = values.numpy()
    array = np.asarray(values, dtype=object)
    words = [int(v) for v in array.reshape(-1)]
    if any(w >= 2 ** 64 or w < -2 ** 63 for w in words):
        raise ValueError('random: RNG state words must fit in 64 bits, got %r' % (values,))
    return np.array([w - 2 ** 64 if w >= 2 ** 63 else w for w in words], dtype=np.int64).reshape(array.shape)


def state_from_seed(seed, alg):
    """The int64 state vector ``create_rng_state(seed, alg)`` gives."""
    size = state_size(alg)
    if isinstance(seed, int):       # (a numpy integer is a 1-D seed to TF: [0, 0, seed], padded on the left)
        seed = int(seed)
        words = []
        for _ in range(size):
            words.append(seed & (2 ** 64 - 1))
            seed >>= 64
        seed = words
    words = int64_words(seed).reshape(-1)[:size]
    return np.concatenate([np.zeros(size - len(words), np.int64), words])


def create_rng_state(seed, alg):
    """An RNG state (int64 tensor) for ``seed`` (an integer or a vector) under ``alg``:
    ``create_rng_state(1234, 'philox')`` is [1234, 0, 0]."""
    from .tensor import constant
    return constant(state_from_seed(seed, algorithm_id(alg)))
