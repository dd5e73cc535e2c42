"""The small compiled model and data the errors33 fit / evaluate tests share: 10 rows of 4 features,
targets of 3, Dense(3) compiled with SGD and mse, seeded so its weights are the same in every test."""
import numpy as np

from framework import keras

X = np.arange(40, dtype='float32').reshape(10, 4) / 40
Y = np.ones((10, 3), 'float32')


def compiled(metrics=None):
    """A fresh Dense(3) model on X's 4 features, compiled('sgd', 'mse'[, metrics])."""
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile('sgd', 'mse', **({} if metrics is None else {'metrics': metrics}))
    return model
