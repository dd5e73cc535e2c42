"""keras.utils.bounding_boxes against Keras 3.15 on TensorFlow 2.21.

Golden values: /opt/tfref/bin/python with keras.utils.bounding_boxes on the boxes below
(np.asarray(result).tolist()), copied as printed.
"""
import numpy as np
import pytest

from framework import keras

bbu = keras.utils.bounding_boxes
BOXES = np.array([[[1., 2., 13., 7.], [5., 1., 9., 11.]], [[0., 0., 3., 3.], [2., 4., 6., 10.]]], 'float32')
ANCHORS = np.array([[0., 0., 4., 4.], [3., 3., 9., 12.]], 'float32')


def test_namespace_lists_keras_names():
    assert sorted(n for n in dir(bbu) if not n.startswith('_')) == [
        'affine_transform', 'clip_to_image_size', 'compute_ciou', 'compute_iou', 'convert_format', 'crop',
        'decode_deltas_to_boxes', 'encode_box_to_deltas', 'pad']


def test_relative_round_trip_keeps_keras_last_bits():
    rel = bbu.convert_format(BOXES, 'xyxy', 'rel_center_xywh', height=11, width=13)
    np.testing.assert_array_equal(rel.numpy()[0], np.array(
        [[0.5384615659713745, 0.40909090638160706, 0.9230769276618958, 0.4545454680919647],
         [0.5384615659713745, 0.5454545617103577, 0.3076923191547394, 0.9090909361839294]], 'float32'))
    back = bbu.convert_format(rel, 'rel_center_xywh', 'xyxy', height=11, width=13)
    np.testing.assert_array_equal(back.numpy(), np.array(
        [[[1.0000003576278687, 1.9999998807907104, 13.0, 7.0], [5.000000476837158, 1.0, 9.0, 11.0]],
         [[0.0, 0.0, 3.0, 3.0], [2.0, 3.999999761581421, 6.000000476837158, 10.0]]], 'float32'))


def test_convert_between_formats():
    yxhw = bbu.convert_format(BOXES, 'XYXY', 'center_yxhw')
    np.testing.assert_array_equal(yxhw.numpy()[0], [[4.5, 7.0, 5.0, 12.0], [6.0, 7.0, 10.0, 4.0]])
    both_relative = bbu.convert_format(BOXES, 'rel_xyxy', 'rel_center_xywh', height=11, width=13)
    np.testing.assert_array_equal(both_relative.numpy()[1], [[1.5, 1.5, 3.0, 3.0], [4.0, 7.0, 4.0, 6.0]])
    as_dict = bbu.convert_format({'boxes': BOXES[0], 'labels': np.array([1, 2])}, 'xyxy', 'xywh')
    np.testing.assert_array_equal(as_dict['boxes'].numpy(), [[1, 2, 12, 5], [5, 1, 4, 10]])
    assert bbu.convert_format(BOXES, 'xyxy', 'xyxy', dtype='float64').dtype == np.float64


@pytest.mark.parametrize('kwargs', [dict(boxes=BOXES[..., :3], source='xyxy', target='xywh'),
                                    dict(boxes=BOXES, source='xy', target='xywh'),
                                    dict(boxes=BOXES, source='xyxy', target='rel_xywh')])
def test_convert_refuses_bad_input(kwargs):
    with pytest.raises(ValueError):
        bbu.convert_format(**kwargs)


def test_clip_marks_empty_boxes():
    clipped = bbu.clip_to_image_size({'boxes': np.array([[-10, -20, 150, 160], [50, 40, 70, 80], [130, 5, 140, 9]],
                                                        'float32'), 'labels': np.array([0, 1, 2])},
                                     height=100, width=120)
    np.testing.assert_array_equal(clipped['boxes'].numpy(), [[0, 0, 120, 100], [50, 40, 70, 80], [120, 5, 120, 9]])
    np.testing.assert_array_equal(clipped['labels'].numpy(), [0, 1, -1])
    with pytest.raises(NotImplementedError):
        bbu.clip_to_image_size({'boxes': BOXES}, 10, 10, bounding_box_format='xywh')


def test_crop_and_pad():
    np.testing.assert_array_equal(bbu.crop(BOXES[0], 2, 3, 6, 5).numpy(), [[0, 0, 5, 5], [2, 0, 5, 6]])
    np.testing.assert_array_equal(bbu.pad(BOXES[0], 2, 3).numpy(), [[4, 4, 16, 9], [8, 3, 12, 13]])


def test_affine_transform():
    moved = bbu.affine_transform(BOXES, np.array([30., -10.], 'float32'), np.array([0.1, 0.], 'float32'),
                                 np.array([0., -0.2], 'float32'), np.array([1., 1.5], 'float32'),
                                 np.array([0., 10.], 'float32'), np.array([5., 0.], 'float32'), 11, 13)
    np.testing.assert_allclose(moved.numpy(), np.array(
        [[[1.2091035842895508, -1.2080163955688477, 14.101408004760742, 8.431623458862305],
          [4.1732048988342285, -0.4208557605743408, 12.637306213378906, 10.373771667480469]],
         [[-2.5876996517181396, -6.903314590454102, 1.7061502933502197, -1.690262794494629],
          [0.27486681938171387, -0.4735236167907715, 6.0, 9.431634902954102]]], 'float32'), rtol=1e-6, atol=1e-6)


def test_deltas_encode_and_decode():
    deltas = bbu.encode_box_to_deltas(ANCHORS, BOXES, 'xyxy', 'xyxy', variance=[0.1, 0.1, 0.2, 0.2])
    np.testing.assert_array_equal(deltas.numpy(), np.array(
        [[[6.25, 12.5, 1.1157177686691284, 5.493061542510986],
          [-1.6666667461395264, 1.6666667461395264, 0.5268028378486633, -2.027325391769409]],
         [[-1.25, -1.25, -1.4384104013442993, -1.4384104013442993],
          [-0.555555522441864, -3.3333334922790527, -2.027325391769409, -2.027325391769409]]], 'float32'))
    boxes = bbu.decode_deltas_to_boxes(ANCHORS, deltas, 'xyxy', 'xyxy', variance=[0.1, 0.1, 0.2, 0.2])
    np.testing.assert_array_equal(boxes.numpy(), BOXES)
    levels = bbu.decode_deltas_to_boxes({'p3': ANCHORS}, {'p3': deltas[0]}, 'xyxy', 'xyxy',
                                        variance=[0.1, 0.1, 0.2, 0.2])
    np.testing.assert_array_equal(levels['p3'].numpy(), BOXES[0])
    with pytest.raises(ValueError, match='variance'):
        bbu.encode_box_to_deltas(ANCHORS, BOXES, 'xyxy', 'xyxy', variance=[0.1, 0.2])


def test_iou_and_ciou():
    iou = bbu.compute_iou(BOXES, BOXES[0], 'xyxy')
    np.testing.assert_array_equal(iou.numpy(), np.array(
        [[[1.0, 0.25], [0.25, 1.0]], [[0.02985074557363987, 0.0], [0.1666666716337204, 0.1034482792019844]]],
        'float32'))
    masked = bbu.compute_iou(np.concatenate([BOXES[0], -np.ones((1, 4), 'float32')]), BOXES[0], 'xyxy',
                             use_masking=True)
    np.testing.assert_array_equal(masked.numpy()[2], [-1, -1])
    ciou = bbu.compute_ciou(BOXES[0], BOXES[1], 'xyxy')
    np.testing.assert_allclose(ciou.numpy(), [-0.15390028059482574, 0.036001056432724], rtol=1e-6)
    with pytest.raises(ValueError, match='image_shape'):
        bbu.compute_iou(BOXES, BOXES, 'rel_xyxy')
