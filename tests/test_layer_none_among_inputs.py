"""A None among a layer's inputs (an optional state: ``layer([x, None])``) reaches its call as None, as
Keras 3's ``__call__`` maps over the structure; the merging layers refuse it in TF 2.21's words."""
import numpy as np
import pytest

import framework as tf
from framework import keras


class _OptionalAdd(keras.layers.Layer):
    def call(self, inputs):
        a, b = inputs
        return a if b is None else a + b


def test_custom_layer_receives_none_in_its_list():
    x = tf.ones((2, 3))
    out = _OptionalAdd()([x, None])
    np.testing.assert_array_equal(out.numpy(), np.ones((2, 3), 'float32'))
    np.testing.assert_array_equal(_OptionalAdd()([x, x]).numpy(), np.full((2, 3), 2, 'float32'))


@pytest.mark.parametrize('layer', [keras.layers.Add, keras.layers.Multiply, keras.layers.Average,
                                   keras.layers.Maximum, lambda: keras.layers.Dot(1)])
def test_merging_layer_refuses_none_with_tfs_conversion_words(layer):
    # TF 2.21: ValueError 'Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>)
    # to a Tensor.' inside Add.call() (Dot: an AttributeError reading None's .shape; the conversion's
    # words are clearer and keep a ValueError)
    with pytest.raises(ValueError, match=r"Attempt to convert a value \(None\) with an unsupported type"):
        layer()([tf.ones((2, 3)), None])


def test_concatenate_refuses_none_as_keras_build_does():
    # TF 2.21: TypeError "'NoneType' object is not iterable" (Keras 3's build copies each shape)
    with pytest.raises(TypeError, match="'NoneType' object is not iterable") as info:
        keras.layers.Concatenate()([tf.ones((2, 3)), None])
    assert 'input 1 is None' in ''.join(getattr(info.value, '__notes__', []))


def test_custom_train_step_calling_self_on_train_on_batch_data_gets_the_count_error():
    # keras.io's VAE pattern: train_on_batch(x) hands train_step (x, None, None), and self(data) reaches
    # the first Dense with three inputs. TF 2.21: 'Layer "dense" expects 1 input(s), but it received 3
    # input tensors. Inputs received: [<tf.Tensor 'data:0' shape=(16, 6) dtype=float32>, None, None]'
    class Model(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(2)

        def call(self, x):
            return self.dense(x)

        def train_step(self, data):
            with tf.GradientTape() as tape:
                loss = tf.reduce_mean(self(data))
            grads = tape.gradient(loss, self.trainable_weights)
            self.optimizer.apply_gradients(zip(grads, self.trainable_weights))
            return {'loss': loss}

    keras.backend.clear_session()
    model = Model()
    model.compile(optimizer='sgd')
    with pytest.raises(ValueError, match=r'Layer "dense" expects 1 input\(s\), but it received 3 input tensors'):
        model.train_on_batch(np.ones((16, 6), 'float32'))
