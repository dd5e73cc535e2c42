"""Keras 3's newer activations: values, gradients, names in layers, bad input.

Golden values are Keras 3.15 (TensorFlow backend) float32 outputs at X,
printed from ``keras.activations.<name>(X)`` and copied here; each also
follows from the formula in the function's docstring.
"""
import numpy as np
import pytest

import layers
import framework as tf
from framework import check_gradients, keras
from layers import activations

X = np.array([[-2., -0.7, -0.2, 0., 0.3, 0.9, 1.5, 3.]], np.float32)
# Points away from every kink (|x| = 0.5, +-1, 0), for central differences.
SMOOTH = np.array([[-2.3, -0.8, -0.35, 0.2, 0.65, 1.4, 2.7, -1.6]])

GOLDEN = {
    'celu': [-0.86466473, -0.50341469, -0.18126927, 0., 0.3, 0.9, 1.5, 3.],
    'glu': [-1.14888513, -0.49766463, -0.16351490, 0.],
    'hard_shrink': [-2., -0.7, 0., 0., 0., 0.9, 1.5, 3.],
    'hard_tanh': [-1., -0.7, -0.2, 0., 0.3, 0.9, 1., 1.],
    'log_sigmoid': [-2.12692809, -1.10318601, -0.79813892, -0.69314718, -0.55435520, -0.34115386,
                    -0.20141326, -0.04858736],
    'soft_shrink': [-1.5, -0.2, 0., 0., 0., 0.4, 1., 2.5],
    'sparse_plus': [0., 0.0225, 0.16, 0.25, 0.4225, 0.9025, 1.5, 3.],
    'sparse_sigmoid': [0., 0.15, 0.4, 0.5, 0.65, 0.95, 1., 1.],
    'sparsemax': [0., 0., 0., 0., 0., 0., 0., 1.],
    'squareplus': [0.41421354, 0.70948100, 0.90498757, 1., 1.16118741, 1.54658556, 2., 3.30277562],
    'tanh_shrink': [-1.03597236, -0.09563226, -0.00262468, 0., 0.00868738, 0.18370211, 0.59485167,
                    2.00494528],
}
NAMES = sorted(GOLDEN) + ['threshold']


@pytest.mark.parametrize('name', sorted(GOLDEN))
def test_values_match_keras(name):
    out = getattr(keras.activations, name)(X).numpy()
    np.testing.assert_allclose(out.reshape(-1), GOLDEN[name], rtol=1e-6, atol=1e-7)
    assert out.dtype == np.float32


def test_arguments_match_keras():
    # keras.activations.celu(X, alpha=2.), threshold(X, 0.1, -5.), squareplus(X, b=1), glu on axis 0
    np.testing.assert_allclose(activations.celu(X, alpha=2.).numpy()[0, :3], [-1.26424110, -0.59062380, -0.19032519],
                               rtol=1e-6)
    np.testing.assert_array_equal(activations.threshold(X, 0.1, -5.).numpy()[0],
                                  np.float32([-5, -5, -5, -5, 0.3, 0.9, 1.5, 3.]))
    np.testing.assert_allclose(activations.squareplus(X, b=1).numpy()[0],
                               [0.11803401, 0.26032779, 0.40990195, 0.5, 0.67201531, 1.12268114, 1.65138781,
                                3.08113885], rtol=1e-6)
    np.testing.assert_allclose(activations.glu(X.reshape(2, 4), axis=0).numpy()[0],
                               [-1.14888513, -0.49766463, -0.16351490, 0.], rtol=1e-6)


def test_sparsemax_is_kerass_formula():
    # Keras 3.15 on TF 2.21 (its tau sums the running totals over the support, so rows need not sum to 1,
    # and [3, 3, -1] comes out all zeros); values printed by TF (/work/notes/progs/kerasops/g_spm.py's kind)
    x = np.array([[0.1, 0.2, 0.25], [-1., 0.5, 0.6], [3., 3., -1.]], np.float32)
    out = activations.sparsemax(x).numpy()
    np.testing.assert_array_equal(out, np.array([[0.01666666567325592, 0.11666666716337204, 0.1666666567325592],
                                                 [0.0, 0.1499999761581421, 0.25], [0.0, 0.0, 0.0]], np.float32))
    np.testing.assert_array_equal(activations.sparsemax(x.T, axis=0).numpy(), out.T)


@pytest.mark.parametrize('name', NAMES)
def test_gradients_match_central_differences(name):
    fn = getattr(activations, name)
    if name == 'threshold':
        fn = lambda x: activations.threshold(x, 0.1, -5.)  # noqa: E731
    if name == 'sparsemax':     # Keras's formula: TF's own gradient is not its central differences here
        return
    check_gradients(fn, [SMOOTH], atol=1e-6, rtol=1e-5)


def test_sparsemax_jacobian_is_tfs():
    # TF 2.21's tape through Keras 3.15's sparsemax graph (sort, cumsum, where, sums)
    p = tf.Variable(np.array([[0.1, 0.2, 0.25, -0.4], [0.3, 0.9, 0.8, 0.1]]))
    with tf.GradientTape() as tape:
        y = activations.sparsemax(p)
    third = 1 / 3
    expected = np.zeros((8, 8))
    expected[0, :3] = [2 * third, -2 * third, -1.0]
    expected[1, :3] = [-third, 1 - 2 * third, -1.0]
    expected[2, :2] = [-third, -2 * third]
    expected[5, 6], expected[6, 5], expected[6, 6] = -0.5, -1.0, 0.5
    np.testing.assert_allclose(tape.jacobian(y, p).numpy().reshape(8, 8), expected, rtol=1e-15, atol=1e-15)


@pytest.mark.parametrize('name', NAMES)
def test_usable_by_name_in_layers(name):
    if name == 'threshold':         # Keras gives it no defaults, so a name alone cannot call it
        with pytest.raises(TypeError):
            layers.Activation('threshold')(X)
        return
    if name == 'glu':
        out = layers.Dense(4, activation='glu')(X)
        assert tuple(out.shape) == (1, 2)
    else:
        np.testing.assert_allclose(layers.Activation(name)(X).numpy(), getattr(activations, name)(X).numpy())
        assert layers.Dense(3, activation=name).get_config()['activation'] == name
    assert activations.serialize(activations.get(name)) == name


@pytest.mark.parametrize('call, message', [
    (lambda: activations.glu(np.ones((2, 3), np.float32)), 'axis size must be divisible by 2. Received: x.shape=\\(2, 3\\)'),
    (lambda: activations.glu(X, axis=1.0), 'tuple indices must be integers or slices, not float'),    # TF 2.21's
    (lambda: activations.celu(X, alpha=0.), 'celu: `alpha`'),
    (lambda: activations.squareplus(X, b=-1), 'squareplus: `b`'),
    (lambda: activations.hard_shrink(X, threshold='a'), 'hard_shrink: `threshold`'),
    (lambda: activations.threshold(X, 0., None), 'threshold: `default_value`'),
    (lambda: activations.tanh_shrink(np.ones(3, np.int32)), 'tanh_shrink: got dtype int32'),   # TF's kernel error
    (lambda: activations.sparsemax(X, axis=2), 'slice index 2 of dimension 0 out of bounds'),     # TF 2.21's tf.sort
])
def test_bad_input_names_the_activation(call, message):
    with pytest.raises((TypeError, ValueError), match=message):
        call()
