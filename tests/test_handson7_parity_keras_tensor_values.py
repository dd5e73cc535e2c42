"""A KerasTensor asked for values raises Keras 3's own errors, as under TensorFlow 2.21
(progs/handson7/x07.py under /opt/tfref). Géron's ch. 18 dueling DQN writes
``raw_advantages - tf.reduce_max(raw_advantages, axis=1, keepdims=True)`` on functional-API tensors:
Keras 3 refuses it with 'A KerasTensor cannot be used as input to a TensorFlow function...'.
tapeflow's explanation (the tensor's name and shape, the op) is in the exception's notes."""
import numpy as np
import pytest

import framework as tf
from framework import keras

TF_FUNCTION = ('A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic '
               'placeholder for a shape and dtype, used when constructing Keras Functional models or Keras '
               'Functions. You can only use it as input to a Keras layer or a Keras operation (from the '
               'namespaces `keras.layers` and `keras.ops`). You are likely doing something like:\n\n```\n'
               'x = Input(...)\n...\ntf_fn(x)  # Invalid.\n```\n\nWhat you should do instead is wrap `tf_fn` '
               'in a layer:\n\n```\nclass MyLayer(Layer):\n    def call(self, x):\n        return tf_fn(x)\n\n'
               'x = MyLayer()(x)\n```\n')
SYMBOLIC = ("A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't have any actual "
            'numerical value. You cannot convert it to %s.')


@pytest.mark.parametrize('op', [
    lambda x: tf.reduce_max(x, axis=1, keepdims=True), tf.exp, tf.convert_to_tensor, tf.square,
    lambda x: tf.matmul(x, tf.ones((3, 1))), lambda x: tf.concat([x, x], 0), lambda x: tf.add(x, 1.0),
    tf.shape, lambda x: tf.reshape(x, [-1]), lambda x: tf.cast(x, tf.float64),
])
def test_framework_ops_refuse_with_keras_text(op):
    x = keras.layers.Input(shape=[3])
    with pytest.raises(ValueError) as info:
        op(x)
    assert str(info.value) == TF_FUNCTION
    assert type(info.value).__name__ == 'ValueError'       # what type(e).__name__ prints under TF
    assert any("KerasTensor '%s' (shape (None, 3))" % x.name in note for note in info.value.__notes__)


@pytest.mark.parametrize('convert, error, text', [
    (np.asarray, ValueError, SYMBOLIC % 'a NumPy array'),
    (float, ValueError, SYMBOLIC % 'a float'),
    (int, ValueError, SYMBOLIC % 'an int'),
    (bool, TypeError, 'A symbolic KerasTensor cannot be used as a boolean.'),
    (list, NotImplementedError, 'Iterating over a symbolic KerasTensor is not supported.'),
    (lambda x: x.numpy(), AttributeError, "'KerasTensor' object has no attribute 'numpy'"),
])
def test_python_and_numpy_conversions_refuse_with_keras_text(convert, error, text):
    x = keras.layers.Input(shape=[3])
    with pytest.raises(error) as info:
        convert(x)
    assert str(info.value) == text
    assert not hasattr(x, 'numpy')


def test_dueling_head_with_keras_ops_builds():
    states = keras.layers.Input(shape=[4])
    hidden = keras.layers.Dense(8, activation='elu')(states)
    values = keras.layers.Dense(1)(hidden)
    raw = keras.layers.Dense(2)(hidden)
    q = values + raw - keras.ops.max(raw, axis=1, keepdims=True)
    model = keras.Model(states, q)
    out = model(np.ones((3, 4), np.float32)).numpy()
    assert out.shape == (3, 2) and np.allclose(out.max(axis=1), model.layers[2](model.layers[1](
        np.ones((3, 4), np.float32))).numpy()[:, 0], atol=1e-6)
