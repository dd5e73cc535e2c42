"""framework.ops.image.projective against TensorFlow 2.21's ImageProjectiveTransformV3 (golden
values printed by /opt/tfref with fill_value -1), and its gradient: TF's registered rule, the output gradient
sampled back through the inverse transform with fill value 0 (not the derivative)."""
import numpy as np
import pytest

import framework as tf
from framework.ops.image.projective import transform

IMG = np.arange(12, dtype=np.float32).reshape(1, 3, 4, 1) ** 1.5
ROTATE = np.array([[0.8, -0.6, 1.3, 0.6, 0.8, -1.7, 0.0, 0.0]], np.float32)
GOLDEN = {
    ('reflect', 'bilinear'): [9.0293, 4.2666, 4.9594, 6.5286, 0.7, 1.9142, 7.2303, 17.1878, 0.1, 5.8812, 15.3014, 28.8196],
    ('reflect', 'nearest'): [11.1803, 2.8284, 5.1962, 5.1962, 1.0, 2.8284, 2.8284, 18.5203, 0.0, 11.1803, 14.6969, 36.4829],
    ('wrap', 'bilinear'): [17.0808, 30.4058, 35.9969, 0.8, 25.6882, 29.3114, 7.2303, 7.2, 23.0647, 5.8812, 15.3014, 28.8196],
    ('wrap', 'nearest'): [11.1803, 31.6228, 36.4829, 0.0, 27.0, 31.6228, 2.8284, 8.0, 22.6274, 11.1803, 14.6969, 36.4829],
    ('constant', 'bilinear'): [-1.0, -1.0, 1.9797, 1.2586, -0.83, 1.0399, 7.2303, 15.3691, -0.01, 5.8812, 15.3014, 28.8196],
    ('constant', 'nearest'): [-1.0, -1.0, -1.0, -1.0, -1.0, 2.8284, 2.8284, 18.5203, 0.0, 11.1803, 14.6969, 36.4829],
    ('nearest', 'bilinear'): [1.5485, 3.0652, 4.9594, 6.5286, 0.7, 1.9142, 7.2303, 17.1878, 0.1, 5.8812, 15.3014, 28.8196],
    ('nearest', 'nearest'): [1.0, 2.8284, 5.1962, 5.1962, 1.0, 2.8284, 2.8284, 18.5203, 0.0, 11.1803, 14.6969, 36.4829],
}


@pytest.mark.parametrize('fill_mode, interpolation', sorted(GOLDEN))
def test_projective_transform_matches_tensorflow(fill_mode, interpolation):
    out = transform(tf.constant(IMG), ROTATE, interpolation, fill_mode, -1.0)
    assert out.shape == IMG.shape and out.dtype == tf.float32
    np.testing.assert_allclose(out.numpy().ravel(), GOLDEN[fill_mode, interpolation], atol=1e-4)


def test_integer_images_are_interpolated_in_float_and_truncated():
    out = transform(tf.constant(IMG.astype(np.int32)), ROTATE, 'bilinear', 'reflect')
    expected = transform(tf.constant(IMG.astype(np.int32).astype(np.float32)), ROTATE, 'bilinear', 'reflect')
    assert out.dtype == tf.int32
    np.testing.assert_array_equal(out.numpy(), expected.numpy().astype(np.int32))


@pytest.mark.parametrize('fill_mode', ['reflect', 'constant'])
def test_projective_transform_gradient(fill_mode):
    x = tf.constant(np.random.default_rng(0).random((2, 4, 5, 2)).astype(np.float32))
    upstream = np.random.default_rng(1).random((2, 4, 5, 2)).astype(np.float32)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(transform(x, ROTATE, 'bilinear', fill_mode, 0.5) * upstream)
    inverse = np.array([[0.8, 0.6, -0.02, -0.6, 0.8, 2.14, 0.0, 0.0]], np.float32)     # ROTATE's inverse map
    expected = transform(tf.constant(upstream), inverse, 'bilinear', fill_mode, 0.0)
    np.testing.assert_allclose(tape.gradient(loss, x).numpy(), expected.numpy(), atol=1e-6)
