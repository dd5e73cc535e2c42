"""``tf.image.adjust_contrast`` (and the random contrast built on it) gives TensorFlow's float32 bits:
AdjustContrastv2 sums each image plane by folding it in halves before scaling by 1 / (height *
width); reduce_mean's order left last-bit differences in most pixels of the flowers.

Expected: TensorFlow 2.21's outputs for these images (/work/notes/progs/tftutorials2/con_gold.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf

IMAGES = ((np.arange(2 * 5 * 7 * 3, dtype=np.float32).reshape(2, 5, 7, 3) * 37) % 23) / 23


def test_adjust_contrast_gives_tensorflows_bits():
    out = tf.image.adjust_contrast(IMAGES, 1.7).numpy()
    assert [float(v).hex() for v in out.ravel()[:2]] == ['-0x1.525d800000000p-2', '0x1.6582720000000p-1']
    assert hashlib.md5(out.tobytes()).hexdigest() == '6a2152a9a62f38ea00b45356998d571b'


def test_uint8_and_single_pixel_images():
    assert tf.image.adjust_contrast((IMAGES * 255).astype(np.uint8), 0.6).numpy().ravel()[:6].tolist() == \
        [48, 142, 79, 174, 115, 53]
    single = tf.image.adjust_contrast(IMAGES[:1, :1, :1], 2.0).numpy().ravel()
    assert single.tolist() == [0.0, 0.6086956262588501, 0.21739129722118378]


def test_no_gradient_as_tensorflow():
    x = tf.Variable(IMAGES)
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.image.adjust_contrast(x, 1.7))
    # TF 2.21 registers no gradient for AdjustContrastv2: tape.gradient raises LookupError
    with pytest.raises(LookupError, match='^gradient registry has no entry for: AdjustContrastv2$'):
        tape.gradient(total, x)
