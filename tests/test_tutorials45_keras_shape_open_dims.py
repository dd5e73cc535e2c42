"""keras.ops.shape of a traced tensor gives its open lengths as scalar graph tensors, as Keras 3 on TF 2.21
does (``tf.shape(x)[i]`` where the static length is None): the keras.io MixUp example reshapes its beta
samples with ``ops.shape(images)[0]`` inside Dataset.map, and TF's spec of that map keeps the batch None.

Golden lines were printed by TF 2.21 / Keras 3 (progs/tutorials45/t45_mapspec2.py, t45_opsshape.py), e.g.
    ds = tf.data.Dataset.from_tensor_slices(np.ones((10, 3), np.float32)).batch(4)
    print(ds.map(lambda x: tf.ones([keras.ops.shape(x)[0]])).element_spec)
"""
import contextlib
import io

import numpy as np

import framework as tf
from framework import keras


def _batches():
    return tf.data.Dataset.from_tensor_slices(np.ones((10, 3), np.float32)).batch(4)


def test_map_spec_keeps_batch_open_through_keras_shape():
    ds = _batches()

    def mix(x):         # the MixUp example's reshape of per-example weights
        n = keras.ops.shape(x)[0]
        weights = tf.random.gamma([n], alpha=0.2, seed=1)
        return x * keras.ops.reshape(weights, (n, 1))
    # TF 2.21: TensorSpec(shape=(None, 3), dtype=tf.float32, name=None) for each
    assert repr(ds.map(mix).element_spec) == 'TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)'
    assert repr(ds.map(lambda x: tf.ones([keras.ops.shape(x)[0]])).element_spec) == \
        'TensorSpec(shape=(None,), dtype=tf.float32, name=None)'
    assert repr(ds.map(lambda x: keras.ops.reshape(x, (keras.ops.shape(x)[0], 3))).element_spec) == \
        'TensorSpec(shape=(None, 3), dtype=tf.float32, name=None)'
    # the values are the elements' own
    assert [tuple(b.shape) for b in ds.map(mix)] == [(4, 3), (4, 3), (2, 3)]


def test_traced_keras_shape_prints_graph_tensor():
    printed = io.StringIO()

    @tf.function(input_signature=[tf.TensorSpec([None, 3])])
    def f(x):
        s = keras.ops.shape(x)
        print(s)
        return keras.ops.reshape(x, (s[0], 3, 1))
    with contextlib.redirect_stdout(printed):
        out = f(np.ones((2, 3), np.float32))
    # TF 2.21: (<tf.Tensor 'strided_slice:0' shape=() dtype=int32>, 3)
    assert printed.getvalue() == "(<tf.Tensor 'strided_slice:0' shape=() dtype=int32>, 3)\n"
    assert tuple(out.shape) == (2, 3, 1)


def test_known_lengths_stay_ints():
    printed = io.StringIO()

    @tf.function
    def g(x):
        print(keras.ops.shape(x))
        return x
    with contextlib.redirect_stdout(printed):
        g(np.ones((2, 3), np.float32))
    assert printed.getvalue() == '(2, 3)\n'        # TF 2.21: (2, 3) (a trace for the call's own shape)
    assert keras.ops.shape(tf.ones([1, 2])) == (1, 2)
    assert keras.ops.shape(np.ones((2, 3))) == (2, 3)


def test_functional_build_sees_open_batch():
    keras.backend.clear_session()
    printed = io.StringIO()

    class Flat(keras.layers.Layer):
        def call(self, x):
            s = keras.ops.shape(x)
            print(s)
            return keras.ops.reshape(x, (s[0], 4))
    with contextlib.redirect_stdout(printed):
        out = Flat()(keras.Input((2, 2)))
    # TF 2.21: (<tf.Tensor 'strided_slice:0' shape=() dtype=int32>, 2, 2) and (None, 4)
    assert printed.getvalue() == "(<tf.Tensor 'strided_slice:0' shape=() dtype=int32>, 2, 2)\n"
    assert tuple(out.shape) == (None, 4)
