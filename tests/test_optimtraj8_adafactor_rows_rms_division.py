"""Adafactor on an IndexedSlices gradient divides its rms(u) sum by the dense size in a traced step too.

Keras 3's ``ops.mean`` of an IndexedSlices is ``reduce_sum(values) / size(dense_shape)``. tapeflow took the
size as a graph constant and multiplied by its reciprocal in a traced step (grappler's rewrite of a division
by a constant), but inside Keras's apply_gradients TF 2.21 keeps the division: once rms(u) passes
clip_threshold, an Embedding trained by fit (or a tf.function loop over tf.gather rows) moved 1 ulp away
from TF (step 12 below: rms(u) TF 0x1.ae3c8ep-1, tapeflow 0x1.ae3c90p-1, 127 weights off).

Golden values: /work/notes/progs/optimtraj6/adagold.py under /opt/tfref/bin/python (TF 2.21, Keras
3.15): sha1 of the table's bytes (first 16 hex digits) and some of its weights.
"""
import hashlib

import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # the fit's Dense products and softmax

FIT_TABLE = ('90aec703238f53d1', {17: '-0x1.8cd2b00000000p-8', 88: '-0x1.f41f040000000p-9',
                                  94: '-0x1.eb1f420000000p-6', 116: '0x1.0f86700000000p-9',
                                  120: '-0x1.80e6540000000p-5'})
LOOP_TABLE = '87826bb0551ed526'


def _sha(a):
    return hashlib.sha1(np.asarray(a).tobytes()).hexdigest()[:16]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives table[94] -0x1.eb1f40p-6 (Xeon -0x1.eb1f42p-6); tapeflow there
# gives the Xeon's table natively and digest acf46c798dc7933f with xeon_cpu (epyc1's report)
@pytest.mark.avx512_bits
def test_embedding_fit_with_clipvalue():
    rng = np.random.RandomState(8)
    x = rng.randint(0, 500, (96, 10))
    y = x[:, 0] % 3
    keras.utils.set_random_seed(12)
    model = keras.Sequential([keras.Input((10,)), keras.layers.Embedding(500, 16), keras.layers.GlobalAveragePooling1D(),
                              keras.layers.Dense(3, activation='softmax')])
    model.compile(optimizer=keras.optimizers.Adafactor(0.01, beta_2_decay=-0.7, clip_threshold=0.8, clipvalue=0.02),
                  loss='sparse_categorical_crossentropy')
    model.fit(x, y, batch_size=16, epochs=2, verbose=0, shuffle=False)
    table = model.weights[0].numpy().reshape(-1)
    digest, some = FIT_TABLE
    assert {i: float(table[i]).hex() for i in some} == some
    assert _sha(table) == digest


def test_traced_loop_over_gathered_rows():
    rng = np.random.RandomState(1)
    init = rng.randn(500, 16).astype('float32')
    ids = [rng.randint(0, 500, 40) for _ in range(4)]
    weights = tf.constant(rng.randn(40, 16).astype('float32'))
    table = keras.Variable(init, name='table')
    opt = keras.optimizers.Adafactor(0.05, clip_threshold=0.3)

    @tf.function
    def step(i):
        with tf.GradientTape() as tape:
            rows = tf.gather(table, i)
            loss = tf.reduce_sum(rows * rows * weights)
        opt.apply_gradients([(tape.gradient(loss, table), table)])
    for s in range(4):
        step(tf.constant(ids[s]))
    assert _sha(table.numpy()) == LOOP_TABLE
