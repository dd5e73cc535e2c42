"""Data-parallel Model.fit over MPI ranks, on the 8x8 digits (shipped in examples/data).

Every rank holds a replica of the model; ``MPIStrategy.fit`` starts them from
rank 0's weights, gives each rank its shard of the training set, averages the
gradients of each step over the ranks (one fused allreduce) and the epoch's
metrics at its end. ``batch_size`` is the global batch, so the run learns as a
single process with that batch would.

Run (mpiexec comes with ``pip install "tapeflow[dist]"``, beside python):
    mpiexec -n 2 python -m mpi4py examples/distributed_fit.py [epochs]
    python examples/distributed_fit.py [epochs]          # the same program on one process
"""
import os
import sys

# Runs from a checkout without installing: put the repository root and this folder on the path.
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, '..'), HERE]

import framework.distributed as dist  # noqa: E402
from fit_classification import load  # noqa: E402
from framework import keras  # noqa: E402


def main(epochs=30, batch_size=32):
    strategy = dist.MPIStrategy()
    # Weights come from rank 0 whatever the seed; a seed per rank gives each its own dropout noise.
    keras.utils.set_random_seed(dist.rank())
    x_train, y_train, x_test, y_test = load()
    model = keras.Sequential([
        keras.Input((8, 8)),
        keras.layers.Flatten(),
        keras.layers.Dense(64, activation='relu'),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(10, activation='softmax'),
    ])
    model.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])
    history = strategy.fit(model, x_train, y_train, epochs=epochs, batch_size=batch_size, validation_split=0.1,
                           verbose=0)
    test_loss, test_accuracy = model.evaluate(x_test, y_test, verbose=0)
    if dist.rank() == 0:
        print('trained on %d rank(s), %d samples per step in all' % (dist.size(), batch_size))
        print('final training accuracy: %.3f, validation accuracy: %.3f'
              % (history.history['accuracy'][-1], history.history['val_accuracy'][-1]))
        print('test accuracy: %.3f, test loss: %.3f' % (test_accuracy, test_loss))
    return test_accuracy


if __name__ == '__main__':
    main(*[int(arg) for arg in sys.argv[1:2]])
