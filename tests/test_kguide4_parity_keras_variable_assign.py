"""A Keras variable's assign / assign_add / assign_sub return a tensor of the value written, as
Keras 3's KerasVariable.assign returns what it wrote (``print(dense.bias.assign([1., 2.]))`` shows
``tf.Tensor([1. 2.], shape=(2,), dtype=float32)`` on TF 2.21); tapeflow returned the variable. A
plain tf.Variable still returns TF's UnreadVariable. Goldens: /work/notes/progs/kguides4/g15.py."""
import numpy as np

import framework as tf
from framework import keras


def test_keras_variables():
    v = keras.Variable(1.0, name='v')
    assert str(v.assign(2.0)) == 'tf.Tensor(2.0, shape=(), dtype=float32)'
    assert str(v.assign_add(1.0)) == 'tf.Tensor(3.0, shape=(), dtype=float32)'
    written = v.assign_sub(0.5)
    v.assign(9.0)
    assert float(written) == 2.5         # a value, not a live view of the variable
    dense = keras.layers.Dense(2)
    dense.build((None, 1))
    assert str(dense.bias.assign([1.0, 2.0])) == 'tf.Tensor([1. 2.], shape=(2,), dtype=float32)'
    opt = keras.optimizers.SGD(0.1)
    assert str(opt.iterations.assign_add(1)) == 'tf.Tensor(1, shape=(), dtype=int64)'


def test_plain_variable_keeps_tf_unread_variable():
    assert repr(tf.Variable(1.0).assign(2.0)) == "<tf.Variable 'UnreadVariable' shape=() dtype=float32, numpy=2.0>"
    assert np.asarray(tf.Variable([1.0, 2.0]).assign_add([1.0, 1.0])).tolist() == [2.0, 3.0]
