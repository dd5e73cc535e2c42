"""load_model of a model compiled with a built-in Loss as a metric (metrics=[keras.losses.Huber()]).

Keras 3 saves such a metric with module 'keras.losses' and its compile_from_config finds the class
by that module, so the loaded model evaluates the same loss as a metric again. tapeflow looked the
entry up among metric classes only: Huber was unknown ('cannot restore the compile arguments'),
and MeanSquaredError / CategoricalCrossentropy became the metric classes, which refuse 'reduction'.

Values: TF 2.21 / Keras 3.15 (/work/notes/progs/kerasio30/p08b_test_values.py).
"""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

X = np.arange(24, dtype='float32').reshape(8, 3) / 10
Y = np.arange(16, dtype='float32').reshape(8, 2) / 7


def _reloaded(tmp_path, metrics):
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer='ones')])
    model.compile(keras.optimizers.SGD(0.1), 'mse', metrics=metrics)
    model.fit(X, Y, epochs=1, verbose=0)
    model.save(tmp_path / 'm.keras')
    return keras.models.load_model(tmp_path / 'm.keras')


@pytest.mark.parametrize('metrics, config, evaluated, history', [
    ([keras.losses.Huber()],
     [{'module': 'keras.losses', 'class_name': 'Huber', 'config': {'name': 'huber_loss', 'reduction': 'sum_over_batch_size'},
       'registered_name': None}],
     {'huber_loss': 0.5076012015342712, 'loss': 1.1531716585159302},
     {'huber_loss': [0.5076012015342712], 'loss': [1.1531716585159302]}),
    ([keras.losses.MeanSquaredError()],
     [{'module': 'keras.losses', 'class_name': 'MeanSquaredError',
       'config': {'name': 'mean_squared_error', 'reduction': 'sum_over_batch_size'}, 'registered_name': None}],
     {'loss': 1.1531716585159302, 'mean_squared_error': 1.1531716585159302},
     {'loss': [1.1531716585159302], 'mean_squared_error': [1.1531716585159302]}),
    ([keras.losses.CategoricalCrossentropy(from_logits=True, name='cce'), 'mae'],
     [{'module': 'keras.losses', 'class_name': 'CategoricalCrossentropy',
       'config': {'name': 'cce', 'reduction': 'sum_over_batch_size', 'from_logits': True, 'label_smoothing': 0.0,
                  'axis': -1}, 'registered_name': None}, 'mae'],
     {'cce': 1.482682228088379, 'loss': 1.1531716585159302, 'mae': 0.8897535800933838},
     {'cce': [1.4826823472976685], 'loss': [1.1531716585159302], 'mae': [0.8897536396980286]}),
], ids=['huber', 'mse', 'cce_and_mae'])
def test_loss_given_as_metric_reloads(tmp_path, metrics, config, evaluated, history):
    back = _reloaded(tmp_path, metrics)
    assert back.get_compile_config()['metrics'] == config
    assert back.evaluate(X, Y, verbose=0, return_dict=True) == evaluated
    assert back.fit(X, Y, epochs=1, verbose=0).history == history
