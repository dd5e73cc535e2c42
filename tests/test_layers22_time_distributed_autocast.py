"""TimeDistributed runs its layer's call inside the AutocastScope of its own __call__, as Keras 3 on TF 2.21:
the wrapped layer's weights are read in the TimeDistributed's compute dtype where its policy is mixed, and
as stored where it is not, whatever the wrapped layer's own policy (probe layers22/p8.py)."""
import numpy as np

from framework import keras

L = keras.layers
X = np.random.RandomState(0).randn(2, 3, 4).astype('float32')


def _td(inner, **outer):
    keras.utils.set_random_seed(0)
    inner = inner()
    layer = L.TimeDistributed(inner, **outer)
    return layer, layer(X)


def test_mixed_wrapper_computes_a_float32_dense_in_float16():
    # TF 2.21: float16 [0.11676, 0.580078, -0.802734] (tapeflow computed in float32: 0.116756, 0.579338, ...)
    layer, y = _td(lambda: L.Dense(2), dtype='mixed_float16')
    assert str(np.asarray(y).dtype) == 'float16'
    np.testing.assert_allclose(np.asarray(y).ravel()[:3].astype('float32'), [0.11676, 0.580078, -0.802734], rtol=2e-3)
    assert str(layer.layer.kernel.dtype) == 'float32'      # the variable stays float32


def test_float32_wrapper_computes_a_mixed_dense_in_float32():
    # TF 2.21: float32 [0.116727, 0.579686, -0.803194], as a plain float32 Dense (tapeflow: float16)
    _, y = _td(lambda: L.Dense(2, dtype='mixed_float16'))
    assert str(np.asarray(y).dtype) == 'float32'
    keras.utils.set_random_seed(0)
    plain = L.Dense(2)(X.reshape(6, 4))
    np.testing.assert_allclose(np.asarray(y).reshape(6, 2), np.asarray(plain), rtol=1e-6)


def test_mixed_wrapper_and_mixed_dense():
    # TF 2.21: float16 [0.11676, 0.580078, -0.802734] (both before and after the change)
    _, y = _td(lambda: L.Dense(2, dtype='mixed_float16'), dtype='mixed_float16')
    assert str(np.asarray(y).dtype) == 'float16'
    np.testing.assert_allclose(np.asarray(y).ravel()[:3].astype('float32'), [0.11676, 0.580078, -0.802734], rtol=2e-3)


def test_mixed_wrapper_conv_and_softmax_dense():
    # TF 2.21: Conv1D float16 [0.43042, -0.710938, 0.43042]; Dense(softmax) float16 [0.38623, 0.61377, 0.470947]
    keras.utils.set_random_seed(0)
    y = L.TimeDistributed(L.Conv1D(2, 2), dtype='mixed_float16')(np.ones((2, 3, 4, 2), 'float32'))
    assert str(np.asarray(y).dtype) == 'float16'
    np.testing.assert_allclose(np.asarray(y).ravel()[:3].astype('float32'), [0.43042, -0.710938, 0.43042], rtol=2e-3)
    _, y = _td(lambda: L.Dense(2, activation='softmax'), dtype='mixed_float16')
    assert str(np.asarray(y).dtype) == 'float16'
    np.testing.assert_allclose(np.asarray(y).ravel()[:3].astype('float32'), [0.38623, 0.61377, 0.470947], rtol=2e-3)
