"""AUC(multi_label=True)'s first update reads y_pred.shape before converting y_pred (Keras 3 builds the
per-label state from it), so Python lists fail there; once built, lists are taken.

Printed by TF 2.21 (Keras 3):
    m = keras.metrics.AUC(multi_label=True, from_logits=True)
    m.update_state([[1, 0]], [[0.1, 0.2]])    # AttributeError 'list' object has no attribute 'shape'
    m.update_state([[1, 0]], ((0.1, 0.2),))   # AttributeError 'tuple' object has no attribute 'shape'
    m.update_state([[1, 0]], np.float32(0.3)) # ValueError `y_pred` must have rank 2 when `multi_label=True`. ...
    m = keras.metrics.AUC(multi_label=True)
    m.update_state(np.array([[1, 0], [0, 1], [1, 1]]), np.array([[.3, .6], [.8, .4], [.5, .9]]))
    m.update_state([[1, 0], [0, 1]], [[.9, .2], [.1, .7]]); float(m.result()).hex()   # '0x1.8000000000000p-1'
    s = keras.metrics.AUC()       # not multi_label: built in __init__, takes lists on its first update
    s.update_state([[1, 0], [0, 1], [1, 1]], [[.3, .6], [.8, .4], [.5, .9]]); float(s.result()).hex()  # '0x1.0000000000000p-2'
"""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('y_pred, kind', [([[0.1, 0.2]], 'list'), (((0.1, 0.2),), 'tuple')])
def test_first_multi_label_update_needs_a_shape(y_pred, kind):
    metric = keras.metrics.AUC(multi_label=True, from_logits=True)
    with pytest.raises(AttributeError, match="^'%s' object has no attribute 'shape'$" % kind):
        metric.update_state([[1, 0]], y_pred)
    assert not metric.variables         # nothing built, as in Keras


def test_first_multi_label_update_of_a_scalar_names_the_rank():
    metric = keras.metrics.AUC(multi_label=True)
    with pytest.raises(ValueError, match='must have rank 2 when `multi_label=True`. Found rank 0'):
        metric.update_state([[1, 0]], np.float32(0.3))


def test_lists_after_the_state_is_built_and_without_multi_label():
    metric = keras.metrics.AUC(multi_label=True)
    metric.update_state(np.array([[1, 0], [0, 1], [1, 1]]), np.array([[.3, .6], [.8, .4], [.5, .9]]))
    metric.update_state([[1, 0], [0, 1]], [[.9, .2], [.1, .7]])
    assert float(metric.result()).hex() == '0x1.8000000000000p-1'
    single = keras.metrics.AUC()
    single.update_state([[1, 0], [0, 1], [1, 1]], [[.3, .6], [.8, .4], [.5, .9]])
    assert float(single.result()).hex() == '0x1.0000000000000p-2'
