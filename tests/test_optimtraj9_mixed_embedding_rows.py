"""Embedding under a mixed policy reads its float32 table and casts the rows it looked up, as Keras 3.

Keras 3's Embedding is ``autocast=False``: inside a mixed model its table is read in float32, ``take``
gathers float32 rows and ``ops.cast`` makes them bfloat16 / float16. Its gradient is then IndexedSlices
of float32 rows, each the cast of its own compute-dtype row (TF's Cast gradient keeps the slices), and
an optimizer adds repeated rows in float32. tapeflow cast the whole table before the gather, so the
gradient was a dense table summed from the bfloat16 rows, and a mixed_bfloat16 fit of an Embedding
classifier left TF 2.21's weights from the first step. With LoRA the merged table is summed in float32
and cast once, the rows' gradients summed in float32.

Golden values: /work/notes/progs/optimtraj7/embgold.py under /opt/tfref/bin/python (TF 2.21, Keras 3.15).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

pytestmark = pytest.mark.usefixtures('xeon_cpu')     # the fit's Dense products

IDS = np.array([[1, 4, 4, 0], [7, 2, 1, 9]])
WEIGHTS = np.linspace(-1, 1, 24).reshape(2, 4, 3).astype('float32')
ROWS = ['-0x1.0000000000000p+0', '-0x1.d400000000000p-1', '-0x1.a600000000000p-1', '-0x1.7a00000000000p-1',
        '-0x1.4e00000000000p-1', '-0x1.2200000000000p-1', '-0x1.ea00000000000p-2', '-0x1.9000000000000p-2',
        '-0x1.3800000000000p-2', '-0x1.be00000000000p-3', '-0x1.0c00000000000p-3', '-0x1.6400000000000p-5',
        '0x1.6400000000000p-5', '0x1.0c00000000000p-3', '0x1.be00000000000p-3', '0x1.3800000000000p-2',
        '0x1.9000000000000p-2', '0x1.ea00000000000p-2', '0x1.2200000000000p-1', '0x1.4e00000000000p-1',
        '0x1.7a00000000000p-1', '0x1.a600000000000p-1', '0x1.d400000000000p-1', '0x1.0000000000000p+0']
FIT_LOSS = ['0x1.1be8580000000p+0', '0x1.170aa40000000p+0']
FIT_TABLE = ['-0x1.2961560000000p-3', '-0x1.120c9c0000000p-4', '-0x1.4a32f40000000p-5', '-0x1.e12a780000000p-7',
             '-0x1.08169a0000000p-5', '-0x1.4f10e80000000p-6', '-0x1.2bcbc80000000p-4', '0x1.0246c80000000p-7',
             '0x1.3416f80000000p-4', '0x1.9280ac0000000p-5', '-0x1.4ec1000000000p-7', '0x1.e6cb340000000p-6',
             '-0x1.a464980000000p-7', '-0x1.f7e4a00000000p-5', '0x1.0768e60000000p-5', '-0x1.e0d7d00000000p-7',
             '0x1.26eaba0000000p-5', '0x1.7d390c0000000p-6', '-0x1.d272800000000p-7', '-0x1.03b3200000000p-4']
LORA_B = ['-0x1.17778c0000000p-2', '-0x1.24a0e20000000p-2', '-0x1.2ef8f20000000p-2', '0x1.7e65c40000000p-2',
          '0x1.7c9e460000000p-2', '0x1.7b088e0000000p-2']


def _hex(values):
    return [float(x).hex() for x in np.asarray(values).ravel()]


def _mixed(seed, *layers):
    """A Sequential built under mixed_bfloat16 (the policy restored afterwards)."""
    keras.mixed_precision.set_global_policy('mixed_bfloat16')
    try:
        keras.utils.set_random_seed(seed)
        return keras.Sequential([keras.Input((4,), dtype='int32')] + [make() for make in layers])
    finally:
        keras.mixed_precision.set_global_policy('float32')


def test_the_gradient_is_float32_rows():
    model = _mixed(1, lambda: keras.layers.Embedding(12, 3))
    assert model.layers[0].autocast is False
    with tf.GradientTape() as tape:
        y = model(IDS)
        loss = tf.reduce_sum(tf.cast(y, tf.float32) * WEIGHTS)
    g = tape.gradient(loss, model.trainable_variables[0])
    assert y.dtype == tf.bfloat16
    assert isinstance(g, tf.IndexedSlices) and g.values.dtype == tf.float32
    assert np.asarray(g.indices).tolist() == [1, 4, 4, 0, 7, 2, 1, 9]
    assert _hex(g.values) == ROWS


def test_fit_of_a_mixed_bfloat16_embedding_classifier():
    model = _mixed(2, lambda: keras.layers.Embedding(20, 4), keras.layers.GlobalAveragePooling1D,
                   lambda: keras.layers.Dense(3))
    model.compile(optimizer=keras.optimizers.SGD(0.5),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True))
    x = np.random.RandomState(0).randint(0, 20, (32, 4))
    y = np.random.RandomState(1).randint(0, 3, 32)
    history = model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False)
    assert _hex(history.history['loss']) == FIT_LOSS
    assert _hex(model.weights[0].numpy()[[0, 3, 7, 11, 19]]) == FIT_TABLE


def test_lora_sums_the_rows_gradients_in_float32():
    model = _mixed(1, lambda: keras.layers.Embedding(12, 3, lora_rank=2))
    with tf.GradientTape() as tape:
        loss = tf.reduce_sum(tf.cast(model(IDS), tf.float32) * WEIGHTS)
    _, b = tape.gradient(loss, model.trainable_variables)
    assert _hex(b) == LORA_B
