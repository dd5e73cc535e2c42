"""``[name for name in dir(keras.initializers) if not name.startswith('_')]`` and friends (Hands-On ML
chapter 11 prints such lists) give Keras 3.15's names, not tapeflow's imports.

Golden lists printed by TensorFlow 2.21 + Keras 3.15 (``from tensorflow import keras``).
keras.callbacks also has OrbaxCheckpoint there (it needs orbax); tapeflow has none, so that one
name is left out of the comparison.
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
CALLBACKS = ['BackupAndRestore', 'CSVLogger', 'Callback', 'CallbackList', 'EarlyStopping', 'History', 'LambdaCallback',
             'LearningRateScheduler', 'ModelCheckpoint', 'ProgbarLogger', 'ReduceLROnPlateau', 'RemoteMonitor',
             'SwapEMAWeights', 'TensorBoard', 'TerminateOnNaN']


@pytest.mark.parametrize('module, names', [
    (lambda: keras.regularizers, REGULARIZERS), (lambda: keras.constraints, CONSTRAINTS),
    (lambda: keras.optimizers.schedules, SCHEDULES), (lambda: keras.initializers, INITIALIZERS),
    (lambda: keras.callbacks, CALLBACKS),
])
def test_public_names_are_kerass(module, names):
    listed = [name for name in dir(module()) if not name.startswith('_')]
    assert listed == names
    assert all(hasattr(module(), name) for name in names)


def test_unlisted_helpers_stay_reachable():
    assert callable(keras.initializers.compute_fans) and keras.callbacks.MonitorCallback
