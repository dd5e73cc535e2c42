"""Tensors that tutorials print whole (up to eigen_math.SMALL_ELEMENTWISE = 256 elements) carry TF 2.21's
bits for exp, tanh, sigmoid and softmax by default, not only those of at most 32 elements.

guide/autodiff takes the gradient of ``tf.nn.sigmoid(tf.linspace(-10.0, 10.0, 201))`` and prints
``dy_dx[::40]``: with numpy's exp past 32 elements tapeflow printed 1.0499358e-01 where TF prints
1.04993597e-01. Golden values printed by TF 2.21 (/opt/tfref) for the same program
(/work/notes/progs/me22/sig201.py); each checksum is the sum of the float32 results' bit patterns,
so one differing last bit changes it."""
import numpy as np
import pytest

import framework as tf
from framework.ops import eigen_math


def _bits_sum(t):
    return int(t.numpy().view(np.int32).astype(np.int64).sum())


def test_guide_autodiffs_sigmoid_gradient_has_tfs_bits():
    tf.config.set_tf_exact_math('small')
    x = tf.linspace(-10.0, 10.0, 200 + 1)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.nn.sigmoid(x)
    dy_dx = tape.gradient(y, x)
    assert (_bits_sum(y), _bits_sum(dy_dx)) == (207760130743, 201420691617)
    assert dy_dx.numpy()[[0, 40, 80, 120, 160, 200, 97, 99]].tolist() == [
        4.5395798224490136e-05, 0.0024665091186761856, 0.10499359667301178, 0.10499357432126999,
        0.0024665251839905977, 4.5416676584864035e-05, 0.24445830285549164, 0.24937602877616882]


# TF's softmax is Eigen's where oneDNN is off (an AVX2 EPYC) and oneDNN's where it is on (an AVX-512
# VNNI Xeon): each setting pinned, with what TF 2.21 printed under it (TF_ENABLE_ONEDNN_OPTS=0 / 1, Xeon)
@pytest.mark.parametrize('onednn, checksum, last_row', [
    ('0', 62159605053, [0.04840146377682686, 0.05583422631025314, 0.06440840661525726, 0.07429931312799454,
                        0.08570908010005951, 0.09887099266052246, 0.1140541061758995, 0.13156887888908386,
                        0.15177316963672638, 0.1750802844762802]),
    ('1', 62159605061, [0.04840146005153656, 0.05583423376083374, 0.06440842151641846, 0.07429931312799454,
                        0.0857090875506401, 0.09887098520994186, 0.1140541285276413, 0.13156890869140625,
                        0.15177316963672638, 0.1750802993774414])])
def test_a_few_rows_of_class_probabilities_have_tfs_bits(monkeypatch, onednn, checksum, last_row):
    monkeypatch.setenv('TF_ENABLE_ONEDNN_OPTS', onednn)
    p = tf.nn.softmax(tf.reshape(tf.range(60, dtype=tf.float32) / 7., (6, 10)))
    assert _bits_sum(p) == checksum
    assert p.numpy()[5].tolist() == last_row


def test_exp_and_tanh_of_256_values_have_tfs_bits_and_larger_arrays_numpys():
    x = tf.linspace(-3.0, 3.0, eigen_math.SMALL_ELEMENTWISE)
    assert (_bits_sum(tf.exp(x)), _bits_sum(tf.tanh(x))) == (272609339440, -3490075962)
    # past the size, numpy's functions (25-100x cheaper: a training batch's activations)
    big = np.linspace(-3, 3, eigen_math.SMALL_ELEMENTWISE + 8, dtype=np.float32)
    np.testing.assert_array_equal(tf.exp(big).numpy(), np.exp(big))
