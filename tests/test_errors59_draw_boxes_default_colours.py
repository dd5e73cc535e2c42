"""tf.image.draw_bounding_boxes(images, boxes, None) draws in the default colours, as TF 2.21 (which then
runs its first DrawBoundingBoxes kernel and names it in errors); tapeflow refused colors=None.

Goldens: what TF 2.21 printed for /work/notes/progs/errors59/draw.py (`import tensorflow as tf`).
"""
import numpy as np
import pytest

import framework as tf

I4 = np.zeros((1, 5, 5, 3), 'float32')
B = np.array([[[0.0, 0.0, 1.0, 1.0]]], 'float32')
CPU = ('{{function_node __wrapped__DrawBoundingBoxes_device_/job:localhost/replica:0/task:0/device:CPU:0}} %s '
       '[Op:DrawBoundingBoxes]')


def test_no_colours_draw_the_default_first_colour():
    out = np.asarray(tf.image.draw_bounding_boxes(I4, B, None))
    ring = [[1.0] * 5] + [[1.0, 0.0, 0.0, 0.0, 1.0]] * 3 + [[1.0] * 5]
    assert out[0, :, :, 0].tolist() == ring
    assert out[0, 0, 0].tolist() == [1.0, 1.0, 0.0]
    gray = np.asarray(tf.image.draw_bounding_boxes(I4[..., :1], B, None))
    assert gray[0, 0, :, 0].tolist() == [1.0] * 5
    rgba = np.asarray(tf.image.draw_bounding_boxes(np.zeros((1, 5, 5, 4), 'float32'), B, None))
    assert rgba[0, 0, 0].tolist() == [1.0, 1.0, 0.0, 1.0]


@pytest.mark.parametrize('call, text', [
    (lambda: tf.image.draw_bounding_boxes(I4, np.ones((1, 1, 3), 'float32'), None),
     CPU % 'The size of the third dimension of the box must be 4. Received: 3' + ' name: '),
    (lambda: tf.image.draw_bounding_boxes(I4[0], B, None), CPU % 'The rank of the images should be 4' + ' name: '),
    (lambda: tf.image.draw_bounding_boxes(np.zeros((1, 5, 5, 2), 'float32'), B, None),
     CPU % 'Channel depth should be either 1 (GRY), 3 (RGB), or 4 (RGBA)' + ' name: '),
    # a Python list among the operands: TF's slow path, no ' name: ' tail
    (lambda: tf.image.draw_bounding_boxes(I4.tolist(), np.ones((1, 1, 3), 'float32'), None),
     CPU % 'The size of the third dimension of the box must be 4. Received: 3'),
])
def test_no_colours_errors_name_the_first_kernel(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text
