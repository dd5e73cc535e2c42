"""Sequential.build with a shape other than the one the model was configured to (Keras 3's exact check)."""
import numpy as np
import pytest

from framework import keras


def _message(name, configured, given):
    return ("Sequential model '%s' has already been configured to use input shape %s. You cannot build it "
            "with input_shape %s" % (name, configured, given))


def test_a_model_called_on_a_batch_is_configured_to_that_batch_shape():
    model = keras.Sequential([keras.layers.Dense(1)], name='s55a')
    model(np.ones((2, 3), 'float32'))
    with pytest.raises(ValueError) as info:
        model.build((None, 3))
    # TF 2.21 gives this text (the first call built the model for (2, 3))
    assert str(info.value) == _message('s55a', (2, 3), (None, 3))
    model.build((2, 3))                                  # the same shape builds again, as there
    assert model(np.ones((4, 3), 'float32')).shape == (4, 1)   # calls on other batches still run


def test_a_model_built_for_none_refuses_a_batch_size():
    model = keras.Sequential([keras.layers.Dense(1)], name='s55b')
    model.build((None, 3))
    with pytest.raises(ValueError) as info:
        model.build((2, 3))
    assert str(info.value) == _message('s55b', (None, 3), (2, 3))     # TF 2.21
    model.build((None, 3))
    inputs = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)], name='s55c')
    with pytest.raises(ValueError) as info:
        inputs.build((2, 3))
    assert str(info.value) == _message('s55c', (None, 3), (2, 3))     # TF 2.21
