"""An MLP training step on the GPU: tapeflow on cupy beside the same step written by hand in cupy.

Model: 784 -> Dense(1024, relu) -> Dense(1024, relu) -> Dense(10), batch 256, sparse categorical
cross-entropy from logits, Adam(1e-3), random data made on the device. The same step two ways
(three where PyTorch with CUDA is installed), from the same initial weights:

  cupy      forward, backward and the Adam update written by hand with cupy arrays
  tapeflow  a custom loop under framework.device('/GPU:0'): GradientTape, tape.gradient,
            apply_gradients (every array a cupy array; no host round trip per step)
  torch     PyTorch eager on CUDA (nn.Linear, autograd, torch.optim.Adam), if installed with CUDA

Each repeat runs ``--steps`` steps and waits for the device before reading the clock; medians
over the interleaved repeats after a warm-up, ratios from this one run. Without cupy and a
visible GPU the script says so and exits 0 (CI has no GPU).

    python bench/bench_gpu.py [--repeats 7] [--steps 50] [--batch 256]
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
from framework import backend  # noqa: E402
from framework import keras  # noqa: E402

SIZES = (784, 1024, 1024, 10)
LR, BETA_1, BETA_2, EPSILON = 1e-3, 0.9, 0.999, 1e-7


def initial_weights(seed=1):
    """Glorot-uniform kernels and zero biases, as float32 host arrays (each implementation copies them)."""
    rng = np.random.RandomState(seed)
    weights = []
    for fan_in, fan_out in zip(SIZES[:-1], SIZES[1:]):
        limit = np.sqrt(6.0 / (fan_in + fan_out))
        weights += [rng.uniform(-limit, limit, (fan_in, fan_out)).astype(np.float32), np.zeros(fan_out, np.float32)]
    return weights


class CupyStep:
    """The step by hand: relu MLP, softmax cross-entropy from logits, Keras 3's Adam."""

    def __init__(self, cp, weights):
        self.cp = cp
        self.params = [cp.asarray(w) for w in weights]
        self.m = [cp.zeros_like(p) for p in self.params]
        self.v = [cp.zeros_like(p) for p in self.params]
        self.t = 0

    def step(self, x, labels):
        cp = self.cp
        k1, b1, k2, b2, k3, b3 = self.params
        z1 = x @ k1 + b1
        a1 = cp.maximum(z1, 0)
        z2 = a1 @ k2 + b2
        a2 = cp.maximum(z2, 0)
        logits = a2 @ k3 + b3
        shifted = logits - logits.max(axis=1, keepdims=True)
        e = cp.exp(shifted)
        total = e.sum(axis=1, keepdims=True)
        rows = cp.arange(len(labels))
        loss = cp.mean(cp.log(total[:, 0]) - shifted[rows, labels])
        d = e / total
        d[rows, labels] -= 1
        d /= len(labels)
        d2 = (d @ k3.T) * (z2 > 0)
        d1 = (d2 @ k2.T) * (z1 > 0)
        grads = [x.T @ d1, d1.sum(axis=0), a1.T @ d2, d2.sum(axis=0), a2.T @ d, d.sum(axis=0)]
        self.t += 1
        lr = LR * np.sqrt(1 - BETA_2 ** self.t) / (1 - BETA_1 ** self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (g - m) * (1 - BETA_1)
            v += (g * g - v) * (1 - BETA_2)
            p -= lr * m / (cp.sqrt(v) + EPSILON)
        return loss


class TapeflowStep:
    """The custom loop users write, every tensor on the GPU."""

    def __init__(self, cp, weights):
        with tf.device('/GPU:0'):
            self.model = keras.Sequential([keras.Input((SIZES[0],)),
                                           keras.layers.Dense(SIZES[1], activation='relu'),
                                           keras.layers.Dense(SIZES[2], activation='relu'),
                                           keras.layers.Dense(SIZES[3])])
            self.model.set_weights(weights)
            self.optimizer = keras.optimizers.Adam(LR)
            self.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step(self, x, labels):
        with tf.device('/GPU:0'):
            with tf.GradientTape() as tape:
                loss = self.loss_fn(labels, self.model(x, training=True))
            grads = tape.gradient(loss, self.model.trainable_variables)
            self.optimizer.apply_gradients(zip(grads, self.model.trainable_variables))
        return loss


class TorchStep:
    def __init__(self, cp, weights):
        import torch
        self.torch = torch
        layers = []
        for i in range(0, len(weights), 2):
            linear = torch.nn.Linear(*weights[i].shape).cuda()
            with torch.no_grad():
                linear.weight.copy_(torch.from_numpy(weights[i].T.copy()))
                linear.bias.copy_(torch.from_numpy(weights[i + 1]))
            layers += [linear, torch.nn.ReLU()]
        self.model = torch.nn.Sequential(*layers[:-1])
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=LR, eps=EPSILON)
        self.loss_fn = torch.nn.CrossEntropyLoss()

    def step(self, x, labels):
        self.optimizer.zero_grad()
        loss = self.loss_fn(self.model(x), labels)
        loss.backward()
        self.optimizer.step()
        return loss


def measure(impls, data, steps, repeats, sync, warmup=10):
    """Median ms/step of each implementation, repeats interleaved, the device waited for at each clock read."""
    def run(name, impl, n):
        x, labels = data[name]
        sync()
        start = time.perf_counter()
        for _ in range(n):
            impl.step(x, labels)
        sync()
        return (time.perf_counter() - start) / n * 1e3
    for name, impl in impls.items():
        run(name, impl, warmup)
    times = {name: [] for name in impls}
    for _ in range(repeats):
        for name, impl in impls.items():
            times[name].append(run(name, impl, steps))
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--repeats', type=int, default=7)
    parser.add_argument('--steps', type=int, default=50)
    parser.add_argument('--batch', type=int, default=256)
    args = parser.parse_args()
    cp = backend.cupy_module()
    if cp is None:
        print('cupy is not installed: no GPU benchmark (pip install tapeflow[gpu] on a machine with an NVIDIA GPU)')
        return
    try:
        if cp.cuda.runtime.getDeviceCount() < 1:
            raise RuntimeError('no device')
    except Exception as err:
        print('cupy sees no CUDA device (%s): no GPU benchmark' % err)
        return
    rng = np.random.RandomState(0)
    x_host = rng.rand(args.batch, SIZES[0]).astype(np.float32)
    labels_host = rng.randint(0, SIZES[-1], args.batch).astype(np.int64)
    x, labels = cp.asarray(x_host), cp.asarray(labels_host)
    with tf.device('/GPU:0'):
        x_t, labels_t = tf.constant(x_host), tf.constant(labels_host)
    impls = {'cupy (by hand)': CupyStep(cp, initial_weights()), 'tapeflow': TapeflowStep(cp, initial_weights())}
    data = {'cupy (by hand)': (x, labels), 'tapeflow': (x_t, labels_t)}
    try:
        import torch
        if torch.cuda.is_available():
            impls['torch eager'] = TorchStep(cp, initial_weights())
            data['torch eager'] = (torch.from_numpy(x_host).cuda(), torch.from_numpy(labels_host).cuda())
        else:
            print('(torch has no CUDA here: no PyTorch row)')
    except ImportError:
        print('(torch is not installed: no PyTorch row)')
    # the first steps' losses agree (same weights, same data, the same formulas)
    first = {name: float(impl.step(*data[name])) for name, impl in impls.items()}
    print('first-step losses: ' + ', '.join('%s %.6f' % kv for kv in first.items()))

    def sync():
        cp.cuda.Device().synchronize()
        if 'torch eager' in impls:
            impls['torch eager'].torch.cuda.synchronize()
    results = measure(impls, data, args.steps, args.repeats, sync)
    base = results['cupy (by hand)']
    print('%-18s %10s %12s   (wall clock, batch %d, %s)' % ('GPU MLP step', 'ms/step', 'x cupy', args.batch,
                                                           cp.cuda.runtime.getDeviceProperties(0)['name'].decode()))
    for name, ms in results.items():
        print('%-18s %10.3f %12.2f' % (name, ms, ms / base))
    if 'torch eager' in results:
        print('tapeflow / torch: %.2f' % (results['tapeflow'] / results['torch eager']))


if __name__ == '__main__':
    main()
