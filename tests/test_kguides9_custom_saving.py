"""The customizing-saving guide's hooks as Keras 3 runs them (goldens: TF 2.21 + Keras 3 on the
guide's code): a model's own get_compile_config / compile_from_config, a custom compile
without them, a load_own_variables that raises, a Keras variable assigned another shape.
"""
import json
import warnings
import zipfile

import numpy as np
import pytest

from framework import keras


@pytest.fixture
def registry():
    objects = keras.saving.get_custom_objects()
    before = dict(objects)
    yield
    objects.clear()
    objects.update(before)


def _custom_compile_model(with_hooks):
    @keras.saving.register_keras_serializable(package='kg9_pkg')
    def small_square_sum_loss(y_true, y_pred):
        return keras.ops.sum(keras.ops.square(y_pred - y_true) / 10.0, axis=1)

    class ModelWithCustomCompile(keras.Model):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.dense1 = keras.layers.Dense(8, activation='relu')
            self.dense2 = keras.layers.Dense(4, activation='softmax')

        def call(self, inputs):
            return self.dense2(self.dense1(inputs))

        def compile(self, optimizer, loss_fn, metrics):
            super().compile(optimizer=optimizer, loss=loss_fn, metrics=metrics)
            self.model_optimizer, self.loss_fn, self.loss_metrics = optimizer, loss_fn, metrics

    if with_hooks:
        def get_compile_config(self):
            return {'model_optimizer': self.model_optimizer, 'loss_fn': self.loss_fn, 'metric': self.loss_metrics}

        def compile_from_config(self, config):
            self.compile(optimizer=keras.utils.deserialize_keras_object(config['model_optimizer']),
                         loss_fn=keras.utils.deserialize_keras_object(config['loss_fn']),
                         metrics=keras.utils.deserialize_keras_object(config['metric']))
        ModelWithCustomCompile.get_compile_config = get_compile_config
        ModelWithCustomCompile.compile_from_config = compile_from_config
    registered = keras.saving.register_keras_serializable(package='kg9_pkg')(ModelWithCustomCompile)
    model = registered()
    model.compile(optimizer='SGD', loss_fn=small_square_sum_loss, metrics=['accuracy'])
    model.fit(np.random.RandomState(0).rand(4, 8), np.random.RandomState(1).rand(4), verbose=0)
    return model, small_square_sum_loss


def test_a_models_own_compile_hooks_write_and_read_the_compile_config(registry, tmp_path):
    model, loss = _custom_compile_model(with_hooks=True)
    path = str(tmp_path / 'm.keras')
    model.save(path)
    config = json.loads(zipfile.ZipFile(path).read('config.json'))
    # TF 2.21 writes what get_compile_config returned, values serialized
    assert config['compile_config'] == {
        'model_optimizer': 'SGD',
        'loss_fn': {'module': 'builtins', 'class_name': 'function', 'config': 'kg9_pkg>small_square_sum_loss',
                    'registered_name': 'function'},
        'metric': ['accuracy']}
    restored = keras.models.load_model(path)      # was TypeError: compile() got an unexpected keyword 'loss'
    assert restored.model_optimizer == 'SGD' and restored.loss_fn is loss and restored.loss_metrics == ['accuracy']


def test_a_custom_compile_without_hooks_is_skipped_with_keras_warning(registry, tmp_path):
    model, _ = _custom_compile_model(with_hooks=False)
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        restored = keras.models.load_model(path)
    assert any(str(w.message).startswith("`compile()` was not called as part of model loading because the model's "
                                         '`compile()` method is custom.') for w in caught)
    assert not restored.compiled


def test_a_keras_variable_assigned_another_shape_says_so_as_keras():
    variable = keras.Variable(np.ones((1,)), name='my_variable', dtype='float32')
    with pytest.raises(ValueError) as caught:
        variable.assign(np.zeros((10, 1)))
    assert str(caught.value) == ('The shape of the target variable and the shape of the target value in '
                                 '`variable.assign(value)` must match. variable.shape=(1,), Received: '
                                 'value.shape=(10, 1). Target variable: <Variable path=my_variable, shape=(1,), '
                                 'dtype=float32, value=[1.]>')


def test_a_failing_load_own_variables_is_collected_as_keras_does(registry, tmp_path):
    class Own(keras.layers.Dense):
        def load_own_variables(self, store):
            raise KeyError('boom')

    keras.saving.register_keras_serializable(package='kg9_pkg')(Own)
    model = keras.Sequential([keras.Input((3,)), Own(2, name='own'), keras.layers.Dense(1)])
    path = str(tmp_path / 'm.keras')
    model.save(path)
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(path)
    assert str(caught.value) == ("A total of 1 objects could not be loaded. Example error message for object "
                                 "<Own name=own, built=True>:\n\n'boom'\n\nList of objects that could not be loaded:\n"
                                 "[<Own name=own, built=True>]")
