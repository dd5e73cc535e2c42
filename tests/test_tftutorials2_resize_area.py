"""``tf.image.resize(method='area')`` gives TensorFlow's float32 bits: ResizeArea sums each row's
cells (edge cells times their covered fraction), adds the rows times theirs, then multiplies by
1 / (height_scale * width_scale); a matrix product of the same weights left last-bit differences
in about half of the pixels.

Expected: the MD5 of the float32 bytes TensorFlow 2.21 returned for this image and these sizes
(/work/notes/progs/tftutorials2/area_gold.py printed the values as float.hex; the digests were
taken of those values), and for (3, 4) the first values themselves.
"""
import hashlib

import numpy as np
import pytest

import framework as tf

IMAGE = ((np.arange(105, dtype=np.float32).reshape(1, 5, 7, 3) * 37) % 23) / 7

TF_DIGESTS = {(3, 4): 'cee62d00b8e9f902191cb3f1fbf07c7e', (8, 9): 'af65c67720654cb97a1f867885ef3991',
              (2, 7): '99c0f185d41a7dcde371eaf17cfe876e', (5, 3): 'ac87d4c616c8b6f31c9be3fbaf3d163a'}


@pytest.mark.parametrize('size', sorted(TF_DIGESTS))
def test_area_resize_gives_tensorflows_bits(size):
    out = tf.image.resize(IMAGE, size, method='area').numpy()
    assert out.dtype == np.float32 and out.shape == (1,) + size + (3,)
    assert hashlib.md5(out.tobytes()).hexdigest() == TF_DIGESTS[size]


def test_area_values_and_gradient():
    out = tf.image.resize(IMAGE, (3, 4), method='area').numpy().ravel()
    # TF 2.21 printed these first three (float.hex)
    assert [float(v).hex() for v in out[:3]] == ['0x1.a0ea0c0000000p+0', '0x1.7829cc0000000p+0', '0x1.7e6ec00000000p-1']
    x = tf.constant(IMAGE)
    with tf.GradientTape() as tape:
        tape.watch(x)
        total = tf.reduce_sum(tf.image.resize(x, (3, 4), method='area'))
    # TF 2.21 registers no gradient for ResizeArea: tape.gradient raises LookupError
    with pytest.raises(LookupError, match='^gradient registry has no entry for: ResizeArea$'):
        tape.gradient(total, x)
