"""A loss named with a non-string or a '/' is made, and refused when fit computes it, as TF 2.21 does."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('name', [3, 'a/b'])
def test_fit_refuses_the_loss_name(name):
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile('sgd', loss=keras.losses.MeanSquaredError(name=name))
    with pytest.raises(ValueError) as caught:
        model.fit(np.ones((2, 2)), np.ones((2, 1)), verbose=0)
    assert str(caught.value) == ('Argument `name` must be a string and cannot contain character `/`. Received: '
                                 'name=%s' % name)
