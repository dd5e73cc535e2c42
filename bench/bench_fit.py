"""Model.fit per step against the seed's custom loop on the same model (target: within 10%).

Both train the seed model (see bench_custom_loop.py) with Nadam(0.01), mse and
an MAE metric on batches of 32: ``fit`` over shuffled epochs of 2048 samples
(64 steps each, verbose=0), the custom loop on ``random_batch`` draws. The
per-step time of ``fit`` includes its per-epoch work (shuffle, metric reset,
epoch logs), spread over the epoch's steps.

    python bench/bench_fit.py [--repeats 7] [--epochs 3] [--clock wall|cpu] [--profile]
"""
import argparse
import os
import statistics
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_custom_loop  # noqa: E402
from bench_custom_loop import CLOCKS, TapeflowLoop, initial_weights, make_data, measure  # noqa: E402

from framework import keras  # noqa: E402


def compiled_model():
    loop = TapeflowLoop(initial_weights())
    loop.model.compile(optimizer=keras.optimizers.Nadam(learning_rate=0.01), loss='mse', metrics=['mae'])
    return loop.model


def fit_ms_per_step(model, X, y, epochs):
    steps = epochs * int(np.ceil(len(X) / 32))
    clock = bench_custom_loop.clock
    start = clock()
    model.fit(X, y, batch_size=32, epochs=epochs, verbose=0)
    return (clock() - start) / steps * 1e3


def profile(X, y, epochs):
    model = compiled_model()
    fit_ms_per_step(model, X, y, 1)
    bench_custom_loop.print_profile(lambda: fit_ms_per_step(model, X, y, epochs), lines=30)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--repeats', type=int, default=7)
    parser.add_argument('--epochs', type=int, default=3)
    parser.add_argument('--clock', choices=sorted(CLOCKS), default='wall',
                        help="'cpu': this thread's CPU time (steadier on a busy machine)")
    parser.add_argument('--profile', action='store_true', help='cProfile fit instead')
    args = parser.parse_args()
    bench_custom_loop.set_clock(args.clock)
    X, y = make_data()
    np.random.seed(0)
    if args.profile:
        profile(X, y, args.epochs)
        return
    model = compiled_model()
    fit_ms_per_step(model, X, y, 1)                        # warm-up
    loop = TapeflowLoop(initial_weights())
    # Interleave the two so that a noisy machine slows both alike.
    fit_times, loop_times = [], []
    for _ in range(args.repeats):
        fit_times.append(fit_ms_per_step(model, X, y, args.epochs))
        loop_times.append(measure({'loop': loop}, X, y, steps=64 * args.epochs, repeats=1, warmup=5)['loop'])
    fit_ms, loop_ms = statistics.median(fit_times), statistics.median(loop_times)
    print('%-22s %10s   (%s clock)' % ('seed model, batch 32', 'ms/step', args.clock))
    print('%-22s %10.3f' % ('custom loop', loop_ms))
    print('%-22s %10.3f' % ('Model.fit', fit_ms))
    print('fit / custom loop: %.3f (target <= 1.10)' % (fit_ms / loop_ms))


if __name__ == '__main__':
    main()
