"""LayerNormalization / GroupNormalization of a single row in a tf.function, as TF 2.21's grappler adds it.

Grappler's AddOpsRewrite groups the terms of Keras 3's ``x * inv + (-mean * inv + beta)`` by shape,
leading ones aside: over one row ((1, d)) x * inv, -mean * inv and beta are one shape and the sum stays as
Keras writes it, which tapeflow regrouped as it must over several rows; without gamma, beta joins x * inv
before the one-element -mean * inv. Values: notes/progs/gradfuzz11/t_lnpin.py (t_ln5.py: 48 LayerNormalization
shapes with gradients, 10 -> 0 lines differ; t_gn.py: 11 GroupNormalization lines, 8 -> 0).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = np.array([[-0.74, 0.0, 0.15, -0.87, -0.87, 1.31, 0.42, -1.9]], np.float32)
GAMMA = np.array([0.55, 1.48, 0.85, 1.3, 0.7, 1.1, 0.95, 1.21])
BETA = np.array([-0.17, -0.31, -0.32, -0.33, 0.41, 0.05, 0.22, -0.08])

TF = {
    'ln_gamma_beta': ['-0x1.b19c180000000p-2', '0x1.8221480000000p-3', '0x1.a8ff3c0000000p-4', '-0x1.1c794a0000000p+0',
                      '-0x1.5d4e800000000p-7', '0x1.f94ca20000000p+0', '0x1.f0b1080000000p-1', '-0x1.13457c0000000p+1'],
    'ln_beta_only': ['-0x1.42f9e20000000p-1', '0x1.b7eec00000000p-6', '0x1.6da6640000000p-3', '-0x1.dca48c0000000p-1',
                     '-0x1.870d100000000p-3', '0x1.cc86d20000000p+0', '0x1.0273ce0000000p+0', '-0x1.ca8c680000000p+0'],
    'gn_two_groups': ['-0x1.3e4aaa0000000p-1', '0x1.bef68e0000000p-1', '0x1.46f9600000000p-1', '-0x1.c4853e0000000p+0',
                      '0x1.fd81700000000p-5', '0x1.74e9ea0000000p+0', '0x1.7e0c300000000p-1', '-0x1.b2444a0000000p+0'],
}

LAYERS = {
    'ln_gamma_beta': lambda: keras.layers.LayerNormalization(epsilon=0.01),
    'ln_beta_only': lambda: keras.layers.LayerNormalization(epsilon=0.01, scale=False),
    'gn_two_groups': lambda: keras.layers.GroupNormalization(groups=2, epsilon=0.01),
}


@pytest.mark.parametrize('name', sorted(LAYERS))
def test_traced_single_row_sums_as_tf(name):
    layer = LAYERS[name]()
    layer.build((None, 8))
    layer.set_weights([GAMMA, BETA] if len(layer.weights) == 2 else [BETA])
    y = tf.function(lambda a: layer(a))(tf.constant(X))
    assert [float(v).hex() for v in np.ravel(y.numpy())] == TF[name]
