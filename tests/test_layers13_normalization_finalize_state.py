"""Normalization.finalize_state exists, as in Keras 3 on TF 2.21 (adapt ends with it; calling it again after
adapt leaves the outputs as they are).

Printed by TF 2.21 (progs/layers13/nsw.py): n = Normalization(); n.adapt([[1., 2.], [3., 6.]]); n.finalize_state();
n(x) -> [[-1., -1.], [1., 1.]]
"""
import numpy as np

from framework import keras


def test_finalize_state_after_adapt_keeps_the_statistics():
    x = np.array([[1., 2.], [3., 6.]], 'float32')
    layer = keras.layers.Normalization()
    layer.adapt(x)
    layer.finalize_state()
    np.testing.assert_allclose(layer(x).numpy(), [[-1., -1.], [1., 1.]], rtol=1e-6)
    keras.layers.Normalization(mean=1., variance=1.).finalize_state()      # a layer given its statistics: no-op
