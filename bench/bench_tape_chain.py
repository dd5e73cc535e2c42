"""Tape overhead: a chain of 2,000 scalar ops (y = y * 1.0001 + 0.0001, 1,000 times),
recorded and differentiated, in microseconds per op.

Beside it: the same chain with no tape active, bare numpy (forward only), and
PyTorch eager with backward when torch is installed. Medians over repeats,
and ratios computed within this one run (the machine is shared and noisy).

    python bench/bench_tape_chain.py [--repeats 30]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np

# the repository root spelled without '..': framework compares its packages' file names with this spelling
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import framework as tf  # noqa: E402

STEPS = 1000
OPS = 2 * STEPS


def tapeflow_with_backward():
    x = tf.Variable(1.0)
    start = time.perf_counter()
    with tf.GradientTape() as tape:
        y = x
        for _ in range(STEPS):
            y = y * 1.0001 + 0.0001
    grad = tape.gradient(y, x)
    elapsed = time.perf_counter() - start
    assert abs(float(grad) - 1.0001 ** STEPS) < 1e-3
    return elapsed


def tapeflow_no_tape():
    y = tf.constant(1.0)
    start = time.perf_counter()
    for _ in range(STEPS):
        y = y * 1.0001 + 0.0001
    return time.perf_counter() - start


def numpy_forward():
    y = np.array(1.0, dtype=np.float32)
    start = time.perf_counter()
    for _ in range(STEPS):
        y = y * np.float32(1.0001) + np.float32(0.0001)
    return time.perf_counter() - start


def torch_with_backward(torch):
    x = torch.tensor(1.0, requires_grad=True)
    start = time.perf_counter()
    y = x
    for _ in range(STEPS):
        y = y * 1.0001 + 0.0001
    y.backward()
    elapsed = time.perf_counter() - start
    assert abs(float(x.grad) - 1.0001 ** STEPS) < 1e-3
    return elapsed


def median_us_per_op(fn, repeats):
    for _ in range(3):
        fn()
    return statistics.median(fn() for _ in range(repeats)) / OPS * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--repeats', type=int, default=30)
    args = parser.parse_args()
    rows = [('tapeflow, recorded + backward', median_us_per_op(tapeflow_with_backward, args.repeats)),
            ('tapeflow, no tape', median_us_per_op(tapeflow_no_tape, args.repeats)),
            ('numpy, forward only', median_us_per_op(numpy_forward, args.repeats))]
    try:
        import torch
        torch.set_num_threads(1)
        rows.append(('PyTorch eager, forward + backward',
                     median_us_per_op(lambda: torch_with_backward(torch), args.repeats)))
    except ImportError:
        rows.append(('PyTorch eager (not installed)', float('nan')))
    base = rows[0][1]
    print('%-36s %10s %12s' % ('chain of %d scalar ops' % OPS, 'us/op', 'vs tapeflow'))
    for name, us in rows:
        print('%-36s %10.2f %12.2f' % (name, us, us / base))
    print('no-tape overhead over bare numpy: %.2f us/op' % (rows[1][1] - rows[2][1]))


if __name__ == '__main__':
    main()
