"""Embedding called on strings: Keras 3.15 casts non-integer ids with ops.cast, so a string tensor (or array) is
TF's Cast UnimplementedError inside the layer's call message.

Golden text: /work/notes/progs/errors13/em1.py under TF 2.21 + Keras 3.15; the sed port prints the same."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('ids', [lambda: tf.constant([['a', 'b']]), lambda: np.array([['a', 'b']]),
                                 lambda: np.array([[b'1', b'2']])])
@pytest.mark.parametrize('dtype', ['float32', 'float64'])
def test_string_ids_are_tf_cast_error(ids, dtype):
    with pytest.raises(tf.errors.UnimplementedError) as info:
        keras.layers.Embedding(5, 2, dtype=dtype)(ids())
    assert ('\x1b[1m{{function_node __wrapped__Cast_device_/job:localhost/replica:0/task:0/device:CPU:0}} Cast '
            'string to int32 is not supported [Op:Cast] name: \x1b[0m') in str(info.value)
