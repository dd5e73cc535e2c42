"""tf.function with an input_signature over ``(*args, **kwargs)``: TF 2.21 binds the specs to *args
(args_0, args_1, ... POSITIONAL_ONLY), so ``tf.function(model, input_signature=[spec])`` and
``tf.function(model.__call__, ...)`` trace; tapeflow raised "input_signature contains 1 extra type
constraints." / "Can not cast () to Literal[...]". A method with **kwargs after its inputs
(``model.call``) binds too. Values printed by TF 2.21 (/work/notes/progs/kerasio34/t_kc.py, out/t/tfva.py).
"""
import pytest

import framework as tf
from framework import keras


def _model():
    return keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])


@pytest.mark.parametrize('target', [lambda m: m, lambda m: m.__call__])
def test_keras_model_traces_on_args_0(target):
    fn = tf.function(target(_model()), input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    assert repr(fn.get_concrete_function().structured_input_signature) == (
        "((TensorSpec(shape=(None, 3), dtype=tf.float32, name='args_0'),), {})")
    assert fn(tf.ones((2, 3))).shape == (2, 1)


def test_model_call_with_kwargs_binds():
    fn = tf.function(_model().call, input_signature=[tf.TensorSpec((None, 3), tf.float32)])
    assert fn(tf.ones((2, 3))).shape == (2, 1)


def _f(*args, **kwargs):
    return args[0] * 2


def test_varargs_function_prints_positional_only():
    fn = tf.function(_f, input_signature=[tf.TensorSpec((None,), tf.float32)])
    assert fn(tf.ones(2)).numpy().tolist() == [2.0, 2.0]
    assert str(fn.get_concrete_function()) == (
        'ConcreteFunction Input Parameters:\n'
        '  args_0 (POSITIONAL_ONLY): TensorSpec(shape=(None,), dtype=tf.float32, name=None)\n'
        'Output Type:\n  TensorSpec(shape=(None,), dtype=tf.float32, name=None)\nCaptures:\n  None')


def test_varargs_function_refuses_keywords():
    fn = tf.function(_f, input_signature=[tf.TensorSpec((None,), tf.float32)])
    with pytest.raises(TypeError) as info:
        fn(tf.ones(2), k=1)
    assert str(info.value) == (
        "Binding inputs to tf.function failed due to `got an unexpected keyword argument 'k'`. Received args: "
        "(<tf.Tensor: shape=(2,), dtype=float32, numpy=array([1., 1.], dtype=float32)>,) and kwargs: {'k': 1} for "
        "signature: (args_0: TensorSpec(shape=(None,), dtype=tf.float32, name=None), /).")
