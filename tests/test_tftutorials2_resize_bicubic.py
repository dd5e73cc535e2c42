"""``tf.image.resize(method='bicubic')`` gives TensorFlow's float32 bits: ResizeBicubic's table of Keys'
cubic computed in double and stored as float32, each axis's four weights scaled by the reciprocal of
their float sum, columns interpolated down the rows before across. The weight-matrix product
differed in the last bits of most pixels.

Expected: the MD5 of the float32 bytes TensorFlow 2.21 returned for this image and these sizes, and
its first two values as float.hex (/work/notes/progs/tftutorials2/bic_gold.py printed them).
"""
import hashlib

import numpy as np
import pytest

import framework as tf

IMAGE = ((np.arange(105, dtype=np.float32).reshape(1, 5, 7, 3) * 37) % 23) / 7

TF_OUTPUTS = {
    (3, 4): ('044a4e76633462a4462ec2bb66a9d7b8', ['0x1.56d2e80000000p+0', '0x1.abf9160000000p+0']),
    (8, 9): ('d07ac4868609d80186743b1c19a96c1a', ['-0x1.4cbc980000000p-2', '0x1.0a0c020000000p+1']),
    (2, 7): ('aa7aa5ea3c1c0299038fcb2d169d76fd', ['0x1.068f7e0000000p+1', '0x1.7e2f740000000p+0']),
    (11, 3): ('18977aef8e6c1638e592e8bf9663cb80', ['0x1.da1a700000000p+0', '0x1.b830e60000000p+0']),
    (1, 1): ('334765629edf21e2d1d3e7228105f6da', ['0x1.24924a0000000p-3', '0x1.1249240000000p+1']),
}


@pytest.mark.parametrize('size', sorted(TF_OUTPUTS))
def test_bicubic_resize_gives_tensorflows_bits(size):
    out = tf.image.resize(IMAGE, size, method='bicubic').numpy()
    digest, first_two = TF_OUTPUTS[size]
    assert [float(v).hex() for v in out.ravel()[:2]] == first_two
    assert hashlib.md5(out.tobytes()).hexdigest() == digest


def test_bicubic_gradient_sums_each_outputs_weights():
    x = tf.constant(IMAGE)
    with tf.GradientTape() as tape:
        tape.watch(x)
        total = tf.reduce_sum(tf.image.resize(x, (8, 9), method='bicubic'))
    # each output's weights sum to 1 per axis: the input gradients add up to the output count
    assert float(tf.reduce_sum(tape.gradient(total, x))) == pytest.approx(8 * 9 * 3, rel=1e-5)
