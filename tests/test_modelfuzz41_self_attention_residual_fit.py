"""A transformer block's input gradient in fit adds its four reads in grappler's order.

Dense -> h; MultiHeadAttention(h, h) or Attention([h, h]); Add([h, attention]); LayerNormalization.
h is read by the Add and, three times, by the attention (query, value, key); in Keras's traced train
step grappler sorts that AddN by node name: ((add + key) + query) + value for MultiHeadAttention,
((add + query) + value) + key for Attention (its query read is MatMul's, value's MatMul_1's, key's
transpose's). tapeflow added them in its tape's order: the Dense before the block drifted an ulp from
the second step (progs/modelfuzz2 p3037, p4049; modelfuzz3 q6017 ... q6036). The residual written
h + attention (keras.ops.add) sums alike. Values: TF 2.21 (progs/modelfuzz4/fit_mha.py mha / att;
fit_mha2.py mha_op / att_op print the same).
"""
import numpy as np
import pytest

from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

# variant: (loss history, first Dense kernel, first Dense bias) after fit, TF 2.21
TF_FIT = {
    'mha': (['0x1.334d060000000p+0', '0x1.9bca060000000p+0'],
            ['0x1.9d9f780000000p-2', '0x1.ace4540000000p-2', '-0x1.c8580e0000000p-3', '0x1.3540d00000000p-1',
             '0x1.be0db80000000p-1', '0x1.c068720000000p-2', '0x1.0664f60000000p-1', '0x1.a7ef0e0000000p-4',
             '-0x1.438de00000000p-1', '0x1.4761aa0000000p-2', '0x1.e9e48e0000000p-2', '-0x1.6bb1380000000p-1'],
            ['-0x1.b02fb60000000p-5', '0x1.44cc000000000p-8', '0x1.9f51360000000p-4', '0x1.20fb5c0000000p-5']),
    'att': (['0x1.1a70f00000000p+0', '0x1.12aad60000000p+0'],
            ['0x1.c4e98e0000000p-2', '0x1.9173bc0000000p-2', '-0x1.f6d6b00000000p-3', '0x1.234eac0000000p-1',
             '0x1.ab34500000000p-1', '0x1.dee2880000000p-2', '0x1.e666480000000p-2', '0x1.18e9dc0000000p-3',
             '-0x1.3af8560000000p-1', '0x1.156efc0000000p-2', '0x1.d31dca0000000p-2', '-0x1.4f8a940000000p-1'],
            ['0x1.25f5b20000000p-6', '0x1.65c79e0000000p-6', '-0x1.4aefd40000000p-5', '0x1.cf18b80000000p-10']),
}


def _fit(variant, residual):
    keras.backend.clear_session()
    keras.utils.set_random_seed(5)
    rng = np.random.RandomState(5)
    x = rng.normal(size=(48, 6, 3)).astype('float32')
    y = rng.normal(size=(48, 1)).astype('float32')
    inp = keras.Input(shape=(6, 3))
    h = keras.layers.Dense(4)(inp)
    if variant == 'mha':
        a = keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)(h, h)
    else:
        a = keras.layers.Attention(use_scale=True)([h, h])
    a = keras.layers.LayerNormalization()(keras.layers.Add()([h, a]) if residual == 'layer' else h + a)
    model = keras.Model(inp, keras.layers.Dense(1)(keras.layers.GlobalAveragePooling1D()(a)))
    model.compile(optimizer=keras.optimizers.SGD(0.05), loss='mse')
    history = model.fit(x, y, epochs=2, batch_size=16, verbose=0, shuffle=False)
    kernel, bias = model.layers[1].get_weights()
    return ([float(v).hex() for v in history.history['loss']],
            [float(v).hex() for v in np.ravel(kernel)], [float(v).hex() for v in np.ravel(bias)])


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
@pytest.mark.parametrize('residual', ['layer', 'op'])
@pytest.mark.parametrize('variant', ['mha', 'att'])
def test_self_attention_residual_block_fit(variant, residual):
    assert _fit(variant, residual) == TF_FIT[variant]
