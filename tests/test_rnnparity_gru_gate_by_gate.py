"""GRU with recurrent_dropout (Keras's implementation 1) steps gate by gate as Keras's GRUCell.call writes it:
each gate's masked h times its block of the recurrent kernel plus its block of the recurrent bias, no
concatenated product. The bias gradient of GRU(4, recurrent_dropout=0.3, seed=3) is then TF 2.21's (printed
by TF, progs/layersparity/rnn2.py 'gru_rd_last' under layersparity/harness.py); 5 of its 24 values differed
in last bits before. (Its kernels' gradients still differ in some: reports36/rnnparity.md.)"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')


def _rnd(shape, seed, scale=1.0, dtype='float32'):
    return (np.random.RandomState(seed).randn(*shape) * scale).astype(dtype)


def test_recurrent_dropout_gru_bias_gradient():
    """layersparity/harness.py's run(): call once, set seeded weights, call again under a tape."""
    layer = keras.layers.GRU(4, recurrent_dropout=0.3, seed=3)
    x = tf.constant(_rnd((2, 5, 3), 0))
    layer(x, training=True)
    layer.set_weights([_rnd(w.shape, 100 + i, 0.5, w.dtype) for i, w in enumerate(layer.get_weights())])
    with tf.GradientTape() as tape:
        out = layer(x, training=True)
        loss = tf.reduce_sum(out * _rnd(tuple(out.shape), 7))
    bias = tape.gradient(loss, layer.trainable_weights[2])
    assert [float(v).hex() for v in bias.numpy().ravel()] == EXPECTED_BIAS


EXPECTED_BIAS = ['0x1.31d5d80000000p-1', '-0x1.0090460000000p-4', '0x1.8e89360000000p-9',
     '-0x1.44e81c0000000p-4', '-0x1.0838f40000000p-4', '-0x1.550fe40000000p-5',
     '0x1.40484e0000000p-9', '-0x1.29250a0000000p-4', '0x1.3f62b00000000p-1',
     '-0x1.3603500000000p-2', '-0x1.89fa4e0000000p-4', '-0x1.205fae0000000p-2',
     '0x1.31d5d80000000p-1', '-0x1.0090460000000p-4', '0x1.8e89360000000p-9',
     '-0x1.44e81c0000000p-4', '-0x1.0838f40000000p-4', '-0x1.550fe40000000p-5',
     '0x1.40484e0000000p-9', '-0x1.29250a0000000p-4', '0x1.8abef40000000p-2',
     '-0x1.83140e0000000p-3', '-0x1.ced6600000000p-6', '-0x1.64e8a20000000p-3']
