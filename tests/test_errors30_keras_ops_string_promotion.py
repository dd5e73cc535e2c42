"""keras.ops that ask Keras 3's type promotion for a dtype before any kernel runs (sqrt, log, the
trigonometric ops, mean, var, norm, matmul, dot, tensordot, ...) refuse a string tensor with its
ValueError "dtype='string' is not a valid dtype for Keras type promotion." (TF 2.21 / Keras 3.15);
tapeflow raised its own sentence as an InvalidArgumentError, or the MatMul kernel's (now a note). Ops
whose kernel meets the strings first keep the kernel's text (test_fuzz6_keras_error_classes).
Literals: /work/notes/progs/errors30/p_kstr2.py and p_kstr3.py under TF."""
import numpy as np
import pytest

import framework as tf
from framework import keras

ops = keras.ops
_NAMES = ['angle', 'arccos', 'arccosh', 'arcsin', 'arcsinh', 'arctan', 'arctanh', 'average', 'ceil', 'cos', 'cosh',
          'floor', 'layer_normalization', 'log', 'log10', 'log1p', 'log2', 'mean', 'median', 'nanstd', 'nanvar',
          'norm', 'rms_normalization', 'sin', 'sinc', 'sinh', 'sqrt', 'tan', 'tanh', 'trapezoid', 'var']


@pytest.mark.parametrize('name', _NAMES)
def test_string_tensor_meets_type_promotion(name):
    with pytest.raises(ValueError) as info:
        getattr(ops, name)(tf.constant([['a', 'b'], ['c', 'd']]))
    assert type(info.value) is ValueError
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."


def test_numpy_strings_too():
    with pytest.raises(ValueError) as info:
        ops.sqrt(np.array(['1', '4']))
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."


def test_numbers_still_go_through():
    assert ops.sqrt(tf.constant([4.0])).numpy().tolist() == [2.0]
    assert float(ops.mean(tf.constant([1, 2]))) == 1.5


@pytest.mark.parametrize('name', ['matmul', 'dot', 'tensordot', 'inner', 'vdot'])
def test_products_of_string_tensors_meet_type_promotion(name):
    s = tf.constant([['a', 'b'], ['c', 'd']])
    with pytest.raises(ValueError) as info:
        getattr(ops, name)(s, s)
    assert type(info.value) is ValueError
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."


@pytest.mark.parametrize('name', ['divide', 'true_divide', 'arctan2', 'logaddexp', 'logaddexp2', 'divide_no_nan',
                                  'nextafter'])
@pytest.mark.parametrize('other', [lambda s: s, lambda s: 1.0])
def test_float_pairs_with_a_string_tensor_meet_type_promotion(name, other):
    s = tf.constant(['a', 'b'])
    with pytest.raises(ValueError) as info:
        getattr(ops, name)(s, other(s))
    assert type(info.value) is ValueError
    assert str(info.value) == "dtype='string' is not a valid dtype for Keras type promotion."
