"""A class_id past y_true's classes raises where Keras 3 slices it: update_confusion_matrix_variables takes
y_true[..., class_id, None] before y_pred's, so TF 2.21 raises StridedSlice's InvalidArgumentError for y_true
(6, 2) with class_id=2 against y_pred (6, 3); tapeflow checked only y_pred and numpy's IndexError 'index 2 is
out of bounds for axis 1 with size 2' came out. Texts printed by TF 2.21 (/work/notes/progs/metrics13/clsid.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

RS = np.random.RandomState(1)
Y_TRUE = (RS.rand(6, 3) > 0.5).astype('float32')
Y_PRED = RS.rand(6, 3).astype('float32')

METRICS = [lambda c: keras.metrics.Recall(top_k=1, class_id=c), lambda c: keras.metrics.Precision(class_id=c),
           lambda c: keras.metrics.PrecisionAtRecall(0.5, class_id=c),
           lambda c: keras.metrics.SensitivityAtSpecificity(0.5, class_id=c)]


@pytest.mark.parametrize('make', METRICS)
@pytest.mark.parametrize('class_id,index', [(2, 2), (-3, -1), (3, 3)])
def test_y_true_of_fewer_classes_fails_in_strided_slice(make, class_id, index):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make(class_id)(Y_TRUE[:, :2], Y_PRED)
    assert str(info.value) == (
        '{{function_node __wrapped__StridedSlice_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
        'slice index %d of dimension 1 out of bounds. [Op:StridedSlice] name: strided_slice/' % index)


def test_a_class_both_hold_still_counts():
    # TF 2.21: Recall(top_k=1, class_id=-1) on y_true (6, 2) reads each one's last class: 1.0
    assert float(keras.metrics.Recall(top_k=1, class_id=-1)(Y_TRUE[:, :2], Y_PRED)) == 1.0
    with pytest.raises(TypeError, match='valid indices, got 1.0'):
        keras.metrics.Precision(class_id=1.0)(Y_TRUE[:, :2], Y_PRED)
