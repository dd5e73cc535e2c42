"""An unbuilt BatchNormalization's moving statistics read None, as in Keras 3 (tapeflow raised
AttributeError, so a program printing them before the first call stopped where TF's goes on).
Goldens: /work/notes/progs/kguides4/g11.py under Keras 3 (TF 2.21)."""
import numpy as np

from framework import keras


def test_unbuilt_then_built():
    bn = keras.layers.BatchNormalization()
    assert (bn.gamma, bn.beta, bn.moving_mean, bn.moving_variance) == (None, None, None, None)
    bn(np.ones((2, 3), 'float32'))
    assert bn.moving_mean.shape == (3,) and bn.moving_variance.shape == (3,)
