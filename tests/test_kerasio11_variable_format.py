"""f-strings of variables, as TF 2.21 + Keras 3 format them (progs/kerasio11/d11f.py, d11g.py).

Neither a tf.Variable nor a Keras 3 variable defines __format__, so ``f'{v}'`` is ``str(v)`` (the repr)
and a format spec is object's TypeError naming the class: ``f'{optimizer.learning_rate:.4f}'`` fails on
TF (tapeflow printed the number). Tensors keep numpy's formatting. And Keras 3 builds its Embedding
argument errors with f-strings, so an EagerTensor ``input_dim`` (the keras.io CCT example's
positional_embedding passes ``tf.shape(...)[1]``) shows as its value, 64, not as tf.Tensor(64, ...).
"""
import pytest

import framework as tf
from framework import keras


def test_a_tf_variable_formats_as_its_repr_and_refuses_a_spec():
    v = tf.Variable(3.0)
    assert f'{v}' == "<tf.Variable 'Variable:0' shape=() dtype=float32, numpy=3.0>" == str(v)
    with pytest.raises(TypeError, match=r'^unsupported format string passed to ResourceVariable.__format__$'):
        format(v, '.2f')


def test_keras_variables_too():
    keras.backend.clear_session()         # the layer is named 'dense'
    dense = keras.layers.Dense(1)
    dense.build((None, 1))
    assert f'{dense.bias}' == '<Variable path=dense/bias, shape=(1,), dtype=float32, value=[0.]>'
    optimizer = keras.optimizers.Adam(learning_rate=0.001)
    for variable in (dense.bias, keras.Variable(2.0), optimizer.learning_rate):
        with pytest.raises(TypeError, match=r'^unsupported format string passed to Variable.__format__$'):
            format(variable, '.4f')
    keras.backend.clear_session()


def test_tensors_keep_numpys_format():
    assert f'{tf.constant(64)}|{tf.constant([1.5, 2.0])}|{tf.constant(2.5):.3f}|{tf.constant(7):5d}' == \
        '64|[1.5 2. ]|2.500|    7'
    assert f'{tf.Variable(3.0) * 2}' == '6.0'        # a variable's arithmetic is a tensor


def test_embedding_shows_a_tensor_argument_as_keras_f_string_does():
    with pytest.raises(ValueError, match=r'^`input_dim` must be a positive integer\. Received: input_dim=64 '
                                         r'\(of type EagerTensor\)\.'):
        keras.layers.Embedding(input_dim=tf.shape(tf.ones((1, 64, 3)))[1], output_dim=8)
