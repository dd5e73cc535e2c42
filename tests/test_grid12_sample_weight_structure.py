"""A nested sample_weight must be nested as y is (Keras 3's ArrayDataAdapter, before any step).

TF 2.21 + Keras 3 (grid12 sw_struct.py / sw_msg.py): a weight dict for a target list, a tuple for a list,
a list for a dict, other dict keys, other lengths and a deeper nesting all raise ValueError
'You should provide one `sample_weight` array per output in `y`. The two structures did not match:\\n
- y: {y}\\n- sample_weight: {sample_weight}\\n' from fit and evaluate. tapeflow raised KeyError 0 for the
dict-for-list case and trained on the tuple/list and nested ones.
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
X = np.ones((3, 2), 'float32')
Y = np.ones((3, 1), 'float32')
W = np.ones(3, 'float32')


def _two_outputs():
    a = keras.Input((2,), name='a')
    h = L.Dense(3)(a)
    model = keras.Model(a, [L.Dense(1, name='r')(h), L.Dense(1, name='c')(h)])
    model.compile('sgd', ['mse', 'mse'])
    return model


MISMATCHES = [([Y, Y], {'r': W, 'c': W}), ([Y, Y], (W, W)), ((Y, Y), [W, W]), ({'r': Y, 'c': Y}, [W, W]),
              ({'r': Y, 'c': Y}, {'r': W, 'x': W}), ([Y, Y], [W, W, W]), ({'r': Y, 'c': Y}, {'r': W}),
              ([Y, Y], [W, [W]])]


@pytest.mark.parametrize('y, weights', MISMATCHES)
@pytest.mark.parametrize('method', ['fit', 'evaluate'])
def test_unlike_structures_raise_keras_value_error(y, weights, method):
    with pytest.raises(ValueError) as caught:
        getattr(_two_outputs(), method)(X, y, sample_weight=weights, verbose=0)
    assert str(caught.value) == ('You should provide one `sample_weight` array per output in `y`. The two '
                                 'structures did not match:\n- y: %s\n- sample_weight: %s\n' % (y, weights))


@pytest.mark.parametrize('y, weights', [([Y, Y], [W, 2 * W]), ((Y, Y), (W, 2 * W))])
def test_alike_structures_train(y, weights):
    history = _two_outputs().fit(X, y, sample_weight=weights, verbose=0, epochs=1).history
    assert sorted(history) == ['c_loss', 'loss', 'r_loss']


def test_one_weight_array_for_two_outputs_still_trains():
    assert 'loss' in _two_outputs().fit(X, [Y, Y], sample_weight=W, verbose=0).history
