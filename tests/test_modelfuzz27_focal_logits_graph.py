"""BinaryFocalCrossentropy(from_logits=True) in a traced step: the logits' gradient adds the Sigmoid's
SigmoidGrad before the logistic loss's four terms, as TF 2.21's optimized graph sorts its AddN
(framework/losses/focal_logits_graph.py); eager keeps the tape's order.

Goldens: TF 2.21 on this AMD EPYC (AVX2; Eigen's exp / log1p), hence ``epyc_cpu``:
/work/notes/progs/modelfuzz27/red/focal.py (a tf.function's gradient of the Keras loss; these six draws are
ones where the traced gradient differs from the eager one) and red/gold_focal_fit.py (fit, 8 SGD steps).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

H = float.fromhex
DRAWS = [  # logits, labels, TF's traced gradient, TF's loss
    (['-0x1.1243420000000p+0', '0x1.7245fa0000000p-1', '0x1.4dd2f20000000p+1', '0x1.e4e7cc0000000p+0'], [0, 0, 0, 1],
     ['0x1.72194c0000000p-7', '0x1.45f32a0000000p-3', '0x1.207c860000000p-2', '-0x1.a39d7c0000000p-10'],
     '0x1.6d26fc0000000p-1'),
    (['-0x1.073d2e0000000p-2', '0x1.5dd08c0000000p+1', '-0x1.5494660000000p+0', '0x1.67f2420000000p-1'], [0, 0, 0, 1],
     ['0x1.a5778a0000000p-5', '0x1.20f85c0000000p-2', '0x1.9f93020000000p-8', '-0x1.8661040000000p-6'],
     '0x1.5069800000000p-1'),
    (['-0x1.42521e0000000p+1', '0x1.8390820000000p+1', '0x1.588b4a0000000p+1', '0x1.90080c0000000p+0'], [0, 1, 0, 0],
     ['0x1.3e20a40000000p-12', '-0x1.3106d80000000p-14', '0x1.20ded40000000p-2', '0x1.f5e1940000000p-3'],
     '0x1.cefbca0000000p-1'),
    (['0x1.cd37f20000000p+1', '0x1.50aaa40000000p+1', '0x1.6df5220000000p-1', '-0x1.35545e0000000p+1'], [1, 0, 0, 0],
     ['-0x1.d0ce200000000p-17', '0x1.209cf40000000p-2', '0x1.43d3460000000p-3', '0x1.a418000000000p-12'],
     '0x1.6cfc700000000p-1'),
    (['0x1.b82e300000000p-1', '0x1.645fb60000000p+0', '-0x1.2f225a0000000p+1', '-0x1.52caae0000000p+0'], [0, 1, 1, 1],
     ['0x1.67e41e0000000p-3', '-0x1.6826dc0000000p-8', '-0x1.1dcbe60000000p-2', '-0x1.cd99860000000p-3'],
     '0x1.d145e80000000p-1'),
    (['0x1.4446cc0000000p+0', '-0x1.1a0c9c0000000p+2', '0x1.aa38aa0000000p-4', '0x1.5e0c1e0000000p+0'], [1, 1, 0, 1],
     ['-0x1.e0af340000000p-8', '-0x1.1175d80000000p-2', '0x1.5d84ee0000000p-4', '-0x1.7d7fae0000000p-8'],
     '0x1.22a34a0000000p+0'),
]


def _loss_and_gradient(z, y):
    with tf.GradientTape() as tape:
        tape.watch(z)
        loss = keras.losses.BinaryFocalCrossentropy(from_logits=True)(y, z)
    return loss, tape.gradient(loss, z)


@pytest.mark.parametrize('draw', range(len(DRAWS)))
def test_traced_gradient_adds_the_sigmoid_gradient_first(epyc_cpu, draw):
    logits, labels, gradient, loss = DRAWS[draw]
    z = tf.constant(np.array([H(v) for v in logits], 'float32').reshape(2, 2))
    y = tf.constant(np.array(labels, 'float32').reshape(2, 2))
    value, grad = tf.function(_loss_and_gradient)(z, y)
    assert float(value).hex() == loss
    assert [float(v).hex() for v in grad.numpy().ravel()] == gradient


def test_eager_gradient_keeps_the_tape_order(epyc_cpu):
    # (the first draw's eager gradient differs from the traced one in TF 2.21 too)
    logits, labels, gradient, _ = DRAWS[0]
    z = tf.constant(np.array([H(v) for v in logits], 'float32').reshape(2, 2))
    y = tf.constant(np.array(labels, 'float32').reshape(2, 2))
    _, grad = _loss_and_gradient(z, y)
    assert [float(v).hex() for v in grad.numpy().ravel()] != gradient
    assert grad.numpy().ravel() == pytest.approx([H(v) for v in gradient], rel=1e-6)


def test_fit_trains_as_tf(epyc_cpu):
    x = (np.arange(48, dtype='float32').reshape(16, 3) % 7 - 3) / 2
    y = (np.arange(32).reshape(16, 2) % 3 == 0).astype('float32')
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    model.set_weights([np.array([[0.5, -1.25], [0.75, 0.25], [-1.5, 1.0]], 'float32'), np.array([0.1, -0.2], 'float32')])
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss=keras.losses.BinaryFocalCrossentropy(from_logits=True))
    history = model.fit(x, y, batch_size=2, epochs=1, shuffle=False, verbose=0)
    assert [float(v).hex() for v in history.history['loss']] == ['0x1.08a42e0000000p-1']
    kernel, bias = model.get_weights()
    assert [float(v).hex() for v in kernel.ravel()] == [
        '0x1.be476a0000000p-5', '-0x1.b063c40000000p-1', '0x1.153e9c0000000p-1', '0x1.ee23f00000000p-2',
        '-0x1.8e5b700000000p-1', '0x1.26604e0000000p-1']
    assert [float(v).hex() for v in bias.ravel()] == ['0x1.413ac00000000p-7', '-0x1.179c5c0000000p-1']
