"""PearsonCorrelation / ConcordanceCorrelation with integer predictions, as Keras 3 on TF 2.21.

Keras's correlations convert y_pred as it comes and y_true to its dtype, so integer predictions stay
integers and their centring (an int64 tensor minus its float32 mean) fails in TF's Sub kernel; tapeflow
made them float32 and printed a correlation. Goldens: /work/notes/progs/metrics15/p3.py and p4.py
under TF 2.21 (pc_int, ccc_int, mfn pearson_correlation, mix PearsonCorrelation).
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

SUB_INT64 = ('cannot compute Sub as input #1(zero-based) was expected to be a int64 tensor '
             'but is a float tensor [Op:Sub] name: ')
LABELS = np.array([[0, 3, 1, 2], [2, 0, 1, 3]])


@pytest.mark.parametrize('metric', [keras.metrics.PearsonCorrelation, keras.metrics.ConcordanceCorrelation])
@pytest.mark.parametrize('y_true', [LABELS, LABELS.astype('float32')], ids=['int_labels', 'float_labels'])
def test_integer_predictions_fail_in_sub_as_tf(metric, y_true):
    m = metric()
    with pytest.raises(InvalidArgumentError) as info:
        m.update_state(y_true, LABELS * 2)
    assert str(info.value) == SUB_INT64
    assert float(m.result()) == 0.0     # nothing was counted


@pytest.mark.parametrize('fn', [keras.metrics.pearson_correlation, keras.metrics.concordance_correlation])
def test_functions_name_the_int32_dtype(fn):
    with pytest.raises(InvalidArgumentError) as info:
        fn(LABELS.astype('int32'), LABELS.astype('int32') + 1)
    assert str(info.value) == SUB_INT64.replace('int64', 'int32')


def test_integer_labels_with_float_predictions_still_score(same_as_tf):
    # TF 2.21 on this machine (p4.py, mix2 PearsonCorrelation): float32 0.9999998807907104
    pc = keras.metrics.PearsonCorrelation()
    pc.update_state(LABELS, LABELS.astype('float32') * 2)
    assert pc.result().dtype == 'float32'
    same_as_tf(float(pc.result()), 0.9999998807907104, measured_on='avx2')
