"""keras.activations and keras.ops activations on integer / boolean inputs, as TF 2.21 (fuzz2).

Classes and results printed by TF 2.21 / Keras 3.15 for x = [[-2, -1, 0, 1, 3]] as int32 / bool:
tanh, exponential and leaky_relu compute in float32; relu / relu6 keep int32; the kernels of
sigmoid, softmax, elu, ... refuse (InvalidArgumentError); hard_sigmoid, celu, the shrinks, ...
add a float constant (TypeError 'Cannot convert 3.0 to EagerTensor of dtype int32'); gelu
checks its dtype (ValueError).
"""
import numpy as np
import pytest

from framework import keras
from framework.errors import InvalidArgumentError

X = np.array([[-2, -1, 0, 1, 3]], 'int32')

KERNEL_REFUSES = ['sigmoid', 'softplus', 'softsign', 'silu', 'swish', 'selu', 'elu', 'log_sigmoid', 'log_softmax',
                  'softmax', 'tanh_shrink', 'squareplus']      # (sparsemax: test_kerasops3_sparsemax_int_inputs)
ADDS_A_FLOAT = ['celu', 'hard_sigmoid', 'hard_silu', 'hard_swish', 'hard_tanh', 'hard_shrink', 'soft_shrink',
                'sparse_plus', 'sparse_sigmoid']


def _both(name):
    return [getattr(keras.activations, name), getattr(keras.ops, name)]


@pytest.mark.parametrize('name', KERNEL_REFUSES)
@pytest.mark.parametrize('dtype', ['int32', 'int64', 'uint8', 'bool'])
def test_kernels_refuse_integers_with_invalid_argument_error(name, dtype):
    for fn in _both(name):
        with pytest.raises(InvalidArgumentError, match='(%s|silu): got dtype %s' % (name, dtype)):
            fn(X.astype(dtype))


@pytest.mark.parametrize('name', ADDS_A_FLOAT)
def test_activations_adding_a_float_constant_raise_type_error(name):
    for fn in _both(name):
        with pytest.raises(TypeError, match='Cannot convert .* to EagerTensor of dtype int32'):
            fn(X)


@pytest.mark.parametrize('name, dtype', [('hard_shrink', 'uint8'), ('hard_shrink', 'bool'),
                                         ('sparse_plus', 'uint8')])
def test_where_tf_meets_the_abs_kernel_first_it_is_invalid_argument_error(name, dtype):
    with pytest.raises(InvalidArgumentError):
        getattr(keras.ops, name)(X.astype(dtype))


def test_gelu_checks_its_dtype_with_value_error():
    for fn in _both('gelu') + [lambda x: keras.layers.Activation('gelu')(x)]:
        with pytest.raises(ValueError, match='`features.dtype` must be a floating point tensor'):
            fn(X)


@pytest.mark.parametrize('name, expected', [
    ('tanh', [-0.9640276, -0.7615942, 0.0, 0.7615942, 0.9950548]),
    ('exponential', [0.13533528, 0.36787945, 1.0, 2.7182817, 20.085537]),
    ('leaky_relu', [-0.4, -0.2, 0.0, 1.0, 3.0]),
])
def test_tanh_exponential_and_leaky_relu_compute_integers_in_float32(name, expected):
    out = getattr(keras.activations, name)(X)
    assert out.dtype == 'float32'
    np.testing.assert_allclose(out.numpy()[0], expected, rtol=1e-6)
    assert keras.layers.Activation(name)(X).dtype == 'float32'


def test_relu_keeps_integers_and_leaky_relu_refuses_booleans():
    assert keras.activations.relu(X).dtype == 'int32'
    with pytest.raises(InvalidArgumentError):
        keras.ops.leaky_relu(X.astype(bool))


def test_float_inputs_are_untouched():
    x = X.astype('float32')
    np.testing.assert_allclose(keras.ops.sigmoid(x).numpy(), 1 / (1 + np.exp(-x)), rtol=1e-6)
    np.testing.assert_allclose(keras.activations.hard_sigmoid(x).numpy(), np.clip(x / 6 + 0.5, 0, 1), rtol=1e-6)


def test_dir_of_keras_activations_lists_keras_names_only():
    # TF 2.21: [n for n in dir(keras.activations) if not n.startswith('_')]
    assert [n for n in dir(keras.activations) if not n.startswith('_')] == [
        'celu', 'deserialize', 'elu', 'exponential', 'gelu', 'get', 'glu', 'hard_shrink', 'hard_sigmoid',
        'hard_silu', 'hard_swish', 'hard_tanh', 'leaky_relu', 'linear', 'log_sigmoid', 'log_softmax', 'mish',
        'relu', 'relu6', 'selu', 'serialize', 'sigmoid', 'silu', 'soft_shrink', 'softmax', 'softplus', 'softsign',
        'sparse_plus', 'sparse_sigmoid', 'sparsemax', 'squareplus', 'swish', 'tanh', 'tanh_shrink', 'threshold']
