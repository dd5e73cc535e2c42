"""Shapes that TF 2.21's shape inference gives where a shape is computed from ``tf.shape(x)``.

TF reads a shape argument as a partial shape: ``tf.shape(x)`` of a (None, 4) x is [?, 4], its element 1
folds to 4, its slice [:1] is [?], a concat of such vectors joins them, and a length computed from a
folded one folds too. A custom layer called on keras.Input takes its output shapes from those rules
(Keras 3 runs its call on placeholders), not from the lengths its stand-in arrays happen to have.
Expected values: TF 2.21 (probes /work/notes/progs/lead46/p10.py, p11.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


class _Computes(keras.layers.Layer):
    def __init__(self, fn, **kwargs):
        super().__init__(**kwargs)
        self.fn = fn

    def call(self, x):
        return self.fn(x, tf.shape(x)[0])


@pytest.mark.parametrize('fn, expected', [
    (lambda x, b: tf.reshape(x, [b, -1, 1]), (None, None, 1)),
    (lambda x, b: tf.reshape(x, [b, 2, 2]), (None, 2, 2)),
    (lambda x, b: tf.one_hot([0, 1], b), (2, None)),
    (lambda x, b: tf.stack([b, 1]), (2,)),
    (lambda x, b: tf.sequence_mask([1, 2], b), (2, None)),
    (lambda x, b: tf.eye(b), (None, None)),
    (lambda x, b: tf.pad(x, [[0, 0], [0, b]]), (None, None)),
    (lambda x, b: tf.zeros(tf.concat([[b], [2]], 0)), (None, 2)),
    (lambda x, b: tf.ones(shape=[b, tf.shape(x)[1]]), (None, 4)),
    (lambda x, b: tf.tile(x[:, None, :], [b, 1, 1]), (None, 1, 4)),
    (lambda x, b: tf.range(b), (None,)),
    (lambda x, b: tf.zeros([b, 3]) + x[:, :1], (None, 3)),
])
def test_a_layer_on_keras_input_has_the_shape_tf_infers(fn, expected):
    out = _Computes(fn)(keras.Input((4,)))
    assert tuple(out.shape) == expected


def test_the_model_built_from_them_runs_on_data_of_any_batch():
    inputs = keras.Input((4,))
    model = keras.Model(inputs, _Computes(lambda x, b: tf.reshape(x, [b, -1, 2]))(inputs))
    assert tuple(model.output_shape) == (None, None, 2)
    assert model(np.ones((3, 4), np.float32)).shape == (3, 2, 2)


def _traced_shapes(body):
    shapes = []
    fn = tf.function(lambda x: shapes.extend(body(x)) or x, input_signature=[tf.TensorSpec([None, 4])])
    fn(tf.zeros([2, 4]))
    return [tuple(s) for s in shapes]


def test_an_element_of_a_known_length_folds_in_a_trace():
    def body(x):
        n = tf.shape(x)[1]
        return [x[:, :n].shape, tf.zeros([n]).shape, tf.zeros([n + 1]).shape, tf.fill([n, 2], 1.).shape,
                tf.range(n).shape, tf.zeros([tf.shape(x)[0], n]).shape]
    assert _traced_shapes(body) == [(None, 4), (4,), (5,), (4, 2), (4,), (None, 4)]


def test_slices_and_concats_of_a_shape_keep_what_is_known():
    def body(x):
        return [tf.zeros(tf.concat([tf.shape(x)[:1], [2]], 0)).shape,
                tf.zeros(tf.concat([tf.shape(x), [2]], 0)).shape,
                tf.reshape(x, tf.concat([tf.shape(x)[:1], [2, 2]], 0)).shape,
                tf.reshape(x, [tf.shape(x)[0], tf.shape(x)[1], 1]).shape]
    assert _traced_shapes(body) == [(None, 2), (None, 4, 2), (None, 2, 2), (None, 4, 1)]


def test_a_length_only_the_run_gives_stays_open():
    def body(x):
        b = tf.shape(x)[0]
        return [tf.zeros([b + 1]).shape, tf.range(b).shape, tf.zeros(tf.shape(x)[:1]).shape]
    assert _traced_shapes(body) == [(None,), (None,), (None,)]


class _Patches(keras.layers.Layer):
    """keras.io's MLP-Mixer Patches: the batch length read back with ops.shape from extract_patches."""

    def call(self, x):
        patches = keras.ops.image.extract_patches(x, 4)
        s = keras.ops.shape(patches)
        return keras.ops.reshape(patches, (s[0], s[1] * s[2], s[3]))


class _Stacked(keras.layers.Layer):
    def call(self, x):
        return tf.stack([tf.shape(x)[0], 1])


def test_a_batch_length_read_through_an_op_the_trace_does_not_know_stays_open():
    # TF 2.21: (None, 4, 48), and the Dense after it (None, 4, 2) (notes/progs/kerasexamples7/p16.py);
    # a first axis the layer computes keeps its length: tf.stack([b, 1]) is (2,)
    inputs = keras.Input((8, 8, 3))
    patches = _Patches()(inputs)
    assert tuple(patches.shape) == (None, 4, 48)
    assert tuple(keras.layers.Dense(2)(patches).shape) == (None, 4, 2)
    assert tuple(_Stacked()(keras.Input((4,))).shape) == (2,)
