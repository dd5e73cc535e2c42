"""keras.initializers.get / keras.constraints.get read Keras 3.15's identifiers: each class's name and
snake case plus Keras's aliases ('one', 'zero', 'initializer', 'constraint'); checked against a TF 2.21
run of the same get() calls. The base Initializer's call is Keras's NotImplementedError."""
import pytest

from framework import keras


@pytest.mark.parametrize('name, cls', [('one', 'Ones'), ('zero', 'Zeros'), ('Initializer', 'Initializer'),
                                       ('initializer', 'Initializer'), ('normal', 'RandomNormal'),
                                       ('uniform', 'RandomUniform')])
def test_initializer_identifiers(name, cls):
    assert type(keras.initializers.get(name)).__name__ == cls


@pytest.mark.parametrize('name', ['Constraint', 'constraint'])
def test_constraint_identifiers(name):
    c = keras.constraints.get(name)
    assert type(c).__name__ == 'Constraint' and c(1.5) == 1.5


def test_base_initializer_call_is_not_implemented():
    with pytest.raises(NotImplementedError, match=r'Initializer subclasses must implement the `__call__\(\)` method'):
        keras.initializers.get('initializer')((2,))


def test_get_only_names_stay_off_the_module():
    for name in ('one', 'zero', 'normal', 'uniform'):
        assert not hasattr(keras.initializers, name)
    assert 'initializer' not in dir(keras.initializers)
    assert not hasattr(keras.constraints, 'constraint')
