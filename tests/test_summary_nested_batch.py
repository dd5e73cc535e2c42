"""A subclassed model called on a KerasTensor builds its inner layers for any batch, as Keras 3's
symbolic build: summary(expand_nested=True) shows (None, 5) (TF 2.21), not the zeros run's (1, 5)."""
import numpy as np

from framework import keras
from framework.keras import layers


class MyModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.d1 = layers.Dense(5)
        self.block = keras.Sequential([layers.Dense(3), layers.Dense(2)])

    def call(self, x):
        return self.block(self.d1(x))


def test_inner_layers_of_a_wrapped_subclassed_model_show_a_free_batch(capsys):
    inp = keras.Input((4,))
    model = keras.Model(inp, MyModel()(inp), name='wrapped')
    model.summary(expand_nested=True)
    rows = [line for line in capsys.readouterr().out.splitlines() if '└' in line and '│' in line]
    shapes = [row.split('│')[2].strip() for row in rows]
    assert shapes == ['(None, 5)', '(None, 2)', '(None, 3)', '(None, 2)']      # TF 2.21's rows
    inner = model.layers[1]
    assert inner.d1.get_build_config() == {'input_shape': (None, 4)}
    np.testing.assert_allclose(model.predict(np.ones((3, 4), np.float32), verbose=0).shape, (3, 2))
