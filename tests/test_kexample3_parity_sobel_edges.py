"""tf.image.sobel_edges adds its taps in TensorFlow's depthwise-convolution order, so the
reflected edges give TF's tiny nonzero values (the style-transfer tutorial prints them)."""
import numpy as np

import framework as tf


def test_sobel_edges_bits_match_tf():
    x = np.random.RandomState(0).rand(1, 4, 4, 1).astype(np.float32)
    # TF 2.21: tf.image.sobel_edges(x).numpy()[0, :, :, 0].tolist() for this x
    expected = [[[5.960464477539063e-08, 0.0], [5.960464477539063e-08, 0.13576442003250122],
                 [-1.1920928955078125e-07, 0.15114551782608032], [-5.960464477539063e-08, 0.0]],
                [[0.1662028431892395, 0.0], [-0.0596848726272583, -0.09012305736541748],
                 [0.030187129974365234, 0.46690505743026733], [0.3459467887878418, 0.0]],
                [[0.8481847643852234, 0.0], [0.3372437357902527, -0.8269514441490173],
                 [-1.2580434083938599, -0.3016816973686218], [-2.3423895835876465, 0.0]],
                [[5.960464477539063e-08, 0.0], [1.1920928955078125e-07, -1.3378924131393433],
                 [0.0, -1.3860280513763428], [0.0, 0.0]]]
    out = tf.image.sobel_edges(tf.constant(x))
    assert out.shape == (1, 4, 4, 1, 2) and out.dtype == tf.float32
    np.testing.assert_array_equal(out.numpy()[0, :, :, 0], np.array(expected, np.float32))


def test_sobel_edges_gradient_is_the_kernels_transpose():
    x = tf.constant(np.random.RandomState(1).rand(1, 3, 3, 1).astype(np.float32))
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = tf.image.sobel_edges(x)[0, 1, 1, 0, 0]   # the centre's vertical response
    grad = tape.gradient(y, x).numpy()[0, :, :, 0]
    np.testing.assert_array_equal(grad, [[-1, -2, -1], [0, 0, 0], [1, 2, 1]])
