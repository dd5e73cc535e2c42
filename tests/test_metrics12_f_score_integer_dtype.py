"""F1Score / FBetaScore of an integer dtype fail as Keras 3 does: update_state casts y_pred to the dtype and
compares it with a float constant (TF cannot convert it), result() adds a float epsilon to integer counts.

Printed by TF 2.21 (Keras 3):
    m = keras.metrics.F1Score(dtype='int32')
    m.update_state(np.array([[1., 0.]]), np.array([[.3, .7]]))
        # TypeError: Cannot convert 1e-09 to EagerTensor of dtype int32
    [(v.name, str(v.dtype), np.asarray(v).tolist()) for v in m.variables]
        # [('true_positives', 'int32', [0, 0]), ('false_positives', 'int32', [0, 0]),
        #  ('false_negatives', 'int32', [0, 0]), ('intermediate_weights', 'int32', [0, 0])]
    m = keras.metrics.FBetaScore(beta=2., average='weighted', threshold=.4, dtype='int64')
    m.update_state(...)   # TypeError: Cannot convert 0.4 to EagerTensor of dtype int64
    m.result()            # InvalidArgumentError: cannot compute AddV2 as input #1(zero-based) was expected to be
                          # a int64 tensor but is a float tensor [Op:AddV2] name:
tapeflow returned zeros of the integer dtype before.
"""
import numpy as np
import pytest

from framework import errors, keras

Y_TRUE = np.array([[1., 0.]])
Y_PRED = np.array([[.3, .7]])


def test_f1_score_int32_update_refuses_the_float_constant_after_building():
    metric = keras.metrics.F1Score(dtype='int32')
    with pytest.raises(TypeError) as info:
        metric.update_state(Y_TRUE, Y_PRED)
    assert str(info.value) == 'Cannot convert 1e-09 to EagerTensor of dtype int32'
    assert [(v.name, str(v.dtype), np.asarray(v).tolist()) for v in metric.variables] == [
        ('true_positives', 'int32', [0, 0]), ('false_positives', 'int32', [0, 0]),
        ('false_negatives', 'int32', [0, 0]), ('intermediate_weights', 'int32', [0, 0])]


def test_fbeta_int64_names_its_threshold_and_result_fails_in_add():
    metric = keras.metrics.FBetaScore(beta=2., average='weighted', threshold=.4, dtype='int64')
    with pytest.raises(TypeError) as info:
        metric.update_state(Y_TRUE, Y_PRED)
    assert str(info.value) == 'Cannot convert 0.4 to EagerTensor of dtype int64'
    with pytest.raises(errors.InvalidArgumentError) as info:
        metric.result()
    assert str(info.value) == ('cannot compute AddV2 as input #1(zero-based) was expected to be a int64 tensor but '
                               'is a float tensor [Op:AddV2] name: ')


def test_float_dtypes_still_count():
    metric = keras.metrics.F1Score(dtype='float64')
    metric.update_state(Y_TRUE, Y_PRED)
    assert np.asarray(metric.result()).tolist() == [0.0, 0.0]
