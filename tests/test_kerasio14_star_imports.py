"""`from keras.layers import *` (and the other forwarded Keras namespaces) binds Keras's names.

keras.io's timeseries/dimension_adaptive_neural_architecture starts with
`from tensorflow.keras.layers import *` and then calls Input, Conv2D, LSTM, Dropout and Dense.
The forwarding modules (framework/keras/_forward.py) answered no `__all__`, so the star import bound
only the module's own global `forward`, and the example died with NameError: name 'Input'.

Golden name lists: `from keras.<ns> import *` under TF 2.21 + Keras 3.15 (/opt/tfref), names not
starting with '__' (probe /work/notes/progs/kerasio14/star_tf.py).
"""
import types

import pytest

# Keras 3.15's star-import names, from the probe above
CONFIG = ['backend', 'disable_flash_attention', 'disable_interactive_logging', 'disable_traceback_filtering',
          'dtype_policy', 'enable_flash_attention', 'enable_interactive_logging', 'enable_traceback_filtering',
          'enable_unsafe_deserialization', 'epsilon', 'floatx', 'image_data_format', 'is_flash_attention_enabled',
          'is_interactive_logging_enabled', 'is_nnx_enabled', 'is_traceback_filtering_enabled', 'max_epochs',
          'max_steps_per_epoch', 'set_backend', 'set_dtype_policy', 'set_epsilon', 'set_floatx',
          'set_image_data_format', 'set_max_epochs', 'set_max_steps_per_epoch']
MODELS = ['Model', 'Sequential', 'clone_model', 'load_model', 'model_from_json', 'save_model']
OPTIMIZERS = ['Adadelta', 'Adafactor', 'Adagrad', 'Adam', 'AdamW', 'Adamax', 'Ftrl', 'Lamb', 'Lion',
              'LossScaleOptimizer', 'MultiOptimizer', 'Muon', 'Nadam', 'Optimizer', 'OptimizerMap', 'RMSprop',
              'SGD', 'ScheduleFreeAdamW', 'deserialize', 'get', 'legacy', 'schedules', 'serialize']
REGULARIZERS = ['L1', 'L1L2', 'L2', 'OrthogonalRegularizer', 'Regularizer', 'deserialize', 'get', 'l1',
                'l1_l2', 'l2', 'orthogonal_regularizer', 'serialize']


def star(namespace):
    scope = {}
    exec('from framework.keras.%s import *' % namespace, scope)
    return {name: value for name, value in scope.items() if not name.startswith('__')}


def test_layers_star_import_binds_the_layers_the_example_uses():
    from framework import keras
    names = star('layers')
    for name in ('Input', 'Conv2D', 'LSTM', 'Dropout', 'Dense', 'Layer', 'InputSpec', 'TextVectorization'):
        assert names[name] is getattr(keras.layers, name)
    assert 'forward' not in names           # the forwarding module's own helper is not Keras's
    # tapeflow's submodules of `layers` (layers.initializers, ...) are not in Keras's namespace
    assert not [name for name, value in names.items() if isinstance(value, types.ModuleType)]


def test_star_import_from_tensorflow_keras_layers_runs_a_functional_model():
    import numpy as np
    scope = {}
    exec('from framework.keras.layers import *\n'
         'inp = Input((4,))\n'
         'out = Dense(2, activation="softmax")(Dropout(0.5)(inp))\n', scope)
    from framework import keras
    model = keras.Model(scope['inp'], scope['out'])
    assert model.predict(np.ones((3, 4), np.float32), verbose=0).shape == (3, 2)


@pytest.mark.parametrize('namespace, golden', [
    ('config', CONFIG), ('models', MODELS), ('optimizers', OPTIMIZERS), ('regularizers', REGULARIZERS)])
def test_star_import_names_are_keras_names(namespace, golden):
    assert sorted(star(namespace)) == golden


def test_config_star_import_leaves_out_backend_functions():
    names = star('config')
    assert 'abs' not in names and 'Variable' not in names     # reachable as attributes, not star-bound
    from framework import keras
    assert names['floatx'] is keras.config.floatx
    assert keras.config.floatx() == 'float32'


def test_optimizers_star_import_keeps_the_schedules_submodule():
    names = star('optimizers')
    assert isinstance(names['schedules'], types.ModuleType)
    assert hasattr(names['schedules'], 'ExponentialDecay')


@pytest.mark.parametrize('namespace', ['activations', 'callbacks', 'constraints', 'initializers', 'losses',
                                       'metrics', 'saving'])
def test_other_forwarded_namespaces_bind_their_keras_names(namespace):
    # a few names each, all in Keras 3.15's star import (probe above)
    expected = {'activations': ['relu', 'softmax', 'get'], 'callbacks': ['EarlyStopping', 'Callback'],
                'constraints': ['MaxNorm', 'NonNeg'], 'initializers': ['GlorotUniform', 'he_normal'],
                'losses': ['MeanSquaredError', 'binary_crossentropy'], 'metrics': ['AUC', 'Mean'],
                'saving': ['load_model', 'register_keras_serializable']}[namespace]
    names = star(namespace)
    assert set(expected) <= set(names)
    assert 'forward' not in names
    assert not [n for n, v in names.items() if isinstance(v, types.ModuleType)]


# tf.keras 2.21's star-import names (probe /work/notes/progs/kerasio14/star_tfk.py, `from tensorflow.keras.X import *`)
PREPROCESSING = ['image', 'image_dataset_from_directory', 'sequence', 'text', 'text_dataset_from_directory',
                 'timeseries_dataset_from_array']
DATASETS = ['boston_housing', 'california_housing', 'cifar10', 'cifar100', 'fashion_mnist', 'imdb', 'mnist',
            'reuters']


def test_utils_star_import_binds_the_lazy_names_too():
    names = star('utils')
    assert len(names) == 40          # Keras 3.15's keras.utils star import binds 40 names
    from framework import keras
    for name in ('to_categorical', 'pad_sequences', 'set_random_seed', 'get_file', 'PyDataset', 'FeatureSpace',
                 'timeseries_dataset_from_array', 'plot_model', 'register_keras_serializable'):
        assert names[name] is getattr(keras.utils, name)
    assert 'np' not in names and 'Tensor' not in names     # tapeflow's own imports stay out


@pytest.mark.parametrize('namespace, golden', [('preprocessing', PREPROCESSING), ('datasets', DATASETS)])
def test_preprocessing_and_datasets_star_import(namespace, golden):
    assert sorted(star(namespace)) == golden


def test_applications_star_import_binds_the_models_not_importlib():
    names = star('applications')
    assert len(names) == 57          # Keras 3.15: model functions + their modules
    assert callable(names['MobileNetV2']) and isinstance(names['resnet50'], types.ModuleType)
    assert 'importlib' not in names


def test_keras_star_import_binds_the_top_level_names():
    # `from tensorflow.keras import *` under TF 2.21 binds 52 names (probe star_top.json); tapeflow has all but
    # its five namespaces it does not implement (distillation, distribution, quantizers, Quantizer,
    # visualization), plus keras.saving (Keras 3's own `from keras import *` binds it)
    scope = {}
    exec('from framework.keras import *', scope)
    names = {name for name in scope if not name.startswith('__')}
    from framework import keras
    for name in ('layers', 'models', 'optimizers', 'utils', 'Input', 'Model', 'Sequential', 'Layer', 'Variable',
                 'version', 'device', 'ops', 'backend'):
        assert scope[name] is getattr(keras, name)
    assert 'importlib' not in names and 'InputLayer' not in names      # keras.InputLayer is not a Keras name
    assert len(names) == 48


def test_mixed_precision_star_import_binds_keras_names_only():
    # Keras 3.15 / tf.keras 2.21: these seven (probe star_top.json 'mp')
    names = star('mixed_precision')
    assert sorted(names) == ['DTypePolicy', 'LossScaleOptimizer', 'Policy', 'dtype_policy', 'global_policy',
                             'set_dtype_policy', 'set_global_policy']
    from framework import keras
    assert names['LossScaleOptimizer'] is keras.optimizers.LossScaleOptimizer
