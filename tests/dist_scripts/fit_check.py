"""Run on 2+ ranks: MPIStrategy.fit of a small Dense model whose ranks start from
different random weights. Writes <out>/rank<r>.npz: the weights and the loss history.
``reference_fit`` (imported by the test) is one process fitting the same model on all
the data with the same global batch size."""
import os
import sys

import numpy as np

import framework as tf
from framework import keras

BATCH = 8          # global: 4 samples per rank on 2 ranks
EPOCHS = 3


def data():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(40, 6)).astype(np.float32)
    y = (x[:, :1] - 0.5 * x[:, 1:2] > 0).astype(np.float32)
    return x, y


def make_model(seed):
    keras.utils.set_random_seed(seed)
    model = keras.Sequential([keras.Input(shape=(6,)), keras.layers.Dense(16, activation='tanh'),
                              keras.layers.Dense(1, activation='sigmoid')])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='binary_crossentropy', metrics=['accuracy'])
    return model


def reference_fit():
    model = make_model(7)
    history = model.fit(*data(), batch_size=BATCH, epochs=EPOCHS, shuffle=False, verbose=0)
    return [w.numpy() for w in model.weights], history.history


def main(out_dir):
    import framework.distributed as dist
    rank = dist.rank()
    model = make_model(7 + 1000 * rank)       # different starting weights on each rank
    strategy = dist.MPIStrategy()
    history = strategy.fit(model, *data(), batch_size=BATCH, epochs=EPOCHS, shuffle=False, verbose=0)
    arrays = {'weight_%d' % i: w.numpy() for i, w in enumerate(model.weights)}
    arrays.update({'history_' + k: np.array(v) for k, v in history.history.items()})
    arrays['optimizer_class'] = np.array(type(model.optimizer).__name__)
    np.savez(os.path.join(out_dir, 'rank%d.npz' % rank), **arrays)


if __name__ == '__main__':
    main(sys.argv[1])
