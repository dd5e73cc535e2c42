"""keras.losses.ctc / CTC, keras.ops.ctc_loss and tf.nn.ctc_loss with dense labels take TF 2.21's
ctc_loss_dense composition in float32 (framework/ops/ctc_dense.py). Golden values printed by TF 2.21 /
Keras 3.15 with /work/notes/progs/metrics5/ctc_golden.py (``float(v).hex()``); the float64 recursion used
before was 1-6 ulps off (T=200: TF 0x1.e3f5d0p+9, tapeflow 0x1.e3f5c8p+9).
"""
import numpy as np
import pytest

import framework as tf
from framework import config, keras


def _hex(values):
    return [float(v).hex() for v in np.ravel(np.asarray(values))]


@pytest.fixture
def exact_math():
    config.set_tf_exact_math(True)
    yield
    config.set_tf_exact_math('small')


def test_ctc_loss_and_gradient_carry_tf_bits():
    logits = (np.random.RandomState(11).randn(2, 9, 4) * 2).astype('float32')
    labels = np.array([[1, 3, 0], [2, 2, 2]])       # (a padded row; a repeated label)
    x = tf.Variable(logits)
    with tf.GradientTape() as tape:
        loss = keras.losses.CTC(reduction='none')(labels, x)
    grad = np.asarray(tape.gradient(loss, x))
    assert _hex(loss) == ['0x1.35a4a40000000p+2', '0x1.5509b00000000p+3']
    assert _hex(grad[0, 0]) == ['-0x1.96c8800000000p-6', '0x1.bb6ef80000000p-7', '0x1.6d5d0e0000000p-7',
                                '0x1.3198f00000000p-13']
    assert _hex(grad[0, 5]) == ['-0x1.12af3a0000000p-2', '-0x1.87f7960000000p-6', '0x1.e6fabc0000000p-4',
                                '0x1.62e0040000000p-3']
    assert _hex(grad[1, 8]) == ['-0x1.27bff40000000p-7', '0x1.28132e0000000p-4', '-0x1.f576f00000000p-2',
                                '0x1.b4b0240000000p-2']


def test_nn_ctc_loss_with_frame_lengths_and_a_middle_blank(exact_math):
    logits = (np.random.RandomState(12).randn(10, 3, 5) * 2).astype('float32')      # time-major
    labels = np.array([[1, 3, 4, 0], [4, 4, 1, 2], [3, 0, 0, 0]], 'int32')
    loss = tf.nn.ctc_loss(labels, logits, label_length=[3, 4, 1], logit_length=[10, 7, 9], blank_index=2)
    assert _hex(loss) == ['0x1.c53cac0000000p+3', '0x1.57dfe40000000p+3', '0x1.301a020000000p+3']


def test_larger_ctc_loss_in_exact_math(exact_math):
    rng = np.random.RandomState(13)
    logits = (rng.randn(4, 40, 16) * 3).astype('float32')
    labels = rng.randint(1, 16, (4, 9))
    labels[1, 5:] = 0
    assert _hex(keras.losses.ctc(labels, logits)) == ['0x1.190a940000000p+7', '0x1.3cbad00000000p+7',
                                                       '0x1.4121220000000p+7', '0x1.3e05c60000000p+7']
