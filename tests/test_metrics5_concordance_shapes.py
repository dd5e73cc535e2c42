"""concordance_correlation checks no shapes before its ops, as Keras 3: labels that cannot meet the
predictions fail in TF's own op. Texts printed by TF 2.21 / Keras 3.15 (/work/notes/progs/metrics5/conc.py):

    keras.metrics.concordance_correlation(np.zeros(6), np.zeros((6, 4)))
    # InvalidArgumentError ... Incompatible shapes: [6,6] vs. [6,4] [Op:Mul] name:
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError


@pytest.mark.parametrize('true_shape, pred_shape, text', [
    ((6,), (6, 4), 'Incompatible shapes: [6,6] vs. [6,4] [Op:Mul]'),     # (N,) - (N, 1) mean: (N, N) first
    ((2, 6), (2, 6, 4), 'Incompatible shapes: [2,6] vs. [2,6,1] [Op:Sub]'),
    ((6, 4), (6, 3), 'Incompatible shapes: [6,4] vs. [6,3] [Op:Mul]'),
])
def test_concordance_correlation_fails_in_tf_op(true_shape, pred_shape, text):
    rng = np.random.RandomState(2)
    y_true, y_pred = rng.randn(*true_shape).astype('float32'), rng.randn(*pred_shape).astype('float32')
    with pytest.raises(InvalidArgumentError) as info:
        keras.metrics.concordance_correlation(y_true, y_pred)
    assert text in str(info.value)
    with pytest.raises(InvalidArgumentError) as info:
        keras.metrics.ConcordanceCorrelation().update_state(y_true, y_pred)
    assert text in str(info.value)
