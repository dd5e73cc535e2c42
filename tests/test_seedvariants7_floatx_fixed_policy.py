"""keras.backend.set_floatx after the first layer: Keras 3's global dtype policy is fixed from floatx the
first time it is asked for (a layer made without dtype, a print of the policy) and kept until clear_session.

Values printed by TF 2.21 for /work/notes/progs/seedvariants7/fx3_tf.py and fx4_tf.py.
"""
import numpy as np
import pytest

from framework import keras


@pytest.fixture
def fresh_policy():
    keras.backend.clear_session()          # as a fresh program: no layer has fixed the policy yet
    try:
        yield
    finally:
        keras.backend.set_floatx('float32')
        keras.backend.clear_session()


def test_a_later_set_floatx_leaves_new_layers_in_the_first_policy(fresh_policy):
    keras.backend.set_floatx('float64')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4, activation='relu'), keras.layers.Dense(1)])
    assert model(np.ones((2, 3))).dtype == 'float64'
    keras.backend.set_floatx('float32')
    # TF 2.21: float64 <DTypePolicy "float64"> True
    assert keras.layers.Dense(2).dtype == 'float64'
    assert repr(keras.mixed_precision.global_policy()) == '<DTypePolicy "float64">'
    assert keras.config.dtype_policy() is keras.config.dtype_policy()
    keras.backend.clear_session()
    assert keras.layers.Dense(2).dtype == 'float32'          # TF 2.21: float32


def test_set_floatx_after_a_float32_layer_keeps_float32_layers_but_not_inputs(fresh_policy):
    keras.layers.Dense(2)
    keras.backend.set_floatx('float64')
    # TF 2.21: E <DTypePolicy "float32"> float64 (an Input's dtype follows floatx itself)
    assert repr(keras.layers.Dense(2).dtype_policy) == '<DTypePolicy "float32">'
    assert keras.Input(shape=(3,)).dtype == 'float64'
    keras.backend.clear_session()
    assert keras.layers.Dense(2).dtype == 'float64'


def test_asking_for_the_policy_fixes_it(fresh_policy):
    print(keras.mixed_precision.global_policy())
    keras.backend.set_floatx('float64')
    # TF 2.21: A <DTypePolicy "float32"> <DTypePolicy "float32"> <DTypePolicy "float32">
    assert repr(keras.layers.Dense(2).dtype_policy) == '<DTypePolicy "float32">'
    assert repr(keras.config.dtype_policy()) == '<DTypePolicy "float32">'
    assert repr(keras.mixed_precision.DTypePolicy()) == '<DTypePolicy "float32">'
