"""``tf.image.resize`` through TensorFlow's ScaleAndTranslate kernel (antialias, lanczos3/5, gaussian,
mitchellcubic) gives TF's float32 bits: weights built tap by tap and scaled by their sum's reciprocal,
Lanczos sines from the C library's sinf, rows resampled before columns with sums in tap order. A
matrix product differed by a few ulps in about half of the pixels.

Expected values: TensorFlow 2.21 printed them (float.hex of each output) for this image
(/work/notes/progs/tftutorials2/rs_gold.py).
"""
import numpy as np
import pytest

import framework as tf
from framework.ops.image.resize_weights import resize_matrix

IMAGE = ((np.arange(35, dtype=np.float32).reshape(1, 5, 7, 1) * 37) % 23) / 7

TF_OUTPUTS = {
    ('lanczos3', True, (3, 4)): [
        '0x1.35c2f40000000p+0', '0x1.be40080000000p+0', '0x1.5a7dd80000000p+0', '0x1.93c39c0000000p+0',
        '0x1.a123ce0000000p+0', '0x1.3fd83c0000000p+0', '0x1.01e5ba0000000p+1', '0x1.b905940000000p+0',
        '0x1.4baa940000000p+0', '0x1.5db56e0000000p+0', '0x1.a40b260000000p+0', '0x1.8155c80000000p+0'
    ],
    ('lanczos5', False, (8, 9)): [
        '-0x1.2d30ba0000000p-2', '0x1.5af7860000000p+0', '0x1.55a1da0000000p+0', '0x1.ef564e0000000p-1',
        '0x1.8263980000000p+1', '0x1.1532d60000000p+1', '-0x1.e06b300000000p-5', '0x1.6dd6540000000p-1',
        '0x1.0778ac0000000p+1', '0x1.a8352a0000000p-4', '0x1.01d2440000000p+1', '0x1.1386620000000p+1',
        '0x1.4695840000000p-1', '0x1.b96fe60000000p+0', '0x1.f196c40000000p+0', '0x1.7853b00000000p-2',
        '0x1.393c6c0000000p+0', '0x1.7630e20000000p+1', '0x1.8e1cd20000000p-1', '0x1.0a74300000000p+1',
        '0x1.82ed920000000p+1', '0x1.019ce20000000p+0', '0x1.8a43000000000p-3', '0x1.1a322c0000000p+1',
        '0x1.a106d60000000p+0', '0x1.70ca020000000p+0', '0x1.90c20a0000000p+1', '0x1.6ee44a0000000p+0',
        '0x1.ad8c920000000p-1', '0x1.1f17ce0000000p+1', '0x1.1803860000000p+1', '0x1.2ef6f60000000p-1',
        '0x1.6997140000000p+1', '0x1.72030a0000000p+1', '0x1.f4fe880000000p-1', '0x1.5a1a700000000p+0',
        '0x1.3af3c20000000p+1', '0x1.8241e80000000p-1', '0x1.216d700000000p-1', '0x1.ed40420000000p+0',
        '0x1.86366e0000000p+0', '0x1.08a1320000000p+1', '0x1.829eb20000000p+1', '0x1.95c2700000000p+0',
        '0x1.cb1d080000000p-3', '0x1.5ab7620000000p+1', '0x1.f8e7c00000000p+0', '-0x1.4693780000000p-7',
        '0x1.2594e40000000p-1', '0x1.f3192a0000000p+0', '0x1.b87e260000000p-1', '0x1.e9b3a40000000p+0',
        '0x1.4cb7540000000p+1', '0x1.1b6a280000000p+0', '0x1.f659d60000000p-1', '0x1.089e0c0000000p+1',
        '0x1.063e7c0000000p+0', '0x1.1ed7360000000p-1', '0x1.440c1c0000000p+1', '0x1.7f70f80000000p+0',
        '0x1.28b4c80000000p-1', '0x1.ca00d40000000p+0', '0x1.19f9280000000p+1', '-0x1.8754560000000p-2',
        '0x1.868cca0000000p+0', '0x1.dff1040000000p+0', '0x1.2dbbf20000000p+0', '0x1.79f1140000000p+1',
        '0x1.3eff540000000p+1', '0x1.fa78300000000p-5', '0x1.72d2740000000p-1', '0x1.3c476c0000000p+1'
    ],
    ('gaussian', False, (3, 4)): [
        '0x1.0bbd940000000p+0', '0x1.3cbe220000000p+0', '0x1.aaf0be0000000p+0', '0x1.adb5c80000000p+0',
        '0x1.5c6a500000000p+0', '0x1.d63e240000000p+0', '0x1.39da4e0000000p+1', '0x1.4650b40000000p+0',
        '0x1.4d0d820000000p+0', '0x1.fa6ec40000000p-1', '0x1.7d5c260000000p+0', '0x1.a922640000000p+0'
    ],
    ('bilinear', True, (2, 3)): [
        '0x1.7388500000000p+0', '0x1.8f41240000000p+0', '0x1.a343ec0000000p+0', '0x1.5a1f560000000p+0',
        '0x1.988b400000000p+0', '0x1.9fb4020000000p+0'
    ],
    ('mitchellcubic', True, (4, 3)): [
        '0x1.39a6f80000000p+0', '0x1.93ca6a0000000p+0', '0x1.663f1c0000000p+0', '0x1.9587da0000000p+0',
        '0x1.9c0c940000000p+0', '0x1.d465960000000p+0', '0x1.6735bc0000000p+0', '0x1.82e5820000000p+0',
        '0x1.bfffc20000000p+0', '0x1.40d8180000000p+0', '0x1.a452c40000000p+0', '0x1.78e0940000000p+0'
    ],
    ('bicubic', True, (3, 5)): [
        '0x1.f7ae640000000p-1', '0x1.bc626e0000000p+0', '0x1.9b66760000000p+0', '0x1.2c17840000000p+0',
        '0x1.dc7f140000000p+0', '0x1.97e3500000000p+0', '0x1.6e258e0000000p+0', '0x1.6275e00000000p+0',
        '0x1.255d160000000p+1', '0x1.7154ac0000000p+0', '0x1.6dea680000000p+0', '0x1.02f48e0000000p+0',
        '0x1.faf8ac0000000p+0', '0x1.3d51c00000000p+0', '0x1.bc60e60000000p+0'
    ],
}


@pytest.mark.parametrize('case', sorted(TF_OUTPUTS))
def test_resize_gives_tensorflows_bits(case):
    method, antialias, size = case
    out = tf.image.resize(IMAGE, size, method=method, antialias=antialias).numpy().ravel()
    assert [float(v).hex() for v in out] == TF_OUTPUTS[case]


def test_the_gradient_is_the_transposed_weights():
    x = tf.constant(IMAGE)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.resize(x, (3, 4), method='lanczos3', antialias=True)
        loss = tf.reduce_sum(y * np.arange(12, dtype=np.float32).reshape(1, 3, 4, 1))
    grad = tape.gradient(loss, x).numpy()[0, :, :, 0]
    rows, cols = resize_matrix(5, 3, 'lanczos3', True), resize_matrix(7, 4, 'lanczos3', True)
    expected = rows.T.astype(np.float64) @ np.arange(12.0).reshape(3, 4) @ cols.astype(np.float64)
    np.testing.assert_allclose(grad, expected, rtol=1e-5, atol=1e-6)
