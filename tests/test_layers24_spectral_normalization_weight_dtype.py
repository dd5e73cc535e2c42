"""SpectralNormalization's power iteration runs in the wrapped layer's weight dtype unless Keras 3 autocasts.

Keras 3 (TF 2.21) reads the kernel and vector_u inside the wrapper's call, whose autocast scope is open only
where the wrapper's compute and variable dtypes differ (mixed_float16). A float64 Dense in a float32 wrapper
therefore iterates in float64; tapeflow cast both to the wrapper's float32 first, so vector_u had float32's
bits. Values: TF 2.21 (probes /work/notes/progs/layers24/s1.py, s2.py).
"""
import numpy as np

from framework import keras

L = keras.layers


def _run(layer, x):
    layer.build(x.shape)
    r = np.random.RandomState(1)
    layer.set_weights([r.randn(*w.shape).astype('float32') for w in layer.get_weights()])
    return np.asarray(layer(x, training=True))


X = np.random.RandomState(0).randn(2, 5, 6).astype('float32')


def test_float64_layer_in_float32_wrapper_iterates_in_float64():
    layer = L.SpectralNormalization(L.Dense(3, dtype='float64'), power_iterations=1)
    out = _run(layer, X)
    assert out.dtype == np.float32
    assert layer.vector_u.dtype == 'float64'
    layer(X)
    layer(X, training=True)     # vector_u after a second training call:
    # TF 2.21: -0x1.8d84304c743c9p-1 (float32 arithmetic gave -0x1.8d842f0000000p-1); float64 matmuls, so the
    # last bits may hang on the summation: compared far below float32's resolution
    u = float(np.asarray(layer.vector_u, 'float64').sum())
    assert abs(u - float.fromhex('-0x1.8d84304c743c9p-1')) < 1e-12
    assert abs(float(out.astype('float64').sum()) - float.fromhex('0x1.8144c676a0000p+4')) < 2e-5


def test_mixed_float16_wrapper_still_autocasts():
    # TF 2.21: a float64 Dense in a mixed_float16 wrapper gives float16 outputs summing to 0x1.8132300000000p+4
    layer = L.SpectralNormalization(L.Dense(3, dtype='float64'), dtype='mixed_float16')
    out = _run(layer, X)
    assert out.dtype == np.float16
    assert abs(float(out.astype('float64').sum()) - float.fromhex('0x1.8132300000000p+4')) < 0.05
