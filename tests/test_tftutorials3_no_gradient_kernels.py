"""TensorFlow registers no gradient for AdjustContrastv2, AdjustSaturation, AdjustHue and
ResizeArea: a gradient through them raises LookupError, as the autodiff guide shows
('LookupError: gradient registry has no entry for: AdjustContrastv2', TF 2.21;
notes/progs/tftutorials3/ad.py). Gradients that do not pass through them still flow."""
import numpy as np
import pytest

import framework as tf


def test_the_autodiff_guides_adjust_contrast():
    image = tf.Variable([[[0.5, 0.0, 0.0]]])
    delta = tf.Variable(0.1)
    with tf.GradientTape() as tape:
        new_image = tf.image.adjust_contrast(image, delta)
    with pytest.raises(LookupError) as info:
        tape.gradient(new_image, [image, delta])
    assert str(info.value) == 'gradient registry has no entry for: AdjustContrastv2'


@pytest.mark.parametrize('adjust, kernel', [
    (lambda x, f: tf.image.adjust_contrast(x, f), 'AdjustContrastv2'),
    (lambda x, f: tf.image.adjust_saturation(x, f), 'AdjustSaturation'),
    (lambda x, f: tf.image.adjust_hue(x, f * 0.1), 'AdjustHue'),
    # float16 images have no CPU AdjustSaturation kernel in TF 2.21 (NotFoundError: test_errors9_image_kernels);
    # float64 ones are converted to float32 and reach it
    (lambda x, f: tf.image.adjust_saturation(tf.cast(x, tf.float64), f), 'AdjustSaturation'),
])
def test_the_factor_has_no_gradient_either(adjust, kernel):
    factor = tf.Variable(0.5)
    with tf.GradientTape() as tape:
        y = adjust(tf.constant(np.full((2, 2, 3), 0.25, np.float32)), factor)
    with pytest.raises(LookupError, match='no entry for: %s' % kernel):
        tape.gradient(y, factor)


def test_resize_area_and_paths_around_the_ops():
    x = tf.Variable(np.ones((1, 4, 4, 1), np.float32))
    w = tf.Variable(2.0)
    with tf.GradientTape(persistent=True) as tape:
        area = tf.image.resize(x, (2, 2), method='area')
        side = tf.reduce_sum(x) * w
    with pytest.raises(LookupError, match='no entry for: ResizeArea'):
        tape.gradient(area, x)
    assert tape.gradient(side, w).numpy() == 16.0
    assert area.numpy().ravel().tolist() == [1.0] * 4
