"""Self-attention's input gradient in a traced step adds its projections' gradients in grappler's order.

MultiHeadAttention(h, h) reads h in its key, query and value projections; in a graph (a Keras train step,
a tf.function) grappler sorts that AddN by node name, so key + query add first, then value. tapeflow added
them in the eager tape's order: the Dense before the attention got an ulp-off kernel and bias gradient,
and fit drifted from the first steps (progs/modelfuzz2 p4004). Values: TF 2.21 (progs/modelfuzz2/t_mha_grad3.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')

# variant: (Dense kernel gradient, Dense bias gradient) in a tf.function, TF 2.21
TF_GRADS = {
    'mha': (['0x1.cf33ac0000000p-1', '0x1.22a6280000000p+2', '-0x1.41eb760000000p+3', '-0x1.702d280000000p+2',
             '0x1.bf35320000000p+2', '-0x1.91b3fe0000000p+3', '-0x1.5bd5c20000000p+0', '-0x1.0dcab00000000p-3'],
            ['0x1.28a4fc0000000p+3', '-0x1.35a5c20000000p+3', '0x1.b4520a0000000p+2', '0x1.36d0940000000p+1']),
    'mha2': (['-0x1.60c9ba0000000p+3', '0x1.d0bef60000000p+1', '-0x1.3432160000000p+1', '-0x1.0e4cc20000000p+2',
              '-0x1.d2e9c20000000p-1', '0x1.8f66680000000p-2', '-0x1.ce6cde0000000p+1', '0x1.3ac49e0000000p+0'],
             ['0x1.d756160000000p+4', '0x1.7ab7880000000p-6', '0x1.2723260000000p+4', '0x1.3bc2ba0000000p+4']),
}


def test_self_attention_input_gradient_traced(exact_math):
    rng = np.random.RandomState(0)
    x = tf.constant(rng.normal(size=(16, 6, 2)).astype('float32'))
    c = tf.constant(rng.normal(size=(16, 6, 4)).astype('float32'))
    keras.utils.set_random_seed(2)
    makers = {'mha': lambda: keras.layers.MultiHeadAttention(num_heads=1, key_dim=2, use_bias=False),
              'mha_bias': lambda: keras.layers.MultiHeadAttention(num_heads=1, key_dim=2),
              'mha2': lambda: keras.layers.MultiHeadAttention(num_heads=2, key_dim=3)}
    got = {}
    for name, make in makers.items():        # (in this order: the seeded initializers)
        dense, attention = keras.layers.Dense(4), make()
        h = dense(x)
        attention(h, h)

        @tf.function
        def step():
            with tf.GradientTape() as tape:
                h = dense(x)
                loss = tf.reduce_sum(attention(h, h) * c)
            return tape.gradient(loss, dense.trainable_weights)

        kernel_grad, bias_grad = step()
        got[name] = ([float(v).hex() for v in np.ravel(kernel_grad)], [float(v).hex() for v in np.ravel(bias_grad)])
    assert got['mha'] == TF_GRADS['mha']
    assert got['mha2'] == TF_GRADS['mha2']
