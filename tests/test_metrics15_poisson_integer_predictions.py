"""keras.metrics.Poisson and keras.losses.poisson with integer predictions, as Keras 3 on TF 2.21.

Keras's poisson converts y_pred as it comes and y_true to its dtype: epsilon converts to the integer dtype
(0) and ops.log takes the integers in float32, so the integer labels times that log fail in TF's Mul kernel;
tapeflow made the predictions float32 and printed a score. keras.losses.Poisson (the class) casts both to
float32 first and still scores. Goldens: /work/notes/progs/metrics15/p3.py (poisson_int) and p4.py
(fn / mfn / mix poisson, loss Poisson) under TF 2.21.
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

MUL_INT64 = ('cannot compute Mul as input #1(zero-based) was expected to be a int64 tensor '
             'but is a float tensor [Op:Mul] name: ')
LABELS = np.array([[0, 3, 1, 2], [2, 0, 1, 3]])


@pytest.mark.parametrize('y_true', [LABELS, LABELS.astype('float32')], ids=['int_labels', 'float_labels'])
def test_metric_with_integer_predictions_fails_in_mul_as_tf(y_true):
    m = keras.metrics.Poisson()
    with pytest.raises(InvalidArgumentError) as info:
        m.update_state(y_true, LABELS * 2)
    assert str(info.value) == MUL_INT64
    assert float(m.result()) == 0.0


def test_function_names_the_int32_dtype():
    with pytest.raises(InvalidArgumentError) as info:
        keras.losses.poisson(LABELS.astype('int32'), LABELS.astype('int32') * 2)
    assert str(info.value) == MUL_INT64.replace('int64', 'int32')


def test_loss_class_and_float_predictions_still_score(same_as_tf):
    # TF 2.21 on this machine (p4.py): loss Poisson 0.7897464036941528; mix2 Poisson (int labels, float
    # predictions) 0.7897464036941528
    loss = keras.losses.Poisson()(LABELS, LABELS * 2)
    same_as_tf(float(loss), 0.7897464036941528, measured_on='avx2')
    m = keras.metrics.Poisson()
    m.update_state(LABELS, LABELS.astype('float32') * 2)
    assert m.result().dtype == 'float32'
    same_as_tf(float(m.result()), 0.7897464036941528, measured_on='avx2')
