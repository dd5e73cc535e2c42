"""keras.losses.ctc / CTC with labels outside [0, classes): TF 2.21's dense composition gives them a value.

Golden values printed by TF 2.21 / Keras 3 (notes/progs/metrics11/c1.py, c2.py):

    rng = np.random.RandomState(8); p = rng.randn(2, 6, 5).astype('float32')
    y = np.array([[7, 1], [1, 2]], 'int32')      # 7 >= 5 classes
    print([float(v).hex() for v in keras.losses.ctc(y, p).numpy()])
    v = tf.Variable(p)
    with tf.GradientTape() as t: l = tf.reduce_sum(keras.losses.ctc(y, v))
    print([float(x).hex() for x in t.gradient(l, v).numpy().ravel()][:12])

and with y = [[2, 9], [0, 0]]: keras.losses.CTC()(y, p) and tf.function(keras.losses.ctc)(y, p).
c2.py: the CTC_LABELS + 5 / CTC_LOGITS of tests/test_focal_dice_losses.py.
"""
import numpy as np

import framework as tf
from framework import keras


def _logits():
    return np.random.RandomState(8).randn(2, 6, 5).astype('float32')


def _hex(values):
    return [float(v).hex() for v in np.ravel(np.asarray(values))]


def test_label_past_the_classes_takes_tf_value_and_gradient():
    y = np.array([[7, 1], [1, 2]], 'int32')
    assert _hex(keras.losses.ctc(y, _logits())) == ['0x1.d0473c0000000p-2', '0x1.5422ea0000000p+2']
    v = tf.Variable(_logits())
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(keras.losses.ctc(y, v))
    assert _hex(tape.gradient(total, v))[:12] == [
        '0x1.5e8c000000000p-10', '0x1.4de0bc0000000p-1', '0x1.fff7480000000p-6', '0x1.c06bae0000000p-5',
        '0x1.68f2f20000000p-6', '0x1.226fc20000000p-2', '0x1.66b46c0000000p-3', '0x1.2e72200000000p-2',
        '0x1.2770ce0000000p-4', '0x1.62454e0000000p-4', '0x1.e1c81c0000000p-6', '0x1.6a923c0000000p-1']


def test_loss_class_and_trace_take_tf_values():
    y = np.array([[2, 9], [0, 0]], 'int32')
    assert _hex(keras.losses.CTC()(y, _logits())) == ['0x1.bd87200000000p+2']
    assert _hex(tf.function(keras.losses.ctc)(y, _logits())) == ['0x1.dedf480000000p+0', '0x1.81ab380000000p+3']


def test_negative_label_and_test_file_inputs():
    assert _hex(keras.losses.ctc(np.array([[-1, 2], [1, 2]], 'int32'), _logits())) == [
        '-0x1.fd46800000000p-5', '0x1.5422ea0000000p+2']
    logits = np.linspace(-1.5, 1.5, 24).reshape(2, 4, 3).astype(np.float32)
    logits[0, 1] = [0.3, -0.8, 1.2]
    labels = np.array([[1, 2], [2, 0]], np.int32) + 5
    assert _hex(keras.losses.ctc(labels, logits)) == ['-0x1.a62b8c0000000p+0', '-0x1.a8ab080000000p+0']
