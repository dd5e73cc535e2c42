"""``framework.keras``: Keras spellings, loaded lazily."""
import subprocess
import sys

import numpy as np
import pytest

import framework


def _run(code):
    return subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, check=True,
                          cwd=str(__import__('pathlib').Path(__file__).resolve().parents[1])).stdout.strip()


def test_import_framework_loads_neither_layers_nor_optim():
    out = _run('import sys, framework; from framework import keras; '
               'print(sorted(m for m in ("layers", "optim") if m in sys.modules))')
    assert out == '[]'


def test_both_import_spellings_give_the_same_module():
    import framework.keras as keras_a
    from framework import keras as keras_b
    assert keras_a is keras_b is framework.keras


@pytest.mark.parametrize('path', [
    'models.Sequential', 'models.Model', 'Sequential', 'Model', 'Input', 'layers.Dense', 'layers.Dropout',
    'optimizers.Adam', 'optimizers.Nadam', 'optimizers.SGD', 'optimizers.schedules.ExponentialDecay',
    'losses.MeanSquaredError', 'losses.mean_squared_error', 'metrics.Mean', 'metrics.MeanAbsoluteError',
    'regularizers.l2', 'initializers.HeNormal', 'activations.elu', 'callbacks.EarlyStopping',
    'callbacks.ModelCheckpoint', 'constraints.MaxNorm', 'utils.set_random_seed', 'utils.to_categorical',
    'utils.unpack_x_y_sample_weight', 'backend.floatx', 'backend.clear_session'])
def test_keras_names_resolve(path):
    value = framework.keras
    for part in path.split('.'):
        value = getattr(value, part)
    assert value is not None


def test_unknown_names_say_what_exists():
    with pytest.raises(AttributeError, match='Dense'):
        framework.keras.layers.Dnese
    with pytest.raises(AttributeError, match='optimizers'):
        framework.keras.optimisers


def test_to_categorical():
    keras = framework.keras
    np.testing.assert_array_equal(keras.utils.to_categorical([[1], [0], [2]]), np.eye(3, dtype=np.float32)[[1, 0, 2]])
    assert keras.utils.to_categorical([0, 1], num_classes=4).shape == (2, 4)
    with pytest.raises(IndexError, match='index 2 is out of bounds for axis 1 with size 2'):     # TF 2.21: IndexError
        keras.utils.to_categorical([0, 2], num_classes=2)


def test_set_random_seed_repeats_python_numpy_and_framework_draws():
    import random
    keras = framework.keras

    def draws():
        keras.utils.set_random_seed(123)
        return random.random(), np.random.rand(), float(framework.random.normal(()).numpy())

    assert draws() == draws()
    with pytest.raises(ValueError, match='integer'):
        keras.utils.set_random_seed(1.5)


def test_backend_settings_and_clear_session():
    keras = framework.keras
    assert keras.backend.floatx() == 'float32' and keras.backend.epsilon() == 1e-7
    keras.backend.clear_session()
    assert keras.layers.Dense(2).name == 'dense'


def test_versions_name_the_apis_followed_and_the_package_its_own():
    # TF 2.21 prints 2.21.0 and 3.15.1 here; notebooks check `version.parse(tf.__version__).release[0] >= 2`
    import configparser
    import pathlib
    import framework as tf
    from framework import keras
    from framework import version
    assert tf.__version__ == tf.version.VERSION == '2.21.0'
    assert keras.__version__ == keras.version() == '3.15.1'
    assert tf.version.GIT_VERSION == 'v2.21.0-tapeflow-' + version.TAPEFLOW_VERSION
    cfg = configparser.ConfigParser()
    cfg.read(pathlib.Path(__file__).resolve().parents[1] / 'setup.cfg')
    assert cfg['metadata']['version'] == 'attr: framework.version.TAPEFLOW_VERSION'


def test_optimizer_submodules_import_with_from_statements():
    # `from tensorflow.keras.optimizers.schedules import ExponentialDecay` after the sed; TF 2.21 imports it,
    # and `...optimizers.legacy import Adam` too. tapeflow's keras.optimizers is a module forwarding to optim.
    import importlib
    from framework.keras.optimizers.schedules import ExponentialDecay
    from framework.keras.optimizers.legacy import Adam  # noqa: F401
    from framework import keras
    assert ExponentialDecay is keras.optimizers.schedules.ExponentialDecay
    assert importlib.import_module('framework.keras.optimizers.schedules') is keras.optimizers.schedules
    import pytest
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module('framework.keras.optimizers.nothing')
