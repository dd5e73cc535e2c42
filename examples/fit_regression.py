"""Regression with Model.fit on the diabetes data (shipped in examples/data).

A small MLP predicts disease progression from 10 standardized features;
EarlyStopping keeps the weights of the best validation epoch. Prints the
test MAE in the target's units (the target spans 25..346).
Run: python examples/fit_regression.py
"""
import os
import sys

# Runs from a checkout without installing: put the repository root on the path.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import numpy as np  # noqa: E402

from framework import keras  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'diabetes.npz')


def load(test_fraction=0.2, seed=0):
    data = np.load(DATA)
    x, y = data['x'], data['y'].reshape(-1, 1)
    order = np.random.default_rng(seed).permutation(len(x))
    n_test = int(len(x) * test_fraction)
    test, train = order[:n_test], order[n_test:]
    mean, std = x[train].mean(axis=0), x[train].std(axis=0)
    standardize = lambda a: ((a - mean) / std).astype(np.float32)
    return standardize(x[train]), y[train], standardize(x[test]), y[test]


def main(epochs=200, verbose=0):
    keras.utils.set_random_seed(0)
    x_train, y_train, x_test, y_test = load()
    model = keras.Sequential([
        keras.Input((x_train.shape[1],)),
        keras.layers.Dense(32, activation='relu'),
        keras.layers.Dense(16, activation='relu'),
        keras.layers.Dense(1),
    ])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse', metrics=['mae'])
    stop = keras.callbacks.EarlyStopping(monitor='val_loss', patience=20, restore_best_weights=True)
    history = model.fit(x_train, y_train, epochs=epochs, batch_size=32, validation_split=0.2,
                        callbacks=[stop], verbose=verbose)
    test_loss, test_mae = model.evaluate(x_test, y_test, verbose=0)
    baseline = float(np.mean(np.abs(y_test - y_train.mean())))
    print('epochs run: %d (best validation epoch %d)' % (len(history.history['loss']), stop.best_epoch + 1))
    print('test MAE: %.1f   (predicting the training mean: %.1f)' % (test_mae, baseline))
    print('first test predictions:', np.round(model.predict(x_test[:5], verbose=0).ravel(), 1),
          'true:', y_test[:5].ravel())
    return test_mae, baseline


if __name__ == '__main__':
    main()
