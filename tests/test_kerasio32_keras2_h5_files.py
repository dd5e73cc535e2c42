"""A .h5 file as tf.keras 2.15 saved it (Sequential with an InputLayer, a first Dense carrying
'batch_input_shape', Adam's config with 'jit_compile' and 'is_legacy_optimizer'), loaded as TF 2.21 /
Keras 3.15 loads it: the Dense's batch_input_shape becomes its input_shape, whose warning Keras gives;
with compile=True Keras builds the Adam from the saved keywords and fails ('Argument(s) not
recognized'); tapeflow loaded it and failed only at fit ('Unknown variable')."""
import json
import warnings

import h5py
import numpy as np
import pytest

import framework as tf  # noqa: F401
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')      # one value is a small matmul's


def _dense(name, units, activation, **extra):
    return {'class_name': 'Dense', 'config': dict(
        {'name': name, 'trainable': True, 'dtype': 'float32', 'units': units, 'activation': activation,
         'use_bias': True, 'kernel_initializer': {'class_name': 'GlorotUniform', 'config': {'seed': None}},
         'bias_initializer': {'class_name': 'Zeros', 'config': {}}, 'kernel_regularizer': None,
         'bias_regularizer': None, 'activity_regularizer': None, 'kernel_constraint': None,
         'bias_constraint': None}, **extra)}


def _keras2_file(path, optimizer_config=None):
    config = {'class_name': 'Sequential', 'config': {'name': 'sequential', 'layers': [
        {'class_name': 'InputLayer', 'config': {'batch_input_shape': [None, 4], 'dtype': 'float32', 'sparse': False,
                                                'ragged': False, 'name': 'dense_input'}},
        _dense('dense', 3, 'relu', batch_input_shape=[None, 4]),
        _dense('dense_1', 1, 'sigmoid')]}}
    rng = np.random.default_rng(0)
    weights = {'dense': [('dense/kernel:0', rng.normal(size=(4, 3)).astype('f4')),
                         ('dense/bias:0', rng.normal(size=3).astype('f4'))],
               'dense_1': [('dense_1/kernel:0', rng.normal(size=(3, 1)).astype('f4')),
                           ('dense_1/bias:0', np.array([0.1], 'f4'))]}
    with h5py.File(path, 'w') as f:
        f.attrs['backend'] = 'tensorflow'
        f.attrs['keras_version'] = '2.15.0'
        f.attrs['model_config'] = json.dumps(config)
        if optimizer_config is not None:
            f.attrs['training_config'] = json.dumps({'loss': 'binary_crossentropy', 'metrics': None,
                                                     'weighted_metrics': None, 'loss_weights': None,
                                                     'optimizer_config': optimizer_config})
        group = f.create_group('model_weights')
        group.attrs['layer_names'] = np.array([b'dense', b'dense_1'])
        for name, arrays in weights.items():
            layer = group.create_group(name)
            layer.attrs['weight_names'] = np.array([n.encode() for n, _ in arrays])
            for n, value in arrays:
                layer.create_dataset(n, data=value)


_ADAM_2_15 = {'class_name': 'Adam', 'config': {
    'name': 'Adam', 'weight_decay': None, 'clipnorm': None, 'global_clipnorm': None, 'clipvalue': None,
    'use_ema': False, 'ema_momentum': 0.99, 'ema_overwrite_frequency': None, 'jit_compile': False,
    'is_legacy_optimizer': False, 'learning_rate': 0.0010000000474974513, 'beta_1': 0.9, 'beta_2': 0.999,
    'epsilon': 1e-07, 'amsgrad': False}}

_INPUT_SHAPE_WARNING = ('Do not pass an `input_shape`/`input_dim` argument to a layer. When using Sequential models, '
                        'prefer using an `Input(shape)` object as the first layer in the model instead.')


def _load(path, **kwargs):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model = keras.models.load_model(path, **kwargs)
    return model, [str(w.message) for w in caught]


def test_uncompiled_keras2_file_loads_with_the_input_shape_warning(tmp_path):
    _keras2_file(tmp_path / 'k2.h5')
    model, messages = _load(tmp_path / 'k2.h5')
    assert messages == [_INPUT_SHAPE_WARNING]
    assert [layer.name for layer in model.layers] == ['dense', 'dense_1']
    x = np.random.default_rng(1).normal(size=(8, 4)).astype('float32')
    # TF 2.21's predictions for this file
    np.testing.assert_allclose(model.predict(x, verbose=0).ravel()[:4], [0.46781373023986816, 0.5249792337417603, 0.5249792337417603,
                                                                   0.5249792337417603], rtol=1e-6)


def test_keras_2_15_adam_config_refused_as_keras_3_refuses_it(tmp_path):
    _keras2_file(tmp_path / 'k2.h5', _ADAM_2_15)
    with pytest.raises(ValueError) as caught:
        keras.models.load_model(tmp_path / 'k2.h5')
    assert str(caught.value) == "Argument(s) not recognized: {'jit_compile': False, 'is_legacy_optimizer': False}"
    assert type(caught.value).__name__ == 'ValueError'


def test_keras_2_2_lr_config_refused_after_the_decay_warning(tmp_path):
    _keras2_file(tmp_path / 'old.h5', {'class_name': 'Adam', 'config': {'lr': 0.01, 'decay': 0.0, 'beta_1': 0.9}})
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter('always')
        with pytest.raises(ValueError) as caught:
            keras.models.load_model(tmp_path / 'old.h5')
    assert str(caught.value) == "Argument(s) not recognized: {'lr': 0.01}"
    assert 'Argument `decay` is no longer supported and will be ignored.' in [str(w.message) for w in seen]


def test_compile_false_loads_and_trains(tmp_path):
    _keras2_file(tmp_path / 'k2.h5', _ADAM_2_15)
    model, _ = _load(tmp_path / 'k2.h5', compile=False)
    model.compile('adam', 'binary_crossentropy')
    x = np.random.default_rng(1).normal(size=(8, 4)).astype('float32')
    history = model.fit(x, (x[:, :1] > 0).astype('float32'), epochs=1, verbose=0)
    assert np.isfinite(history.history['loss'][0])


def test_keras_2_10_config_without_the_new_keys_still_compiles(tmp_path):
    _keras2_file(tmp_path / 'k2.h5', {'class_name': 'Adam', 'config': {
        'name': 'Adam', 'learning_rate': 0.001, 'decay': 0.0, 'beta_1': 0.9, 'beta_2': 0.999, 'epsilon': 1e-07,
        'amsgrad': False}})
    model, messages = _load(tmp_path / 'k2.h5')
    assert type(model.optimizer).__name__ == 'Adam'
    assert 'Argument `decay` is no longer supported and will be ignored.' in messages
