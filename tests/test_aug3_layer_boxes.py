"""Bounding boxes through the geometric image layers ({'images', 'bounding_boxes': {'boxes', 'labels'}}
dicts with bounding_box_format), against Keras 3.15 on TensorFlow 2.21.

Golden values: /opt/tfref/bin/python, the same layers and seeds on IMAGES / BOXES below,
np.asarray(out['bounding_boxes'][...]).tolist().
"""
import numpy as np
import pytest

from framework import keras

L = keras.layers
IMAGES = np.arange(2 * 5 * 6 * 1, dtype='float32').reshape(2, 5, 6, 1)
BOXES = np.array([[[0.5, 1., 3., 4.], [2., 0., 6., 2.5]], [[1., 1., 2., 2.], [4.5, 3., 5.5, 5.]]], 'float32')
LABELS = np.array([[1, 2], [3, 4]])


def _boxes(layer, boxes=BOXES, **kwargs):
    out = layer({'images': IMAGES, 'bounding_boxes': {'boxes': boxes, 'labels': LABELS}}, **kwargs)
    return out['bounding_boxes']['boxes'].numpy(), out['bounding_boxes']['labels'].numpy()


def test_flip_goes_through_relative_boxes():
    boxes, labels = _boxes(L.RandomFlip(bounding_box_format='xyxy', seed=3))
    np.testing.assert_array_equal(boxes, np.array(
        [[[3.0, 0.9999999403953552, 5.5, 4.0], [0.0, 2.5, 3.999999761581421, 5.0]],
         [[1.0, 1.0, 2.0, 2.0], [4.5, 3.0, 5.5, 5.0]]], 'float32'))
    assert labels.tolist() == [[1, 2], [3, 4]]
    centred = keras.utils.bounding_boxes.convert_format(BOXES, 'xyxy', 'center_xywh').numpy()
    boxes, _ = _boxes(L.RandomFlip('horizontal', bounding_box_format='center_xywh', seed=1), centred)
    np.testing.assert_array_equal(boxes, np.array(
        [[[1.75, 2.5, 2.5, 3.0], [4.0, 1.25, 4.0, 2.5]],
         [[4.5, 1.5, 1.000000238418579, 1.0], [0.9999999403953552, 4.0, 1.0000001192092896, 2.0]]], 'float32'))


def test_translation_and_zoom():
    boxes, _ = _boxes(L.RandomTranslation(0.3, 0.4, bounding_box_format='xyxy', seed=7))
    np.testing.assert_array_equal(boxes, np.array(
        [[[0.0, 1.7412363290786743, 0.7925794124603271, 4.741236209869385],
          [0.0, 0.7412363290786743, 3.792579412460327, 3.2412362098693848]],
         [[1.2032653093338013, 1.51654052734375, 2.2032651901245117, 2.51654052734375],
          [4.703265190124512, 3.51654052734375, 5.703265190124512, 5.0]]], 'float32'))
    boxes, _ = _boxes(L.RandomZoom((-0.5, 0.3), (0.2, 0.6), bounding_box_format='xyxy', seed=9))
    np.testing.assert_array_equal(boxes, np.array(
        [[[1.2253555059432983, 1.0959162712097168, 2.8186614513397217, 3.808166980743408],
          [2.1813390254974365, 0.19183266162872314, 4.730628490447998, 2.4520416259765625]],
         [[1.295891284942627, 1.0069687366485596, 2.098630428314209, 2.0],
          [4.105478286743164, 2.9930310249328613, 4.908217906951904, 4.9790940284729]]], 'float32'))


def test_rotation_moves_box_corners():
    boxes, _ = _boxes(L.RandomRotation(0.2, bounding_box_format='xyxy', seed=6))
    np.testing.assert_array_equal(boxes, np.array(
        [[[0.03986126184463501, 0.5037974119186401, 3.2481014728546143, 4.060938835144043],
          [1.884965419769287, 0.0, 6.0, 3.4134340286254883]],
         [[1.1747729778289795, 0.4138253927230835, 2.5267176628112793, 1.7657700777053833],
          [2.8615899085998535, 3.820404529571533, 4.681994438171387, 5.0]]], 'float32'))


def test_single_image_and_inference():
    out = L.RandomTranslation(0.3, 0.4, bounding_box_format='xyxy', seed=7)(
        {'images': IMAGES[0], 'bounding_boxes': {'boxes': BOXES[0], 'labels': LABELS[0]}})
    np.testing.assert_array_equal(out['bounding_boxes']['boxes'].numpy(), np.array(
        [[0.0, 1.7412363290786743, 0.7925794124603271, 4.741236209869385],
         [0.0, 0.7412363290786743, 3.792579412460327, 3.2412362098693848]], 'float32'))
    assert out['images'].shape == (5, 6, 1)
    boxes, labels = _boxes(L.RandomZoom(0.3, bounding_box_format='xyxy', seed=9), BOXES.astype('int32'),
                           training=False)
    assert boxes.dtype == np.float32 and boxes.tolist() == BOXES.astype('int32').astype('float32').tolist()


def test_boxes_need_a_format_and_configs_name_it():
    with pytest.raises(ValueError, match='bounding_box_format'):
        L.RandomFlip()({'images': IMAGES, 'bounding_boxes': {'boxes': BOXES, 'labels': LABELS}})
    assert list(L.RandomZoom(0.2, bounding_box_format='xyxy').get_config())[3:] == [
        'data_format', 'bounding_box_format', 'height_factor', 'width_factor', 'fill_mode', 'interpolation', 'seed',
        'fill_value']
    assert list(L.RandomRotation(0.2).get_config())[3:] == ['data_format', 'factor', 'fill_mode', 'fill_value',
                                                            'interpolation', 'seed']


def test_segmentation_masks_follow_the_images():
    masks = (np.arange(2 * 5 * 6) % 3).astype('int32').reshape(2, 5, 6, 1)
    out = L.RandomZoom(0.3, seed=2)({'images': IMAGES, 'segmentation_masks': masks})
    assert out['segmentation_masks'].dtype == 'int32'
    assert out['segmentation_masks'].numpy()[0, :, :, 0].tolist() == [[0, 1, 2, 0, 1, 2]] * 5
    out = L.RandomFlip(seed=1)({'images': IMAGES, 'segmentation_masks': masks})
    assert out['segmentation_masks'].dtype == 'float32'        # Keras flips masks as images, cast
    assert out['segmentation_masks'].numpy()[1, :, :, 0].tolist() == [[2.0, 1.0, 0.0, 2.0, 1.0, 0.0]] * 5


SIZING_IMAGES = np.arange(2 * 6 * 8 * 1, dtype='float32').reshape(2, 6, 8, 1)
SIZING_BOXES = np.array([[[0.5, 1., 3., 4.], [2., 0., 7.5, 2.5]], [[1., 1., 2., 2.], [0., 0., 0., 0.]]], 'float32')


@pytest.mark.parametrize('make, boxes, labels', [
    (lambda: L.Resizing(5, 7, bounding_box_format='xyxy'),
     [[[0.4375, 0.8333333134651184, 2.625, 3.3333332538604736], [1.75, 0.0, 6.5625, 2.0833332538604736]],
      [[0.875, 0.8333333134651184, 1.75, 1.6666666269302368], [0.0, 0.0, 0.0, 0.0]]], [[1, 2], [3, -1]]),
    (lambda: L.Resizing(5, 3, crop_to_aspect_ratio=True, bounding_box_format='xyxy'),
     [[[0.0, 0.8333333134651184, 1.5, 3.3333332538604736], [0.6666667461395264, 0.0, 3.0, 2.0833332538604736]],
      [[0.0, 0.8333333134651184, 0.6666667461395264, 1.6666666269302368], [0.0, 0.0, 0.0, 0.0]]], [[1, 2], [3, -1]]),
    (lambda: L.Resizing(3, 8, pad_to_aspect_ratio=True, bounding_box_format='xyxy'),
     [[[2.25, 0.5, 3.5, 2.0], [3.0, 0.0, 5.75, 1.25]], [[2.5, 0.5, 3.0, 1.0], [0.0, 0.0, 0.0, 0.0]]],
     [[1, 2], [3, -1]]),
    (lambda: L.CenterCrop(4, 5, bounding_box_format='xyxy'),
     [[[0.0, 0.0, 2.0, 3.0], [1.0, 0.0, 5.0, 1.5]], [[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0]]], [[1, 2], [3, -1]]),
    (lambda: L.CenterCrop(10, 8, bounding_box_format='xyxy'),
     [[[0.0, 1.6666667461395264, 2.0, 6.6666669845581055], [0.0, 0.0, 8.0, 4.166666507720947]],
      [[0.0, 1.6666667461395264, 0.0, 3.3333334922790527], [0.0, 0.0, 0.0, 0.0]]], [[1, 2], [-1, -1]]),
    # Keras 3.15's RandomCrop takes the top offset from x and the left one from y, and keeps labels
    (lambda: L.RandomCrop(4, 5, bounding_box_format='xyxy', seed=4),
     [[[0.0, 0.0, 2.0, 3.0], [1.0, 0.0, 6.5, 1.5]], [[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.0, 0.0]]], [[1, 2], [3, 4]]),
])
def test_sizing_layers_move_boxes(make, boxes, labels):
    out = make()({'images': SIZING_IMAGES, 'bounding_boxes': {'boxes': SIZING_BOXES, 'labels': LABELS}})
    np.testing.assert_array_equal(out['bounding_boxes']['boxes'].numpy(), np.array(boxes, 'float32'))
    assert out['bounding_boxes']['labels'].numpy().tolist() == labels


def test_resizing_masks_keep_their_dtype():
    masks = (np.arange(2 * 6 * 8) % 3).astype('int32').reshape(2, 6, 8, 1)
    out = L.Resizing(3, 4, bounding_box_format='xyxy')({'images': SIZING_IMAGES, 'segmentation_masks': masks})
    assert out['segmentation_masks'].dtype == 'int32' and out['segmentation_masks'].shape == (2, 3, 4, 1)
    out = L.CenterCrop(3, 4)({'images': SIZING_IMAGES, 'segmentation_masks': masks})
    assert out['segmentation_masks'].dtype == 'float32'


def test_rotation_uses_tf_sine_bits():
    # golden: Keras 3.15 RandomRotation(0.2, seed=6) on this batch (the third image's angle is one
    # where numpy's float32 cos/sin round differently from Eigen's psincos)
    images = np.random.RandomState(0).uniform(0, 255, (3, 9, 12, 3)).astype('float32')
    out = L.RandomRotation(0.2, seed=6)(images)
    np.testing.assert_array_equal(out.numpy()[2, 1, :3, 0], np.array([131.92622, 124.9821, 143.14322], 'float32'))


def test_shear_moves_relative_box_edges():
    boxes, labels = _boxes(L.RandomShear(0.4, 0.6, bounding_box_format='xyxy', seed=1))
    np.testing.assert_array_equal(boxes, np.array(
        [[[0.8302980065345764, 0.0, 4.321191787719727, 3.6664505004882812], [2.0, 0.0, 6.0, 1.696554183959961]],
         [[1.295636534690857, 1.465602159500122, 2.591273069381714, 2.931204319000244],
          [5.386909484863281, 4.935849189758301, 6.0, 5.0]]], 'float32'))
    assert labels.tolist() == [[1, 2], [3, 4]]


def test_mix_up_appends_partner_boxes_and_mixes_masks_as_keras():
    boxes, labels = _boxes(L.MixUp(seed=1, bounding_box_format='xyxy'))
    np.testing.assert_array_equal(boxes, np.concatenate([BOXES, BOXES[::-1]], axis=1))
    assert labels.tolist() == [[1, 2], [3, 4], [3, 4], [1, 2]]       # Keras 3.15 stacks the label rows
    masks = (np.arange(2 * 5 * 6) % 3).astype('float32').reshape(2, 5, 6, 1)
    out = L.MixUp(seed=1)({'images': IMAGES, 'segmentation_masks': masks})
    assert out['segmentation_masks'].shape == (2, 5, 6, 2)              # Keras's flattened take, broadcast
    np.testing.assert_array_equal(out['segmentation_masks'].numpy()[1, 2, :2], np.array(
        [[0.014270961284637451, 0.0], [1.0, 0.9857290387153625]], 'float32'))
    with pytest.raises(NotImplementedError):
        L.CutMix(seed=1, bounding_box_format='xyxy')({'images': IMAGES, 'bounding_boxes': {'boxes': BOXES,
                                                                                          'labels': LABELS}})


def test_auto_contrast_and_color_jitter_take_dicts():
    out = L.AutoContrast()({'images': IMAGES, 'labels': np.arange(2)}, training=False)
    np.testing.assert_array_equal(out['images'].numpy()[1, 2, :, 0], np.array(
        [105.51724243164062, 114.31033325195312, 123.10345458984375, 131.89654541015625, 140.68966674804688,
         149.48275756835938], 'float32'))
    out = L.RandomColorJitter(brightness_factor=0.2, seed=1, bounding_box_format='xyxy')(
        {'images': IMAGES, 'bounding_boxes': {'boxes': BOXES, 'labels': LABELS}})
    np.testing.assert_array_equal(out['images'].numpy()[1, 2, :2, 0], np.array([37.91798400878906, 38.91798400878906],
                                                                                'float32'))
    np.testing.assert_array_equal(out['bounding_boxes']['boxes'].numpy(), BOXES)


@pytest.mark.parametrize('make', [lambda: L.RandomFlip(), lambda: L.RandomRotation(0.1), lambda: L.RandomZoom(0.1),
                                  lambda: L.RandomTranslation(0.1, 0.1), lambda: L.Solarization(0.2),
                                  lambda: L.CutMix()])
def test_random_layers_cast_uint8_images_at_inference_as_keras(make):
    # Keras 3.15 casts to the layer's dtype before it looks at training (TF printed float32 for each)
    images = np.arange(2 * 4 * 5 * 3).reshape(2, 4, 5, 3).astype('uint8')
    out = make()(images, training=False)
    assert out.dtype == 'float32' and out.numpy().tolist() == images.astype('float32').tolist()
