"""Keras 3's seeds: where every Keras random draw gets its seed pair.

Keras 3 (TensorFlow backend) draws all its random values with TensorFlow's stateless ops,
seeded as follows, and tapeflow follows the same rules so that a program seeded with
``keras.utils.set_random_seed`` gets Keras's initial weights and dropout masks:

- ``seed=<int>``: the pair (seed, 0).
- ``seed=SeedGenerator``: its state (seed, n), after which the state becomes (seed, n + 1).
- ``seed=None``: the global SeedGenerator's state, after which every word w of the state
  becomes (w + 1) * 5387 % 933199 (``next(ordered=False)``).
- A SeedGenerator made without a seed, and an initializer made without one, take
  ``random.randint(1, 10**9)`` from Python's ``random`` module when made: that is how
  ``set_random_seed`` (which seeds ``random``) fixes them.
- The pair is reduced modulo 2**31 - 2 to int32 before it reaches the op.
- A functional call's run on zeros (Keras's symbolic trace) draws without advancing any
  generator (``framework/random_state_freeze.py``).

A generator's state is a non-trainable int64 Keras variable, 'seed_generator_state', under the
generator's own name ('seed_generator', 'seed_generator_1', ... from the names Keras counts), as
Keras 3 keeps it: a layer that owns a generator lists the state in ``variables`` and
``non_trainable_variables`` (not in ``weights``, so saved files hold no seeds, as Keras's hold none).
"""
import random as python_random

import numpy as np

from framework import backend, object_names, random_state_freeze, stateful_kernels, trace_seed_reads
from framework.tensor import Tensor
from framework.variable import Variable
from ..keras_repr import default_repr, keras_class_path
from ..type_text import class_text

_INT32_SEED_MODULUS = 2 ** 31 - 2          # Keras's tf.int32.max - 1
_global = []                               # the global SeedGenerator, made on first use
# Lists noting each draw as (generator, ordered) while a fit step runs (layers/training/unfed_step.py)
DRAW_RECORDERS = []


def make_default_seed():
    """A seed from Python's ``random`` module, as Keras draws one for an unseeded generator."""
    return python_random.randint(1, int(1e9))


class SeedGenerator:
    """A seed that advances on every use, so successive draws differ but repeat run to run.

    Args:
        seed: an int, or None for one from Python's ``random`` module (reproducible after
            ``keras.utils.set_random_seed``).
        name: the generator's name.
    Raises:
        ValueError: a seed that is not an int, or unknown keyword arguments.
    """
    __repr__ = default_repr     # Keras's object repr, its module named as Keras names it

    def __init__(self, seed=None, name=None, **kwargs):
        # named first, as Keras does: a refused seed has still used up its name
        self.name = object_names.auto_name('SeedGenerator') if name is None else name
        custom_backend = kwargs.pop('backend', None)
        if kwargs:      # Keras 3's words
            error = ValueError('Unrecognized keyword arguments: %s' % (kwargs,))
            error.add_note('keras.random.SeedGenerator takes seed, name (and backend)')
            raise error
        self._initial_seed = seed
        if seed is None:
            seed = make_default_seed()
        if not isinstance(seed, int) or isinstance(seed, bool):     # (Keras 3 refuses numpy's ints too)
            error = ValueError('Argument `seed` must be an integer. Received: seed=%s' % (seed,) if not isinstance(
                seed, bool) else "Can't convert Python sequence with mixed types to Tensor.")   # Keras's [True, 0]
            error.add_note('keras.random.SeedGenerator: a seed is an int (or None for a random one), got %r' % (seed,))
            raise error
        if custom_backend is not None and not hasattr(custom_backend, 'name_scope'):
            # Keras 3 opens custom_backend.name_scope(...) to make the state: a backend given by name fails there
            error = AttributeError("'%s' object has no attribute 'name_scope'" % type(custom_backend).__name__)
            error.add_note('keras.random.SeedGenerator: backend is a backend module, not its name; leave it out')
            raise error
        self.state = _state_variable(int(seed), self.name)

    def next(self, ordered=True):
        """The current state as an int64 tensor; then the state advances (as Keras's ``next``)."""
        return Tensor(self._next_pair(ordered))

    def _next_pair(self, ordered=True):
        """The current state (the seed pair for one draw), as a numpy array; then advance the
        state, unless the draw is part of a symbolic trace, where Keras's state update never runs.
        The state's buffer is updated in place (after ``_detach``, which keeps a tape's snapshot
        and a StatelessScope's copy right): a Dropout call draws a seed every training step."""
        state = self.state
        current = backend.to_host(state._data).copy()       # (a host pair: a GPU state's cupy array is not one)
        for reads in trace_seed_reads.OPEN:       # (the traces running now capture this state)
            reads.add(id(state))
        stateful_kernels.note('ReadVariableOp')     # (a dataset function's read: its iterator is not checkpointed)
        if random_state_freeze.frozen():
            return current
        if DRAW_RECORDERS:
            DRAW_RECORDERS[-1].append((self, ordered))
        state._detach()
        if ordered:
            state._data[1] += 1
        else:
            state._data[...] = (current + 1) * 5387 % 933199
        return current

    def get_config(self):
        return {'seed': self._initial_seed, 'name': self.name}

    @classmethod
    def from_config(cls, config):
        return cls(**config)


def _state_variable(seed, generator_name):
    """Keras's 'seed_generator_state' variable, (seed, 0), under the generator's name scope."""
    from layers import call_context      # layers imports framework
    state = Variable(np.array([seed, 0], dtype=np.int64), trainable=False)
    state.aggregation = 'none'          # Keras 3's string
    state._name = 'seed_generator_state'
    state._path = '/'.join(call_context.enclosing_names(None) + [generator_name, 'seed_generator_state'])
    return state


def global_seed_generator():
    """The generator unseeded draws use (made, with a seed from Python's ``random``, on first use)."""
    if not _global:
        _global.append(SeedGenerator())
    return _global[0]


def reset_global_seed_generator():
    """Forget the global generator (``set_random_seed`` does, so the next one is made from the new seed)."""
    _global.clear()


def _as_keras_prints(value):
    """``str(value)`` under Keras 3 (a tensor: its numpy text; a tapeflow class: Keras's module path)."""
    if isinstance(value, type):
        return "<class '%s'>" % keras_class_path(value)
    return '{}'.format(value)       # (a tensor formats as its numpy text, as EagerTensor's __format__)


def _type_text(value):
    """``str(type(value))`` under TF 2.21 / Keras 3 (EagerTensor's path, Keras's KerasTensor module)."""
    if type(value).__name__ == 'KerasTensor':
        return "<class 'keras.src.backend.common.keras_tensor.KerasTensor'>"
    return class_text(value)


def draw_seed(seed, where='keras.random'):
    """The int32 seed pair of one draw under the rules above (advancing a generator if given one)."""
    if isinstance(seed, SeedGenerator):
        pair = seed._next_pair()
    elif seed is None:
        pair = global_seed_generator()._next_pair(ordered=False)
    elif isinstance(seed, int) and not isinstance(seed, bool):     # numpy's ints are no int to Keras
        pair = np.array([int(seed), 0], dtype=np.int64)
    else:
        if isinstance(seed, bool):      # Keras's test takes it, then TF converts [True, 0]
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
        # Keras 3 takes no seed tensor, pair or numpy integer here (tf.random's stateless ops do)
        error = ValueError('Argument `seed` must be either an integer or an instance of `SeedGenerator`. '
                           'Received: seed={} (of type {})'.format(_as_keras_prints(seed), _type_text(seed)))
        error.add_note('%s: seed is an int, a keras.random.SeedGenerator or None, got %r; for a numpy integer '
                       'pass int(seed)' % (where, seed))
        raise error
    return (pair % _INT32_SEED_MODULUS).astype(np.int32)
