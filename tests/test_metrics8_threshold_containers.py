"""Precision / Recall / TruePositives ... thresholds given as a tuple or a numpy array, as Keras 3 on TF 2.21 takes
them: its parse_init_thresholds checks the range on to_list(thresholds), which wraps anything but a list, so a tuple
fails the comparison with Python's TypeError and an array of several values with numpy's ValueError; a 0-d or
1-element array and numpy scalars pass. tapeflow took tuples and arrays as lists, and refused a 0-d array ('iteration
over a 0-d array'). Printed by TF 2.21 with /work/notes/progs/metrics8/b15.py.
"""
import numpy as np
import pytest

from framework import keras

M = keras.metrics


@pytest.mark.parametrize('cls', [M.Precision, M.Recall, M.TruePositives, M.FalseNegatives])
@pytest.mark.parametrize('thresholds, error, text', [
    ((0.3, 0.6), TypeError, "'<' not supported between instances of 'tuple' and 'int'"),
    ((1.5,), TypeError, "'<' not supported between instances of 'tuple' and 'int'"),
    (np.array([0.3, 0.6]), ValueError, 'The truth value of an array with more than one element is ambiguous. '
                                       'Use a.any() or a.all()'),
])
def test_tuple_and_array_thresholds_fail_as_tf(cls, thresholds, error, text):
    with pytest.raises(error) as info:
        cls(thresholds=thresholds)
    assert str(info.value) == text


@pytest.mark.parametrize('thresholds, precision, true_positives', [
    (np.array(.4), 1.0, 2.0), (np.array([0.4]), 1.0, 2.0), (np.float32(.4), 1.0, 2.0),
    ([np.float32(.2), .7], [0.6666666865348816, 1.0], [2.0, 1.0])])
def test_numpy_thresholds_tf_accepts(thresholds, precision, true_positives):
    y_true, y_pred = [1., 0., 1.], [.5, .3, .8]
    for cls, expected in ((M.Precision, precision), (M.TruePositives, true_positives)):
        metric = cls(thresholds=thresholds)
        metric.update_state(y_true, y_pred)
        assert metric.result().numpy().tolist() == expected
