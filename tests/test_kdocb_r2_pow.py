"""R2Score's squared residuals are Keras 3's ``(y_true - y_pred) ** 2``: TF's Pow kernel (Eigen's pow,
which is not x*x in the last bit for ~27% of float32 values), not numpy's square.

Golden float32 bytes (hex) from TensorFlow 2.21 + Keras 3.15 (np.random.RandomState(0) inputs).
"""
import numpy as np
import pytest

from framework import keras

RNG = np.random.RandomState(0)
Y = (RNG.rand(4, 3) > 0.5).astype('float32')
P = RNG.rand(4, 3).astype('float32')
W = np.array([0.5, 1., 0., 2.], 'float32')


@pytest.mark.parametrize('kw, want', [({}, '009f20bf'), (dict(class_aggregation='variance_weighted_average'), 'a3aa41bf'),
                                      (dict(class_aggregation=None), 'c8d5cdbe0e79bdbf00000000')])
def test_r2_weighted_matches_tf_bits(kw, want):
    m = keras.metrics.R2Score(**kw)
    m.update_state(Y, P, sample_weight=W)
    assert np.asarray(m.variables[3]).tobytes().hex() == '440d0d40a74b153f664b0e3f'     # residual
    m.update_state(Y[::-1], P, sample_weight=W)
    assert np.asarray(m.result()).tobytes().hex() == want
