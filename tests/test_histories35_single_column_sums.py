"""R2Score of a single output, (batch, 1): its column sums take TensorFlow's whole-tensor order.

TensorFlow drops the size-1 axis of a (100, 1) sum over axis 0 and sums the 100 values as a whole
tensor (Eigen's full reduction); tapeflow summed them with numpy's pairwise sum, so the history's
r2_score of a one-output regression was an ulp or two off from the first epoch on.
Values: TF 2.21 / Keras 3.15 (progs/histories/t3.py).
"""
import numpy as np
import pytest

from framework import keras

# seed -> (result, [num_samples, squared_sum, sum, total_mse, count])
TF_R2 = {
    1: (-1.4635133743286133, [200.0, [1511.21923828125], [64.01329040527344], [3672.43505859375], [200.0]]),
    2: (-1.0458896160125732, [200.0, [2099.95361328125], [7.350008010864258], [4295.720703125], [200.0]]),
    3: (-1.5249857902526855, [200.0, [1726.1611328125], [-42.47438430786133], [4335.755859375], [200.0]]),
}


@pytest.mark.parametrize('seed', sorted(TF_R2))
def test_r2_score_of_one_column_sums_as_tensorflow(seed):
    rng = np.random.RandomState(seed)
    y_true = (rng.normal(size=(200, 1)) * 3).astype('float32')
    y_pred = (rng.normal(size=(200, 1)) * 3 + 1).astype('float32')
    metric = keras.metrics.R2Score()
    for start in (0, 100):
        metric.update_state(y_true[start:start + 100], y_pred[start:start + 100])
    result, variables = TF_R2[seed]
    assert float(metric.result()) == result
    assert [np.asarray(v.numpy()).tolist() for v in metric.variables] == variables
