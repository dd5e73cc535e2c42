"""A small MNIST-style convnet trained by a custom loop: milliseconds per step.

Model (Keras's MNIST convnet example without dropout): 28x28x1 images ->
Conv2D(32, 3, relu) -> MaxPooling2D(2) -> Conv2D(64, 3, relu) -> MaxPooling2D(2)
-> Flatten -> Dense(10), sparse softmax cross-entropy from logits, Adam(1e-3),
batches of 64. The same step three ways, from the same initial weights:

  numpy     forward, backward and Adam written by hand (im2col convolution)
  tapeflow  GradientTape, tape.gradient, apply_gradients
  torch     PyTorch eager (channels first, as its convolutions want), if installed

Unlike the seed loop (bench_custom_loop.py, where per-op overhead is the whole
cost), this step is dominated by the arithmetic: it measures the convolution
and pooling kernels. numpy's BLAS and torch use their default thread counts
(printed). Medians over repeats, the implementations' repeats interleaved.

    python bench/bench_cnn.py [--repeats 5] [--steps 10] [--batch 64]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

# the repository root spelled without '..': framework compares its packages' file names with this spelling
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import framework as tf  # noqa: E402
from framework import keras  # noqa: E402

LR, B1, B2, EPS = 1e-3, 0.9, 0.999, 1e-7


def make_data(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.random((n, 28, 28, 1), dtype=np.float32), rng.integers(0, 10, n)


def initial_weights(seed=1):
    """glorot_uniform kernels (Keras's default), zero biases: conv1, conv2, dense."""
    rng = np.random.default_rng(seed)

    def glorot(shape, fan_in, fan_out):
        limit = np.sqrt(6.0 / (fan_in + fan_out))
        return rng.uniform(-limit, limit, shape).astype(np.float32)
    return [glorot((3, 3, 1, 32), 9, 9 * 32), np.zeros(32, np.float32),
            glorot((3, 3, 32, 64), 9 * 32, 9 * 64), np.zeros(64, np.float32),
            glorot((1600, 10), 1600, 10), np.zeros(10, np.float32)]


class TapeflowStep:
    def __init__(self, weights):
        self.model = keras.Sequential([
            keras.layers.Conv2D(32, 3, activation='relu'), keras.layers.MaxPooling2D(2),
            keras.layers.Conv2D(64, 3, activation='relu'), keras.layers.MaxPooling2D(2),
            keras.layers.Flatten(), keras.layers.Dense(10)])
        self.model.build((None, 28, 28, 1))
        self.model.set_weights(weights)
        self.optimizer = keras.optimizers.Adam(LR, epsilon=EPS)
        self.loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step(self, x, y):
        with tf.GradientTape() as tape:
            loss = self.loss_fn(y, self.model(x, training=True))
        variables = self.model.trainable_variables
        self.optimizer.apply_gradients(zip(tape.gradient(loss, variables), variables))
        return loss


def conv_forward(x, kernel, bias):
    """VALID 3x3 convolution of NHWC ``x`` by im2col; returns (output, the im2col matrix)."""
    kh, kw, c, o = kernel.shape
    windows = sliding_window_view(x, (kh, kw), axis=(1, 2))       # (N, OH, OW, C, KH, KW)
    n, oh, ow = windows.shape[:3]
    cols = windows.transpose(0, 1, 2, 4, 5, 3).reshape(n * oh * ow, kh * kw * c)
    return (cols @ kernel.reshape(-1, o) + bias).reshape(n, oh, ow, o), cols


def conv_input_grad(g, kernel, input_shape):
    kh, kw, c, o = kernel.shape
    n, oh, ow, _ = g.shape
    cols = (g.reshape(-1, o) @ kernel.reshape(-1, o).T).reshape(n, oh, ow, kh, kw, c)
    dx = np.zeros(input_shape, g.dtype)
    for i in range(kh):
        for j in range(kw):
            dx[:, i:i + oh, j:j + ow, :] += cols[:, :, :, i, j, :]
    return dx


def pool_forward(a):
    """2x2 max pooling (floor): the running maximum over the four window offsets."""
    h, w = a.shape[1] // 2 * 2, a.shape[2] // 2 * 2
    out = a[:, 0:h:2, 0:w:2].copy()
    for i, j in ((0, 1), (1, 0), (1, 1)):
        np.maximum(out, a[:, i:h:2, j:w:2], out=out)
    return out


def pool_backward(g, a, pooled):
    """Each window's gradient to its first maximal element (TensorFlow's tie rule)."""
    h, w = a.shape[1] // 2 * 2, a.shape[2] // 2 * 2
    dx = np.zeros_like(a)
    taken = np.zeros(pooled.shape, bool)
    for i, j in ((0, 0), (0, 1), (1, 0), (1, 1)):
        hit = (a[:, i:h:2, j:w:2] == pooled) & ~taken
        taken |= hit
        dx[:, i:h:2, j:w:2] = g * hit
    return dx


class NumpyStep:
    """The same step written by hand in float32 numpy, Adam as Keras 3 writes it."""

    def __init__(self, weights):
        self.params = [w.copy() for w in weights]
        self.m = [np.zeros_like(w) for w in weights]
        self.v = [np.zeros_like(w) for w in weights]
        self.t = 0

    def step(self, x, y):
        k1, b1, k2, b2, k3, b3 = self.params
        z1, cols1 = conv_forward(x, k1, b1)
        a1 = np.maximum(z1, 0)
        p1 = pool_forward(a1)
        z2, cols2 = conv_forward(p1, k2, b2)
        a2 = np.maximum(z2, 0)
        p2 = pool_forward(a2)
        flat = p2.reshape(len(x), -1)
        logits = flat @ k3 + b3
        shifted = logits - logits.max(axis=1, keepdims=True)
        log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
        loss = -log_probs[np.arange(len(y)), y].mean()
        d_logits = np.exp(log_probs)
        d_logits[np.arange(len(y)), y] -= 1
        d_logits /= len(y)
        d_flat = d_logits @ k3.T
        d_z2 = pool_backward(d_flat.reshape(p2.shape), a2, p2) * (z2 > 0)
        d_p1 = conv_input_grad(d_z2, k2, p1.shape)
        d_z1 = pool_backward(d_p1, a1, p1) * (z1 > 0)
        grads = [(cols1.T @ d_z1.reshape(-1, 32)).reshape(k1.shape), d_z1.sum(axis=(0, 1, 2)),
                 (cols2.T @ d_z2.reshape(-1, 64)).reshape(k2.shape), d_z2.sum(axis=(0, 1, 2)),
                 flat.T @ d_logits, d_logits.sum(axis=0)]
        self.t += 1
        alpha = LR * np.sqrt(1 - B2 ** self.t) / (1 - B1 ** self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (g - m) * (1 - B1)
            v += (g * g - v) * (1 - B2)
            p -= (m * alpha) / (np.sqrt(v) + EPS)
        return loss


class TorchStep:
    def __init__(self, weights):
        import torch
        self.torch = torch
        nn = torch.nn
        self.net = nn.Sequential(nn.Conv2d(1, 32, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(32, 64, 3), nn.ReLU(),
                                 nn.MaxPool2d(2), nn.Flatten(), nn.Linear(1600, 10))
        k1, b1, k2, b2, k3, b3 = weights
        with torch.no_grad():
            for layer, k, b in ((self.net[0], k1, b1), (self.net[3], k2, b2)):
                layer.weight.copy_(torch.from_numpy(k.transpose(3, 2, 0, 1).copy()))
                layer.bias.copy_(torch.from_numpy(b))
            # Keras flattens (H, W, C); torch flattens (C, H, W): permute the dense rows to match.
            rows = np.arange(1600).reshape(5, 5, 64).transpose(2, 0, 1).ravel()
            self.net[7].weight.copy_(torch.from_numpy(k3[rows].T.copy()))
            self.net[7].bias.copy_(torch.from_numpy(b3))
        self.optimizer = torch.optim.Adam(self.net.parameters(), lr=LR, eps=EPS)

    def step(self, x, y):
        torch = self.torch
        x = torch.from_numpy(x.transpose(0, 3, 1, 2).copy())
        loss = torch.nn.functional.cross_entropy(self.net(x), torch.from_numpy(y))
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        return loss.detach()


def measure(impls, batches, repeats):
    for impl in impls.values():
        impl.step(*batches[0])
    times = {name: [] for name in impls}
    for _ in range(repeats):
        for name, impl in impls.items():
            start = time.perf_counter()
            for x, y in batches:
                impl.step(x, y)
            times[name].append((time.perf_counter() - start) / len(batches) * 1e3)
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--repeats', type=int, default=5)
    parser.add_argument('--steps', type=int, default=10)
    parser.add_argument('--batch', type=int, default=64)
    args = parser.parse_args()
    x, y = make_data(args.batch * args.steps)
    batches = [(x[i:i + args.batch], y[i:i + args.batch]) for i in range(0, len(x), args.batch)]
    impls = {'numpy (by hand)': NumpyStep(initial_weights()), 'tapeflow': TapeflowStep(initial_weights())}
    threads = ''
    try:
        import torch
        impls['torch eager'] = TorchStep(initial_weights())
        threads = ', torch threads %d' % torch.get_num_threads()
    except ImportError:
        print('(torch is not installed: no PyTorch row)')
    first = {name: float(impl.step(*batches[0])) for name, impl in
             {name: type(impl)(initial_weights()) for name, impl in impls.items()}.items()}
    results = measure(impls, batches, args.repeats)
    base = results['numpy (by hand)']
    print('first-step loss: ' + ', '.join('%s %.6f' % item for item in first.items()))
    print('%-18s %10s %12s   (wall clock, batch %d%s)' % ('mnist convnet', 'ms/step', 'x numpy', args.batch, threads))
    for name, ms in results.items():
        print('%-18s %10.2f %12.2f' % (name, ms, ms / base))
    print('tapeflow / numpy: %.2f' % (results['tapeflow'] / base))
    if 'torch eager' in results:
        print('tapeflow / torch: %.2f' % (results['tapeflow'] / results['torch eager']))


if __name__ == '__main__':
    main()
