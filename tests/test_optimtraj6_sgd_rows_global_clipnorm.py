"""SGD with global_clipnorm in a returning traced step, when one gradient is an IndexedSlices (an Embedding's,
or tf.gather's), as Keras 3.15 on TF 2.21 (probe /work/notes/progs/optimtraj4/sgdgc2.py, goldens from sgdgc_golden.py).

Keras's clip multiplies the IndexedSlices by the scale (which densifies it), and grappler then merges the scale
with the learning rate, ``g * (lr * s)``, for every gradient, as it does when all are dense. tapeflow left the
scale on the gradients whenever rows were present, ``(g * s) * lr``: 1-ulp differences from the first clipped
step (an Embedding + SGD(momentum=0.9, global_clipnorm=...) model in fit left TF at batch 1).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _data(step):
    indices = np.array([(3 * step + 5 * i) % 6 for i in range(7)], 'int32')
    rows = (np.sin(np.arange(21) * 0.7 + step) * 1.5).astype('float32').reshape(7, 3)
    dense = (np.cos(np.arange(6) * 1.3 + step) * 2).astype('float32').reshape(3, 2)
    return rows, indices, dense


def _hex(array):
    return [float(v).hex() for v in array.ravel()]


# (momentum, nesterov, embedding after 3 steps, dense variable after 3 steps), printed by TF 2.21
CASES = [
    (0.9, False,
        ['-0x1.0802560000000p+0', '-0x1.dfaaf60000000p-1', '-0x1.a231b20000000p-1', '-0x1.38f9260000000p-1',
         '-0x1.02f4400000000p-1', '-0x1.a541860000000p-2', '-0x1.3a8fea0000000p-2', '-0x1.51484c0000000p-3',
         '-0x1.c64fa40000000p-6', '0x1.670a940000000p-6', '0x1.fdde600000000p-4', '0x1.0188820000000p-2',
         '0x1.ca1d400000000p-2', '0x1.1b21d60000000p-1', '0x1.4b87660000000p-1', '0x1.80d5520000000p-1',
         '0x1.c9ba680000000p-1', '0x1.07e8be0000000p+0'],
        ['0x1.0c4c320000000p-2', '0x1.46135c0000000p-2', '0x1.6433660000000p-2', '0x1.3a8a280000000p-2',
         '0x1.06203e0000000p-2', '0x1.13bef00000000p-2']),
    (0.8, True,
        ['-0x1.0c66e00000000p+0', '-0x1.e684ea0000000p-1', '-0x1.a3e39a0000000p-1', '-0x1.35a61c0000000p-1',
         '-0x1.0333520000000p-1', '-0x1.aca8960000000p-2', '-0x1.3671d00000000p-2', '-0x1.3df4f80000000p-3',
         '-0x1.1bb2a40000000p-6', '0x1.ddbdf80000000p-8', '0x1.c5a93c0000000p-4', '0x1.f607000000000p-3',
         '0x1.d0d4cc0000000p-2', '0x1.1ae6de0000000p-1', '0x1.47d16c0000000p-1', '0x1.82e3680000000p-1',
         '0x1.ce94a80000000p-1', '0x1.0a97d00000000p+0'],
        ['0x1.0a14840000000p-2', '0x1.5363440000000p-2', '0x1.6d8a4c0000000p-2', '0x1.3239620000000p-2',
         '0x1.f0acea0000000p-3', '0x1.14af480000000p-2']),
    (0.0, False,
        ['-0x1.0629d40000000p+0', '-0x1.d1cc820000000p-1', '-0x1.90aba40000000p-1', '-0x1.4327420000000p-1',
         '-0x1.0bd2240000000p-1', '-0x1.ac05be0000000p-2', '-0x1.2d63380000000p-2', '-0x1.51977c0000000p-3',
         '-0x1.4e71f20000000p-5', '0x1.23924a0000000p-5', '0x1.32acb40000000p-3', '0x1.1b199e0000000p-2',
         '0x1.b5f0d40000000p-2', '0x1.124dd60000000p-1', '0x1.481c8a0000000p-1', '0x1.876ad40000000p-1',
         '0x1.c9b77c0000000p-1', '0x1.049bc00000000p+0'],
        ['0x1.26276e0000000p-2', '0x1.443fc40000000p-2', '0x1.495e000000000p-2', '0x1.2e02a40000000p-2',
         '0x1.1a41a20000000p-2', '0x1.2b0b800000000p-2']),
]


@pytest.mark.parametrize('momentum, nesterov, embedding, dense', CASES)
def test_traced_global_clipnorm_merges_the_scale_with_rows_present(momentum, nesterov, embedding, dense):
    optimizer = keras.optimizers.SGD(0.05, momentum=momentum, nesterov=nesterov, global_clipnorm=0.7)
    table = tf.Variable(np.linspace(-1, 1, 18).astype('float32').reshape(6, 3))
    kernel = tf.Variable(np.full((3, 2), 0.3, 'float32'))

    @tf.function
    def step(rows, indices, grad):
        optimizer.apply_gradients([(tf.IndexedSlices(rows, indices, tf.constant([6, 3])), table), (grad, kernel)])
        return grad

    for s in range(3):
        step(*map(tf.constant, _data(s)))
    assert _hex(table.numpy()) == embedding
    assert _hex(kernel.numpy()) == dense
