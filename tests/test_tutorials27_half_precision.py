"""guide/mixed_precision on the CPU: float16 products and a mixed_float16 model's predict carry TF's bits.

- ``a @ c.T`` of float16 arrays (a Dense layer's input gradient ``g @ kernel.T``) sums each value's
  products in order in float32 and rounds once, as TF's does. The widened copy of the transposed
  view kept its column-major layout, so numpy summed the depth pairwise: the guide's mixed_float16
  model drifted from TF's from its second training step (2 of 16,384 input-gradient values at the
  first hidden layer).
- A predict step is traced on TF, and grappler fuses MatMul + BiasAdd (+ Relu) into oneDNN's
  kernel, which adds the bias in float32 before the one rounding to float16. tapeflow fused only in
  fit's steps and tf.functions, so predict after training gave the eager call's doubly rounded
  values (the guide's predictions differed from the fourth digit).

Golden bits: TF 2.21 (/opt/tfref, oneDNN on: this AVX-512 Xeon), printed as ``.view(np.uint16)``.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras, onednn_policy

TRANSPOSED_B = {
    26: [23463, 22958, 23844, 55365, 21432, 24052, 55083, 52911, 55425, 56014, 24078, 57895,
         55354, 55941, 24288, 56781, 56702, 23858, 55839, 14927, 23971, 57056, 20606, 23860],
    105: [22634, 22455, 22371, 22380, 23226, 55602, 23649, 23936, 56673, 57009, 20964, 20414,
          56528, 56490, 55555, 54203, 52888, 57055, 22856, 24669, 57992, 56973, 24875, 55925],
}
# the last values of a Dense(8, relu) -> Dense(3) mixed_float16 model: predict (fused) and model(x)
PREDICT = [12500, 17199, 51105, 48562, 49439, 46767, 49689, 50673, 16515, 48094, 16644, 48408]
CALL = [12504, 17200, 51105, 48562, 49439, 46769, 49690, 50673, 16515, 48094, 16644, 48408]


@pytest.mark.parametrize('seed', sorted(TRANSPOSED_B))
def test_float16_product_with_transposed_b_sums_in_order(seed):
    r = np.random.RandomState(seed)
    a = (r.normal(size=(4, 24)) * 8).astype(np.float16)
    c = (r.normal(size=(6, 24)) * 8).astype(np.float16)
    out = tf.matmul(a, c, transpose_b=True).numpy()
    assert out.ravel().view(np.uint16).tolist() == TRANSPOSED_B[seed]


@pytest.fixture
def mixed_model():
    keras.mixed_precision.set_global_policy('mixed_float16')
    try:
        model = keras.Sequential([keras.Input((6,)), keras.layers.Dense(8, activation='relu'), keras.layers.Dense(3)])
    finally:
        keras.mixed_precision.set_global_policy('float32')
    r = np.random.RandomState(0)
    model.set_weights([r.normal(size=w.shape).astype('float32') for w in model.get_weights()])
    return model, r.normal(size=(4, 6)).astype('float32')


@pytest.mark.skipif(not onednn_policy.enabled(), reason='TF fuses MatMul + BiasAdd into oneDNN kernels only')
def test_mixed_float16_predict_adds_the_bias_before_rounding(mixed_model):
    model, x = mixed_model
    assert model.predict(x, verbose=0).ravel().view(np.uint16).tolist() == PREDICT


def test_mixed_float16_call_rounds_the_product_then_adds(mixed_model):
    model, x = mixed_model
    assert model(x).numpy().ravel().view(np.uint16).tolist() == CALL
