"""A metrics / weighted_metrics dict keyed otherwise than a two-output model's outputs: Keras 3.15's words.

Golden texts: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) compiling this file's model ('mse' loss)
with each dict and evaluating it. Keras falls to its nested path, where the tree library's complaint comes
first: for dict outputs 'dictionary key mismatch; ...' (sorted keys, missing / extra ones, the dict with
lists as tuples), for list outputs 'Expected an instance of tuple, got ...'; then Keras's own text.
"""
import numpy as np
import pytest

from framework import keras


def _evaluate(dict_outputs, argument, metrics):
    rs = np.random.RandomState(0)
    x = rs.normal(size=(30, 4)).astype('float32')
    y, yb = x[:, :1] * 2, (x[:, 1:2] > 0).astype('float32')
    keras.utils.set_random_seed(1)
    i = keras.Input((4,), name='x')
    h = keras.layers.Dense(3, activation='relu', name='h')(i)
    a = keras.layers.Dense(1, name='a')(h)
    b = keras.layers.Dense(1, activation='sigmoid', name='b')(h)
    model = keras.Model(i, {'a': a, 'b': b} if dict_outputs else [a, b])
    model.compile('sgd', 'mse', **{argument: metrics})
    return model.evaluate(x, {'a': y, 'b': yb} if dict_outputs else [y, yb], verbose=0)


def _keras_text(argument, metrics, structure):
    return ("Invalid `{0}`. `{0}` should contain metrics objects and either be a dict or a list matching the "
            "output names of the functional model ['a', 'b'] or match the output structure of the model: {1}.\n"
            "Received: {0}={2}".format(argument, structure, metrics))


@pytest.mark.parametrize('argument', ['metrics', 'weighted_metrics'])
@pytest.mark.parametrize('metrics, first', [
    ({'c': 'mae'}, "dictionary key mismatch; expected key(s): ['a', 'b'], got key(s): ['c'], missing key(s): "
                   "['a', 'b'], extra key(s): ['c']; dict: {'c': 'mae'}."),
    ({'a': 'mae', 'c': ['mse', 'mae']}, "dictionary key mismatch; expected key(s): ['a', 'b'], got key(s): "
     "['a', 'c'], missing key(s): ['b'], extra key(s): ['c']; dict: {'a': 'mae', 'c': ('mse', 'mae')}."),
    ({'a': 'mae', 'b': 'mse', 'c': 'mae'}, "dictionary key mismatch; expected key(s): ['a', 'b'], got key(s): "
     "['a', 'b', 'c'], extra key(s): ['c']; dict: {'a': 'mae', 'b': 'mse', 'c': 'mae'}."),
    ({'b': ['mae'], 'zz': 'acc', 'c': None}, "dictionary key mismatch; expected key(s): ['a', 'b'], got key(s): "
     "['b', 'c', 'zz'], missing key(s): ['a'], extra key(s): ['c', 'zz']; dict: {'b': ('mae',), 'zz': 'acc', 'c': None}."),
    ({1: 'mae'}, "dictionary key mismatch; expected key(s): ['a', 'b'], got key(s): [1], missing key(s): "
                 "['a', 'b'], extra key(s): [1]; dict: {1: 'mae'}."),
])
def test_dict_outputs(argument, metrics, first):
    with pytest.raises(ValueError) as info:
        _evaluate(True, argument, metrics)
    assert str(info.value) == first + '\n' + _keras_text(argument, metrics, "{'a': 'X', 'b': 'X'}")


@pytest.mark.parametrize('argument', ['metrics', 'weighted_metrics'])
@pytest.mark.parametrize('metrics, shown', [
    ({'c': 'mae'}, "{'c': 'mae'}"),
    ({'a': 'mae', 'c': ['mse', 'mae']}, "{'a': 'mae', 'c': ('mse', 'mae')}"),
    ({'a': None, 'c': 'mse'}, "{'a': None, 'c': 'mse'}"),
])
def test_list_outputs(argument, metrics, shown):
    with pytest.raises(ValueError) as info:
        _evaluate(False, argument, metrics)
    assert str(info.value) == ('Expected an instance of tuple, got %s.\n' % shown
                               + _keras_text(argument, metrics, "['X', 'X']"))
