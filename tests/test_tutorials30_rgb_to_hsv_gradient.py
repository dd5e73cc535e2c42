"""tf.image.rgb_to_hsv's gradient is TF 2.21's registered RGBToHSV rule (image_grad.py), not the derivative
of the conversion's formula: the two differ at ties (pure red, grey, two equal channels) and in the last
bits elsewhere. Values printed by TF 2.21 (progs/tutorials30/hsv_grad.py, hsv_pins.py)."""
import numpy as np

import framework as tf

PIXELS = np.array([[0.5, 0., 0.], [0.5, 0.5, 0.], [0.2, 0.2, 0.2], [0., 0., 0.], [0.3, 0.6, 0.6],
                   [0.6, 0.3, 0.6], [0.1, 0.4, 0.1], [0.9, 0.2, 0.9], [0., 0.7, 0.], [0., 0., 0.4],
                   [1.0, 0.5, 0.25], [0.25, 0.5, 1.0], [0.3, 0.1, 0.2], [0.2, 0.1, 0.3], [0.1, 0.3, 0.2]], np.float32)


def _gradient(channel_weights):
    x = tf.constant(PIXELS)
    with tf.GradientTape() as tape:
        tape.watch(x)
        hsv = tf.image.rgb_to_hsv(x)
    return tape.gradient(hsv, x, output_gradients=tf.ones_like(hsv) * channel_weights).numpy()


def test_hue_gradient_follows_tfs_rule_at_ties_and_in_the_last_bits():
    expected = [[0.0, 0.3333333432674408, -0.3333333432674408], [-0.3333333432674408, 0.3333333432674408, 0.0],
                [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.0, -0.5555555820465088, 0.5555555820465088],
                [0.5555555820465088, 0.0, -0.5555555820465088], [-0.5555555820465088, 0.0, 0.5555555820465088],
                [0.2380952686071396, 0.0, -0.2380952388048172], [-0.2380952388048172, 0.0, 0.238095223903656],
                [0.4166666567325592, -0.4166666269302368, 0.0],
                [-0.07407407462596893, 0.2222222238779068, -0.14814814925193787],
                [0.14814814925193787, -0.2222222238779068, 0.07407407462596893],
                [0.4166666269302368, 0.4166666269302368, -0.8333332538604736],
                [0.8333332538604736, -0.4166666269302368, -0.4166666269302368],
                [-0.4166666269302368, -0.4166666269302368, 0.8333332538604736]]
    np.testing.assert_array_equal(_gradient([1., 0., 0.]), np.array(expected, np.float32))


def test_saturation_gradient_follows_tfs_rule_at_ties():
    expected = [[0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [4.999999523162842, 0.0, -5.0], [0.0, 0.0, 0.0],
                [-1.6666666269302368, 0.8333333134651184, 0.0], [0.8333333134651184, -1.6666666269302368, 0.0],
                [0.0, 0.6249999403953552, -2.5], [0.2469135969877243, -1.1111111640930176, 0.0],
                [0.0, 0.0, 0.0], [0.0, 0.0, 0.0], [0.25, 0.0, -1.0], [-1.0, 0.0, 0.25],
                [1.111111044883728, -3.3333332538604736, 0.0], [0.0, -3.3333332538604736, 1.111111044883728],
                [-3.3333332538604736, 1.111111044883728, 0.0]]
    np.testing.assert_array_equal(_gradient([0., 1., 0.]), np.array(expected, np.float32))


def test_value_gradient_goes_to_the_largest_channel_red_first_on_ties():
    expected = [[1, 0, 0], [1, 0, 0], [1, 0, 0], [1, 0, 0], [0, 1, 0], [1, 0, 0], [0, 1, 0], [1, 0, 0],
                [0, 1, 0], [0, 0, 1], [1, 0, 0], [0, 0, 1], [1, 0, 0], [0, 0, 1], [0, 1, 0]]
    np.testing.assert_array_equal(_gradient([0., 0., 1.]), np.array(expected, np.float32))


def test_autodiff_guide_pure_red_pixel_times_a_variable():
    image = tf.Variable([[[0.5, 0.0, 0.0]]])
    delta = tf.Variable(0.1)
    with tf.GradientTape() as tape:
        out = tf.image.rgb_to_hsv(image) * delta
    d_image, d_delta = tape.gradient(out, [image, delta])
    np.testing.assert_array_equal(d_image.numpy(), np.array([[[0.10000000149011612, 0.03333333507180214, -0.03333333507180214]]], np.float32))
    assert d_delta.numpy() == np.float32(1.5)


def test_float64_images_keep_their_dtype_and_tfs_values():
    x = tf.constant([[0.5, 0.5, 0.0], [0.3, 0.1, 0.2]], tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(x)
        loss = tf.reduce_sum(tf.image.rgb_to_hsv(x) * tf.constant([1., 2., 3.], tf.float64))
    g = tape.gradient(loss, x)
    assert g.dtype == tf.float64
    np.testing.assert_array_equal(g.numpy(), [[2.6666666666666665, 0.3333333333333333, 0.0],
                                              [5.638888888888889, -6.25, -0.8333333333333334]])
