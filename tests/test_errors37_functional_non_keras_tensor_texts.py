"""keras.Model(inputs, outputs) given something that is not a KerasTensor: Keras 3's f-string prints an
eager tensor through format() (its numpy value) and the type as TensorFlow's / Keras's class.
tapeflow printed 'tf.Tensor([1. 1.], shape=(2,), dtype=float32)' and "<class 'framework.tensor.Tensor'>".
Golden texts printed by TF 2.21 (/work/notes/progs/errors37/funcin.py)."""
import pytest

import framework as tf
from framework import keras


@pytest.mark.parametrize('make, text', [
    (lambda i: keras.Model(i, tf.ones([2])),
     "All `outputs` values must be KerasTensors. Received: outputs=[1. 1.] including invalid value [1. 1.] of type "
     "<class 'tensorflow.python.framework.ops.EagerTensor'>"),
    (lambda i: keras.Model(i, keras.layers.Dense(2, name='d')),
     "All `outputs` values must be KerasTensors. Received: outputs=<Dense name=d, built=False> including invalid "
     "value <Dense name=d, built=False> of type <class 'keras.src.layers.core.dense.Dense'>"),
])
def test_non_keras_tensor_outputs_are_printed_as_keras_prints_them(make, text):
    with pytest.raises(ValueError) as info:
        make(keras.Input((2,)))
    assert str(info.value) == text
