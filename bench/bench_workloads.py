"""Common Keras workloads beyond the seed step: milliseconds per step, against numpy and PyTorch.

Each workload runs the same work two or three ways, the repeats interleaved, and prints
medians and the ratios tapeflow/numpy and tapeflow/torch from this one run:

  mlp32, mlp128  fit of a 784-128(relu)-10(softmax) MLP, Adam, sparse categorical
                 cross-entropy + accuracy, batches of 32 / 128 (one shuffled epoch)
  cnn            fit of Conv2D(32, 3, relu) -> MaxPooling2D -> Flatten -> Dense(10) on
                 28x28x1, batches of 64
  lstm, gru      fit of LSTM(32) / GRU(32) -> Dense(1), mse, Adam on (32, 20, 8) batches
  lstm2          the same with two stacked LSTM(32) (the second's input is tracked: its
                 projection's steps are slice ops, layers/recurrent/step_gradients.py)
  embed          fit of Embedding(1000, 16) -> GlobalAveragePooling1D -> Dense(1, sigmoid),
                 binary cross-entropy + accuracy, 50 tokens, batches of 32
  predict        predict() of the MLP on 10k rows (batches of 32, Keras's default)
  evaluate       evaluate() of the MLP on 10k rows (loss + accuracy, batches of 32)
  data           from_tensor_slices.shuffle(1024).batch(32).map(x / 255) iterated once
                 over 10k MNIST-sized rows

numpy is hand-written where that is short (the MLP, the convnet from bench_cnn.py, the
one-layer LSTM and GRU from numpy_rnn.py, the embedding model, the pipeline) with OpenBLAS on
one thread; torch runs eager on one thread
(torch.set_num_threads(1)) and is skipped when it is not installed. Times are per batch.

    python bench/bench_workloads.py [--quick] [--repeats 5] [--only mlp32,cnn] [--clock wall|cpu]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
# the repository root spelled without '..': framework compares its packages' file names with this spelling
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import workload_impls as impls  # noqa: E402

CLOCKS = {'wall': time.perf_counter, 'cpu': time.thread_time}


def mnist(n, seed=0, images=False):
    rng = np.random.default_rng(seed)
    x = rng.random((n, 28, 28, 1) if images else (n, 784), dtype=np.float32)
    return x, rng.integers(0, 10, n).astype(np.int32)


def sequences(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.normal(size=(n, 20, 8)).astype(np.float32), rng.normal(size=(n, 1)).astype(np.float32)


def tokens(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.integers(0, 1000, (n, 50)).astype(np.int32), rng.integers(0, 2, (n, 1)).astype(np.float32)


def workloads(quick):
    """name -> (batch size, data, {implementation: a callable that runs the work once})."""
    n_fit, n_rows = (512, 2048) if quick else (2048, 10000)
    mlp_data, img_data = mnist(n_fit), mnist(n_fit // 2, images=True)
    seq_data, tok_data, rows = sequences(n_fit // 2), tokens(n_fit), mnist(n_rows)
    return {
        'mlp32': (32, mlp_data, impls.mlp_fit(mlp_data, 32)),
        'mlp128': (128, mlp_data, impls.mlp_fit(mlp_data, 128)),
        'cnn': (64, img_data, impls.cnn_fit(img_data, 64)),
        'lstm': (32, seq_data, impls.rnn_fit(seq_data, 32, 'LSTM')),
        'gru': (32, seq_data, impls.rnn_fit(seq_data, 32, 'GRU')),
        'lstm2': (32, seq_data, impls.rnn_fit(seq_data, 32, 'LSTM', layers=2)),
        'embed': (32, tok_data, impls.embed_fit(tok_data, 32)),
        'predict': (32, rows, impls.mlp_predict(rows, 32)),
        'evaluate': (32, rows, impls.mlp_evaluate(rows, 32)),
        'data': (32, rows, impls.pipeline(rows, 32)),
    }


def on_one_blas_thread(run):
    """``run`` with OpenBLAS on one thread, as tapeflow runs these mid-sized products
    (framework/blas_threads.py): two threads on a busy 2-core machine made the numpy MLP 5x slower."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return run

    def limited():
        with threadpool_limits(limits=1, user_api='blas'):
            return run()
    return limited


def measure(runs, steps, repeats, clock):
    for run in runs.values():
        run()                                   # warm-up (builds, first-call caches)
    times = {name: [] for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start = clock()
            run()
            times[name].append((clock() - start) / steps * 1e3)
    return {name: statistics.median(t) for name, t in times.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--quick', action='store_true', help='fewer rows and repeats')
    parser.add_argument('--repeats', type=int, default=None, help='default 5 (3 with --quick)')
    parser.add_argument('--only', default='', help='comma-separated workload names')
    parser.add_argument('--clock', choices=sorted(CLOCKS), default='wall',
                        help="'cpu': this thread's CPU time (steadier on a busy machine)")
    args = parser.parse_args()
    repeats = args.repeats or (3 if args.quick else 5)
    if impls.torch is None:
        print('(torch is not installed: no PyTorch column)')
    else:
        impls.torch.set_num_threads(1)
    print('%-9s %6s %10s %10s %10s %9s %9s   (%s clock, median of %d)' % (
        'workload', 'batch', 'tapeflow', 'numpy', 'torch', 'tf/numpy', 'tf/torch', args.clock, repeats))
    chosen = [name for name in args.only.split(',') if name]
    for name, (batch, data, runs) in workloads(args.quick).items():
        if chosen and name not in chosen:
            continue
        steps = -(-len(data[0]) // batch)
        if 'numpy' in runs:
            runs['numpy'] = on_one_blas_thread(runs['numpy'])
        ms = measure(runs, steps, repeats, CLOCKS[args.clock])
        ours = ms['tapeflow']
        cells = ['%10.3f' % ms[k] if k in ms else '%10s' % '-' for k in ('numpy', 'torch')]
        ratios = ['%9.2f' % (ours / ms[k]) if k in ms else '%9s' % '-' for k in ('numpy', 'torch')]
        print('%-9s %6d %10.3f %s %s' % (name, batch, ours, ' '.join(cells), ' '.join(ratios)), flush=True)


if __name__ == '__main__':
    main()
