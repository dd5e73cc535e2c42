"""Targets keyed otherwise than a dict-output model's outputs, as Keras 3.15 (TF 2.21) takes them.

Golden texts: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) evaluating a model with outputs {'b', 'a'}
(in that order) on dicts of targets. Keras reconciles targets keyed otherwise than the outputs only when
they are as many as the losses that are not None; other counts are its ValueError showing both structures
with '*' leaves, each in its own key order (tapeflow raised a KeyError, or ignored extra keys, before).
"""
import numpy as np
import pytest

from framework import keras


def _evaluate(loss, targets):
    rs = np.random.RandomState(0)
    x = rs.normal(size=(30, 4)).astype('float32')
    y = {'a': x[:, :1] * 2, 'b': (x[:, 1:2] > 0).astype('float32'), 'c': x[:, :1]}
    keras.utils.set_random_seed(1)
    i = keras.Input((4,), name='x')
    h = keras.layers.Dense(3, activation='relu', name='h')(i)
    model = keras.Model(i, {'b': keras.layers.Dense(1, activation='sigmoid', name='b')(h),
                            'a': keras.layers.Dense(1, name='a')(h)})
    model.compile('sgd', loss)
    return model.evaluate(x, {key: y[key] for key in targets}, verbose=0, return_dict=True)


BOTH = {'a': 'mse', 'b': 'binary_crossentropy'}


@pytest.mark.parametrize('loss, targets, shown', [
    (BOTH, ['a'], "{'a': '*'}"),
    (BOTH, ['c', 'b', 'a'], "{'c': '*', 'b': '*', 'a': '*'}"),
    (BOTH, ['b'], "{'b': '*'}"),
    ({'a': 'mse'}, ['a', 'b', 'c'], "{'a': '*', 'b': '*', 'c': '*'}"),
    ({'a': 'mse', 'b': None}, ['b', 'a', 'c'], "{'b': '*', 'a': '*', 'c': '*'}"),
    (['mse', 'mse'], ['a'], "{'a': '*'}"),
])
def test_targets_of_another_count_are_refused(loss, targets, shown):
    with pytest.raises(ValueError) as info:
        _evaluate(loss, targets)
    assert str(info.value) == ("y_true and y_pred have different structures.\ny_true: %s\n"
                               "y_pred: {'b': '*', 'a': '*'}\n" % shown)


def test_targets_for_the_outputs_with_a_loss_are_enough():
    assert sorted(_evaluate({'a': 'mse'}, ['a'])) == ['loss']
