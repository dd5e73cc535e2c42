"""Precision / Recall / PrecisionAtRecall with class_id as Keras 3 slices it (y_pred[..., class_id, None]).

Golden texts and values: /work/notes/progs/errors9/p/a2.py run under TensorFlow 2.21 + Keras 3."""
import numpy as np
import pytest

import framework as tf
from framework import keras

rs = np.random.RandomState(0)
YT = (rs.rand(4, 3) > 0.5).astype('float32')
YP = rs.rand(4, 3).astype('float32')
METRICS = [keras.metrics.Precision, keras.metrics.Recall, lambda **kw: keras.metrics.PrecisionAtRecall(0.5, **kw)]


@pytest.mark.parametrize('class_id, expected', [(-1, [1.0, 0.75, 1.0]), (-3, [0.3333333432674408, 0.5, 0.5])])
def test_negative_class_id_counts_from_the_last_class(class_id, expected):
    for make, value in zip(METRICS, expected):
        metric = make(class_id=class_id)
        metric.update_state(YT, YP)
        assert float(metric.result()) == pytest.approx(value, rel=1e-6)


def test_negative_class_id_equals_its_positive_twin():
    a, b = keras.metrics.Recall(class_id=-2), keras.metrics.Recall(class_id=1)
    a.update_state(YT, YP)
    b.update_state(YT, YP)
    assert float(a.result()) == float(b.result())


@pytest.mark.parametrize('class_id, yt, yp, cls, text', [
    (5, YT, YP, tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice index 5 '
     'of dimension 1 out of bounds. [Op:StridedSlice] name: strided_slice/'),
    (-4, YT, YP, tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice index -1 '
     'of dimension 1 out of bounds. [Op:StridedSlice] name: strided_slice/'),
    (4, YT[None], YP[None], tf.errors.InvalidArgumentError,
     '{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} slice index 4 '
     'of dimension 2 out of bounds. [Op:StridedSlice] name: strided_slice/'),
    (1, YT[:, 0], YP[:, 0], ValueError, 'When class_id is provided, y_pred must be a 2D array with shape '
     '(num_samples, num_classes), found shape: (4,)'),
    (1.5, YT, YP, TypeError, 'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
     'tf.int32/tf.int64 tensors are valid indices, got 1.5'),
    ('a', YT, YP, TypeError, 'Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar '
     "tf.int32/tf.int64 tensors are valid indices, got 'a'"),
])
def test_bad_class_id_raises_tensorflows_error_and_counts_nothing(class_id, yt, yp, cls, text):
    for make in METRICS:
        metric = make(class_id=class_id)
        before = [np.asarray(v).copy() for v in metric.variables]
        with pytest.raises(cls) as err:
            metric.update_state(yt, yp)
        assert str(err.value) == text
        assert 'class_id=%r' % (class_id,) in ' '.join(err.value.__notes__)   # tapeflow's sentence, a note
        for old, new in zip(before, metric.variables):
            np.testing.assert_array_equal(old, np.asarray(new))
