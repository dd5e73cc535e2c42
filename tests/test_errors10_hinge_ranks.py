"""keras.losses.hinge / squared_hinge / categorical_hinge and the Hinge metrics line up no ranks, as in Keras 3.

Keras's hinge functions compute y_true * y_pred as given: (N,) labels with (N, 1) scores broadcast to an
(N, N) product, and (N, C, 1) labels with (N, C) scores fail with TF's Mul error. The loss classes line the
ranks up before they call the function; the metrics (MeanMetricWrapper) do not. tapeflow lined them up in
the functions (so the metric and function values differed from TF's: 15 of 28 lines equal before, 28 after).
Values printed by /work/notes/progs/errors10/p/h1.py under /opt/tfref (TF 2.21 + Keras 3), rounded to 6 places.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.array([1., 0., 1., 0.], 'float32')
YP = np.array([[.8], [-.3], [.6], [.1]], 'float32')


def metric(cls, y_true, y_pred):
    m = cls()
    m.update_state(y_true, y_pred)
    return m.result()


@pytest.mark.parametrize('compute, y_true, y_pred, expected', [
    (keras.losses.hinge, YT, YP, [1.0, 1.0, 1.0, 1.0]),
    (keras.losses.hinge, YT[:, None], YP[:, 0], [0.7, 1.3, 0.7, 1.3]),
    (keras.losses.squared_hinge, YT, YP, [1.64, 1.09, 1.36, 1.01]),
    (keras.losses.squared_hinge, YT[:, None], YP[:, 0], [0.675, 1.875, 0.675, 1.875]),
    (keras.losses.categorical_hinge, YT, YP, [0.2, 1.6, 0.4, 0.9]),
    (keras.losses.categorical_hinge, YT[:, None], YP[:, 0], [0.0, 1.8, 0.0, 1.8]),
    (lambda a, b: metric(keras.metrics.Hinge, a, b), YT, YP, 1.0),
    (lambda a, b: metric(keras.metrics.SquaredHinge, a, b), YT[:, None], YP[:, 0], 1.275),
    # the loss classes line the ranks up first, in Keras as here
    (lambda a, b: keras.losses.Hinge()(a, b), YT, YP, 0.6),
    (lambda a, b: keras.losses.SquaredHinge()(a, b), YT[:, None], YP[:, 0], 0.475),
])
def test_ranks_are_broadcast_as_keras_leaves_them(compute, y_true, y_pred, expected):
    np.testing.assert_allclose(np.asarray(compute(y_true, y_pred)), np.array(expected, 'float32'), rtol=0, atol=1e-6)


@pytest.mark.parametrize('compute', [
    keras.losses.hinge, keras.losses.squared_hinge, keras.losses.categorical_hinge,
    lambda a, b: metric(keras.metrics.Hinge, a, b), lambda a, b: metric(keras.metrics.SquaredHinge, a, b),
])
def test_shapes_that_do_not_broadcast_fail_in_mul(compute):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        compute(np.ones((4, 3, 1), 'float32'), np.ones((4, 3), 'float32'))
    assert str(info.value) == ('{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Incompatible shapes: [4,3,1] vs. [4,3] [Op:Mul] name: ')
    assert 'cannot be compared with y_pred of shape (4, 3)' in info.value.__notes__[0]


def test_the_loss_classes_still_take_a_trailing_unit_axis():
    assert float(keras.losses.Hinge()(np.ones((4, 3, 1), 'float32'), np.ones((4, 3), 'float32'))) == 0.0
