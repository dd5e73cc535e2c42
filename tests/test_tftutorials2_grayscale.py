"""``tf.image.rgb_to_grayscale`` gives TensorFlow's float32 bits: its tensordot is a 3-deep MatMul that
adds 0.2989 R + 0.5870 G + 0.1140 B in channel order (a BLAS dot product added them in another
order, a last-bit difference in about a fifth of the pixels of the image-classification tutorial's
flowers). Expected: TensorFlow 2.21's output for this image (/work/notes/progs/tftutorials2/gray_gold.py).
"""
import hashlib

import numpy as np

import framework as tf

IMAGE = ((np.arange(105, dtype=np.float32).reshape(5, 7, 3) * 37) % 23) / 23


def test_grayscale_gives_tensorflows_bits():
    grey = tf.image.rgb_to_grayscale(IMAGE).numpy()
    assert grey.shape == (5, 7, 1)
    assert [float(v).hex() for v in grey.ravel()[:3]] == ['0x1.8741cc0000000p-2', '0x1.03a17a0000000p-1',
                                                           '0x1.c9edaa0000000p-2']
    assert hashlib.md5(grey.tobytes()).hexdigest() == '0fdb3f1de5896c477081b4785b6a634c'


def test_grayscale_of_uint8_and_its_gradient():
    grey = tf.image.rgb_to_grayscale((IMAGE * 255).astype(np.uint8))
    assert grey.dtype == tf.uint8 and grey.numpy().ravel()[:8].tolist() == [97, 128, 113, 69, 174, 130, 162, 117]
    x = tf.Variable(IMAGE)
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.image.rgb_to_grayscale(x))
    np.testing.assert_allclose(tape.gradient(total, x).numpy()[0, 0], [0.2989, 0.5870, 0.1140], rtol=1e-6)
