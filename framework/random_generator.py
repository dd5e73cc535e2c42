"""``tf.random.Generator``: a random stream whose state lives in a ``tf.Variable``.

A Philox generator's state is [counter low, counter high, key] (int64 words). A draw of n values
reads the state, moves the 128-bit counter on by 256 * n (TensorFlow's RngReadAndSkip: 256 blocks
reserved per value) and runs the stateless kernel on the old counter and the key, so each
distribution gives TensorFlow's values (philox.py). ``split`` and ``make_seeds`` draw int64 keys
with ``uniform_full_int``, as TensorFlow does.
"""
import os
import threading

import numpy as np

from . import backend, dtypes, philox, philox_binomial, random_state_freeze, stateful_kernels
from .random_affine import scaled
from .random_algorithm import Algorithm, algorithm_id, int64_words, state_from_seed, state_size, unsupported_message
from .random_generator_dtypes import kernel_dtype_refusal
from .tensor import Tensor, _kernel_name, convert_to_tensor
from .variable import Variable
from .keras_repr import default_repr

_RESERVED_BLOCKS_PER_VALUE = 256
_lock = threading.Lock()


class Generator:
    """A random number generator with its state in the Variable ``state`` (TensorFlow's
    ``tf.random.Generator``). Make one with ``from_seed``, ``from_state``, ``from_key_counter``,
    ``from_non_deterministic_state`` or ``Generator(copy_from=other)``."""
    __repr__ = default_repr     # TF's object repr, its module named as TF names it

    @classmethod
    def from_state(cls, state, alg):
        return cls(state=state, alg=alg)

    @classmethod
    def from_seed(cls, seed, alg=None):
        alg = algorithm_id(Algorithm.PHILOX if alg is None else alg)
        return cls(state=state_from_seed(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        alg = algorithm_id(Algorithm.PHILOX if alg is None else alg)
        words = np.frombuffer(os.urandom(8 * state_size(alg)), dtype=np.int64)
        return cls(state=words.copy(), alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        alg = algorithm_id(alg)
        return cls(state=_key_counter_state(key, counter, alg), alg=alg)

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            if state is not None or alg is not None:
                raise ValueError('Generator: give copy_from alone, or state and alg together')
            self._alg = copy_from.algorithm
            self._state_var = _state_variable(copy_from.state.numpy())
            return
        if state is None or alg is None:
            raise ValueError('Generator: give state and alg together (or use Generator.from_seed(seed))')
        self._alg = algorithm_id(alg)
        if isinstance(state, Variable):
            _check_state_shape(state.shape, self._alg)
            self._state_var = state
        else:
            words = int64_words(state)
            _check_state_shape(words.shape, self._alg)
            self._state_var = _state_variable(words)

    @property
    def state(self):
        """The state Variable (int64)."""
        return self._state_var

    @property
    def algorithm(self):
        """The algorithm's integer id (1 for Philox)."""
        return self._alg

    @property
    def key(self):
        """The key part of the state (its last word), an int64 scalar tensor."""
        return self._state_var[-1]

    def _checkpoint_children(self):
        """What a checkpoint saves: the state, under TensorFlow's key ('<name>/_state_var/...')."""
        return [('_state_var', self._state_var)]

    def reset(self, state):
        words = int64_words(state)
        _check_state_shape(words.shape, self._alg)
        self._state_var.assign(words)

    def reset_from_seed(self, seed):
        self._state_var.assign(state_from_seed(seed, self._alg))

    def reset_from_key_counter(self, key, counter):
        self._state_var.assign(_key_counter_state(key, counter, self._alg))

    def skip(self, delta):
        """Move the counter on as a draw of ``delta`` values would; returns the state before."""
        return _const(self._read_and_skip(int(_host(delta))))

    # ---- draws: each reads the state and moves it on by 256 blocks per value ----------------------

    def normal(self, shape, mean=0.0, stddev=1.0, dtype='float32', name=None):
        dtype, shape = dtypes.numpy_dtype(dtype), _shape(shape, 'StatelessRandomNormalV2')
        _convert_parameters(mean, stddev, dtype, 'normal')
        unit = self._kernel_values(shape, dtype, 'StatelessRandomNormalV2', 'normal', philox.normal_values)
        return scaled(unit, stddev, mean, dtype)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype='float32', name=None):
        dtype, shape = dtypes.numpy_dtype(dtype), _shape(shape, 'StatelessTruncatedNormalV2')
        _convert_parameters(mean, stddev, dtype, 'truncated_normal')
        unit = self._kernel_values(shape, dtype, 'StatelessTruncatedNormalV2', 'truncated_normal',
                                   philox.truncated_normal_values)
        return scaled(unit, stddev, mean, dtype)

    def uniform(self, shape, minval=0, maxval=None, dtype='float32', name=None):
        """Uniform values in [minval, maxval): floats default to [0, 1); integers need both
        bounds, or neither for the dtype's whole range. As TF, the bounds convert to ``dtype`` first,
        then the state moves on, then the kernel checks the dtype and the bounds."""
        dtype = dtypes.numpy_dtype(dtype)
        integer = dtype.kind in 'iu'
        kernel = 'StatelessRandomUniformIntV2' if integer else 'StatelessRandomUniformV2'
        shape = _shape(shape, kernel)
        if integer and (minval is None) != (maxval is None):
            raise ValueError('For integer dtype %s, minval and maxval must be both `None` or both non-`None`; '
                             'got minval=%s and maxval=%s' % (dtypes.as_dtype(dtype), minval, maxval))
        if integer and minval is None:
            return self.uniform_full_int(shape, dtype)
        lo = convert_to_tensor(minval, dtype=dtype, name='min')
        hi = convert_to_tensor(1 if maxval is None and not integer else maxval, dtype=dtype, name='max')
        if not integer:     # TF's rnd * (maxval - minval) + minval, broadcasting (Mul's error otherwise)
            unit = self._kernel_values(shape, dtype, kernel, 'uniform', philox.uniform_values)
            return _const(unit) * (hi - lo) + lo
        n = int(np.prod(shape, dtype=np.int64))
        state = self._read_and_skip(n)
        refusal = kernel_dtype_refusal(kernel, _kernel_name(dtype), 'uniform')
        if refusal is not None:
            raise refusal
        from .random_int_bounds import integer_bounds
        lo, hi = integer_bounds(lo, hi, dtype, kernel, 'Generator.uniform')
        key, counter = _philox_key_counter(state)
        return _const(philox.uniform_int_values(key, counter, n, lo, hi, dtype).reshape(shape))

    def uniform_full_int(self, shape, dtype='uint64', name=None):
        """Integers over the whole range of ``dtype`` (default uint64)."""
        dtype, shape = dtypes.numpy_dtype(dtype), _shape(shape)
        return _const(self._kernel_values(shape, dtype, 'StatelessRandomUniformFullIntV2', 'uniform_full_int',
                                          philox.full_int_values))

    def binomial(self, shape, counts, probs, dtype='int32', name=None):
        """Binomial(counts, probs) samples of ``shape`` (ending with counts' and probs' broadcast shape).
        The counter moves by TensorFlow's reservation, 2 * 100 * (samples + 3) // 4 values per batch member."""
        from .random_binomial import batches_and_samples, binomial_tensor, parameters
        counts, probs = parameters(counts, probs)
        shape = _shape(shape)
        batch_shape, samples = batches_and_samples(shape, counts, probs, 'StatefulRandomBinomial')
        batches = int(np.prod(batch_shape, dtype=np.int64))
        state = self._read_and_skip(philox_binomial.stateful_blocks(batches, samples), 'StatefulRandomBinomial')
        key, counter = _philox_key_counter(state)
        return binomial_tensor(shape, key, counter, counts, probs, dtype, 'StatefulRandomBinomial')

    def make_seeds(self, count=1):
        """``count`` seed pairs for the stateless ops, as an int64 tensor [2, count]."""
        keys = self.uniform_full_int([int(count)], 'int64').numpy()
        return _const(np.stack([keys, np.zeros_like(keys)]))

    def split(self, count=1):
        """``count`` new generators, each keyed by one int64 drawn here, counters at zero."""
        keys = self.uniform_full_int([int(count)], 'int64').numpy()
        size = state_size(self._alg)
        return [Generator(state=[0] * (size - 1) + [int(key)], alg=self._alg) for key in keys]

    def _kernel_values(self, shape, dtype, kernel, op, draw):
        """``draw(key, counter, n, dtype)`` of ``shape`` after moving the state past it; a dtype
        ``kernel`` does not take fails after the move, as TF's."""
        n = int(np.prod(shape, dtype=np.int64))
        state = self._read_and_skip(n)
        refusal = kernel_dtype_refusal(kernel, _kernel_name(dtype), op)
        if refusal is not None:
            raise refusal
        key, counter = _philox_key_counter(state)
        return draw(key, counter, n, dtype).reshape(shape)

    def _read_and_skip(self, delta, kernel='RngReadAndSkip'):
        """The state before a draw of ``delta`` values, after moving the counter past them. ``kernel``: TF's
        stateful op that reads the state there, which a dataset function holding it cannot checkpoint."""
        if self._alg not in (Algorithm.PHILOX.value, Algorithm.AUTO_SELECT.value):
            from .errors import UnimplementedError, kernel_error     # TF's draw reads the state with this kernel
            raise kernel_error('RngReadAndSkip', "Non-XLA devices don't support the ThreeFry algorithm.", named=True,
                               error_class=UnimplementedError,
                               note='random.Generator(alg=%s): make the generator with alg="philox"' % self._alg)
        stateful_kernels.note(kernel)
        with _lock:
            state = self._state_var.numpy().copy()
            words = state.view(np.uint64)
            counter = (int(words[0]) | int(words[1]) << 64) + delta * _RESERVED_BLOCKS_PER_VALUE
            counter %= 2 ** 128
            advanced = np.array([counter & (2 ** 64 - 1), counter >> 64, int(words[2])], np.uint64).view(np.int64)
            if not random_state_freeze.frozen():       # Keras's symbolic trace never runs the assign
                self._state_var.assign(advanced)
        return state


def _philox_key_counter(state):
    words = [int(w) for w in state.view(np.uint64)]
    mask = 2 ** 32 - 1
    return (words[2] & mask, words[2] >> 32), (words[0] & mask, words[0] >> 32, words[1] & mask, words[1] >> 32)


def _key_counter_state(key, counter, alg):
    counter, key = int64_words(counter), int64_words(key)
    # TF asserts the counter's shape, then the key's, in TensorShape's words
    for value, wanted in ((counter, [state_size(alg) - 1]), (key, [])):
        if value.shape != tuple(wanted):
            raise ValueError('Shapes %s and %s are incompatible' % (value.shape, wanted))
    return np.concatenate([counter, key.reshape(1)])


def _check_state_shape(shape, alg):
    size = state_size(alg)
    if tuple(shape) != (size,):
        raise ValueError('Shapes %s and [%d] are incompatible' % (tuple(shape), size))


def _state_variable(words):
    return Variable(np.asarray(words, dtype=np.int64), trainable=False, name='StateVar')


def _shape(shape, kernel=None):
    from .random import _shape as checked_shape
    return checked_shape(shape, 'Generator', kernel)


def _convert_parameters(mean, stddev, dtype, op):
    """TF converts mean, then stddev, to the draw's dtype before drawing: 0.0 for int32 fails there."""
    for what, value in (('mean', mean), ('stddev', stddev)):
        try:
            convert_to_tensor(value, dtype=dtype, name=what)
        except (TypeError, ValueError) as error:
            error.add_note('Generator.%s: dtype must be floating, got %s' % (op, dtypes.as_dtype(dtype).name))
            raise


def _host(value):
    return value.numpy() if isinstance(value, Tensor) else value


def _const(values):
    return Tensor(backend.place(np.asarray(values)))


_global = []


def get_global_generator():
    """The process's global Generator, made from a non-deterministic state on first use (as in
    TensorFlow, ``tf.random.set_seed`` does not seed it; reset it with ``reset_from_seed``)."""
    with _lock:
        if not _global:
            _global.append(Generator.from_non_deterministic_state())
        return _global[0]


def set_global_generator(generator):
    """Replace the global Generator."""
    if not isinstance(generator, Generator):
        raise TypeError('set_global_generator: expected a tf.random.Generator, got %s' % type(generator).__name__)
    with _lock:
        _global[:] = [generator]


__all__ = ['Algorithm', 'Generator', 'get_global_generator', 'set_global_generator', 'unsupported_message']
