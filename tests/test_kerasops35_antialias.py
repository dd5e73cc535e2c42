"""keras.ops.image.resize(..., antialias=True) and keras.layers.Resizing(antialias=True), as Keras 3.15 on
TF 2.21 runs them: tf.image.resize with antialias (its ScaleAndTranslate kernels widen when shrinking).
tapeflow refused both ('antialias=True is not supported'), though its tf.image.resize computes it.

Goldens: /work/notes/progs/kerasops/g_aa.py run with TF 2.21.
"""
import numpy as np

import framework as tf

keras = tf.keras


def _image():
    return ((np.arange(48, dtype='float32').reshape(1, 6, 8, 1) * 7) % 11) / 10


def _hex(t):
    return [float(v).hex() for v in np.asarray(t).ravel()]


def test_ops_resize_bilinear_antialias():
    assert _hex(keras.ops.image.resize(_image(), (3, 3), antialias=True)) == [
        '0x1.cae0100000000p-2', '0x1.f58d140000000p-2', '0x1.35513c0000000p-1', '0x1.1205640000000p-1',
        '0x1.0000000000000p-1', '0x1.dbf5380000000p-2', '0x1.955d8e0000000p-2', '0x1.05397a0000000p-1',
        '0x1.1a8ffc0000000p-1']


def test_ops_resize_lanczos3_antialias():
    assert _hex(keras.ops.image.resize(_image(), (2, 5), interpolation='lanczos3', antialias=True)) == [
        '0x1.c2d1480000000p-2', '0x1.0e06260000000p-1', '0x1.f764180000000p-2', '0x1.f17a880000000p-2',
        '0x1.32ebd00000000p-1', '0x1.9a28680000000p-2', '0x1.0742be0000000p-1', '0x1.044dfa0000000p-1',
        '0x1.e3f3bc0000000p-2', '0x1.1e97660000000p-1']


def test_resizing_layer_bicubic_antialias_of_uint8_images():
    layer = keras.layers.Resizing(3, 4, interpolation='bicubic', antialias=True)
    out = layer((_image() * 200).astype('uint8'))
    assert out.dtype == tf.uint8
    assert out.numpy().ravel().tolist() == [80, 98, 100, 133, 114, 91, 109, 86, 67, 100, 102, 120]
    assert layer.get_config()['antialias'] is True


def test_resizing_layer_antialias_gradient():
    v = tf.Variable(_image())
    with tf.GradientTape() as tape:
        y = keras.layers.Resizing(3, 3, antialias=True)(v)
        loss = tf.reduce_sum(y * y)
    assert _hex(tape.gradient(loss, v))[:16] == [
        '0x1.c76cd20000000p-4', '0x1.4afd140000000p-3', '0x1.499c500000000p-3', '0x1.483b8c0000000p-3',
        '0x1.5ddaa80000000p-3', '0x1.8a79ac0000000p-3', '0x1.b718b00000000p-3', '0x1.32fde00000000p-3',
        '0x1.3308ce0000000p-3', '0x1.bd40000000000p-3', '0x1.b52d500000000p-3', '0x1.ad1aa00000000p-3',
        '0x1.bfe14c0000000p-3', '0x1.ed81620000000p-3', '0x1.0d90bc0000000p-2', '0x1.77e1600000000p-3']
