"""An optimizer given no gradient at all (a tf.Module trained by hand whose loss forgot the
variables) raises Keras 3's ValueError text; which variables and why ride in a note. Expected:
TensorFlow 2.21 + Keras 3 (/opt/tfref) running the same calls."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('make', [keras.optimizers.SGD, keras.optimizers.Adam])
def test_no_gradient_for_any_variable(make):
    v = tf.Variable([1.0, 2.0], name='v')
    with pytest.raises(ValueError) as caught:
        make(0.5).apply_gradients([(None, v)])
    assert str(caught.value) == 'No gradients provided for any variable.'
    assert "['v']" in caught.value.__notes__[0]
