"""EinsumDense.call on data of another float dtype promotes as keras.ops.einsum / keras.ops.add do in Keras 3
on TF 2.21 (float64 data and a float32 kernel compute in float64, float16 data in float32), where tapeflow's
einsum refused the mixed operands. The call runs on such data under TimeDistributed or as layer.call
(probe layers22/p11.py: TF's float64 outputs equal the float64 products below)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers
X = np.random.RandomState(0).randn(2, 3, 4)


def _layer(equation, output_shape, bias_axes, shape):
    keras.utils.set_random_seed(0)
    layer = L.EinsumDense(equation, output_shape, bias_axes=bias_axes, activation='tanh')
    layer.build(shape)
    if bias_axes:
        layer.bias.assign(np.arange(np.prod(layer.bias.shape)).reshape(layer.bias.shape) * 0.1)
    return layer


@pytest.mark.parametrize('equation, output_shape, bias_axes', [
    ('ab,bc->ac', 2, 'c'), ('abc,cd->abd', (3, 2), 'd'), ('abc,cd->abd', (3, 2), 'bd'),
    ('...b,bc->...c', 2, 'c'), ('ab,bc->ac', 2, None)])
def test_float64_data_computes_in_float64(equation, output_shape, bias_axes):
    x = X[:, 0] if equation.startswith('ab,') else X
    layer = _layer(equation, output_shape, bias_axes, x.shape)
    y = layer.call(tf.constant(x))
    # TF 2.21: float64 (tapeflow: InvalidArgumentError 'cannot compute MatMul as input #1(zero-based) was expected
    # to be a double tensor but is a float tensor')
    assert y.dtype == 'float64'
    kernel = np.asarray(layer.kernel).astype('float64')
    expected = np.einsum(equation.replace('...', 'z') if '...' in equation else equation,
                         x.reshape(-1, 4) if '...' in equation else x, kernel)
    if '...' in equation:
        expected = expected.reshape(2, 3, 2)
    if bias_axes:
        expected = expected + np.asarray(layer.bias).astype('float64')
    np.testing.assert_allclose(np.asarray(y), np.tanh(expected), rtol=1e-12)


def test_float16_data_computes_in_float32():
    # TF 2.21: float32 [0.11622819 0.59108859 -0.66575205 ...]
    layer = _layer('abc,cd->abd', (3, 2), 'd', X.shape)
    y = layer.call(tf.constant(X.astype('float16')))
    assert y.dtype == 'float32'
    np.testing.assert_allclose(np.asarray(y).ravel()[:3], [0.11622819, 0.59108859, -0.66575205], rtol=1e-6)


def test_float64_time_distributed():
    # TF 2.21: TimeDistributed(EinsumDense('ab,bc->ac', 2), dtype='float64') returns float64
    keras.utils.set_random_seed(0)
    y = L.TimeDistributed(L.EinsumDense('ab,bc->ac', 2), dtype='float64')(X)
    assert str(np.asarray(y).dtype) == 'float64'
