"""tf.data input pipelines: one epoch of batches, against hand-written numpy (and PyTorch's DataLoader).

Each pipeline reads 8192 rows of 64 float32 features and an int64 label in batches of 32:

    batch          from_tensor_slices((x, y)).batch(32)
    shuffle_batch  from_tensor_slices((x, y)).shuffle(1024, seed=0).batch(32)
    map_batch      from_tensor_slices((x, y)).map(lambda a, b: (a / 255.0, b)).batch(32)
                   (the function runs once per element, as the tutorials' normalize functions do)
    batch_map      from_tensor_slices((x, y)).batch(32).map(lambda a, b: (a / 255.0, b))

The numpy column does the same work by hand (a permutation for the shuffle, a Python loop calling
the function per row then np.stack for map_batch); PyTorch's is a DataLoader (num_workers=0) over a
Dataset whose __getitem__ applies the function per row (map_batch), or over a TensorDataset. Times are
medians over interleaved repeats (one of each implementation per round), in ms per epoch; the ratios are
tapeflow's time over the other's.

    python bench/bench_data_pipeline.py [--repeats 7] [--clock wall|cpu]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import framework as tf  # noqa: E402

ROWS, FEATURES, BATCH = 8192, 64, 32
CLOCKS = {'wall': time.perf_counter, 'cpu': time.thread_time}


def scaled(a, b):
    return a / 255.0, b


def tapeflow_pipelines(x, y):
    slices = lambda: tf.data.Dataset.from_tensor_slices((x, y))      # noqa: E731
    return {
        'batch': slices().batch(BATCH),
        'shuffle_batch': slices().shuffle(1024, seed=0).batch(BATCH),
        'map_batch': slices().map(scaled).batch(BATCH),
        'batch_map': slices().batch(BATCH).map(scaled),
    }


def numpy_pipelines(x, y):
    def batches(order=None):
        for start in range(0, ROWS, BATCH):
            rows = slice(start, start + BATCH) if order is None else order[start:start + BATCH]
            yield x[rows], y[rows]

    def shuffled():
        return batches(np.random.default_rng(0).permutation(ROWS))

    def mapped():
        for start in range(0, ROWS, BATCH):
            pairs = [(x[i] / np.float32(255.0), y[i]) for i in range(start, min(start + BATCH, ROWS))]
            yield np.stack([a for a, _ in pairs]), np.stack([b for _, b in pairs])

    def batch_mapped():
        for a, b in batches():
            yield a / np.float32(255.0), b
    return {'batch': batches, 'shuffle_batch': shuffled, 'map_batch': mapped, 'batch_map': batch_mapped}


def torch_pipelines(x, y):
    try:
        import torch
        from torch.utils.data import DataLoader, Dataset, TensorDataset
    except ImportError:
        return None
    xt, yt = torch.from_numpy(x), torch.from_numpy(y)

    class Scaled(Dataset):
        def __len__(self):
            return ROWS

        def __getitem__(self, i):
            return xt[i] / 255.0, yt[i]

    plain = TensorDataset(xt, yt)
    return {
        'batch': lambda: DataLoader(plain, batch_size=BATCH),
        'shuffle_batch': lambda: DataLoader(plain, batch_size=BATCH, shuffle=True,
                                            generator=torch.Generator().manual_seed(0)),
        'map_batch': lambda: DataLoader(Scaled(), batch_size=BATCH),
        'batch_map': lambda: ((a / 255.0, b) for a, b in DataLoader(plain, batch_size=BATCH)),
    }


def epoch_ms(make_iterable, clock):
    start = clock()
    count = 0
    for _ in make_iterable():
        count += 1
    elapsed = clock() - start
    assert count == ROWS // BATCH, count
    return elapsed * 1e3


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--repeats', type=int, default=7)
    parser.add_argument('--clock', choices=sorted(CLOCKS), default='wall',
                        help="'cpu': this thread's CPU time (steadier on a busy machine)")
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    rng = np.random.default_rng(0)
    x = rng.random((ROWS, FEATURES), dtype=np.float32) * 255
    y = rng.integers(0, 10, ROWS).astype(np.int64)
    datasets = tapeflow_pipelines(x, y)
    impls = {'tapeflow': {name: (lambda ds=ds: ds) for name, ds in datasets.items()},
             'numpy': numpy_pipelines(x, y)}
    torch_impls = torch_pipelines(x, y)
    if torch_impls is not None:
        impls['torch'] = torch_impls
    print('%-14s %12s %10s %8s %10s %8s' % ('pipeline', 'tapeflow ms', 'numpy ms', 'ratio', 'torch ms', 'ratio'))
    for name in datasets:
        times = {impl: [] for impl in impls}
        for impl in impls:          # warm-up: a map's trace, first-touch of the arrays
            epoch_ms(impls[impl][name], clock)
        for _ in range(args.repeats):
            for impl in impls:
                times[impl].append(epoch_ms(impls[impl][name], clock))
        med = {impl: statistics.median(t) for impl, t in times.items()}
        row = '%-14s %12.1f %10.1f %7.2fx' % (name, med['tapeflow'], med['numpy'], med['tapeflow'] / med['numpy'])
        if 'torch' in med:
            row += ' %10.1f %7.2fx' % (med['torch'], med['tapeflow'] / med['torch'])
        print(row)


if __name__ == '__main__':
    main()
