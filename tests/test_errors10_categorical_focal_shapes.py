"""CategoricalFocalCrossentropy checks no shapes, as Keras 3 on TF 2.21: labels that broadcast to the
scores are taken (a scalar, one label row), others fail where -y_true * log(output) multiplies them (TF's
Mul error); a scalar y_pred is Python's IndexError (Keras reads y_pred.shape[-1]). tapeflow raised Keras's
backend same-shape ValueError instead (errors10 fuzzer C/D rows loss.CategoricalFocalCrossentropy).
p/cf1.py under /opt/tfref printed the expected lines: 14 of 14 equal now."""
import numpy as np
import pytest

import framework as tf
from framework import keras

YT = np.eye(3, dtype='float32')[[0, 1, 2, 1]]
YP = np.array([[.7, .2, .1], [.2, .5, .3], [.1, .3, .6], [.3, .4, .3]], 'float32')
CFCE = keras.losses.categorical_focal_crossentropy


@pytest.mark.parametrize('y_true, y_pred, shapes', [
    (YT[:, 0], YP, '[4] vs. [4,3]'), (YT[:, :2], YP, '[4,2] vs. [4,3]'), (YT, YP[:3], '[4,3] vs. [3,3]'),
])
def test_labels_that_do_not_broadcast_fail_in_mul(y_true, y_pred, shapes):
    for compute in (CFCE, keras.losses.CategoricalFocalCrossentropy()):
        with pytest.raises(tf.errors.InvalidArgumentError) as info:
            compute(y_true, y_pred)
        assert str(info.value) == ('{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:'
                                   'CPU:0}} Incompatible shapes: %s [Op:Mul] name: ' % shapes)


def test_labels_that_broadcast_are_taken():
    np.testing.assert_allclose(np.asarray(CFCE(np.float32(1.0), YP)), np.asarray(CFCE(np.ones((4, 3), 'float32'), YP)))
    np.testing.assert_allclose(np.asarray(CFCE(YT[:1], YP)), np.asarray(CFCE(np.tile(YT[:1], (4, 1)), YP)))


def test_a_scalar_prediction_is_keras_index_error():
    with pytest.raises(IndexError, match='tuple index out of range'):
        CFCE(YT, np.float32(0.5))
