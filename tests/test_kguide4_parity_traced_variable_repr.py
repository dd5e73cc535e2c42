"""A Keras variable prints without its value inside a traced function, as Keras 3 on TF 2.21.

Keras's ``<Variable path=..., shape=..., dtype=...>`` adds ``value=...`` only when the value
converts to numpy, which a graph tensor does not: so a print in a tf.function, and the optimizer's
'Unknown variable' error raised while fit traces its step (reusing one optimizer for a second
model, as the subclassing guide's VAE invites), show no value. Goldens:
/work/notes/progs/kguides4/g2.py under TF 2.21 / Keras 3.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_print_in_a_tf_function_shows_no_value(capsys):
    keras.utils.set_random_seed(0)
    layer = keras.layers.Dense(2, name='probe')     # named: the path does not depend on earlier tests
    layer.build((None, 3))

    @tf.function
    def f(x):
        print('traced:', repr(layer.kernel))
        print('traced str:', str(layer.bias))
        return x + 1

    f(tf.constant(1.0))
    print('eager:', repr(layer.bias))
    assert capsys.readouterr().out.splitlines() == [
        'traced: <Variable path=probe/kernel, shape=(3, 2), dtype=float32>',
        'traced str: <Variable path=probe/bias, shape=(2,), dtype=float32>',
        'eager: <Variable path=probe/bias, shape=(2,), dtype=float32, value=[0. 0.]>']


def test_unknown_variable_error_in_fit_names_the_variable_without_value():
    opt = keras.optimizers.SGD()
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.compile(opt, 'mse')
    model.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    model2 = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name='other')])
    model2.compile(opt, 'mse')
    path = model2.layers[0].kernel.path
    with pytest.raises(ValueError) as info:
        model2.fit(np.ones((4, 3)), np.ones((4, 2)), verbose=0)
    assert str(info.value) == (
        'Unknown variable: <Variable path=%s, shape=(3, 2), dtype=float32>. This optimizer can only be '
        'called for the variables it was originally built with. When working with a new set of variables, '
        'you should recreate a new optimizer instance.' % path)
    # called eagerly, the same error shows the value
    with pytest.raises(ValueError, match=r'dtype=float32, value='):
        opt.apply_gradients([(tf.ones((3, 2)), model2.layers[0].kernel)])
