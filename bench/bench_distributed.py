"""Data-parallel training on 1 and 2 local ranks, and the cost of averaging gradients.

1. Training steps of a 784-1024-1024-10 ReLU MLP (Adam, float32) with a fixed
   GLOBAL batch (strong scaling: each of n ranks computes batch / n samples),
   in milliseconds per step and samples per second.
2. On 2 ranks, averaging that model's gradients (1.86 M float32, 7.5 MB):
   DistributedOptimizer's fused path (pack, one in-place allreduce, divide,
   views) beside mpi4py's raw ``Allreduce(IN_PLACE)`` of a buffer of the same size,
   in ms and in GB/s of gradient bytes.

Each configuration is launched ``--repeats`` times, alternating, and medians are
reported (the machine is shared). BLAS threads per rank = cores // ranks, so
ranks do not fight over cores; one rank is also timed on one thread, to tell
the gain of a second rank from the gain of a second core.

    python bench/bench_distributed.py [--steps 20] [--batch 256] [--repeats 3]
"""
import argparse
import json
import os
import statistics
import sys
import time

import numpy as np

# the repository root spelled without '..': framework compares its packages' file names with this spelling
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import framework as tf  # noqa: E402
import framework.distributed as dist  # noqa: E402

SIZES = (784, 1024, 1024, 10)


def build_model():
    from framework import keras
    keras.utils.set_random_seed(0)
    layers = [keras.Input((SIZES[0],))]
    layers += [keras.layers.Dense(units, activation='relu') for units in SIZES[1:-1]]
    layers.append(keras.layers.Dense(SIZES[-1]))
    return keras.Sequential(layers)


def train_step(model, optimizer, x, y):
    with tf.GradientTape() as tape:
        logits = model(x, training=True)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
    grads = tape.gradient(loss, model.trainable_variables)
    optimizer.apply_gradients(zip(grads, model.trainable_variables))
    return grads


def timed(fn, repeats):
    """Seconds per call of ``fn``: the slowest rank's, as synchronous training waits for it."""
    dist.barrier()
    start = time.perf_counter()
    for _ in range(repeats):
        fn()
    elapsed = (time.perf_counter() - start) / repeats
    return float(dist.allreduce(np.array([elapsed]), op='max')[0])


def worker(steps, batch):
    from framework import keras
    rng = np.random.default_rng(0)
    x_all = rng.normal(size=(batch, SIZES[0])).astype(np.float32)
    y_all = rng.integers(0, SIZES[-1], size=batch)
    x, y = (tf.constant(a) for a in dist.shard(x_all, y_all))
    model = build_model()
    optimizer = dist.DistributedOptimizer(keras.optimizers.Adam(1e-4))
    dist.broadcast_variables(model.variables)
    dist.broadcast_optimizer_state(optimizer, model.trainable_variables)
    grads = train_step(model, optimizer, x, y)                  # warm up: builds the buffers and slots
    result = {'ranks': dist.size(), 'step_s': timed(lambda: train_step(model, optimizer, x, y), steps)}
    if dist.size() > 1:
        from mpi4py import MPI
        values = sum(int(np.prod(g.shape)) for g in grads)
        raw = np.ones(values, dtype=np.float32)
        comm = dist.world.communicator()
        repeats = max(steps, 10)
        result['values'] = values
        result['fused_s'] = timed(lambda: optimizer.average_gradients(grads), repeats)
        result['raw_s'] = timed(lambda: comm.Allreduce(MPI.IN_PLACE, raw), repeats)
    if dist.rank() == 0:
        print('RESULT ' + json.dumps(result), flush=True)


def launch(ranks, threads, steps, batch):
    threads = str(threads)
    env = {'OMP_NUM_THREADS': threads, 'OPENBLAS_NUM_THREADS': threads, 'MKL_NUM_THREADS': threads,
           'PYTHONPATH': os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')}
    run = dist.launch(os.path.abspath(__file__), ['--worker', '--steps', steps, '--batch', batch],
                      ranks=ranks, timeout=600, env=env)
    if run.returncode != 0:
        raise RuntimeError('%d-rank run failed:\n%s' % (ranks, run.stderr[-3000:]))
    line = next(line for line in run.stdout.splitlines() if line.startswith('RESULT '))
    return json.loads(line[len('RESULT '):])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--steps', type=int, default=20)
    parser.add_argument('--batch', type=int, default=256, help='global batch (samples per step, all ranks)')
    parser.add_argument('--repeats', type=int, default=3)
    parser.add_argument('--worker', action='store_true', help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return worker(args.steps, args.batch)
    cores = os.cpu_count() or 1
    configurations = [(1, cores), (1, 1), (2, max(1, cores // 2))]        # (ranks, BLAS threads per rank)
    runs = {c: [] for c in configurations}
    for _ in range(args.repeats):
        for ranks, threads in configurations:
            runs[ranks, threads].append(launch(ranks, threads, args.steps, args.batch))
    median = lambda config, key: statistics.median(r[key] for r in runs[config])
    print('%s MLP, Adam, float32, global batch %d, %d steps, median of %d runs, %d cores'
          % ('-'.join(map(str, SIZES)), args.batch, args.steps, args.repeats, cores))
    baseline = median(configurations[0], 'step_s')
    for ranks, threads in configurations:
        step = median((ranks, threads), 'step_s')
        print('  %d rank(s) x %d thread(s): %7.1f ms/step  %7.0f samples/s  (speed-up %.2fx)'
              % (ranks, threads, step * 1e3, args.batch / step, baseline / step))
    two_ranks = configurations[-1]
    values = runs[two_ranks][0]['values']
    megabytes = values * 4 / 1e6
    print('gradient averaging on 2 ranks, %d float32 values (%.1f MB):' % (values, megabytes))
    for label, key in (('DistributedOptimizer (pack, allreduce, unpack)', 'fused_s'),
                       ('mpi4py Allreduce(IN_PLACE), same buffer size', 'raw_s')):
        seconds = median(two_ranks, key)
        print('  %-48s %7.2f ms  %5.2f GB/s' % (label, seconds * 1e3, megabytes / 1e3 / seconds))


if __name__ == '__main__':
    main()
