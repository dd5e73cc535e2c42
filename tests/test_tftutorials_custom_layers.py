"""The custom-layers tutorial's ResnetIdentityBlock calls ``super().__init__(name='')``: Keras 3
drops an enclosing layer's empty name from its weights' paths ('conv2d/kernel', not
'/conv2d/kernel'), while a layer's own empty name still leaves its slash. Expected paths were
printed by TensorFlow 2.21 + Keras 3.15 running the same code.
"""
import numpy as np

import framework as tf
from framework import keras


class ResnetIdentityBlock(keras.Model):
    def __init__(self, kernel_size, filters):
        super().__init__(name='')
        filters1, filters2, filters3 = filters
        self.conv2a = keras.layers.Conv2D(filters1, (1, 1))
        self.bn2a = keras.layers.BatchNormalization()
        self.conv2b = keras.layers.Conv2D(filters2, kernel_size, padding='same')
        self.bn2b = keras.layers.BatchNormalization()
        self.conv2c = keras.layers.Conv2D(filters3, (1, 1))
        self.bn2c = keras.layers.BatchNormalization()

    def call(self, input_tensor, training=False):
        x = tf.nn.relu(self.bn2a(self.conv2a(input_tensor), training=training))
        x = tf.nn.relu(self.bn2b(self.conv2b(x), training=training))
        x = self.bn2c(self.conv2c(x), training=training)
        return tf.nn.relu(x + input_tensor)


def test_the_resnet_blocks_weights_sit_under_its_layers_names_only():
    keras.backend.clear_session()
    block = ResnetIdentityBlock(1, [1, 2, 3])
    block(tf.zeros([1, 2, 3, 3]))
    paths = [v.path for v in block.variables]
    assert len(paths) == 18
    assert paths[:6] == ['conv2d/kernel', 'conv2d/bias', 'batch_normalization/gamma', 'batch_normalization/beta',
                         'batch_normalization/moving_mean', 'batch_normalization/moving_variance']
    assert paths[-1] == 'batch_normalization_2/moving_variance'


class Block(keras.Model):
    def __init__(self):
        super().__init__(name='')
        self.dense = keras.layers.Dense(2)
        self.unnamed = keras.layers.Dense(2, name='')

    def call(self, x):
        return self.unnamed(self.dense(x))


def test_an_empty_name_adds_nothing_above_and_a_slash_below():
    keras.backend.clear_session()
    block = Block()
    block(np.ones((1, 2)))
    assert [v.path for v in block.variables] == ['dense/kernel', 'dense/bias', 'kernel', 'bias']
    outer = keras.Sequential([keras.Input((2,)), Block()], name='outer')
    assert [v.path for v in outer.variables] == ['outer/dense_1/kernel', 'outer/dense_1/bias',
                                                 'outer//kernel', 'outer//bias']
