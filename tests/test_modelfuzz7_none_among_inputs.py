"""A None among the inputs of a layer with an InputSpec: Keras 3's spec check counts the inputs first.

``Dense((x, None))`` is what a custom train_step's ``self(data)`` reaches under ``train_on_batch(x)``
(no y: the batch is ``(x, None, None)``). Goldens printed by TF 2.21 + Keras 3
(/work/notes/progs/modelfuzz7/p12.py, t3.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture(autouse=True)
def fresh_names():
    keras.backend.clear_session()
    yield
    keras.backend.clear_session()


def test_dense_given_a_tuple_with_none_counts_its_inputs_first():
    # Keras 3's assert_input_compatibility compares the number of leaves (None is one) with the spec's
    # before asking each for a shape. TF 2.21, str(e):
    with pytest.raises(ValueError) as caught:
        keras.layers.Dense(2)((tf.ones((2, 3)), None))
    assert str(caught.value) == (
        'Layer "dense" expects 1 input(s), but it received 2 input tensors. Inputs received: '
        '[<tf.Tensor: shape=(2, 3), dtype=float32, numpy=\narray([[1., 1., 1.],\n       [1., 1., 1.]], '
        'dtype=float32)>, None]')


def test_a_lone_none_is_still_no_tensor():
    # TF 2.21: "Inputs to a layer should be tensors. Got 'None' (of type <class 'NoneType'>) as input for layer 'dense'."
    with pytest.raises(ValueError, match=r"^Inputs to a layer should be tensors\. Got 'None' \(of type <class "
                                         r"'NoneType'>\) as input for layer 'dense'\."):
        keras.layers.Dense(2)(None)


def test_dict_inputs_with_none_still_pass():
    # (unchanged: a None entry of a dict stays None, as Keras passes it)
    class Picks(keras.layers.Layer):
        def call(self, inputs):
            return inputs['a'] * 2.0
    assert float(tf.reduce_sum(Picks()({'a': np.ones((1, 2), 'float32'), 'b': None}))) == 4.0
