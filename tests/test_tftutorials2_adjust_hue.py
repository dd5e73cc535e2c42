"""``tf.image.adjust_hue`` on float32 images gives TensorFlow's bits: the AdjustHue kernel's per-pixel
hue in [0, 6) from the ordered channels, turned by delta * 6, wrapped by +-6, and the middle channel
rebuilt as min + ratio * (max - min); the HSV composite differed in about a third of the pixels.
TensorFlow has no gradient for the op; tapeflow keeps the composite's.

Expected: TensorFlow 2.21's outputs for these images (/work/notes/progs/tftutorials2/hue_gold.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf

IMAGES = ((np.arange(2 * 5 * 7 * 3, dtype=np.float32).reshape(2, 5, 7, 3) * 37) % 23) / 23
IMAGES[0, 0, 0] = [0.5, 0.5, 0.5]      # grey
IMAGES[0, 0, 1] = [0.2, 0.2, 0.7]      # ties between channels fall as the kernel's tests do
IMAGES[0, 0, 2] = [0.9, 0.1, 0.9]
IMAGES[0, 0, 3] = [0.3, 0.6, 0.6]

TF_DIGESTS = {-0.9: '1439c85569cf605be77c0b03aa46a0b6', -0.2: '7b3cf88e9e010968e02cc47e082e7374',
              0.35: '3fdd05af09e015a014d315fb98e942d0', 1.0: '808781c762b66be60eef596510198f9f'}


@pytest.mark.parametrize('delta', sorted(TF_DIGESTS))
def test_adjust_hue_gives_tensorflows_bits(delta):
    out = tf.image.adjust_hue(IMAGES, delta).numpy()
    assert hashlib.md5(out.tobytes()).hexdigest() == TF_DIGESTS[delta]


def test_values_uint8_and_gradient():
    out = tf.image.adjust_hue(IMAGES, 0.35).numpy().ravel()
    assert [float(v).hex() for v in out[3:6]] == ['0x1.6666660000000p-1', '0x1.fffffa0000000p-3', '0x1.99999a0000000p-3']
    assert tf.image.adjust_hue((IMAGES * 255).astype(np.uint8), 0.5).numpy().ravel()[:9].tolist() == \
        [127, 127, 127, 178, 178, 51, 25, 229, 25]
    x = tf.Variable(IMAGES[1:])
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.image.adjust_hue(x, 0.0) * 3.0)
    # TF 2.21 registers no gradient for AdjustHue: tape.gradient raises LookupError
    with pytest.raises(LookupError, match='^gradient registry has no entry for: AdjustHue$'):
        tape.gradient(total, x)
