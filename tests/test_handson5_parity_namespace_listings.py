"""``[name for name in dir(keras.initializers) if not name.startswith('_')]`` and friends (Hands-On ML
chapter 11 prints such lists) give Keras 3.15's names, not tapeflow's imports.

Golden lists printed by TensorFlow 2.21 + Keras 3.15 (``from tensorflow import keras``).
keras.callbacks' OrbaxCheckpoint (it needs orbax) is tapeflow's refusal in Keras's words (kerasio43).
"""
import pytest

from framework import keras

REGULARIZERS = ['L1', 'L1L2', 'L2', 'OrthogonalRegularizer', 'Regularizer', 'deserialize', 'get', 'l1', 'l1_l2', 'l2',
                'orthogonal_regularizer', 'serialize']
CONSTRAINTS = ['Constraint', 'MaxNorm', 'MinMaxNorm', 'NonNeg', 'UnitNorm', 'deserialize', 'get', 'max_norm',
               'min_max_norm', 'non_neg', 'serialize', 'unit_norm']
SCHEDULES = ['CosineDecay', 'CosineDecayRestarts', 'ExponentialDecay', 'InverseTimeDecay', 'LearningRateSchedule',
             'PiecewiseConstantDecay', 'PolynomialDecay', 'deserialize', 'serialize']
INITIALIZERS = ['Constant', 'GlorotNormal', 'GlorotUniform', 'HeNormal', 'HeUniform', 'Identity', 'IdentityInitializer',
                'Initializer', 'LecunNormal', 'LecunUniform', 'Ones', 'Orthogonal', 'OrthogonalInitializer',
                'RandomNormal', 'RandomUniform', 'STFT', 'STFTInitializer', 'TruncatedNormal', 'VarianceScaling', 'Zeros',
                'constant', 'deserialize', 'get', 'glorot_normal', 'glorot_uniform', 'he_normal', 'he_uniform',
                'identity', 'lecun_normal', 'lecun_uniform', 'ones', 'orthogonal', 'random_normal', 'random_uniform',
                'serialize', 'stft', 'truncated_normal', 'variance_scaling', 'zeros']
MODELS = ['Model', 'Sequential', 'clone_model', 'load_model', 'model_from_json', 'save_model']
RANDOM = ['SeedGenerator', 'beta', 'binomial', 'categorical', 'dropout', 'gamma', 'normal', 'randint', 'shuffle',
          'truncated_normal', 'uniform']
UTILS = ['Config', 'CustomObjectScope', 'FeatureSpace', 'Progbar', 'PyDataset', 'Sequence', 'array_to_img',
         'audio_dataset_from_directory', 'bounding_boxes', 'clear_session', 'custom_object_scope',
         'deserialize_keras_object', 'disable_interactive_logging', 'enable_interactive_logging', 'get_custom_objects',
         'get_file', 'get_registered_name', 'get_registered_object', 'get_source_inputs', 'image_dataset_from_directory',
         'img_to_array', 'is_interactive_logging_enabled', 'is_keras_tensor', 'legacy', 'load_img', 'model_to_dot',
         'normalize',
         'pack_x_y_sample_weight', 'pad_sequences', 'plot_model', 'register_keras_serializable', 'save_img',
         'serialize_keras_object', 'set_random_seed', 'split_dataset', 'standardize_dtype',
         'text_dataset_from_directory', 'timeseries_dataset_from_array', 'to_categorical', 'unpack_x_y_sample_weight']
CALLBACKS = ['BackupAndRestore', 'CSVLogger', 'Callback', 'CallbackList', 'EarlyStopping', 'History', 'LambdaCallback',
             'LearningRateScheduler', 'ModelCheckpoint', 'OrbaxCheckpoint', 'ProgbarLogger', 'ReduceLROnPlateau',
             'RemoteMonitor', 'SwapEMAWeights', 'TensorBoard', 'TerminateOnNaN']


@pytest.mark.parametrize('module, names', [
    (lambda: keras.regularizers, REGULARIZERS), (lambda: keras.constraints, CONSTRAINTS),
    (lambda: keras.optimizers.schedules, SCHEDULES), (lambda: keras.initializers, INITIALIZERS),
    (lambda: keras.callbacks, CALLBACKS), (lambda: keras.models, MODELS), (lambda: keras.random, RANDOM),
    (lambda: keras.utils, UTILS),
])
def test_public_names_are_kerass(module, names):
    listed = [name for name in dir(module()) if not name.startswith('_')]
    assert listed == names
    assert all(hasattr(module(), name) for name in names)


def test_unlisted_helpers_stay_reachable():
    assert callable(keras.initializers.compute_fans) and keras.callbacks.MonitorCallback
    assert keras.models.Sequential and callable(keras.utils.to_categorical) and callable(keras.random.normal)
