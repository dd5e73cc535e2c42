"""tf.image.stateless_sample_distorted_bounding_box draws TF 2.21's own windows: the kernel's pixel
arithmetic over Philox bits from the seed (image_ops_impl.py docstring: the 3x3 image's crop is
[[1], [2]], [[4], [5]]). Golden values printed by TF 2.21 (tensorflow-cpu):
/work/notes/progs/tfdocB/sdb.py (35 seeds and settings, all equal)."""
import numpy as np
import pytest

import framework as tf


def _window(size, boxes, seed, **kw):
    begin, extent, box = tf.image.stateless_sample_distorted_bounding_box(
        tf.constant(size), bounding_boxes=tf.constant(boxes, tf.float32), seed=seed, **kw)
    return begin.numpy().tolist(), extent.numpy().tolist(), box.numpy().ravel().tolist()


@pytest.mark.parametrize('size, boxes, seed, kw, begin, extent', [
    ([3, 3, 1], [[[0.0, 0.0, 1.0, 1.0]]], (1, 2), {}, [0, 0, 0], [2, 2, -1]),
    ([3, 3, 1], [[[0.0, 0.0, 1.0, 1.0]]], (7, 3), {}, [0, 0, 0], [2, 3, -1]),
    ([3, 3, 1], [[[0.0, 0.0, 1.0, 1.0]]], (2 ** 31 - 1, 9), {}, [1, 0, 0], [1, 1, -1]),
    ([224, 224, 3], [[[0.1, 0.2, 0.5, 0.9]]], (1, 2), {}, [6, 105, 0], [65, 81, -1]),
    ([500, 375, 3], [[[0.05, 0.1, 0.95, 0.8]]], (0, 0), dict(area_range=(0.08, 1.0)), [218, 156, 0], [140, 122, -1]),
    ([37, 91, 3], [[[0.3, 0.3, 0.4, 0.45], [0.0, 0.0, 0.2, 0.9]]], (0, 0), dict(min_object_covered=0.7, max_attempts=20),
     [0, 24, 0], [36, 42, -1]),
    ([17, 23, 1], np.zeros((1, 0, 4), np.float32), (1, 2),
     dict(use_image_if_no_bounding_boxes=True, area_range=(0.3, 0.6)), [2, 0, 0], [13, 16, -1]),
])
def test_stateless_windows_are_tensorflows(size, boxes, seed, kw, begin, extent):
    got_begin, got_extent, box = _window(size, boxes, seed, **kw)
    assert (got_begin, got_extent) == (begin, extent)
    expected = [begin[0] / size[0], begin[1] / size[1], (begin[0] + extent[0]) / size[0], (begin[1] + extent[1]) / size[1]]
    np.testing.assert_allclose(box, expected, rtol=1e-6)


def test_docstring_crop_and_box():
    image = np.array([[[1], [2], [3]], [[4], [5], [6]], [[7], [8], [9]]])
    bbox = tf.constant([0.0, 0.0, 1.0, 1.0], dtype=tf.float32, shape=[1, 1, 4])
    begin, size, draw = tf.image.stateless_sample_distorted_bounding_box(tf.shape(image), bounding_boxes=bbox,
                                                                        seed=(1, 2))
    assert tf.slice(image, begin, size).numpy().ravel().tolist() == [1, 2, 4, 5]
    np.testing.assert_allclose(draw.numpy().ravel(), [0, 0, 2 / 3, 2 / 3], rtol=1e-6)
