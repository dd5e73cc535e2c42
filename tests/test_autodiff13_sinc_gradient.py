"""keras.ops.sinc and tf.experimental.numpy.sinc as Keras 3 / TF 2.21 write them: where(x == 0, 1, sin(pi x) /
(pi x)) with the quotient unguarded, so the gradient at 0 is NaN (the discarded 0 / 0); tapeflow guarded it
and gave 0. Values printed by TF 2.21 (/opt/tfref) for /work/notes/progs/autodiff13/x_sinc.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('fn', [keras.ops.sinc, tf.experimental.numpy.sinc], ids=['keras', 'tnp'])
def test_sinc_value_and_gradient_as_tensorflow(fn):
    x = tf.constant([0.0, 0.5, -1.25, 2.0, 1e-3], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = fn(x)
    g = tape.gradient(y, x).numpy()
    assert y.numpy().tolist() == [1.0, 0.6366197723675814, -0.18006326323142122, -3.8981718325193755e-17,
                                  0.999998355066745]
    assert np.isnan(g[0])
    np.testing.assert_allclose(g[1:], [-1.2732395447351625, 0.42163481436410116, 0.5, -0.0032898648867920282],
                               rtol=1e-12)
