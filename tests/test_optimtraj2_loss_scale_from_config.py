"""LossScaleOptimizer.from_config consumes the caller's dict as Keras 3.15 does.

Keras pops 'inner_optimizer' from the config it is given, so the same dict
cannot be read twice (TF 2.21 / Keras 3.15: KeyError 'inner_optimizer').
"""
import pytest

from framework import keras


def test_from_config_pops_the_inner_optimizer_from_the_given_dict():
    optimizer = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.05))
    config = optimizer.get_config()
    restored = keras.optimizers.LossScaleOptimizer.from_config(config)
    assert sorted(config) == ['dynamic_growth_steps', 'initial_scale', 'name']
    assert restored.get_config()['inner_optimizer']['class_name'] == 'SGD'
    with pytest.raises(KeyError, match="'inner_optimizer'"):
        keras.optimizers.LossScaleOptimizer.from_config(config)
