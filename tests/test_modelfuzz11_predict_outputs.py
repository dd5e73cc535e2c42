"""predict joins its batches' outputs as Keras 3's potentially_ragged_concat (modelfuzz11).

Golden values printed by TF 2.21 / Keras 3 running the same snippets with
``import tensorflow as tf; from tensorflow import keras``
(/work/notes/progs/modelfuzz11/g01.py and p10.py). tapeflow concatenated every output with numpy,
so these raised ValueError ('zero-dimensional arrays cannot be concatenated', 'all the input
array dimensions except for the concatenation axis must match exactly', or a RaggedTensor's
'cannot be used where a dense tensor is needed').
"""
import numpy as np

import framework as tf
from framework import keras

SEQUENCES = [[1, 2, 3], [4, 5], [6], [7, 8, 9, 1, 2], [3, 4], [5, 6, 7, 8]]


def _padded_batches():
    return tf.data.Dataset.from_generator(lambda: iter(SEQUENCES), output_signature=tf.TensorSpec([None], tf.int32)
                                          ).padded_batch(2)


def test_batches_of_different_lengths_give_a_ragged_tensor():
    model = keras.Sequential([keras.layers.Lambda(lambda t: tf.cast(t, 'float32') * 2)])
    out = model.predict(_padded_batches(), verbose=0)
    # TF 2.21: RaggedTensor (6, None) 1 <dtype: 'float32'>
    assert type(out).__name__ == 'RaggedTensor'
    assert out.shape.as_list() == [6, None] and out.ragged_rank == 1 and out.dtype == tf.float32
    assert out.to_list() == [[2.0, 4.0, 6.0], [8.0, 10.0, 0.0], [12.0, 0.0, 0.0, 0.0, 0.0],
                             [14.0, 16.0, 18.0, 2.0, 4.0], [6.0, 8.0, 0.0, 0.0], [10.0, 12.0, 14.0, 16.0]]


def test_constant_inner_axes_stay_dense_in_the_ragged_result():
    last = keras.Sequential([keras.layers.Lambda(lambda t: tf.stack([t, -t], -1))]).predict(_padded_batches(), verbose=0)
    # TF 2.21: RaggedTensor (6, None, 2) 1 (inner_shape (2,)); the varying axis last: (6, None, None) 2
    assert last.shape.as_list() == [6, None, 2] and last.ragged_rank == 1
    assert last.to_list()[1] == [[4.0, -4.0], [5.0, -5.0], [0.0, -0.0]]
    middle = keras.Sequential([keras.layers.Lambda(lambda t: tf.stack([t, -t], 1))]).predict(_padded_batches(),
                                                                                              verbose=0)
    assert middle.shape.as_list() == [6, None, None] and middle.ragged_rank == 2
    assert middle.to_list()[2] == [[6.0, 0.0, 0.0, 0.0, 0.0], [-6.0, -0.0, -0.0, -0.0, -0.0]]


class _ScalarOutputs(keras.Model):
    def call(self, x):
        return x

    def predict_step(self, data):
        x = data[0] if isinstance(data, tuple) else data
        return {'s': tf.reduce_sum(x), 'f': 2.5, 'i': 3, 'b': True}


def test_scalar_outputs_are_stacked_and_python_values_become_tensors():
    x = np.arange(15, dtype='float32').reshape(5, 3)
    out = _ScalarOutputs().predict(x, batch_size=2, verbose=0)
    # TF 2.21: s float32 (3,) [15. 51. 39.], f float32 [2.5 2.5 2.5], i int32 [3 3 3], b bool
    np.testing.assert_array_equal(out['s'], [15.0, 51.0, 39.0])
    assert out['s'].dtype == np.float32
    assert out['f'].dtype == np.float32 and out['f'].shape == (3,) and out['i'].dtype == np.int32
    assert out['b'].dtype == np.bool_ and out['b'].all()


def test_one_batch_gives_numpy_scalars():
    x = np.arange(15, dtype='float32').reshape(5, 3)
    out = _ScalarOutputs().predict(x, batch_size=5, verbose=0)
    # TF 2.21: s float32 () 105.0 (type float32: tensor.numpy() of a scalar), f float32, i int32
    assert type(out['s']) is np.float32 and out['s'] == 105.0
    assert type(out['f']) is np.float32 and type(out['i']) is np.int32
    on_batch = _ScalarOutputs().predict_on_batch(x)
    # TF 2.21: {'s': np.float32(105.0), 'f': np.float32(2.5), 'i': np.int32(3), 'b': np.True_}
    assert type(on_batch['s']) is np.float32 and type(on_batch['b']) is np.bool_


class _CompositeOutputs(keras.Model):
    def call(self, x):
        return x

    def predict_step(self, data):
        x = data[0] if isinstance(data, tuple) else data
        return {'r': tf.RaggedTensor.from_row_lengths(tf.reshape(x, [-1]), tf.fill([tf.shape(x)[0]], 3)),
                'sp': tf.sparse.from_dense(x)}


def test_ragged_and_sparse_outputs_are_concatenated():
    x = np.arange(12, dtype='float32').reshape(4, 3)
    out = _CompositeOutputs().predict(x, batch_size=3, verbose=0)
    # TF 2.21: RaggedTensor (4, None), SparseTensor (4, 3) with 11 values
    assert type(out['r']).__name__ == 'RaggedTensor' and out['r'].shape.as_list() == [4, None]
    assert out['r'].to_list()[3] == [9.0, 10.0, 11.0]
    assert type(out['sp']).__name__ == 'SparseTensor'
    assert out['sp'].dense_shape.numpy().tolist() == [4, 3] and out['sp'].values.shape[0] == 11
    np.testing.assert_array_equal(tf.sparse.to_dense(out['sp']).numpy(), x)


def test_scalar_outputs_stacked_in_a_group_for_callbacks():
    seen = []

    class Outputs(keras.callbacks.Callback):
        def on_predict_batch_end(self, batch, logs=None):
            seen.append((batch, np.shape(logs['s'])))

    class Sums(keras.Model):
        def call(self, x):
            return x

        def predict_step(self, data):
            x = data[0] if isinstance(data, tuple) else data
            return {'s': tf.reduce_sum(x), 'v': x}

    model = Sums()
    model.compile(steps_per_execution=2)
    out = model.predict(np.arange(12, dtype='float32').reshape(4, 3), batch_size=2, verbose=0, callbacks=[Outputs()])
    # TF 2.21: pbe 1 {'s': (2,), 'v': (4, 3)}; s float32 (2,) [15. 51.]
    assert seen == [(1, (2,))]
    np.testing.assert_array_equal(out['s'], [15.0, 51.0])
