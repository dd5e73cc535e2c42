"""Classification with Model.fit on the 8x8 digits (shipped in examples/data).

1797 grey-level images of the digits 0-9; a Flatten + Dense network with
Dropout, trained with sparse categorical cross-entropy, reports its test accuracy.
Run: python examples/fit_classification.py
"""
import os
import sys

# Runs from a checkout without installing: put the repository root on the path.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))

import numpy as np  # noqa: E402

from framework import keras  # noqa: E402

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'data', 'digits.npz')


def load(test_fraction=0.2, seed=0):
    data = np.load(DATA)
    images = data['images'].astype(np.float32) / 16.0        # grey levels 0..16 -> 0..1
    labels = data['labels'].astype(np.int64)
    order = np.random.default_rng(seed).permutation(len(images))
    n_test = int(len(images) * test_fraction)
    test, train = order[:n_test], order[n_test:]
    return images[train], labels[train], images[test], labels[test]


def main(epochs=30, verbose=0):
    keras.utils.set_random_seed(0)
    x_train, y_train, x_test, y_test = load()
    model = keras.Sequential([
        keras.Input((8, 8)),
        keras.layers.Flatten(),
        keras.layers.Dense(64, activation='relu'),
        keras.layers.Dropout(0.2),
        keras.layers.Dense(10, activation='softmax'),
    ])
    model.compile(optimizer='adam', loss='sparse_categorical_crossentropy', metrics=['accuracy'])
    history = model.fit(x_train, y_train, epochs=epochs, batch_size=32, validation_split=0.1, verbose=verbose)
    test_loss, test_accuracy = model.evaluate(x_test, y_test, verbose=0)
    predicted = model.predict(x_test, verbose=0).argmax(axis=1)
    print('final training accuracy: %.3f, validation accuracy: %.3f'
          % (history.history['accuracy'][-1], history.history['val_accuracy'][-1]))
    print('test accuracy: %.3f (%d of %d digits), test loss: %.3f'
          % (test_accuracy, int((predicted == y_test).sum()), len(y_test), test_loss))
    return test_accuracy


if __name__ == '__main__':
    main()
