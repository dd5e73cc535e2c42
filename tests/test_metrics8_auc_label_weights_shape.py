"""AUC(multi_label=True, label_weights=...) whose weights do not match the labels: TF 2.21 multiplies the per-label
AUCs by label_weights in result(), so a count other than the labels' is its Mul kernel's InvalidArgumentError
(tapeflow raised numpy's 'operands could not be broadcast together' ValueError); weights that broadcast still
weigh. Printed by TF 2.21 with /work/notes/progs/metrics8/b6.py (the arrays below, update_state then result).
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

Y_TRUE = np.array([[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]], 'float32')
Y_PRED = np.array([[.9, .8, .6], [.3, .7, .4], [.6, .4, .9], [.7, .1, .8]], 'float32')


def _auc(label_weights, curve='ROC'):
    metric = keras.metrics.AUC(multi_label=True, label_weights=label_weights, curve=curve)
    metric.update_state(Y_TRUE, Y_PRED)
    return metric


@pytest.mark.parametrize('label_weights, curve, shapes', [
    ([1, 2], 'ROC', '[3] vs. [2]'), ([1, 2], 'PR', '[3] vs. [2]'), ([1, 2, 3, 4], 'ROC', '[3] vs. [4]')])
def test_label_weights_of_another_count_are_tf_mul_error(label_weights, curve, shapes):
    metric = _auc(label_weights, curve)
    with pytest.raises(InvalidArgumentError) as info:
        metric.result()
    assert str(info.value) == ('{{function_node __wrapped__Mul_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
                               'Incompatible shapes: %s [Op:Mul] name: ' % shapes)


@pytest.mark.parametrize('label_weights, curve, expected', [
    ([[1, 2, 3]], 'ROC', 0.2916666567325592), ([2.], 'ROC', 1.25), ([1, 2, 3], 'PR', 0.5520601272583008)])
def test_label_weights_that_broadcast_weigh_as_tf(label_weights, curve, expected):
    assert float(_auc(label_weights, curve).result()) == expected
