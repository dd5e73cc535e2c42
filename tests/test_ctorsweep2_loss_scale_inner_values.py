"""LossScaleOptimizer given something other than an optimizer. None, a string, a number or a tuple: Python's
AttributeError from setting loss_scale_factor on it, as TF 2.21 (tapeflow adds a note naming the argument). A list
or a dict: TF 2.21 takes it (Keras tracks it in a container that takes the attribute) and fails at the first use
("'TrackedList' object has no attribute 'build'"); tapeflow refuses it when made, a TypeError naming the argument."""
import pytest

import framework as tf
from framework import keras

# under TF 2.21 (progs/epyc1/cmp.sh) only the shared behaviour is checked
tapeflow_only = pytest.mark.skipif(tf.__name__ == 'tensorflow', reason='TF 2.21 makes it and fails at first use')


@pytest.mark.parametrize('value, kind', [(None, 'NoneType'), ('abc', 'str'), (-1, 'int'), (1.5, 'float'),
                                         ((1, 2), 'tuple')])
def test_non_optimizers_are_python_attribute_errors(value, kind):
    # TF 2.21: "'NoneType' object has no attribute 'loss_scale_factor'" (and so on)
    with pytest.raises(AttributeError) as info:
        keras.optimizers.LossScaleOptimizer(value)
    assert str(info.value) == "'%s' object has no attribute 'loss_scale_factor'" % kind


@tapeflow_only
@pytest.mark.parametrize('value', [[1, 2], {'a': 1}, []])
def test_list_or_dict_refused_when_made(value):
    with pytest.raises(TypeError) as info:
        keras.optimizers.LossScaleOptimizer(value)
    assert str(info.value) == 'LossScaleOptimizer: `inner_optimizer` must be an Optimizer, got %s %r' % (
        type(value).__name__, value)


def test_an_optimizer_is_taken():
    opt = keras.optimizers.LossScaleOptimizer(keras.optimizers.SGD(0.5))
    assert float(opt.learning_rate) == 0.5
    assert opt.inner_optimizer.loss_scale_factor is None
