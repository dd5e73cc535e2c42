"""A call's own ``training`` default reaches its sublayers, as Keras 3 resolves ``training``: given, else
the enclosing call's, else the call signature's default. ``def call(self, x, training=True)`` called as
``layer(x)`` runs its Dropout and BatchNormalization in training. Literals: TF 2.21's output of
/work/notes/progs/kerasguides28/b4_traindefault.py (tapeflow gave the input back, and moving means 0)."""
import numpy as np

import framework as tf
from framework import keras


class _DropsByDefault(keras.Model):
    def __init__(self):
        super().__init__()
        self.drop = keras.layers.Dropout(0.5, seed=1)

    def call(self, x, training=True):
        return self.drop(x)


class _NormalizesByDefault(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.bn = keras.layers.BatchNormalization()

    def call(self, x, training=True):
        return self.bn(x)


def test_a_training_default_of_true_reaches_dropout_and_batch_normalization():
    keras.utils.set_random_seed(41)
    dropped = _DropsByDefault()(np.ones((2, 4), 'float32')).numpy()
    np.testing.assert_array_equal(dropped, [[2., 0., 2., 0.], [0., 0., 0., 2.]])
    layer = _NormalizesByDefault()
    out = layer(np.arange(8.0, dtype='float32').reshape(2, 4)).numpy()
    np.testing.assert_allclose(out, [[-0.99987507] * 4, [0.99987507] * 4], rtol=1e-7)
    np.testing.assert_allclose(layer.bn.moving_mean.numpy(), [0.02, 0.03, 0.04, 0.05], rtol=1e-6)


def test_an_explicit_or_enclosing_training_still_wins_over_the_default():
    model = _DropsByDefault()
    ones = np.ones((2, 4), 'float32')
    np.testing.assert_array_equal(model(ones, training=False).numpy(), ones)
    outer = keras.Sequential([keras.Input((4,)), model])
    np.testing.assert_array_equal(outer(ones, training=False).numpy(), ones)
    np.testing.assert_array_equal(outer.predict(ones, verbose=0), ones)
