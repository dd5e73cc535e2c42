"""The autoencoder tutorial's ``layers.Dense(tf.math.reduce_prod(shape).numpy(), ...)``: Keras 3.15
takes Python ints only for ``units``, so on TF 2.21 that line raises ValueError; here too, in its words,
with what to pass in a note. (Printed by TensorFlow 2.21 + Keras 3.15.1 running the line.)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_dense_refuses_numpy_integer_units_as_keras():
    # The autoencoder tutorial's layers.Dense(tf.math.reduce_prod(shape).numpy(), ...): TF 2.21 raises
    # ValueError: Received an invalid value for `units`, expected a positive integer. Received: units=784
    with pytest.raises(ValueError, match=r'^Received an invalid value for `units`, expected a positive integer\. '
                                         r'Received: units=784') as info:
        keras.layers.Dense(tf.math.reduce_prod((28, 28)).numpy())
    assert str(info.value).endswith('units=784')
    assert info.value.__notes__ == ['Dense: units is a numpy int32; pass int(units)']     # what to pass, beside TF's text
    assert keras.layers.Dense(int(np.int32(784))).units == 784
