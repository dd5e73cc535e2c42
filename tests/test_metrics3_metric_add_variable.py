"""Metric.add_variable / add_weight as Keras 3.15 defines them (TF 2.21).

add_variable(shape, initializer, dtype=None, aggregation='sum', name=None) has no defaults, and
add_weight(shape=(), initializer=None, dtype=None, name=None) fails without an initializer; both take any
Keras initializer or an array of values. tapeflow took only 'zeros' / 'ones' / a callable, filled a
missing initializer with zeros and let add_weight take aggregation. Values printed by TF 2.21.
"""
import numpy as np
import pytest

from framework import keras


def _state(add):
    class _Held(keras.metrics.Metric):
        def __init__(self):
            super().__init__(name='held')
            self.held = add(self)

        def update_state(self, y_true, y_pred, sample_weight=None):
            pass

        def result(self):
            return self.held

    keras.utils.set_random_seed(0)
    return [(v.path, str(v.dtype), np.asarray(v.numpy(), np.float64).round(6).tolist()) for v in _Held().variables]


@pytest.mark.parametrize('add, expected', [
    (lambda m: m.add_weight(name='t', shape=(2, 2), initializer='glorot_uniform'),
     [('held/t', 'float32', [[0.038419, -0.467701], [0.830143, -0.963625]])]),
    (lambda m: m.add_variable((3,), 'random_normal', name='t'),
     [('held/t', 'float32', [0.053627, -0.020868, 0.018399])]),
    (lambda m: m.add_variable((2, 2), 'identity', name='t'), [('held/t', 'float32', [[1.0, 0.0], [0.0, 1.0]])]),
    (lambda m: m.add_variable((2,), np.array([1., 2.]), name='t'), [('held/t', 'float32', [1.0, 2.0])]),
    (lambda m: m.add_variable((2,), keras.initializers.Constant(2.5), name='t'), [('held/t', 'float32', [2.5, 2.5])]),
    (lambda m: m.add_weight(name='t', shape=(), initializer='zeros', dtype='float64'), [('held/t', 'float64', 0.0)]),
])
def test_any_keras_initializer_fills_the_state(add, expected):
    assert _state(add) == expected


@pytest.mark.parametrize('add, error, text', [
    (lambda m: m.add_variable(shape=(), name='t'), TypeError,
     "add_variable() missing 1 required positional argument: 'initializer'"),
    (lambda m: m.add_weight(name='t', shape=(2,)), ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda m: m.add_weight(), ValueError,
     "Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a Tensor."),
    (lambda m: m.add_weight(name='t', shape=(), initializer='zeros', aggregation='mean'), TypeError,
     "add_weight() got an unexpected keyword argument 'aggregation'"),
    (lambda m: m.add_variable((2,), 'nope', name='t'), ValueError, 'Could not interpret initializer identifier: nope'),
])
def test_kerass_refusals(add, error, text):
    with pytest.raises(error) as raised:
        _state(add)
    assert text in str(raised.value)


def test_add_variable_before_super_init_is_kerass_runtime_error():
    class _LateSuper(keras.metrics.Metric):
        def __init__(self):
            self.t = self.add_variable((), 'zeros', name='t')
            super().__init__()

    with pytest.raises(RuntimeError, match=r'You forgot to call `super\(\).__init__\(\)` in the `__init__\(\)` method. '
                                           'Go add it!'):
        _LateSuper()


def test_variables_without_super_init_name_keras_attribute():
    class _NoSuper(keras.metrics.Metric):
        def __init__(self):
            self.k = 1

    with pytest.raises(AttributeError, match="'_NoSuper' object has no attribute '_variables'"):
        _NoSuper().variables
