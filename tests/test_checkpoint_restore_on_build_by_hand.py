"""A checkpoint read into unbuilt layers lands when the program builds them by hand, as in TF 2.21.

TF restores a checkpoint's waiting values as each variable is made; tapeflow ran the waiting restore
only after a build that a call made, so ``layer.build(shape)`` kept the initializer's values (and a
warning at exit named the values never restored). Goldens printed by TF 2.21 (/tmp/ck.py in the
lead's session-40 notes: the same lines).
"""
import numpy as np

import framework as tf
from framework import keras


def test_dense_built_by_hand_takes_the_checkpoint(tmp_path):
    dense = keras.layers.Dense(1, kernel_initializer='ones')
    dense.build((None, 2))
    path = tf.train.Checkpoint(layer=dense).write(str(tmp_path / 'ckpt'))
    fresh = keras.layers.Dense(1)
    tf.train.Checkpoint(layer=fresh).read(path)
    fresh.build((None, 2))
    assert fresh.kernel.numpy().tolist() == [[1.0], [1.0]] and fresh.bias.numpy().tolist() == [0.0]


class Custom(keras.layers.Layer):
    def build(self, shape):
        self.w = self.add_weight(shape=(shape[-1], 2), initializer='zeros', name='w')


def test_a_custom_build_by_hand_takes_the_checkpoint(tmp_path):
    layer = Custom()
    layer.build((None, 3))
    layer.w.assign(np.ones((3, 2)))
    path = tf.train.Checkpoint(l=layer).write(str(tmp_path / 'ckpt'))
    fresh = Custom()
    tf.train.Checkpoint(l=fresh).read(path)
    fresh.build((None, 3))
    assert fresh.w.numpy().tolist() == [[1.0, 1.0]] * 3
