"""Compile arguments in saved files after training, spelled as TF 2.21 / Keras 3.15 writes them.

Golden dicts below were read from files TF 2.21 wrote for the same programs
(``model.save('m.keras')`` / ``model.save('m.h5')`` after compile + fit), via
``zipfile`` (config.json's 'compile_config') and ``h5py`` (the 'training_config' attribute).
"""
import json
import zipfile

import h5py
import numpy as np

from framework import keras
from framework.keras import saving


@saving.register_keras_serializable(package='sf2cc')
def squared_error(y, p):
    return keras.ops.mean(keras.ops.square(y - p), axis=-1)


def _trained(loss, metrics):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(optimizer='adam', loss=loss, metrics=metrics)
    model.fit(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0)
    return model


def _saved_configs(model, tmp_path):
    model.save(tmp_path / 'm.keras')
    model.save(tmp_path / 'm.h5')
    compiled = json.loads(zipfile.ZipFile(tmp_path / 'm.keras').read('config.json'))['compile_config']
    with h5py.File(tmp_path / 'm.h5', 'r') as f:
        training = json.loads(f.attrs['training_config'])
    return compiled, training


def test_loss_configs_leave_out_what_keras_leaves_out():
    # TF 2.21: Huber(0.5).get_config(), CosineSimilarity(axis=1).get_config(),
    # SparseCategoricalCrossentropy(from_logits=True, ignore_class=0).get_config()
    assert keras.losses.Huber(delta=0.5).get_config() == {'name': 'huber_loss', 'reduction': 'sum_over_batch_size'}
    assert keras.losses.CosineSimilarity(axis=1).get_config() == {'name': 'cosine_similarity',
                                                                  'reduction': 'sum_over_batch_size'}
    assert keras.losses.SparseCategoricalCrossentropy(from_logits=True, ignore_class=0).get_config() == {
        'from_logits': True, 'ignore_class': 0, 'name': 'sparse_categorical_crossentropy',
        'reduction': 'sum_over_batch_size'}
    # so a Huber loss loads back with delta 1.0, on TF as here
    reloaded = keras.losses.Huber.from_config(keras.losses.Huber(delta=0.5).get_config())
    np.testing.assert_allclose(float(reloaded(np.array([[0.0]]), np.array([[2.0]]))), 1.5)


def test_functions_are_spelled_as_keras_spells_them(tmp_path):
    compiled, training = _saved_configs(_trained(squared_error, [keras.metrics.mean_absolute_error, 'mse']),
                                        tmp_path)
    # TF 2.21, .keras: a plain function goes through the public class 'function' of module 'builtins'
    assert compiled['loss'] == {'class_name': 'function', 'config': 'sf2cc>squared_error', 'module': 'builtins',
                                'registered_name': 'function'}
    assert compiled['metrics'] == [{'class_name': 'function', 'config': 'mean_absolute_error',
                                    'module': 'builtins', 'registered_name': 'function'}, 'mse']
    # TF 2.21, .h5: Keras 2's spelling, the bare (registered) name
    assert training['loss'] == 'sf2cc>squared_error'
    assert training['metrics'] == ['mean_absolute_error', 'mse']


def test_objects_in_h5_files_have_no_module(tmp_path):
    compiled, training = _saved_configs(
        _trained(keras.losses.Huber(0.3), [keras.metrics.MeanSquaredError(name='m')]), tmp_path)
    assert compiled['loss'] == {'class_name': 'Huber', 'config': {'name': 'huber_loss',
                                                                  'reduction': 'sum_over_batch_size'},
                                'module': 'keras.losses', 'registered_name': None}
    # TF 2.21's training_config for the same compile
    assert training['loss'] == {'class_name': 'Huber', 'config': {'name': 'huber_loss',
                                                                  'reduction': 'sum_over_batch_size'}}
    assert training['metrics'] == [{'class_name': 'MeanSquaredError', 'config': {'dtype': 'float32', 'name': 'm'}}]


def test_function_metrics_load_back_from_keras_files(tmp_path):
    model = _trained(squared_error, [keras.metrics.mean_absolute_error, 'mse'])
    model.save(tmp_path / 'm.keras')
    loaded = keras.models.load_model(tmp_path / 'm.keras')
    logs = loaded.evaluate(np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32'), verbose=0, return_dict=True)
    # TF 2.21 names the evaluated logs of this file so
    assert sorted(logs) == ['loss', 'mean_absolute_error', 'mse']
    assert loaded.loss is squared_error


def test_h5_loading_looks_metric_names_up(tmp_path):
    # TF 2.21 continuing from the .h5 file logs 'mae' as 'mean_absolute_error' and loss
    # 'binary_crossentropy' becomes the function; the .keras file keeps the strings.
    model = _trained('binary_crossentropy', ['mae', 'accuracy'])
    model.save(tmp_path / 'm.keras')                 # first: an .h5 save takes the optimizer argument
    model.save(tmp_path / 'm.h5')
    x, y = np.ones((4, 3), 'float32'), np.ones((4, 1), 'float32')
    from_h5 = keras.models.load_model(tmp_path / 'm.h5')
    from_keras = keras.models.load_model(tmp_path / 'm.keras')
    assert sorted(from_h5.evaluate(x, y, verbose=0, return_dict=True)) == ['accuracy', 'loss',
                                                                          'mean_absolute_error']
    assert sorted(from_keras.evaluate(x, y, verbose=0, return_dict=True)) == ['accuracy', 'loss', 'mae']
    assert from_h5.loss is keras.losses.binary_crossentropy and from_keras.loss == 'binary_crossentropy'


@saving.register_keras_serializable(package='sf2cc')
class ScaledLoss(keras.losses.Loss):
    def call(self, y, p):
        return 2.0 * keras.ops.mean(keras.ops.square(y - p), axis=-1)


def test_a_registered_loss_class_carries_its_own_module(tmp_path):
    # TF 2.21 writes the class's module (None when it is __main__), not 'keras.losses'
    compiled, training = _saved_configs(_trained(ScaledLoss(), []), tmp_path)
    assert compiled['loss'] == {'class_name': 'ScaledLoss', 'config': {'name': 'scaled_loss',
                                                                       'reduction': 'sum_over_batch_size'},
                                'module': ScaledLoss.__module__, 'registered_name': 'sf2cc>ScaledLoss'}
    assert training['loss'] == {'class_name': 'sf2cc>ScaledLoss', 'config': {'name': 'scaled_loss',
                                                                            'reduction': 'sum_over_batch_size'}}


def test_get_compile_config_is_serialized_and_compile_from_config_takes_it():
    # TF 2.21: json.dumps(model.get_compile_config(), sort_keys=True) for these compiles
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile('adam', 'mse', metrics=['mae'])
    config = model.get_compile_config()
    assert config['optimizer']['class_name'] == 'Adam' and config['optimizer']['module'] == 'keras.optimizers'
    assert (config['loss'], config['metrics'], config['run_eagerly'], config['jit_compile']) == ('mse', ['mae'],
                                                                                                  False, False)
    model.compile(keras.optimizers.SGD(0.1), keras.losses.Huber(), metrics=[keras.metrics.mean_absolute_error])
    config = model.get_compile_config()
    assert config['metrics'] == [{'class_name': 'function', 'config': 'mean_absolute_error', 'module': 'builtins',
                                  'registered_name': 'function'}]
    json.dumps(config)
    other = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    other.compile_from_config(config)
    assert type(other.optimizer).__name__ == 'SGD' and np.float32(other.optimizer.learning_rate.numpy()) == 0.1
    assert len(other.optimizer.variables) == 2 and type(other.loss).__name__ == 'Huber'
    logs = other.evaluate(np.ones((2, 3), 'float32'), np.ones((2, 1), 'float32'), verbose=0, return_dict=True)
    assert sorted(logs) == ['loss', 'mean_absolute_error']
