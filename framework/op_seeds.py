"""TensorFlow's seeds for stateful random ops (``tf.random.normal``, ``uniform``, ...) in eager mode.

An op's generator is Philox keyed by a (seed, seed2) pair (TensorFlow's ``random_seed.get_seed``):

- global seed g set, op seed s given: (g, s), both modulo 2**31 - 1;
- g set, no op seed: (g, the next ``randint(0, 2**31 - 1)`` of ``random.Random(g)``), a fresh
  pair for every op call;
- no g, op seed s: (87654321, s);
- neither: a random pair (not repeatable, as in TensorFlow).

TensorFlow keeps one kernel per op type, dtype and seed pair, and the kernel's generator moves on
by 256 blocks per value drawn; so an op called twice with the same explicit seed gives new
values the second time, until ``set_seed`` starts everything afresh.
"""
import random as python_random
import threading

import numpy as np

from . import graph_random_ops, philox, random_state_freeze, stateful_kernels

_MAXINT32 = 2 ** 31 - 1
_DEFAULT_GRAPH_SEED = 87654321
_lock = threading.Lock()
# 'epoch' counts set_seed calls: TensorFlow's set_seed clears the kernel cache, so the random kernels
# of every traced function start over too (each GraphRandomState forgets offsets of an older epoch)
_state = {'global': None, 'rng': python_random.Random(), 'offsets': {}, 'epoch': 0}


def reset(global_seed):
    """Start over from ``global_seed`` (None: no global seed), as ``tf.random.set_seed``."""
    with _lock:
        _state['global'] = global_seed
        _state['rng'] = _python_stream(global_seed)
        _state['offsets'] = {}
        _state['epoch'] += 1


def clear_kernels():
    """Forget every random kernel's position, keeping the global seed and its stream of op seeds: TF's
    kernel-cache clearing (``keras.backend.clear_session`` on TF 2.21), so that an op-seeded op, eager
    or in a tf.function, draws its first values again."""
    with _lock:
        _state['offsets'] = {}
        _state['epoch'] += 1


def _python_stream(seed):
    """TensorFlow's eager stream of op seeds: random.Random(seed), or of int(np.array(seed)) where
    Python refuses the seed (a numpy integer; a list then raises numpy's TypeError, as in TF)."""
    try:
        hash(seed)
        return python_random.Random(seed)
    except TypeError:
        return python_random.Random(int(np.array(seed)))


def seed_pair(op_seed, fallback):
    """The (seed, seed2) pair of one op call; ``fallback()`` picks one when nothing is seeded."""
    with _lock:
        g = _state['global']
        graph = None if random_state_freeze.frozen() else graph_random_ops.drawing()
        if graph is not None:       # a traced op keeps the global seed of its trace (graph_random_ops)
            if getattr(graph, 'global_seed', graph_random_ops.UNSET) is graph_random_ops.UNSET:   # (or unpickled)
                graph.global_seed = g
            g = graph.global_seed
        if g is not None:
            s = op_seed if op_seed is not None else _unseeded_op_seed()
            seeds = (g % _MAXINT32, int(s % _MAXINT32))     # TF's % first: a string seed is its TypeError
        elif op_seed is not None:
            seeds = (_DEFAULT_GRAPH_SEED, int(op_seed % _MAXINT32))
        else:
            return fallback()
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


def _unseeded_op_seed():
    """seed2 of an op without an op seed: the eager stream's next value, or in a traced function
    the graph's count of such ops; a frozen draw (Keras's never-run symbolic trace) takes 0."""
    if random_state_freeze.frozen():
        return 0
    graph = graph_random_ops.drawing()
    return graph.next_unseeded() if graph is not None else _state['rng'].randint(0, _MAXINT32)


def reserve(op, dtype, seeds, count, blocks=None):
    """(key, counter, first block) for ``count`` values of kernel (op, dtype, seeds), moving the
    kernel's generator past them: 256 blocks per value, or ``blocks`` (RandomShuffle's (n + 2) // 4).
    Eager kernels are shared by op type, dtype and seeds; a graph's are one per op
    (``graph_random_ops``); a frozen draw moves none."""
    key, counter = philox.key_counter_from_op_seeds(*seeds)
    frozen = random_state_freeze.frozen()
    graph = None if frozen else graph_random_ops.drawing()
    with _lock:
        kernel = (op, str(dtype), seeds) if graph is None else (graph.next_position(), op, str(dtype), seeds)
        if graph is not None:
            stateful_kernels.note(op)      # (a dataset function's: its iterator cannot be checkpointed)
        if graph is not None and graph.epoch != _state['epoch']:      # kernels made before set_seed
            graph.offsets.clear()
            graph.epoch = _state['epoch']
        offsets = _state['offsets'] if graph is None else graph.offsets
        start = offsets.get(kernel, 0)
        if not frozen:
            offsets[kernel] = start + (count * 256 if blocks is None else blocks)
    return key, counter, start


def fit_shuffle_seeds():
    """The seed pair of the shuffle Keras 3's ``fit`` draws each epoch, or None when no global seed
    is set. Keras shuffles array data with ``tf.random.shuffle`` inside a tf.data function: the
    function's first random op, so its op seed is 0 and a fresh kernel starts every epoch (with a
    global seed every epoch gets the same order, as in Keras 3 on TensorFlow)."""
    with _lock:
        g = _state['global']
    if g is None:
        return None
    seeds = (g % _MAXINT32, 0)
    return (0, _MAXINT32) if seeds == (0, 0) else seeds
