"""Activations by Keras 3 name: values from their formulas, gradients by central differences."""
import math

import numpy as np
import pytest

import framework as tf
from framework import check_gradients
from layers import activations

X = np.array([-3.2, -1.1, -0.4, 0.3, 0.9, 2.2, 7.5])
ERF = np.vectorize(math.erf)
SELU_ALPHA, SELU_SCALE = 1.6732632423543772, 1.0507009873554805


def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()


FORMULAS = {
    'linear': lambda x: x,
    'relu': lambda x: np.maximum(x, 0),
    'elu': lambda x: np.where(x > 0, x, np.expm1(x)),
    'selu': lambda x: SELU_SCALE * np.where(x > 0, x, SELU_ALPHA * np.expm1(x)),
    'sigmoid': lambda x: 1 / (1 + np.exp(-x)),
    'tanh': np.tanh,
    'softmax': softmax,
    'softplus': lambda x: np.log1p(np.exp(x)),
    'softsign': lambda x: x / (1 + np.abs(x)),
    'gelu': lambda x: 0.5 * x * (1 + ERF(x / math.sqrt(2))),           # Keras 3: exact by default
    'swish': lambda x: x / (1 + np.exp(-x)),
    'silu': lambda x: x / (1 + np.exp(-x)),
    'leaky_relu': lambda x: np.where(x > 0, x, 0.2 * x),
    'relu6': lambda x: np.clip(x, 0, 6),
    'exponential': np.exp,
    'hard_sigmoid': lambda x: np.clip(x / 6 + 0.5, 0, 1),               # relu6(x + 3) / 6
}


@pytest.mark.parametrize('name', sorted(FORMULAS))
def test_value_matches_formula(name):
    got = activations.get(name)(tf.constant(X.astype(np.float32)))
    assert got.dtype == tf.float32
    np.testing.assert_allclose(got.numpy(), FORMULAS[name](X), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize('name', sorted(FORMULAS))
def test_gradient_matches_central_differences(name):
    fn = activations.get(name)
    check_gradients(lambda x: fn(x), [X.reshape(1, -1)], atol=1e-5, rtol=1e-4)


def test_gelu_approximate_and_relu_options():
    t = tf.constant(X)
    # TF's nn_ops.gelu casts 0.044715 to the input's dtype from a float32 constant (float64 X here)
    approx = 0.5 * X * (1 + np.tanh(math.sqrt(2 / math.pi) * (X + float(np.float32(0.044715)) * X ** 3)))
    np.testing.assert_allclose(activations.gelu(t, approximate=True).numpy(), approx, rtol=1e-12)
    got = activations.relu(t, negative_slope=0.1, max_value=5.0, threshold=0.5).numpy()
    expected = np.where(X > 0.5, np.minimum(X, 5.0), 0.1 * (X - 0.5))
    np.testing.assert_allclose(got, expected, rtol=1e-12)


def test_get_none_callable_and_unknown_name():
    assert activations.get(None) is activations.linear

    def custom(x):
        return x * 2
    assert activations.get(custom) is custom
    with pytest.raises(ValueError) as err:
        activations.get('rleu')
    assert str(err.value) == 'Could not interpret activation function identifier: rleu'     # Keras 3's text
    assert 'relu' in err.value.__notes__[0] and 'softmax' in err.value.__notes__[0]
    with pytest.raises(ValueError, match='activation'):
        activations.get(3)


@pytest.mark.parametrize('name', ['relu', 'elu', 'linear', 'softmax', 'gelu', 'hard_sigmoid'])
def test_serialize_gives_the_name_back(name):
    assert activations.serialize(activations.get(name)) == name
    assert activations.serialize(activations.get('swish')) == 'silu'


def test_elu_is_exp_minus_one_as_tensorflow_computes_it():
    # tf.nn.elu in TF 2.21 on these float32 inputs (its kernel is exp(x) - 1, not expm1:
    # near 0 the two differ in the leading digits).
    x = np.array([-1e-4, -0.02], np.float32)
    expected = np.array([-0.00010001659393310547, -0.019801318645477295], np.float32)
    np.testing.assert_array_equal(tf.nn.elu(x).numpy(), expected)
    np.testing.assert_array_equal(activations.get('elu')(tf.constant(x)).numpy(), expected)
    dense = tf.keras.layers.Dense(2, activation='elu', kernel_initializer='identity', use_bias=False)
    np.testing.assert_array_equal(dense(x[None]).numpy()[0], expected)    # the fused dense + elu op
