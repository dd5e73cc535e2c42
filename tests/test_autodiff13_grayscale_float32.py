"""tf.image.rgb_to_grayscale computes in float32 whatever the image's float dtype, as TF 2.21 (convert_image_dtype
to float32, the weighted sum, back to the input's dtype): float64 images' values and gradients round through
float32 (tapeflow computed them in double). Bits printed by TF 2.21 (/opt/tfref) for
/work/notes/progs/autodiff13/x_gray.py.
"""
import numpy as np
import pytest

import framework as tf

TF = {
    ('float64', 'y'): (
        '3fe3fae300000000 bfe6636e40000000 3fd90cbfc0000000 3fc0d0d5c0000000'),
    ('float64', 'g'): (
        '3fb6f49d00000000 3fc68a7200000000 3fa182a9a0000000 bfd50ae540000000 '
        'bfe4a99320000000 bfc00d1b80000000 3fcac80c80000000 3fda4c2f80000000 '
        '3fb46dc5e0000000 3fe4160960000000 3ff3b923a0000000 3fcea4a8a0000000'),
    ('float32', 'y'): (
        '3f1fd718 bf331b72 3ec865fe 3e0686ae'),
    ('float32', 'g'): (
        '3db7a4e8 3e345390 3d0c154d bea8572a bf254c99 be0068dc 3e564064 3ed2617c '
        '3da36e2f 3f20b04b 3f9dc91d 3e752545'),
    ('float16', 'y'): (
        '38ff b999 3643 3034'),
    ('float16', 'g'): (
        '2dbd 31a3 2861 b542 b92a b003 32b2 3694 '
        '2d1c 3905 3cee 33a9'),
}


def _bits(a):
    a = np.asarray(a)
    width = {8: ('%016x', np.uint64), 4: ('%08x', np.uint32), 2: ('%04x', np.uint16)}[a.dtype.itemsize]
    return ' '.join(width[0] % v for v in a.reshape(-1).view(width[1]))


@pytest.mark.parametrize('dtype', ['float64', 'float32', 'float16'])
def test_grayscale_values_and_gradients_are_tensorflows(dtype):
    x = tf.constant(np.sin(np.arange(12.0) * 1.3).reshape(1, 2, 2, 3), dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.rgb_to_grayscale(x)
        s = tf.reduce_sum(y * tf.constant([[[[0.3], [-1.1]], [[0.7], [2.1]]]], dtype))
    assert y.dtype == dtype
    assert _bits(y.numpy()) == TF[(dtype, 'y')]
    assert _bits(tape.gradient(s, x).numpy()) == TF[(dtype, 'g')]
