"""A kernel error of an op whose wrapper opens a name scope (x[i]: 'strided_slice/') names the op under the
user's tf.name_scope and the scopes Keras 3 opens for the layers being called, outermost first.
Texts from TF 2.21 (notes progs/me32/ns/ns.py, ns2.py); ops without such a scope keep their tails."""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.ones((1, 2), 'float32')


class Slicing(keras.layers.Layer):
    def call(self, x):
        return x[:, 10]


class Outer(keras.layers.Layer):
    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.inner = Slicing(name='inner')

    def build(self, shape):
        pass

    def call(self, x):
        return self.inner(x)


class Adding(keras.layers.Layer):
    def call(self, x):
        return x + tf.ones((3, 3))


def _op_tail(make):
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        make()
    line = next(line for line in str(info.value).split('\n') if '[Op:' in line)
    return line[line.index('[Op:'):].replace('\x1b[0m', '')


def test_plain_and_user_scope():
    assert _op_tail(lambda: tf.constant(X)[:, 10]) == '[Op:StridedSlice] name: strided_slice/'
    with tf.name_scope('foo'):
        assert _op_tail(lambda: tf.constant(X)[:, 10]) == '[Op:StridedSlice] name: foo/strided_slice/'


def test_layer_scopes():
    assert _op_tail(lambda: Slicing(name='l')(X)) == '[Op:StridedSlice] name: l/strided_slice/'
    assert _op_tail(lambda: Outer(name='outer')(X)) == '[Op:StridedSlice] name: outer/inner/strided_slice/'
    with tf.name_scope('foo'):
        assert _op_tail(lambda: Slicing(name='l')(X)) == '[Op:StridedSlice] name: foo/l/strided_slice/'


def test_ops_without_a_scope_keep_their_tail():
    assert _op_tail(lambda: Adding(name='a')(X)) == '[Op:AddV2] name: '
