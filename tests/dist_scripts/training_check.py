"""Run on 2+ ranks: ranks start from different weights and optimizer states, broadcast
root's, then train K steps with DistributedOptimizer on their shards of one full batch.

Writes <out>/rank<r>.npz: the weights after the broadcast and after training, and
the optimizer's state. The test compares ranks bitwise and against one process
(``reference_run`` below, imported by the test) training on the full batch.
"""
import os
import sys

import numpy as np

import framework as tf
import optim

STEPS = 5


def data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(24, 5))
    y = np.sin(x @ rng.normal(size=(5, 1)))
    return x, y


def make_weights(seed):
    rng = np.random.default_rng(seed)
    return [tf.Variable(rng.normal(size=shape) * 0.5, name=name) for name, shape in
            (('w1', (5, 8)), ('b1', (8,)), ('w2', (8, 1)), ('b2', (1,)))]


def loss_fn(weights, x, y):
    w1, b1, w2, b2 = weights
    hidden = tf.tanh(tf.matmul(tf.constant(x), w1) + b1)
    return tf.reduce_mean(tf.square(tf.matmul(hidden, w2) + b2 - tf.constant(y)))


def step(optimizer, weights, x, y):
    with tf.GradientTape() as tape:
        loss = loss_fn(weights, x, y)
    optimizer.apply_gradients(zip(tape.gradient(loss, weights), weights))


def warm_up(optimizer, weights, rank):
    """One local update on a rank-dependent slice, so that ranks hold different slots."""
    x, y = data()
    step(optimizer, weights, x[rank:rank + 3], y[rank:rank + 3])


def reference_run():
    """What rank 0 (the root) would compute alone: its start, its warm-up, then full-batch steps."""
    weights = make_weights(100)
    optimizer = optim.Adam(0.05)
    warm_up(optimizer, weights, 0)
    x, y = data()
    for _ in range(STEPS):
        step(optimizer, weights, x, y)
    return [w.numpy() for w in weights]


def main(out_dir):
    import framework.distributed as dist
    rank = dist.rank()
    weights = make_weights(100 + rank)
    plain = optim.Adam(0.05)
    warm_up(plain, weights, rank)               # not averaged: the plain class
    optimizer = dist.DistributedOptimizer(plain)    # takes over the warmed-up state
    before = [w.numpy() for w in weights]
    dist.broadcast_variables(weights)
    dist.broadcast_optimizer_state(optimizer, weights)
    after_broadcast = [w.numpy() for w in weights]
    x, y = dist.shard(*data())
    for _ in range(STEPS):
        step(optimizer, weights, x, y)
    arrays = {'before_%d' % i: a for i, a in enumerate(before)}
    arrays.update({'broadcast_%d' % i: a for i, a in enumerate(after_broadcast)})
    arrays.update({'trained_%d' % i: w.numpy() for i, w in enumerate(weights)})
    arrays.update({'state_%d' % i: v.numpy() for i, v in enumerate(optimizer.variables)})
    arrays['class_name'] = np.array(type(optimizer).__name__)
    np.savez(os.path.join(out_dir, 'rank%d.npz' % rank), **arrays)


if __name__ == '__main__':
    main(sys.argv[1])
