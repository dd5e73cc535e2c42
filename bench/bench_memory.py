"""Peak memory of one forward and backward pass: tapeflow vs hand-written numpy.

A 20-layer, 1024-wide MLP (relu) at batch 256, float32. Both sides start
from the same weights and input, compute the same loss (the mean of the last
layer's output) and end holding every weight's gradient; the peak is what
``tracemalloc`` sees above the memory held before the pass (weights and input
excluded). numpy's pass is the lean one a person would write: one array per
layer kept for backward (relu applied in place), each freed as the backward
sweep passes it. tapeflow runs ``layers.Dense`` (the fused affine op) under a
``GradientTape``. Target: tapeflow's peak within 1.3x of numpy's.

    python bench/bench_memory.py [--layers 20] [--width 1024] [--batch 256]
"""
import argparse
import gc
import os
import sys
import time
import tracemalloc

import numpy as np

# the repository root spelled without '..': framework compares its packages' file names with this spelling
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import framework as tf  # noqa: E402
from layers import Dense, Sequential  # noqa: E402


def make_weights(layers, width, seed=0):
    rng = np.random.default_rng(seed)
    scale = np.sqrt(2.0 / width)
    return [(rng.standard_normal((width, width), dtype=np.float32) * np.float32(scale),
             np.zeros(width, np.float32)) for _ in range(layers)]


def numpy_pass(x, weights, after_forward=lambda: None):
    """Forward and backward by hand; returns the gradients [(dW, db), ...]."""
    kept = [x]
    h = x
    for w, b in weights:
        h = h @ w
        h += b
        np.maximum(h, 0, out=h)              # relu in place: its mask is (output > 0)
        kept.append(h)
    del h
    after_forward()
    g = np.full(kept[-1].shape, 1.0 / kept[-1].size, np.float32)    # d mean / d output
    grads = [None] * len(weights)
    for i in range(len(weights) - 1, -1, -1):
        out = kept.pop()
        g *= out > 0
        del out
        grads[i] = (kept[-1].T @ g, g.sum(axis=0))
        g = g @ weights[i][0].T if i else None
    return grads


def build_model(weights, width):
    model = Sequential([Dense(width, activation='relu') for _ in weights])
    model.build((None, width))
    model.set_weights([array for pair in weights for array in pair])
    return model


def tapeflow_pass(x, model, after_forward=lambda: None):
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(model(x))
    after_forward()
    return tape.gradient(loss, model.trainable_variables)


def traced(fn, *args):
    """(peak bytes, bytes held after the forward pass, result) of fn(*args, after_forward),
    above what was allocated before the call, measured by tracemalloc."""
    gc.collect()
    held = []
    tracemalloc.start()
    try:
        start = tracemalloc.get_traced_memory()[0]
        result = fn(*args, lambda: held.append(tracemalloc.get_traced_memory()[0] - start))
        peak = tracemalloc.get_traced_memory()[1] - start
    finally:
        tracemalloc.stop()
    return peak, held[0], result


def measure(layers=20, width=1024, batch=256):
    """Peak bytes of one pass each ('numpy', 'tapeflow', their 'ratio'), the bytes each holds
    for backward once the forward pass is done ('numpy_forward', 'tapeflow_forward',
    'forward_ratio'), and the largest difference between their gradients."""
    weights = make_weights(layers, width)
    x = np.random.default_rng(1).standard_normal((batch, width), dtype=np.float32)
    model = build_model(weights, width)
    tapeflow_pass(x, model)                       # warm-up: imports, caches
    x_tensor = tf.constant(x)
    numpy_peak, numpy_held, expected = traced(numpy_pass, x, weights)
    tape_peak, tape_held, got = traced(tapeflow_pass, x_tensor, model)
    worst = max(float(np.max(np.abs(g.numpy() - e))) for g, e in zip(got, [a for pair in expected for a in pair]))
    return {'numpy': numpy_peak, 'tapeflow': tape_peak, 'ratio': tape_peak / numpy_peak,
            'numpy_forward': numpy_held, 'tapeflow_forward': tape_held,
            'forward_ratio': tape_held / numpy_held, 'max_grad_diff': worst}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--layers', type=int, default=20)
    parser.add_argument('--width', type=int, default=1024)
    parser.add_argument('--batch', type=int, default=256)
    args = parser.parse_args()
    began = time.perf_counter()
    result = measure(args.layers, args.width, args.batch)
    mib = 1024 * 1024
    weights = args.layers * (args.width * args.width + args.width) * 4 / mib
    print('%d-layer, %d-wide relu MLP, batch %d, float32 (weights: %.0f MiB, gradients as much again)'
          % (args.layers, args.width, args.batch, weights))
    print('peak memory of forward + backward, above the weights and input:')
    print('  numpy by hand   %8.1f MiB' % (result['numpy'] / mib))
    print('  tapeflow        %8.1f MiB' % (result['tapeflow'] / mib))
    print('  ratio           %8.2fx  (target <= 1.30x)' % result['ratio'])
    print('held for backward at the end of the forward pass (the activations):')
    print('  numpy by hand   %8.1f MiB' % (result['numpy_forward'] / mib))
    print('  tapeflow        %8.1f MiB' % (result['tapeflow_forward'] / mib))
    print('  ratio           %8.2fx' % result['forward_ratio'])
    print('largest gradient difference between the two: %.3g; %.1f s'
          % (result['max_grad_diff'], time.perf_counter() - began))


if __name__ == '__main__':
    main()
