"""Géron ch. 13's preprocessing layers against Keras 3: Normalization(mean=..., variance=...) refuses
bad statistics with Keras's texts (printed by TF 2.21 / Keras 3 in /opt/tfref)."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('kwargs, text', [
    (dict(mean=np.zeros((1, 3)), variance=np.ones((1, 3))),
     'The rank of `mean` must be less than or equal to the number of axes (1). Received: mean shape (1, 3) for '
     'axis (-1,)'),
    (dict(mean=0.), 'When setting values directly, both `mean` and `variance` must be set. Received: mean=0.0 and '
                    'variance=None'),
    (dict(mean=np.zeros(3), variance=np.ones(2)),
     'When setting values directly, `mean` and `variance` must have the same shape. Received: mean shape (3,) and '
     'variance shape (2,)'),
    (dict(mean=np.zeros((2, 2)), variance=np.ones((2, 2)), axis=None),
     'The rank of `mean` must be less than or equal to the number of axes (0). Received: mean shape (2, 2) for '
     'axis ()'),
])
def test_normalization_statistics_refused_as_keras(kwargs, text):
    with pytest.raises(ValueError) as info:
        keras.layers.Normalization(**kwargs)
    assert str(info.value) == text
