"""The seed's custom training loop (seed 002, 12.3.9): milliseconds per step.

Model: 8 inputs -> Dense(30, elu, he_normal, l2(0.05)) -> Dense(1, l2(0.05)),
batches of 32, Nadam(learning_rate=0.01), mse, a running Mean of the loss and
a MeanAbsoluteError metric, batches drawn with ``np.random.randint``.
The same step three ways, from the same initial weights:

  numpy     forward, backward, l2 terms and the Nadam update written by hand
  tapeflow  the seed's loop body: GradientTape, tape.gradient, apply_gradients
  torch     PyTorch eager (nn.Linear, autograd, torch.optim.NAdam), if installed

Medians over repeats after a warm-up, the implementations' repeats interleaved;
ratios come from this one run. Targets
(issue: training): tapeflow at most 2.5x numpy, and faster than torch.
``--clock cpu`` times with this thread's CPU time instead of the wall clock,
which a busy shared machine disturbs less (every step here runs in one thread).

    python bench/bench_custom_loop.py [--repeats 7] [--steps 200] [--clock wall|cpu] [--profile]
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
from framework import keras  # noqa: E402

BATCH, N_IN, N_HIDDEN, L2, LR = 32, 8, 30, 0.05, 0.01


def make_data(n=2048, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(n, N_IN)).astype(np.float32)
    y = (np.sin(x[:, :1]) + 0.5 * x[:, 1:2] * x[:, 2:3]).astype(np.float32)
    return x, y


def initial_weights(seed=1):
    """he_normal (truncated, as Keras) kernel, zero biases, glorot_uniform output kernel."""
    rng = np.random.default_rng(seed)
    k1 = rng.normal(scale=np.sqrt(2.0 / N_IN), size=(N_IN, N_HIDDEN))
    k1 = np.clip(k1, -2 * np.sqrt(2.0 / N_IN), 2 * np.sqrt(2.0 / N_IN))
    limit = np.sqrt(6.0 / (N_HIDDEN + 1))
    k2 = rng.uniform(-limit, limit, size=(N_HIDDEN, 1))
    return [k1.astype(np.float32), np.zeros(N_HIDDEN, np.float32), k2.astype(np.float32), np.zeros(1, np.float32)]


def random_batch(X, y, batch_size=BATCH):
    idx = np.random.randint(len(X), size=batch_size)
    return X[idx], y[idx]


class TapeflowLoop:
    """The seed's loop body (without the status print)."""

    def __init__(self, weights):
        l2_reg = keras.regularizers.l2(L2)
        self.model = keras.models.Sequential([
            keras.layers.Dense(N_HIDDEN, activation='elu', kernel_initializer='he_normal', kernel_regularizer=l2_reg),
            keras.layers.Dense(1, kernel_regularizer=l2_reg)])
        self.model.build((None, N_IN))
        self.model.set_weights(weights)
        self.optimizer = keras.optimizers.Nadam(learning_rate=LR)
        self.loss_fn = keras.losses.mean_squared_error
        self.mean_loss = keras.metrics.Mean()
        self.metrics = [keras.metrics.MeanAbsoluteError()]

    def step(self, X_batch, y_batch):
        model = self.model
        with tf.GradientTape() as tape:
            y_pred = model(X_batch, training=True)
            main_loss = tf.reduce_mean(self.loss_fn(y_batch, y_pred))
            loss = tf.add_n([main_loss] + model.losses)
        gradients = tape.gradient(loss, model.trainable_variables)
        self.optimizer.apply_gradients(zip(gradients, model.trainable_variables))
        self.mean_loss(loss)
        for metric in self.metrics:
            metric(y_batch, y_pred)
        return loss

    def weights(self):
        return self.model.get_weights()


class NumpyStep:
    """The same step by hand in float32 numpy: forward, backward, l2, Nadam (Keras 3's formula)."""

    def __init__(self, weights, beta_1=0.9, beta_2=0.999, epsilon=1e-7):
        self.params = [w.copy() for w in weights]
        self.m = [np.zeros_like(w) for w in weights]
        self.v = [np.zeros_like(w) for w in weights]
        self.b1, self.b2, self.eps = np.float32(beta_1), np.float32(beta_2), epsilon
        self.u_product = np.float32(1.0)
        self.t = 0
        self.loss_total = self.loss_count = np.float32(0)
        self.mae_total = self.mae_count = np.float32(0)

    def _u(self, t):
        return self.b1 * (np.float32(1) - np.float32(0.5) * np.float32(0.96) ** np.float32(t))

    def step(self, x, y):
        k1, b1, k2, b2 = self.params
        z1 = x @ k1 + b1
        e = np.exp(np.minimum(z1, 0))
        a1 = np.where(z1 > 0, z1, e - 1)
        y_pred = a1 @ k2 + b2
        diff = y_pred - y
        loss = np.mean(diff * diff) + np.float32(L2) * np.sum(k1 * k1) + np.float32(L2) * np.sum(k2 * k2)
        d_pred = diff * np.float32(2.0 / diff.size)
        d_z1 = (d_pred @ k2.T) * np.where(z1 > 0, np.float32(1), e)
        grads = [x.T @ d_z1 + np.float32(2 * L2) * k1, d_z1.sum(axis=0),
                 a1.T @ d_pred + np.float32(2 * L2) * k2, d_pred.sum(axis=0)]
        self.t += 1
        u_t, u_next = self._u(self.t), self._u(self.t + 1)
        self.u_product = self.u_product * u_t
        u_product_next = self.u_product * u_next
        bias_v = np.float32(1) - self.b2 ** np.float32(self.t)
        for p, g, m, v in zip(self.params, grads, self.m, self.v):
            m += (g - m) * (1 - self.b1)
            v += (g * g - v) * (1 - self.b2)
            m_hat = u_next * m / (1 - u_product_next) + (1 - u_t) * g / (1 - self.u_product)
            p -= m_hat * np.float32(LR) / (np.sqrt(v / bias_v) + np.float32(self.eps))
        self.loss_total += loss
        self.loss_count += 1
        self.mae_total += np.abs(diff).sum()
        self.mae_count += len(diff)
        return loss

    def weights(self):
        return self.params


class TorchStep:
    """The same step in PyTorch eager (NAdam with Keras's momentum schedule)."""

    def __init__(self, weights):
        import torch
        # One thread, like the other two: at these sizes extra threads only add hand-offs,
        # and the cpu clock counts this thread alone.
        torch.set_num_threads(1)
        self.torch = torch
        self.l1, self.l2 = torch.nn.Linear(N_IN, N_HIDDEN), torch.nn.Linear(N_HIDDEN, 1)
        with torch.no_grad():
            for layer, (k, b) in ((self.l1, weights[:2]), (self.l2, weights[2:])):
                layer.weight.copy_(torch.from_numpy(k.T.copy()))
                layer.bias.copy_(torch.from_numpy(b))
        params = list(self.l1.parameters()) + list(self.l2.parameters())
        self.optimizer = torch.optim.NAdam(params, lr=LR, eps=1e-7, momentum_decay=1.0)
        self.loss_total = torch.zeros(())
        self.mae_total = torch.zeros(())
        self.count = 0

    def step(self, x, y):
        torch = self.torch
        x, y = torch.from_numpy(x), torch.from_numpy(y)
        y_pred = self.l2(torch.nn.functional.elu(self.l1(x)))
        loss = ((y - y_pred) ** 2).mean(dim=-1).mean() + L2 * (self.l1.weight ** 2).sum() \
            + L2 * (self.l2.weight ** 2).sum()
        self.optimizer.zero_grad()
        loss.backward()
        self.optimizer.step()
        with torch.no_grad():
            self.loss_total += loss
            self.mae_total += (y - y_pred).abs().sum()
        self.count += 1
        return loss


CLOCKS = {'wall': time.perf_counter, 'cpu': time.thread_time}
clock = CLOCKS['wall']


def set_clock(name):
    global clock
    clock = CLOCKS[name]


def time_steps(impl, X, y, steps):
    start = clock()
    for _ in range(steps):
        impl.step(*random_batch(X, y))
    return (clock() - start) / steps * 1e3


def measure(impls, X, y, steps, repeats, warmup=50):
    """Median ms/step of each implementation, the repeats interleaved (numpy,
    tapeflow, torch, numpy, ...) so that every one meets the same machine load."""
    for impl in impls.values():
        time_steps(impl, X, y, warmup)
    times = {name: [] for name in impls}
    for _ in range(repeats):
        for name, impl in impls.items():
            times[name].append(time_steps(impl, X, y, steps))
    return {name: statistics.median(t) for name, t in times.items()}


def print_profile(run, lines=25):
    """cProfile ``run()`` and print its top ``lines`` functions by own time."""
    import cProfile
    import pstats
    profiler = cProfile.Profile()
    profiler.enable()
    run()
    profiler.disable()
    pstats.Stats(profiler).sort_stats('tottime').print_stats(lines)


def profile(X, y, steps):
    loop = TapeflowLoop(initial_weights())
    time_steps(loop, X, y, 50)
    print_profile(lambda: time_steps(loop, X, y, steps))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--repeats', type=int, default=7)
    parser.add_argument('--steps', type=int, default=200)
    parser.add_argument('--clock', choices=sorted(CLOCKS), default='wall')
    parser.add_argument('--profile', action='store_true', help='cProfile the tapeflow loop instead')
    args = parser.parse_args()
    set_clock(args.clock)
    X, y = make_data()
    np.random.seed(0)
    if args.profile:
        profile(X, y, args.steps)
        return
    impls = [('numpy (by hand)', NumpyStep), ('tapeflow', TapeflowLoop)]
    try:
        import torch  # noqa: F401
        impls.append(('torch eager', TorchStep))
    except ImportError:
        print('(torch is not installed: no PyTorch row)')
    results = measure({name: cls(initial_weights()) for name, cls in impls}, X, y, args.steps, args.repeats)
    base = results['numpy (by hand)']
    print('%-18s %10s %12s   (%s clock)' % ('seed custom loop', 'ms/step', 'x numpy', args.clock))
    for name, ms in results.items():
        print('%-18s %10.3f %12.2f' % (name, ms, ms / base))
    ours = results['tapeflow']
    print('tapeflow / numpy: %.2f (target <= 2.5)' % (ours / base))
    if 'torch eager' in results:
        print('tapeflow / torch: %.2f (target < 1)' % (ours / results['torch eager']))


if __name__ == '__main__':
    main()
