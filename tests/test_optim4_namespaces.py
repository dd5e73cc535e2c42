"""keras.optimizers.legacy and keras.mixed_precision.LossScaleOptimizer as TensorFlow 2.21 serves them
(checked against /work/notes/progs/optim4/legacy.py run on TF 2.21 / Keras 3.15)."""
import pytest

import framework as tf
from framework import keras


def test_legacy_names_are_one_class_that_refuses_to_be_made():
    legacy = keras.optimizers.legacy
    assert sorted(n for n in dir(legacy) if not n.startswith('_')) == \
        ['Adagrad', 'Adam', 'Ftrl', 'Optimizer', 'RMSprop', 'SGD']
    assert legacy.Adam is legacy.SGD and legacy.Adam.__name__ == 'LegacyOptimizerWarning'
    with pytest.raises(ImportError, match='`keras.optimizers.legacy` is not supported in Keras 3.*tf_keras'):
        tf.keras.optimizers.legacy.Adam(0.1)
    assert 'legacy' in dir(keras.optimizers)


def test_mixed_precision_serves_the_loss_scale_optimizer():
    assert keras.mixed_precision.LossScaleOptimizer is keras.optimizers.LossScaleOptimizer
    opt = keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.1))
    assert opt.get_config()['initial_scale'] == 32768.0
    with pytest.raises(AttributeError, match="module 'keras.mixed_precision' has no attribute 'NoSuchThing'"):
        keras.mixed_precision.NoSuchThing
