"""Where the seed custom loop's step spends its time: microseconds per segment.

Times each part of ``bench_custom_loop.TapeflowLoop.step`` with this thread's
CPU clock (``time.thread_time``), which other processes on a shared machine
disturb little, and interleaves the hand-written numpy step between rounds so
that the ratio compares numbers measured under the same load. Medians over
many steps; the rows add up to about the 'tapeflow step' row.

    python bench/profile_custom_loop_segments.py [--steps 2000] [--rounds 10]
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import bench_custom_loop as bench  # noqa: E402

import framework as tf  # noqa: E402

SEGMENTS = ('model(x)', 'mse + reduce_mean', 'model.losses', 'trainable_variables', 'tape.gradient',
            'apply_gradients', 'mean_loss(loss)', 'metric(y, y_pred)')


def timed_step(loop, x, y):
    """One step of the seed loop, split as SEGMENTS; returns the microseconds of each."""
    clock, model = time.thread_time, loop.model
    marks = [clock()]
    with tf.GradientTape() as tape:
        y_pred = model(x, training=True)
        marks.append(clock())
        main_loss = tf.reduce_mean(loop.loss_fn(y, y_pred))
        marks.append(clock())
        losses = model.losses
        marks.append(clock())
        loss = tf.add_n([main_loss] + losses)
    variables = model.trainable_variables
    marks.append(clock())
    gradients = tape.gradient(loss, variables)
    marks.append(clock())
    loop.optimizer.apply_gradients(zip(gradients, model.trainable_variables))
    marks.append(clock())
    loop.mean_loss(loss)
    marks.append(clock())
    for metric in loop.metrics:
        metric(y, y_pred)
    marks.append(clock())
    return [(b - a) * 1e6 for a, b in zip(marks, marks[1:])]


def numpy_step_us(numpy_step, batches):
    start = time.thread_time()
    for x, y in batches:
        numpy_step.step(x, y)
    return (time.thread_time() - start) / len(batches) * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--steps', type=int, default=2000, help='tapeflow steps in all')
    parser.add_argument('--rounds', type=int, default=10, help='numpy runs interleaved with them')
    args = parser.parse_args()
    X, y = bench.make_data()
    loop, numpy_step = bench.TapeflowLoop(bench.initial_weights()), bench.NumpyStep(bench.initial_weights())
    batches = [bench.random_batch(X, y) for _ in range(50)]
    for x_batch, y_batch in batches:          # warm-up
        timed_step(loop, x_batch, y_batch)
    numpy_step_us(numpy_step, batches)
    rows, numpy_us = [], []
    per_round = max(args.steps // args.rounds, 1)
    for _ in range(args.rounds):
        numpy_us.append(numpy_step_us(numpy_step, batches))
        rows.extend(timed_step(loop, *batches[i % len(batches)]) for i in range(per_round))
    for i, name in enumerate(SEGMENTS):
        print('%-22s %8.1f us' % (name, statistics.median(r[i] for r in rows)))
    total, base = statistics.median(sum(r) for r in rows), statistics.median(numpy_us)
    print('%-22s %8.1f us' % ('tapeflow step', total))
    print('%-22s %8.1f us' % ('numpy step', base))
    print('tapeflow / numpy: %.2f' % (total / base))


if __name__ == '__main__':
    main()
