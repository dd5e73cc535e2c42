"""A .weights.h5 / .keras file with layers the model lacks loads what the model has, as in Keras 3.15."""
import warnings

import numpy as np

from framework import keras


def _source():
    keras.utils.set_random_seed(0)
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, name='a'), keras.layers.BatchNormalization(),
                             keras.layers.Dense(2, name='b')])


def test_sequential_without_the_files_batch_normalization_loads(tmp_path):
    source = _source()
    source.save_weights(tmp_path / 'w.weights.h5')
    source.save(tmp_path / 'm.keras')
    smaller = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.Dense(2)])
    with warnings.catch_warnings():
        warnings.simplefilter('error')               # TF 2.21: no error, no warning
        smaller.load_weights(tmp_path / 'w.weights.h5')
        smaller.load_weights(tmp_path / 'm.keras')
    np.testing.assert_array_equal(smaller.layers[0].kernel.numpy(), source.layers[0].kernel.numpy())
    np.testing.assert_array_equal(smaller.layers[1].kernel.numpy(), source.layers[2].kernel.numpy())


def test_a_truncated_functional_model_loads_its_first_layer(tmp_path):
    source = _source()
    source.save_weights(tmp_path / 'w.weights.h5')
    i = keras.Input((3,))
    head = keras.Model(i, keras.layers.Dense(4)(i))
    head.load_weights(tmp_path / 'w.weights.h5')     # TF 2.21: loads layers/dense, ignores the rest
    np.testing.assert_array_equal(head.get_weights()[0], source.get_weights()[0])
