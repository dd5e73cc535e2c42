"""Weight decay under CosineDecayRestarts with alpha != 0 in a traced step gives TF 2.21's bits.

Keras's rate ends as Mul(initial, sum); grappler's MinimizeBroadcasts takes that product into weight
decay's ``variable * weight_decay * lr`` chain, ``variable * ((weight_decay * initial) * sum)``, as
it does for ExponentialDecay and CosineDecay with alpha. tapeflow folded it only with alpha = 0, so
AdamW / SGD(weight_decay) with such a schedule in fit left TF's weights in the last bits (the
History losses still agreed). Values printed by TF 2.21 / Keras 3.15 (probe:
/work/notes/progs/optimtraj/cosr_wd_golden.py): the variable after 12 steps of a tf.function.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

O = keras.optimizers


def _restarts():
    return O.schedules.CosineDecayRestarts(0.1, 5, t_mul=1.5, m_mul=0.8, alpha=0.1)


def _gradient(step, shape):
    i = np.arange(int(np.prod(shape)), dtype=np.float64)
    g = np.sin(step * 1.7 + i * 0.9) * (0.5 + (i % 3)) + 0.05 * (step % 4) - 0.02 * i
    g[(step + i.astype(int)) % 7 == 0] = 0.0
    return g.reshape(shape).astype('float32')


@pytest.mark.parametrize('make, expected', [
    (lambda: O.AdamW(_restarts(), weight_decay=0.1),
     {5: '-0x1.a7d4dcp-4', 6: '-0x1.412b14p-4', 11: '0x1.efd3ecp-2', 13: '0x1.41c884p-1', 0: '-0x1.2b134cp+0'}),
    (lambda: O.SGD(_restarts(), momentum=0.9, weight_decay=0.05),
     {2: '-0x1.a64746p+0', 3: '-0x1.0abcb2p-1', 5: '0x1.6c5b30p+0', 19: '0x1.7cba5ep+1'}),
])
def test_traced_steps_with_weight_decay(make, expected):
    optimizer = make()
    kernel = keras.Variable(np.linspace(-1, 1, 20).reshape(4, 5).astype('float32'), name='kernel')

    @tf.function
    def step(gradient):
        optimizer.apply_gradients([(gradient, kernel)])
        return kernel.value

    for i in range(12):
        step(tf.constant(_gradient(i, (4, 5))))
    flat = kernel.numpy().ravel()
    assert {i: float(flat[i]).hex() for i in expected} == {i: float.hex(float.fromhex(h)) for i, h in expected.items()}
