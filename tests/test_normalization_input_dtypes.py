"""LayerNormalization / GroupNormalization given inputs of another dtype, as Keras 3 computes them.

Both are ``autocast=False`` layers in Keras 3: a float64 numpy array stays float64 in a float32
layer and is normalized in float64, a float16 tensor is normalized in float32 and rounded back to
float16 before the cast to the layer's dtype, and a float16 layer normalizes in float32. Golden
values: TF 2.21 + Keras 3.15 under /opt/tfref, the same calls on
``np.random.RandomState(0).normal(size=(4, 6)) * 3`` (first row, first three values)."""
import warnings

import numpy as np
import pytest

import framework as tf
from framework import keras

X64 = np.random.RandomState(0).normal(size=(4, 6)) * 3


@pytest.mark.parametrize('make, inputs, dtype, expected', [
    # float64 values in a float32 layer: normalized in float64, then rounded to float32
    (lambda: keras.layers.LayerNormalization(), X64, 'float32',
     [0.6587883830070496, -0.5919930934906006, -0.06139647215604782]),
    (lambda: keras.layers.GroupNormalization(groups=2), X64, 'float32',
     [1.281498908996582, -1.1582309007644653, -0.12326805293560028]),
    # float16 values: normalized in float32, rounded to float16, then cast to the layer's dtype
    (lambda: keras.layers.LayerNormalization(), tf.constant(X64, tf.float16), 'float32',
     [0.6591796875, -0.591796875, -0.061553955078125]),
    (lambda: keras.layers.GroupNormalization(groups=2), tf.constant(X64, tf.float16), 'float32',
     [1.28125, -1.158203125, -0.12359619140625]),
    (lambda: keras.layers.LayerNormalization(dtype='float64'), tf.constant(X64, tf.float16), 'float64',
     [0.6591796875, -0.591796875, -0.061553955078125]),
    # float32 values in a float64 layer: normalized in float32
    (lambda: keras.layers.LayerNormalization(dtype='float64'), tf.constant(X64, tf.float32), 'float64',
     [0.6587885022163391, -0.591992974281311, -0.06139642000198364]),
    # a float16 layer normalizes in float32
    (lambda: keras.layers.LayerNormalization(dtype='float16'), tf.constant(X64, tf.float16), 'float16',
     [0.6591796875, -0.591796875, -0.061553955078125]),
])
def test_inputs_of_another_dtype_are_normalized_as_keras_does(make, inputs, dtype, expected):
    out = make()(inputs)
    assert out.dtype == dtype
    assert out.numpy()[0, :3].tolist() == expected


def test_gradients_reach_gamma_and_beta_through_a_float64_input():
    # TF 2.21: both gradients float32, these values
    ln = keras.layers.LayerNormalization()
    with tf.GradientTape() as tape:
        out = ln(X64)
        loss = tf.reduce_sum(out * out * tf.constant(np.arange(24).reshape(4, 6), tf.float32))
    grads = tape.gradient(loss, ln.trainable_variables)
    assert [g.dtype for g in grads] == [tf.float32, tf.float32]
    np.testing.assert_allclose(grads[0].numpy(), [27.856548309326172, 34.2121467590332, 152.60916137695312,
                                                  43.22743225097656, 172.3394317626953, 161.73916625976562], rtol=1e-6)
    np.testing.assert_allclose(grads[1].numpy(), [43.945838928222656, -48.85043716430664, -92.24420928955078,
                                                  33.9256706237793, 102.39549255371094, -38.685428619384766], rtol=1e-6)


def test_a_model_casts_at_its_input_first(cpu_kind):
    # The Input's float32 comes first: the layer sees float32 values, as in Keras (the Dense sum of the six
    # normalized values is rounding noise: TF 2.21 on an AVX2 AMD EPYC, oneDNN off, sums in Eigen's order)
    model = keras.Sequential([keras.Input((6,)), keras.layers.LayerNormalization(),
                              keras.layers.Dense(2, kernel_initializer='ones')])
    noise = 3.5762786865234375e-07 if cpu_kind == 'avx2' else 4.76837158203125e-07
    assert model(X64).numpy()[0].tolist() == [noise, noise]


def test_rms_scaling_warns_with_keras_texts():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        layer = keras.layers.LayerNormalization(rms_scaling=True)
        layer(X64.astype('float32'))
    texts = [str(w.message) for w in caught]
    assert texts[0].endswith('To correctly use RMS Normalization, please use `keras.layers.RMSNormalization` instead.')
    assert texts[1].endswith('please use `keras.ops.rms_normalization` / `keras.ops.nn.rms_normalization` instead.')
