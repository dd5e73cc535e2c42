"""pickle / copy.deepcopy of a Model go through its .keras archive, as Keras 3's KerasSaveable.__reduce__.

Expected values printed by TF 2.21 (notes/progs/tutorials51/dcopy.py, fsub.py, /tmp/t51_dc2.py): a copy's
Sequential variables are 'h/kernel' (the original's 's/h/kernel'), the optimizer state comes back (8 iterations,
10 variables for Adam on two Dense layers), and an unregistered Model subclass cannot be copied.
"""
import copy
import pickle

import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras


def _trained():
    keras.backend.clear_session()
    keras.utils.set_random_seed(5)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation="relu", name="h"),
                              keras.layers.Dense(1, name="o")], name="s")
    model.compile(keras.optimizers.Adam(0.01), "mse", metrics=["mae"])
    x = np.random.default_rng(0).random((32, 3)).astype("float32")
    model.fit(x, x.sum(1, keepdims=True), epochs=2, verbose=0, batch_size=8)
    return model, x


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_copy_is_the_model_rebuilt_from_its_archive(how):
    model, x = _trained()
    copied = copy.deepcopy(model) if how == "deepcopy" else pickle.loads(pickle.dumps(model))
    assert [w.path for w in model.weights] == ['s/h/kernel', 's/h/bias', 's/o/kernel', 's/o/bias']
    assert [w.path for w in copied.weights] == ['h/kernel', 'h/bias', 'o/kernel', 'o/bias']
    assert copied.name == "s" and [layer.name for layer in copied.layers] == ["h", "o"]
    assert copied.optimizer is not model.optimizer
    assert (int(copied.optimizer.iterations), len(copied.optimizer.variables)) == (8, 10)
    assert copied.weights[0] is not model.weights[0]
    np.testing.assert_array_equal(copied.predict(x[:2], verbose=0), model.predict(x[:2], verbose=0))
    copied.fit(x, x.sum(1, keepdims=True), epochs=1, verbose=0, batch_size=8)
    assert (int(copied.optimizer.iterations), int(model.optimizer.iterations)) == (12, 8)


def test_an_unregistered_subclass_cannot_be_copied():
    class CustomModel(keras.Model):
        pass

    inputs = keras.Input((3,))
    model = CustomModel(inputs, keras.layers.Dense(2)(inputs))
    with pytest.raises(TypeError, match="Could not locate class 'CustomModel'. Make sure custom classes"):
        copy.deepcopy(model)
    data = pickle.dumps(model)        # (the archive is written; reading it back finds no class)
    with pytest.raises(TypeError, match="Could not locate class 'CustomModel'. Make sure custom classes"):
        pickle.loads(data)
