"""keras.saving.deserialize_keras_object(serialize_keras_object(model)) of a compiled model comes back compiled.

Keras 3.15's deserialize_keras_object calls compile_from_config when the config holds a 'compile_config'
(serialize_keras_object writes one for a compiled model): a fresh optimizer of the same class and
settings, built for the model's weights. tapeflow returned the model uncompiled (compiled False, no
optimizer), as only model_from_json compiled.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio31/p19_test_values.py).
"""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = np.arange(12, dtype='float32').reshape(4, 3) / 10
Y = np.array([[1.], [0.], [2.], [1.]], 'float32')


def _round_trip(model):
    return keras.saving.deserialize_keras_object(keras.saving.serialize_keras_object(model))


def _compiled_model():
    keras.backend.clear_session()
    model = keras.Sequential([keras.Input((3,)),
                              keras.layers.Dense(2, kernel_initializer='ones', activation='relu'),
                              keras.layers.Dense(1, kernel_initializer='ones')])
    model.compile(keras.optimizers.SGD(0.05, momentum=0.9), 'mse', metrics=['mae'])
    return model


def test_compiled_model_comes_back_compiled_with_a_fresh_built_optimizer():
    model = _compiled_model()
    restored = _round_trip(model)
    assert restored.compiled is True
    assert restored.optimizer is not model.optimizer
    assert restored.optimizer.get_config()['momentum'] == 0.9
    assert restored.loss == 'mse'
    assert restored.metrics_names == ['loss', 'compile_metrics']
    assert [v.path for v in restored.optimizer.variables] == [
        'sgd/iteration', 'sgd/learning_rate', 'sgd/dense_kernel_momentum', 'sgd/dense_bias_momentum',
        'sgd/dense_1_kernel_momentum', 'sgd/dense_1_bias_momentum']


def test_restored_model_trains_as_keras():
    history = _round_trip(_compiled_model()).fit(X, Y, epochs=3, verbose=0).history
    np.testing.assert_allclose(history['loss'], [8.94, 0.762144, 2.849117], rtol=1e-5)
    np.testing.assert_allclose(history['mae'], [2.5, 0.822512, 1.515843], rtol=1e-5)


def test_uncompiled_model_stays_uncompiled():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    assert _round_trip(model).compiled is False


@pytest.mark.parametrize('serialize', [keras.layers.serialize, keras.saving.serialize_keras_object])
def test_layers_deserialize_compiles_too(serialize):
    # TF 2.21: keras.layers.deserialize of either form gives a compiled, built Sequential
    restored = keras.layers.deserialize(serialize(_compiled_model()))
    assert (type(restored).__name__, restored.compiled, restored.built) == ('Sequential', True, True)
    assert restored.optimizer.get_config()['momentum'] == 0.9
