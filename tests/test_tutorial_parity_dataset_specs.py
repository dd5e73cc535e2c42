"""The time-series and text-classification tutorials print a mapped dataset's element_spec and
the summary of a model first run on a dataset. TensorFlow traces both on the dataset's spec, so
an unknown batch size stays None. Expected values were printed by TensorFlow 2.21 / Keras 3.15
running the same code.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

WINDOWS = np.zeros((10, 7, 5), 'float32')


def _spec(shape, dtype='float32'):
    return tf.TensorSpec(shape, dtype)


@pytest.mark.parametrize('dataset, expected', [
    # the tutorial's split_window: TF 2.21 (TensorSpec(shape=(None, 6, 5), ...), TensorSpec(shape=(None, 1, 1), ...))
    (lambda: tf.data.Dataset.from_tensor_slices(WINDOWS).batch(4).map(lambda t: (t[:, :6], t[:, 6:, :1])),
     (_spec((None, 6, 5)), _spec((None, 1, 1)))),
    (lambda: tf.data.Dataset.from_tensor_slices(WINDOWS).batch(4).map(lambda t: tf.reshape(t, [-1, 35])),
     _spec((None, 35))),
    (lambda: tf.data.Dataset.from_tensor_slices(WINDOWS).batch(4).map(lambda t: tf.reduce_sum(t)), _spec(())),
    (lambda: tf.data.Dataset.from_tensor_slices(WINDOWS).batch(4).map(lambda t: t[0]), _spec((7, 5))),
    (lambda: tf.data.Dataset.from_tensor_slices(WINDOWS).map(lambda t: t * 2), _spec((7, 5))),
    (lambda: tf.data.Dataset.from_tensor_slices(WINDOWS).batch(4, drop_remainder=True).map(lambda t: t * 2),
     _spec((4, 7, 5))),
    (lambda: tf.data.Dataset.from_tensor_slices((WINDOWS, np.arange(10))).batch(4).map(lambda a, b: {'a': a, 'b': b}),
     {'a': _spec((None, 7, 5)), 'b': _spec((None,), 'int64')}),
])
def test_map_keeps_an_unknown_batch_size_unknown(dataset, expected):
    assert dataset().element_spec == expected


def test_timeseries_windows_have_an_unknown_time_axis_as_tensorflows():
    ds = keras.utils.timeseries_dataset_from_array(np.zeros((40, 5), 'float32'), targets=np.arange(40),
                                                   sequence_length=7, batch_size=32)
    # TF 2.21: (TensorSpec(shape=(None, None, 5), dtype=tf.float32, ...), TensorSpec(shape=(None,), dtype=tf.int64, ...))
    assert ds.element_spec == (_spec((None, None, 5)), _spec((None,), 'int64'))

    def split_window(features, labels):
        inputs = features[:, :6, :]
        inputs.set_shape([None, 6, None])
        return inputs, labels
    # TF 2.21, after the tutorial's set_shape: TensorSpec(shape=(None, 6, 5), dtype=tf.float32, name=None)
    assert ds.map(split_window).element_spec[0] == _spec((None, 6, 5))


def _sequential(first=None):
    layers = ([first] if first is not None else []) + [keras.layers.Dense(2)]
    model = keras.Sequential(layers)
    model.compile('sgd', 'mse')
    return model


X = np.ones((8, 3, 5), 'float32')
Y = np.ones((8, 1, 2), 'float32')


@pytest.mark.parametrize('run', ['fit', 'evaluate'])
def test_a_sequential_first_run_on_a_dataset_is_built_for_its_spec(run):
    model = _sequential(keras.layers.Lambda(lambda t: t[:, -1:, :]))
    data = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
    getattr(model, run)(data, verbose=0)
    # Keras 3.15: input_shape (None, 3, 5); the Lambda's output (None, 1, 5) (the summary's column)
    assert model.input_shape == (None, 3, 5)
    assert model.layers[0].output.shape == (None, 1, 5)


def test_predict_builds_for_the_first_batch_even_from_a_dataset():
    model = _sequential(keras.layers.Lambda(lambda t: t[:, -1:, :]))
    data = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
    model.predict(data.map(lambda x, y: x), verbose=0)
    # TF 2.21 traces predict's step on the first batch: input_shape (4, 3, 5), the Lambda's (4, 1, 5)
    assert model.input_shape == (4, 3, 5)
    assert model.layers[0].output.shape == (4, 1, 5)


def test_arrays_still_build_for_the_first_batch_as_keras():
    model = _sequential()
    model.fit(X, np.ones((8, 3, 2), 'float32'), batch_size=4, verbose=0)
    assert model.input_shape == (4, 3, 5)        # Keras 3.15: (4, 3, 5)
