"""``tf.image.adjust_saturation`` on float32 images gives TensorFlow's bits: the AdjustSaturation
kernel's per-pixel HSV round trip (double hue offsets, the sextant's fmod loop); the composite of
rgb_to_hsv and hsv_to_rgb differed in the last bit of about one pixel in seven. TensorFlow has no
gradient for the op; tapeflow keeps the composite's.

Expected: TensorFlow 2.21's outputs for this image (/work/notes/progs/tftutorials2/sat_gold.py).
"""
import hashlib

import numpy as np
import pytest

import framework as tf

IMAGES = ((np.arange(2 * 5 * 7 * 3, dtype=np.float32).reshape(2, 5, 7, 3) * 37) % 23) / 23
IMAGES[0, 0, 0] = [0.5, 0.5, 0.5]      # grey: hue and saturation 0
IMAGES[0, 0, 1] = [0, 0, 0]            # black
IMAGES[0, 0, 2] = [1.0, 0.0, 1.0]      # magenta: hue in the last sextant

TF_DIGESTS = {0.3: '4cf593f97ac5841a6c7f6658cc262b73', 0.8: '088ee4806309937a180515f4029676c0',
              1.2: 'df13680f322fd3f40e6db8475bdf957c'}


@pytest.mark.parametrize('factor', sorted(TF_DIGESTS))
def test_adjust_saturation_gives_tensorflows_bits(factor):
    out = tf.image.adjust_saturation(IMAGES, factor).numpy()
    assert hashlib.md5(out.tobytes()).hexdigest() == TF_DIGESTS[factor]


def test_values_uint8_and_gradient():
    out = tf.image.adjust_saturation(IMAGES, 0.8).numpy().ravel()
    assert [float(v).hex() for v in out[6:9]] == ['0x1.0000000000000p+0', '0x1.9999980000000p-3', '0x1.0000000000000p+0']
    assert tf.image.adjust_saturation((IMAGES * 255).astype(np.uint8), 2.0).numpy().ravel()[:6].tolist() == \
        [127, 127, 127, 0, 0, 0]
    x = tf.Variable(IMAGES[1:])
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.image.adjust_saturation(x, 1.0) * 2.0)
    # TF 2.21 registers no gradient for AdjustSaturation: tape.gradient raises LookupError
    with pytest.raises(LookupError, match='^gradient registry has no entry for: AdjustSaturation$'):
        tape.gradient(total, x)
