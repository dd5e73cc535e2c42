"""A Sequential holding one layer object several times (Hands-On ML ch. 12:
``Sequential([..., block1, block1, block1, block1, ResidualBlock(2, 30), ...])``).

Keras 3.15 refuses only another layer of an existing name (``_is_layer_name_unique`` skips the
layer itself), so the same object may be added again and its weights are shared. Checked with
TensorFlow 2.21 + Keras 3.15 on the model below (seed 1): layers ['shared', 'shared', 'dense'],
4 weights, 16 parameters, outputs [0.19192364811897278, 1.16950523853302] for
[[0, 1, 2], [3, 4, 5]]. tapeflow raised 'All layers added to a Sequential model should have
unique names'.
"""
import numpy as np
import pytest

from framework import keras


def _model():
    keras.backend.clear_session()       # the layer names below are a fresh session's (tests run in any order)
    keras.utils.set_random_seed(1)
    shared = keras.layers.Dense(3, activation='relu', name='shared')
    return keras.Sequential([keras.Input((3,)), shared, shared, keras.layers.Dense(1)])


def test_same_layer_twice_shares_its_weights():
    model = _model()
    assert [layer.name for layer in model.layers] == ['shared', 'shared', 'dense']
    assert model.layers[0] is model.layers[1]
    assert [w.path for w in model.weights] == ['sequential/shared/kernel', 'sequential/shared/bias',
                                               'sequential/dense/kernel', 'sequential/dense/bias']
    assert model.count_params() == 16
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    assert np.asarray(model(x)).ravel().tolist() == [0.19192364811897278, 1.16950523853302]
    kernel, bias = model.layers[0].get_weights()
    hidden = np.maximum(np.maximum(x @ kernel + bias, 0) @ kernel + bias, 0)
    np.testing.assert_allclose(np.asarray(model(x)), hidden @ model.layers[2].kernel.numpy()
                               + model.layers[2].bias.numpy(), rtol=1e-6)


def test_another_layer_of_the_same_name_is_still_refused():
    model = _model()
    with pytest.raises(ValueError, match="unique names. Name 'shared'"):
        model.add(keras.layers.Dense(2, name='shared'))
