"""A Sequential whose Lambda cannot say its output shape (it calls x.numpy()) builds as Keras 3's build
does: it returns at that layer, and eager calls run (TF 2.21 printed these for seeds2's w34)."""
import numpy as np

from framework import keras


def test_a_lambda_calling_numpy_leaves_the_sequential_built_and_callable():
    model = keras.Sequential([keras.Input(shape=(2,)), keras.layers.Lambda(lambda x: x.numpy() * 2)])
    assert model.built
    assert np.asarray(model(np.ones((1, 2), np.float32))).tolist() == [[2.0, 2.0]]


def test_layers_before_the_lambda_are_built():
    model = keras.Sequential([keras.Input(shape=(2,)), keras.layers.Dense(3),
                              keras.layers.Lambda(lambda x: x.numpy() * 2)])
    assert model.built and model.layers[0].built
    assert np.asarray(model(np.ones((1, 2), np.float32))).shape == (1, 3)


def test_the_lambda_runs_once_for_the_build_and_once_per_call():
    # TF 2.21 runs it twice for model(x) on an unbuilt model: the build's symbolic call, then the call
    runs = []

    def doubled(x):
        runs.append(1)
        return x.numpy() * 2

    model = keras.Sequential([keras.layers.Dense(3), keras.layers.Lambda(doubled)])
    model(np.ones((2, 4), np.float32))
    assert len(runs) == 2
