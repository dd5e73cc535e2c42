"""keras.utils / keras.saving serialization helpers, keras.models.clone_model and keras.backend settings.

Expected dicts are the ones Keras 3.15 prints for the same objects
(``keras.utils.serialize_keras_object(...)`` in the reference venv).
"""
import numpy as np
import pytest

from framework import keras
from framework.keras.utils import deserialize_keras_object, serialize_keras_object


def test_plain_values_and_containers_pass_through():
    assert serialize_keras_object(None) is None
    assert serialize_keras_object([1, (2, 3)]) == [1, (2, 3)]
    assert serialize_keras_object({'a': np.float32(2.0)}) == {'a': 2.0}
    assert deserialize_keras_object('relu') == 'relu'          # Keras keeps strings as strings
    assert deserialize_keras_object({'class_name': '__tuple__', 'config': {'value': [1, 2]}}) == (1, 2)


def test_numpy_array_round_trips_with_its_dtype():
    config = serialize_keras_object(np.array([1.0, 2.0]))
    assert config == {'class_name': '__numpy__', 'config': {'value': [1.0, 2.0], 'dtype': 'float64'}}
    back = deserialize_keras_object(config)
    assert back.dtype == np.float64 and back.tolist() == [1.0, 2.0]


def test_functions_serialize_by_name_as_keras():
    assert serialize_keras_object(keras.activations.relu) == {
        'module': 'builtins', 'class_name': 'function', 'config': 'relu', 'registered_name': 'function'}
    for fn in (keras.activations.softmax, keras.losses.mean_squared_error):
        assert deserialize_keras_object(serialize_keras_object(fn)) is fn


@pytest.mark.parametrize('make, module, class_name, config', [
    (lambda: keras.losses.MeanSquaredError(), 'keras.losses', 'MeanSquaredError',
     {'name': 'mean_squared_error', 'reduction': 'sum_over_batch_size'}),
    (lambda: keras.metrics.Accuracy(), 'keras.metrics', 'Accuracy', {'name': 'accuracy', 'dtype': 'float32'}),
    (lambda: keras.initializers.GlorotUniform(seed=1), 'keras.initializers', 'GlorotUniform',
     {'seed': 1, 'input_axes': None, 'output_axes': None}),
    (lambda: keras.regularizers.L2(0.1), 'keras.regularizers', 'L2', {'l2': 0.1}),
    (lambda: keras.constraints.MaxNorm(), 'keras.constraints', 'MaxNorm', {'max_value': 2, 'axis': 0}),
])
def test_objects_serialize_to_keras_dicts_and_back(make, module, class_name, config):
    obj = make()
    out = serialize_keras_object(obj)
    assert out == {'module': module, 'class_name': class_name, 'config': config, 'registered_name': None}
    back = deserialize_keras_object(out)
    assert type(back) is type(obj) and back.get_config() == obj.get_config()


def test_optimizer_and_layer_round_trip():
    sgd = deserialize_keras_object(serialize_keras_object(keras.optimizers.SGD(0.5, momentum=0.9)))
    assert type(sgd).__name__ == 'SGD' and float(sgd.learning_rate.numpy()) == 0.5 and sgd.momentum == 0.9
    config = serialize_keras_object(keras.layers.Dense(3, activation='relu'))
    assert config['module'] == 'keras.layers' and config['class_name'] == 'Dense'
    dense = deserialize_keras_object(config)
    assert type(dense).__name__ == 'Dense' and dense.units == 3


def test_model_round_trip_builds_new_weights():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    config = serialize_keras_object(model)
    assert config['module'] == 'keras' and config['class_name'] == 'Sequential'
    again = deserialize_keras_object(config)
    assert again.built and [w.shape for w in again.weights] == [w.shape for w in model.weights]


def test_registered_class_and_custom_objects():
    @keras.saving.register_keras_serializable(package='H1Test')
    class H1RegisteredScale(keras.layers.Layer):
        pass

    try:
        config = serialize_keras_object(H1RegisteredScale())
        assert config['registered_name'] == 'H1Test>H1RegisteredScale'
        assert keras.utils.get_registered_name(H1RegisteredScale) == 'H1Test>H1RegisteredScale'
        assert keras.utils.get_custom_objects()['H1Test>H1RegisteredScale'] is H1RegisteredScale
        assert type(deserialize_keras_object(config)) is H1RegisteredScale
        # TF 2.21 looks the exact key up: the bare class name finds nothing (kerasio29's t22_saving_api.py)
        assert keras.utils.get_registered_object('H1Test>H1RegisteredScale') is H1RegisteredScale
        assert keras.utils.get_registered_object('H1RegisteredScale') is None
    finally:      # the registry is process-wide: leave no class behind for other tests' lookups
        keras.utils.get_custom_objects().pop('H1Test>H1RegisteredScale')


def test_custom_object_scope_and_bare_names_in_get_custom_objects():
    class H1Local(keras.layers.Layer):
        pass

    # Keras 3 looks a class up by the config's registered_name: with 'registered_name': None (a class saved
    # from a script) no scope or custom object finds it on TF 2.21; without the key, by its class name
    saved = {'module': None, 'class_name': 'H1Local', 'config': {'name': 'l'}, 'registered_name': None}
    with keras.utils.CustomObjectScope({'H1Local': H1Local}):
        with pytest.raises(TypeError, match="Could not locate class 'H1Local'"):
            deserialize_keras_object(dict(saved))
    unknown = {'module': None, 'class_name': 'H1Local', 'config': {'name': 'l'}}
    with pytest.raises(TypeError, match="Could not locate class 'H1Local'.*register_keras_serializable"):
        deserialize_keras_object(unknown)
    with keras.utils.CustomObjectScope({'H1Local': H1Local}) as scope:
        assert isinstance(scope, keras.utils.CustomObjectScope)
        assert type(deserialize_keras_object(unknown)) is H1Local
    assert type(deserialize_keras_object(unknown, custom_objects={'H1Local': H1Local})) is H1Local
    keras.utils.get_custom_objects()['H1Local'] = H1Local     # a bare name, as Keras programs add them
    try:
        assert keras.utils.get_registered_object('H1Local') is H1Local
        assert type(deserialize_keras_object(unknown)) is H1Local
    finally:
        del keras.utils.get_custom_objects()['H1Local']


def test_unknown_layer_class_names_it():
    with pytest.raises(ValueError, match="keras.layers.Nope"):
        deserialize_keras_object({'module': 'keras.layers', 'class_name': 'Nope', 'config': {}})
    # Keras 3.15 (TF 2.21) keeps the argument and copies it on entering: an int fails there
    with pytest.raises(AttributeError, match="'int' object has no attribute 'copy'"):
        with keras.saving.CustomObjectScope(3):
            pass


def test_serialize_rejects_objects_without_config():
    with pytest.raises(TypeError, match='must implement the `get_config'):
        serialize_keras_object(object())


def test_clone_functional_model_has_new_weights_and_same_shapes():
    inputs = keras.Input((3,), name='h1_in')
    hidden = keras.layers.Dense(4, activation='relu')
    outputs = keras.layers.Dense(2)(hidden(inputs))
    model = keras.Model(inputs, outputs)
    clone = keras.models.clone_model(model)
    assert [w.shape for w in clone.weights] == [w.shape for w in model.weights]
    assert all(a is not b for a, b in zip(clone.weights, model.weights))
    assert [type(layer).__name__ for layer in clone.layers] == ['InputLayer', 'Dense', 'Dense']
    x = np.ones((5, 3), np.float32)
    assert clone(x).shape == (5, 2)
    for a, b in zip(clone.weights, model.weights):
        a.assign(b)
    np.testing.assert_allclose(clone(x).numpy(), model(x).numpy())


def test_clone_sequential_compiled_and_with_clone_function():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='h1_dense')])
    model.compile(optimizer='adam', loss='mse', metrics=['mae'])
    clone = keras.models.clone_model(model)
    assert clone.compiled and clone.optimizer is not model.optimizer
    assert clone.layers[0] is not model.layers[0] and clone.layers[0].name == 'h1_dense'
    shared = keras.models.clone_model(model, clone_function=lambda layer: layer)
    assert shared.layers[0] is model.layers[0]
    with pytest.raises(ValueError, match='`call_function` argument is not supported with Sequential models'):
        keras.models.clone_model(model, call_function=lambda layer, x: layer(x))
    # Keras 3 clones anything else through its config (TF 2.21: a new, unbuilt Dense)
    dense = keras.layers.Dense(2)
    copy = keras.models.clone_model(dense)
    assert type(copy) is keras.layers.Dense and copy is not dense and copy.get_config() == dense.get_config()


def test_backend_settings_validate_and_restore():
    assert keras.backend.epsilon() == 1e-7
    keras.backend.set_epsilon(1e-5)
    try:
        assert keras.backend.epsilon() == 1e-5
    finally:
        keras.backend.set_epsilon(1e-7)
    with pytest.raises(ValueError, match="^Unknown `floatx` value: float8. Expected one of {'"):   # TF 2.21's words
        keras.backend.set_floatx('float8')
    keras.backend.set_floatx('bfloat16')         # Keras 3 takes it (numpy's through ml_dtypes)
    try:
        assert keras.backend.floatx() == 'bfloat16'
    finally:
        keras.backend.set_floatx('float32')
    with pytest.raises(ValueError, match="channels_first' or 'channels_last'"):
        keras.backend.set_image_data_format('nchw')
    keras.backend.set_image_data_format('channels_first')
    try:
        assert keras.backend.image_data_format() == 'channels_first'
    finally:
        keras.backend.set_image_data_format('channels_last')


def test_get_uid_counts_per_prefix():
    first = keras.backend.get_uid('h1_prefix')
    assert keras.backend.get_uid('h1_prefix') == first + 1


def test_is_keras_tensor_and_source_inputs():
    assert keras.utils.is_keras_tensor(keras.Input((2,)))
    assert not keras.utils.is_keras_tensor(np.ones(2))
    a, b = keras.Input((2,), name='h1_a'), keras.Input((2,), name='h1_b')
    out = keras.layers.Dense(1)(keras.layers.Add()([keras.layers.Dense(2)(b), a]))
    sources = keras.utils.get_source_inputs(out)     # Keras's depth-first order: b (through Dense), then a
    assert len(sources) == 2 and sources[0] is b and sources[1] is a
    assert keras.utils.get_source_inputs(a)[0] is a


def test_config_attributes_freeze_and_suggestions():
    config = keras.utils.Config(learning_rate=0.1)
    config.batch = 32
    assert config['batch'] == 32 and len(config) == 2 and list(config) == ['batch', 'learning_rate']
    assert config.to_json() == '{"learning_rate": 0.1, "batch": 32}'
    config.freeze()
    with pytest.raises(ValueError, match='frozen'):
        config.epochs = 3
    with pytest.raises(AttributeError, match="Did you mean 'learning_rate'"):
        config.learning_rat
    config.unfreeze()
    config.epochs = 3
    assert config.as_dict() == {'learning_rate': 0.1, 'batch': 32, 'epochs': 3}
