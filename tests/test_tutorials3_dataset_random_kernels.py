"""Random ops in a Dataset's stage functions draw as tf.data's traced graphs draw.

Golden values printed by TF 2.21 (tensorflow-cpu) running the same pipelines after
tf.random.set_seed(3): each stage function is a graph whose unseeded ops take (3, n), n counting
from 0 in that function; its kernels carry on from element to element and across a repeat, and
start afresh with every new iterator (so each epoch of Keras's fit draws the same values).
"""
import numpy as np

import framework as tf
from framework import keras


def _r(values):
    return [round(float(v), 6) for v in values]


def test_a_map_draws_the_graph_stream_continued_by_repeat_and_restarted_by_each_iterator():
    tf.random.set_seed(3)
    ds = tf.data.Dataset.range(2).map(lambda x: tf.random.uniform(()))
    assert _r(ds.repeat(2)) == [0.127364, 0.858016, 0.889871, 0.513566]
    assert _r(ds) == [0.127364, 0.858016]
    assert _r(ds) == [0.127364, 0.858016]


def test_each_stage_function_counts_its_unseeded_ops_from_zero():
    tf.random.set_seed(3)
    ds = tf.data.Dataset.range(2).map(lambda x: (tf.random.uniform(()), tf.random.uniform((), seed=7)))
    assert [_r(e) for e in ds] == [[0.127364, 0.730021], [0.858016, 0.325036]]
    twice = tf.data.Dataset.range(2).map(lambda x: tf.random.uniform(())).map(lambda y: y - tf.random.uniform(()))
    assert _r(twice) == [0.0, 0.0]
    kept = tf.data.Dataset.range(6).filter(lambda x: tf.random.uniform(()) < 0.5)
    assert [int(e) for e in kept] == [0]


def test_a_tf_function_called_in_a_map_draws_its_inlined_kernel():
    tf.random.set_seed(3)
    jitter = tf.function(lambda x: x + tf.random.uniform(()))
    ds = tf.data.Dataset.range(3).map(lambda x: jitter(tf.cast(x, tf.float32)))
    assert _r(ds) == [0.127364, 1.858016, 2.889871]


def test_stage_functions_leave_the_eager_stream_alone():
    tf.random.set_seed(3)
    list(tf.data.Dataset.range(2).map(lambda x: tf.random.uniform(())))
    assert _r([tf.random.uniform(()) for _ in range(2)]) == [0.133663, 0.194572]


def test_fit_draws_the_same_augmentation_every_epoch_as_keras_on_tensorflow():
    keras.utils.set_random_seed(4)
    x = np.linspace(-1, 1, 8).astype('float32').reshape(8, 1)
    ds = tf.data.Dataset.from_tensor_slices((x, x)).map(lambda a, b: (a + tf.random.uniform((1,)), b)).batch(4)
    model = keras.Sequential([keras.Input((1,)), keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile('sgd', 'mse')
    history = model.fit(ds, epochs=3, verbose=0)
    assert history.history['loss'] == [0.23528113961219788, 0.21906538307666779, 0.20439796149730682]
    assert model.evaluate(ds, verbose=0) == model.evaluate(ds, verbose=0) == 0.19341889023780823
