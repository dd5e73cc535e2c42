"""keras.initializers.get reads a name as Keras 3.15 does, as the config {'class_name': name, 'config': {}}:
inside a custom_object_scope, or once in get_custom_objects(), Dense(kernel_initializer='my_init') finds
a custom initializer function (as it is) or class (from_config({})), as TF 2.21 does (Hands-On ML ch. 12's
custom initializers by name). tapeflow knew only its built-in names. Unknown names, names outside any
scope, and regularizers (whose get looks only at Keras's own table) still fail with Keras's words.
Values: TF 2.21, notes/progs/handson/init_scope.py.
"""
import pytest

from framework import keras


def my_init(shape, dtype=None):
    return keras.ops.ones(shape, dtype=dtype) * 0.5


class MyInit(keras.initializers.Initializer):
    def __init__(self, value=2.0):
        self.value = value

    def __call__(self, shape, dtype=None):
        return keras.ops.full(shape, self.value)

    def get_config(self):
        return {'value': self.value}


def test_scoped_names_reach_dense_initializers():
    with keras.utils.custom_object_scope({'my_init': my_init, 'MyInit': MyInit}):
        assert keras.initializers.get('my_init') is my_init
        dense = keras.layers.Dense(2, kernel_initializer='MyInit', bias_initializer='my_init')
        dense.build((None, 2))
        assert dense.kernel.numpy().tolist() == [[2.0, 2.0], [2.0, 2.0]]
        assert dense.bias.numpy().tolist() == [0.5, 0.5]
        assert dense.kernel_initializer.value == 2.0
        with pytest.raises(ValueError, match='^Could not interpret initializer identifier: nope\n'):
            keras.initializers.get('nope')
        with pytest.raises(ValueError, match='^Could not interpret regularizer identifier: my_init\n'):
            keras.regularizers.get('my_init')


def test_names_outside_a_scope_are_unknown():
    with pytest.raises(ValueError, match='^Could not interpret initializer identifier: my_init\n'):
        keras.initializers.get('my_init')
