"""A traced second derivative through tanh: TF's _TanhGradGrad ``grad * -2.0 * dy * y`` regrouped by grappler.

A physics-informed network differentiates its own input gradient (``tf.gradients(u, x)`` in a tf.function, or
nested tapes): the outer sweep passes TanhGrad's gradient for y, a chain of Muls with the scalar -2.0. In a
tf.function's graph grappler's MinimizeBroadcasts sorts its leaves by size and pairs them off, so TF 2.21
computes ``(-2.0 * grad) * (dy * y)`` there, while eager TF keeps ``((grad * -2.0) * dy) * y``
(framework/ops/minimized_broadcasts.py). tapeflow took the eager order in both: 5 of the 17 values below (loss,
the first kernel's and bias's gradients) differed in each traced run. Goldens: TF 2.21 on this EPYC,
/work/notes/progs/matmulbits/gold2.py (lead55 pinn4.py with every value printed).
"""
import numpy as np

import framework as tf
from framework import keras

# graph (tf.gradients in a tf.function, or tf.function of the nested tapes): [loss], kernel 1, bias 1
GRAPH_GOLDEN = [
    ['0x1.0b91080000000p+0'],
    ['-0x1.0e074c0000000p-2', '0x1.ef78f40000000p-3', '-0x1.5e2a540000000p-1', '-0x1.947c780000000p-3',
     '0x1.84d03e0000000p-2', '-0x1.d46d5e0000000p-6', '0x1.aee2aa0000000p-1', '-0x1.c544140000000p-1'],
    ['0x1.38e9440000000p-5', '-0x1.52e2d60000000p-4', '0x1.6a717e0000000p-2', '0x1.849d1a0000000p-7',
     '-0x1.d278960000000p-3', '0x1.769b620000000p-7', '-0x1.0dbae40000000p-8', '0x1.23c22a0000000p-1'],
]

# eager nested tapes: the order as written
EAGER_GOLDEN = [
    ['0x1.0b91080000000p+0'],
    ['-0x1.0e074c0000000p-2', '0x1.ef78f20000000p-3', '-0x1.5e2a540000000p-1', '-0x1.947c780000000p-3',
     '0x1.84d03e0000000p-2', '-0x1.d46d5e0000000p-6', '0x1.aee2aa0000000p-1', '-0x1.c544160000000p-1'],
    ['0x1.38e9440000000p-5', '-0x1.52e2d40000000p-4', '0x1.6a717e0000000p-2', '0x1.849d180000000p-7',
     '-0x1.d278960000000p-3', '0x1.769b620000000p-7', '-0x1.0dbae40000000p-8', '0x1.23c2280000000p-1'],
]


def _model():
    keras.utils.set_random_seed(1)
    return keras.Sequential([keras.Input((1,)), keras.layers.Dense(8, activation='tanh'), keras.layers.Dense(1)])


def _hexes(t):
    return [float(v).hex() for v in np.ravel(t.numpy())]


def _loss(model, x, u, u_x):
    return tf.reduce_mean((u_x - tf.cos(x)) ** 2) + tf.reduce_mean(u[:1] ** 2)


def _nested_tapes(model):
    def run(x):
        with tf.GradientTape() as tape:
            with tf.GradientTape() as inner:
                inner.watch(x)
                u = model(x)
            loss = _loss(model, x, u, inner.gradient(u, x))
        return loss, tape.gradient(loss, model.trainable_variables)
    return run


def _printed(loss, grads):
    return [_hexes(loss)] + [_hexes(g) for g in grads[:2]]


X = np.linspace(0, 1, 16).reshape(-1, 1)


def test_tf_gradients_in_a_function_regroups_tanh_grad_grad(epyc_cpu):
    model = _model()

    @tf.function
    def run(x):
        with tf.GradientTape() as tape:
            u = model(x)
            loss = _loss(model, x, u, tf.gradients(u, x)[0])
        return loss, tape.gradient(loss, model.trainable_variables)

    assert _printed(*run(tf.constant(X, tf.float32))) == GRAPH_GOLDEN


def test_traced_nested_tapes_regroup_and_eager_ones_do_not(epyc_cpu):
    model = _model()
    x = tf.constant(X, tf.float32)
    assert _printed(*tf.function(_nested_tapes(model))(x)) == GRAPH_GOLDEN
    assert _printed(*_nested_tapes(model)(x)) == EAGER_GOLDEN
