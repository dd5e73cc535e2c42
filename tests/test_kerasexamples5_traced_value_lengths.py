"""Ops whose output lengths come from a value argument, traced with an open batch (keras.io's masked
image modeling example: ``tf.tile(pos_embeddings, [tf.shape(patches)[0], 1, 1])`` in a layer's call).

TF 2.21 auto-packs a multiples list holding a traced length and reads it as a partial shape; tapeflow
raised NumPy's refusal of the graph tensor ("Cannot convert a symbolic tf.Tensor (strided_slice:0) to a
numpy array") and printed the trace's concrete lengths for tile / pad / one_hot / eye / broadcast_to.
Expected shapes: TF 2.21 (tensorflow-cpu, probes notes/progs/kerasexamples5/p10.py - p12.py).
"""
import numpy as np

import framework as tf
from framework import keras

layers = keras.layers


def _traced_shapes(make, signature=(tf.TensorSpec([None, 4]), tf.TensorSpec([], tf.int32))):
    seen = {}

    @tf.function(input_signature=list(signature))
    def f(x, n):
        for key, value in make(x, n, tf.shape(x)[0]).items():
            seen[key] = tuple(value.shape)
        return x

    f(np.ones((3, 4), 'float32'), 2)
    return seen


def test_tile_by_a_list_holding_the_traced_batch_runs_and_keeps_it_open():
    seen = _traced_shapes(lambda x, n, b: {'y': tf.tile(x[:1], [b, 1]), 'open': tf.tile(x[:, :1], [1, b])})
    # TF 2.21: tile (None, 4), tile_b_open (None, None)
    assert seen == {'y': (None, 4), 'open': (None, None)}


def test_tile_multiples_read_as_a_partial_shape():
    seen = _traced_shapes(lambda x, n, b: {
        'stack': tf.tile(x[:1], tf.stack([b, 1])), 'known': tf.tile(x, [2, 1]), 'n': tf.tile(x, [n, 2]),
        'shape': tf.tile(x, tf.shape(x)), 'const': tf.tile(x, tf.constant([1, 3]))})
    assert seen == {'stack': (None, 4), 'known': (None, 4), 'n': (None, 8), 'shape': (None, 16),
                    'const': (None, 12)}


def test_tile_values_are_the_eager_ones():
    @tf.function(input_signature=[tf.TensorSpec([None, 2])])
    def f(x):
        return tf.tile(x[:1], [tf.shape(x)[0], 1])

    out = f(np.array([[1., 2.], [3., 4.], [5., 6.]], 'float32'))
    np.testing.assert_array_equal(out.numpy(), [[1., 2.], [1., 2.], [1., 2.]])


def test_pad_shapes_follow_tf_pads_set_shape():
    seen = _traced_shapes(lambda x, n, b: {
        'known': tf.pad(x, [[0, 0], [1, 2]]), 'n_rows': tf.pad(x, [[0, n], [0, 0]]),
        'to_ten': tf.pad(x, [[0, 10 - b], [0, 0]]), 'n_cols': tf.pad(x, [[0, 0], [0, n]]),
        'mirror': tf.pad(x, [[1, 1], [0, 0]], mode='REFLECT')})
    # TF 2.21: (None, 7) (None, 4) (None, 4) (None, None) (None, 4)
    assert seen == {'known': (None, 7), 'n_rows': (None, 4), 'to_ten': (None, 4), 'n_cols': (None, None),
                    'mirror': (None, 4)}


def test_depth_maxlen_and_eye_sizes_given_at_run():
    seen = _traced_shapes(lambda x, n, b: {
        'one_hot_n': tf.one_hot(tf.cast(x[:, 0], tf.int32), n), 'one_hot_3': tf.one_hot(tf.cast(x[:, 0], tf.int32), 3),
        'one_hot_axis0': tf.one_hot([0, 1], n, axis=0), 'mask_n': tf.sequence_mask([1, 2, 3], n),
        'mask_b': tf.sequence_mask(tf.cast(x[:, 0], tf.int32), b), 'mask_5': tf.sequence_mask([1, 2], 5),
        'eye_n': tf.eye(n), 'eye_n3': tf.eye(n, 3), 'eye_3': tf.eye(3), 'eye_batch': tf.eye(2, batch_shape=[n]),
        'broadcast': tf.broadcast_to(x[:1], [b, 4])})
    assert seen == {'one_hot_n': (None, None), 'one_hot_3': (None, 3), 'one_hot_axis0': (None, 2),
                    'mask_n': (3, None), 'mask_b': (None, None), 'mask_5': (2, 5), 'eye_n': (None, None),
                    'eye_n3': (None, 3), 'eye_3': (3, 3), 'eye_batch': (None, 2, 2), 'broadcast': (None, 4)}


def test_dataset_map_specs():
    ds = tf.data.Dataset.range(3).map(lambda i: tf.tile([1, 2], [i + 1]))
    assert ds.element_spec == tf.TensorSpec([None], tf.int32)      # TF 2.21: TensorSpec(shape=(None,), ...)
    assert [e.numpy().tolist() for e in ds] == [[1, 2], [1, 2, 1, 2], [1, 2, 1, 2, 1, 2]]
    ds = tf.data.Dataset.range(3).map(lambda i: tf.tile([[1, 2]], [2, 1]))
    assert ds.element_spec == tf.TensorSpec([2, 2], tf.int32)
    ds = tf.data.Dataset.range(3).map(lambda i: tf.one_hot(1, tf.cast(i + 2, tf.int32)))
    assert ds.element_spec == tf.TensorSpec([None], tf.float32)
    ds = tf.data.Dataset.from_tensor_slices(np.arange(12).reshape(4, 3)).map(lambda x: tf.pad(x, [[0, 5 - tf.shape(x)[0]]]))
    assert ds.element_spec == tf.TensorSpec([5], tf.int64)       # (x's length 3 is known: 5 - 3 folds)


class _PatchEncoder(layers.Layer):
    """keras.io masked image modeling's PatchEncoder, shrunk: position embeddings tiled per batch."""

    def build(self, input_shape):
        self.num_patches = input_shape[1]
        self.projection = layers.Dense(8)
        self.position_embedding = layers.Embedding(input_dim=self.num_patches, output_dim=8)

    def call(self, patches):
        batch_size = tf.shape(patches)[0]
        positions = tf.range(start=0, limit=self.num_patches, delta=1)
        pos_embeddings = self.position_embedding(positions[tf.newaxis, ...])
        pos_embeddings = tf.tile(pos_embeddings, [batch_size, 1, 1])
        return self.projection(patches) + pos_embeddings


def test_patch_encoder_builds_on_keras_inputs_and_runs():
    keras.utils.set_random_seed(0)
    layer = _PatchEncoder()
    assert tuple(layer(keras.Input((16, 12))).shape) == (None, 16, 8)      # TF 2.21: (None, 16, 8)
    assert tuple(layer(np.ones((3, 16, 12), 'float32')).shape) == (3, 16, 8)


def test_squeeze_shapes_follow_tfs_shape_function():
    seen = {}

    @tf.function(input_signature=[tf.TensorSpec([None, 1, 4, 1])])
    def f(x):
        for key, value in {'axis1': tf.squeeze(x, 1), 'axis_neg': tf.squeeze(x, -1), 'axes': tf.squeeze(x, [1, 3]),
                           'all_known': tf.squeeze(x[0]), 'axis0': tf.squeeze(x[:1], 0), 'k_axis1': keras.ops.squeeze(x, 1),
                           'k_axes': keras.ops.squeeze(x, (1, 3)), 'open0': tf.squeeze(x, 0)}.items():
            seen[key] = tuple(value.shape)
        seen['all'] = tf.squeeze(x).shape.rank
        seen['k_all'] = keras.ops.squeeze(x).shape.rank
        return x

    f(np.ones((1, 1, 4, 1), 'float32'))
    # TF 2.21: (None, 4, 1) (None, 1, 4) (None, 4) (4,) (1, 4, 1) (None, 4, 1) (None, 4) (1, 4, 1); tf.squeeze(x) and
    # keras.ops.squeeze(x) of an open batch: <unknown>
    assert seen == {'axis1': (None, 4, 1), 'axis_neg': (None, 1, 4), 'axes': (None, 4), 'all_known': (4,),
                    'axis0': (1, 4, 1), 'k_axis1': (None, 4, 1), 'k_axes': (None, 4), 'open0': (1, 4, 1),
                    'all': None, 'k_all': None}


def test_repeat_of_one_count_is_named_and_shaped_as_tf():
    texts = []

    @tf.function(input_signature=[tf.TensorSpec([None, 4]), tf.TensorSpec([], tf.int32)])
    def f(x, n):
        b = tf.shape(x)[0]
        for value in (tf.repeat(x, 2, axis=0), tf.repeat(x, n, axis=1), tf.repeat(x[:1], b, axis=0),
                      tf.repeat(x, 3, axis=-1), tf.repeat(x, tf.constant(2), axis=0), tf.repeat(x, [2], axis=0),
                      tf.repeat(x[0], 2)):
            texts.append(str(value))
        return x

    f(np.ones((3, 4), 'float32'), 2)
    # TF 2.21 (notes/progs/kerasexamples5/p22.py)
    assert texts == ['Tensor("Repeat/Reshape_1:0", shape=(None, 4), dtype=float32)',
                     'Tensor("Repeat_1/Reshape_1:0", shape=(None, None), dtype=float32)',
                     'Tensor("Repeat_2/Reshape_1:0", shape=(None, 4), dtype=float32)',
                     'Tensor("Repeat_3/Reshape_1:0", shape=(None, 12), dtype=float32)',
                     'Tensor("Repeat_4/Reshape_1:0", shape=(None, 4), dtype=float32)',
                     'Tensor("Repeat_5/Reshape_1:0", shape=(None, 4), dtype=float32)',
                     'Tensor("Repeat_6/Reshape_1:0", shape=(8,), dtype=float32)']


def test_gather_with_batch_dims_keeps_params_lengths_up_to_axis():
    texts = []

    @tf.function(input_signature=[tf.TensorSpec([None, 8, 6]), tf.TensorSpec([None, 4], tf.int32),
                                  tf.TensorSpec([3, None, 5])])
    def f(x, i, y):
        for value in (tf.gather(x, i, axis=1, batch_dims=1), tf.gather(x, i, batch_dims=1),
                      tf.gather(x, i, axis=-1, batch_dims=-1), tf.gather(x, i[:, :2], axis=2, batch_dims=1),
                      tf.gather(y, tf.zeros([3, 2], tf.int32), axis=2, batch_dims=1),
                      tf.gather(x[:2], tf.zeros([2, 3], tf.int32), axis=1, batch_dims=1), tf.gather(x, i, axis=1)):
            texts.append(str(value))
        return x

    f(np.zeros((2, 8, 6), 'float32'), np.zeros((2, 4), 'int32'), np.zeros((3, 2, 5), 'float32'))
    # TF 2.21 (notes/progs/kerasexamples5/p23.py)
    assert texts == ['Tensor("GatherV2:0", shape=(None, 4, 6), dtype=float32)',
                     'Tensor("GatherV2_1:0", shape=(None, 4, 6), dtype=float32)',
                     'Tensor("GatherV2_2:0", shape=(None, 8, 4), dtype=float32)',
                     'Tensor("GatherV2_3:0", shape=(None, 8, 2), dtype=float32)',
                     'Tensor("GatherV2_4:0", shape=(3, None, 2), dtype=float32)',
                     'Tensor("GatherV2_5:0", shape=(None, 3, 6), dtype=float32)',
                     'Tensor("GatherV2_6:0", shape=(None, None, 4, 6), dtype=float32)']
