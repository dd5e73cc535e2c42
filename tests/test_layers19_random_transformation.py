"""Keras 3's public augmentation API on the random image layers: get_random_transformation gives Keras's
structure, transform_images / transform_segmentation_masks / transform_labels apply it (notes
progs/layers19/grt.py, grt2.py; TF 2.21's outputs quoted). tapeflow had none of these methods (AttributeError)."""
import numpy as np
import pytest

import framework as tf
from framework import keras

L = keras.layers


def _np(t):
    return np.asarray(t.numpy() if hasattr(t, 'numpy') else t)


def test_flip_transformation_structure():
    # TF 2.21: {'flips': <tf.Tensor (2, 1, 1, 1) bool [False, True]>, 'input_shape': (2, 5, 6, 3)}
    t = L.RandomFlip(seed=1).get_random_transformation(np.zeros((2, 5, 6, 3), 'float32'), training=True)
    assert sorted(t) == ['flips', 'input_shape']
    assert t['input_shape'] == (2, 5, 6, 3)
    assert _np(t['flips']).dtype == bool and _np(t['flips']).shape == (2, 1, 1, 1)
    assert _np(t['flips']).ravel().tolist() == [False, True]
    single = L.RandomFlip(seed=1).get_random_transformation(np.zeros((5, 6, 3), 'float32'))
    assert _np(single['flips']).shape == (1, 1, 1) and single['input_shape'] == (5, 6, 3)
    assert L.RandomFlip(seed=1).get_random_transformation(np.zeros((2, 5, 6, 3)), training=False) is None


def test_flip_transform_images_as_the_call():
    x = np.arange(24, dtype='float32').reshape(4, 2, 3, 1)
    layer = L.RandomFlip('horizontal', seed=4)
    out = layer.transform_images(x, layer.get_random_transformation(x))
    # TF 2.21: the third and fourth images flipped, as RandomFlip('horizontal', seed=4)(x)
    assert _np(out).ravel().tolist() == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 14, 13, 12, 17, 16, 15, 18, 19, 20,
                                         21, 22, 23]
    assert np.array_equal(_np(out), _np(L.RandomFlip('horizontal', seed=4)(x)))


def test_flip_masks_labels_and_inference():
    layer = L.RandomFlip(seed=1)
    x = np.arange(8).reshape(2, 2, 2, 1)
    t = layer.get_random_transformation(x)
    masks = layer.transform_segmentation_masks(x, t)
    # TF 2.21: masks moved as images, cast to float32 (also while not training); labels as given
    assert _np(masks).dtype == np.float32 and _np(masks).ravel().tolist() == [0, 1, 2, 3, 7, 6, 5, 4]
    idle = layer.transform_segmentation_masks(x, t, training=False)
    assert _np(idle).dtype == np.float32 and _np(idle).ravel().tolist() == list(range(8))
    labels = np.array([1, 2])
    assert layer.transform_labels(labels, t) is labels
    # the same cast in a dict call at inference: TF 2.21 'segmentation_masks' float32 [0 ... 7]
    out = layer({'images': x.astype('float32'), 'segmentation_masks': x}, training=False)
    assert _np(out['segmentation_masks']).dtype == np.float32


def test_flip_seed_argument_and_hand_made_transformation():
    layer = L.RandomFlip()
    x = np.zeros((6, 2, 2, 1), 'float32')
    # TF 2.21: an int seed draws the same flips each time; seed=0 is a seed too
    first, again = (_np(layer.get_random_transformation(x, seed=5)['flips']).ravel().tolist() for _ in range(2))
    assert first == again == [True, False, False, True, False, True]
    assert _np(layer.get_random_transformation(x, seed=0)['flips']).ravel().tolist() == [True, False, False, False,
                                                                                       True, False]
    generator = keras.random.SeedGenerator(3)
    drawn = [_np(layer.get_random_transformation(x, seed=generator)['flips']).ravel().tolist() for _ in range(2)]
    assert drawn == [[True, False, False, False, True, True], [True, False, True, False, False, True]]
    images = np.arange(8, dtype='float32').reshape(2, 2, 2, 1)
    out = L.RandomFlip('vertical').transform_images(images, {'flips': np.array([True, False]).reshape(2, 1, 1, 1)})
    assert _np(out).ravel().tolist() == [2, 3, 0, 1, 4, 5, 6, 7]
    assert _np(L.RandomFlip().transform_images([[[1.], [2.]]], {'flips': [[[True]]]})).ravel().tolist() == [2, 1]


def test_set_random_seed_draws_as_keras():
    keras.utils.set_random_seed(7)
    layer = L.RandomFlip()
    t = layer.get_random_transformation(np.zeros((6, 2, 2, 1), 'float32'))
    # TF 2.21: [True, False, False, True, True, False], then the layer's call draws on from there
    assert _np(t['flips']).ravel().tolist() == [True, False, False, True, True, False]
    out = layer(np.arange(24, dtype='float32').reshape(6, 2, 2, 1))
    assert _np(out).ravel()[:4].tolist() == [3, 2, 1, 0] and _np(out).ravel()[16:20].tolist() == [19, 18, 17, 16]


def test_rotation_transformation():
    t = L.RandomRotation(0.2, seed=1).get_random_transformation(np.zeros((2, 5, 6, 3), 'float32'))
    assert sorted(t) == ['angle', 'batch_size', 'image_height', 'image_width', 'rotation_matrix']
    assert (t['image_height'], t['image_width'], t['batch_size']) == (5, 6, 2)
    # TF 2.21: angle [54.502296, -5.762848]; rotation_matrix (2, 8)
    assert _np(t['angle']).tolist() == pytest.approx([54.502296, -5.762848], rel=1e-6)
    assert _np(t['rotation_matrix'])[0].tolist() == pytest.approx(
        [0.5806703, -0.8141388, 2.676602, 0.8141388, 0.5806703, -1.1966876, 0, 0], rel=1e-6, abs=1e-7)
    single = L.RandomRotation(0.2, seed=1).get_random_transformation(np.zeros((5, 6, 3), 'float32'))
    assert _np(single['rotation_matrix']).shape == (8,) and single['batch_size'] == 1
    cf = L.RandomRotation(0.2, seed=1, data_format='channels_first').get_random_transformation(
        np.zeros((2, 3, 5, 6), 'float32'))
    assert (cf['image_height'], cf['image_width']) == (5, 6)


@pytest.mark.parametrize('make', [lambda: L.RandomRotation(0.2, seed=1), lambda: L.RandomTranslation(0.2, 0.3, seed=1),
                                  lambda: L.RandomZoom(0.3, -0.2, seed=1), lambda: L.RandomContrast(0.5, seed=1),
                                  lambda: L.RandomBrightness(0.5, seed=1)])
def test_transform_images_equals_the_call(make):
    x = np.arange(32, dtype='float32').reshape(2, 4, 4, 1)
    layer = make()
    out = layer.transform_images(x, layer.get_random_transformation(x))
    assert np.array_equal(_np(out), _np(make()(x)))
    single = layer.transform_images(x[0], layer.get_random_transformation(x[0]))
    assert _np(single).shape == (4, 4, 1)


def test_rotation_images_and_masks():
    layer = L.RandomRotation(0.2, seed=1)
    x = np.arange(32, dtype='float32').reshape(2, 4, 4, 1)
    t = layer.get_random_transformation(x)
    # TF 2.21: first values 1.8502027 3.318574 7.144256 10.40081; masks sampled 'nearest': 2 2 7 11 1 6 10 11 ...
    assert _np(layer.transform_images(x, t)).ravel()[:4].tolist() == pytest.approx(
        [1.8502027, 3.318574, 7.144256, 10.40081], rel=1e-5)
    assert _np(layer.transform_segmentation_masks(x, t)).ravel()[:8].tolist() == [2, 2, 7, 11, 1, 6, 10, 11]
    assert np.array_equal(_np(layer.transform_images(x, t, training=False)), x)
    assert layer.get_random_transformation(x, training=False) is None


def test_translation_and_zoom_transformations():
    t = L.RandomTranslation(0.2, 0.3, seed=1).get_random_transformation(np.zeros((2, 5, 6, 3), 'float32'))
    # TF 2.21: translations [[-1.4462025, 0.7569764], [-1.2937024, -0.0800395]] (width, height shifts)
    assert sorted(t) == ['input_shape', 'translations'] and t['input_shape'] == (2, 5, 6, 3)
    assert _np(t['translations']).ravel().tolist() == pytest.approx([-1.4462025, 0.7569764, -1.2937024, -0.0800395],
                                                                    rel=1e-6)
    layer = L.RandomTranslation(0.2, 0.3, seed=1)
    masks = np.arange(32, dtype='int32').reshape(2, 4, 4, 1)
    moved = layer.transform_segmentation_masks(masks, layer.get_random_transformation(masks))
    assert _np(moved).dtype == np.int32 and _np(moved).ravel()[:8].tolist() == [1, 2, 3, 3, 1, 2, 3, 3]
    z = L.RandomZoom(0.2, (0.1, 0.3), seed=1).get_random_transformation(np.zeros((5, 6, 3), 'float32'))
    # TF 2.21: height_zoom [[1.1513953]], width_zoom [[1.1196555]] (1, 1)
    assert sorted(z) == ['height_zoom', 'input_shape', 'width_zoom'] and _np(z['height_zoom']).shape == (1, 1)
    assert (_np(z['height_zoom']).item(), _np(z['width_zoom']).item()) == pytest.approx((1.1513953, 1.1196555),
                                                                                         rel=1e-6)
    zoom = L.RandomZoom(0.3, 0.2)
    drawn = zoom.get_random_transformation(np.zeros((2, 4, 4, 1)), seed=3)
    assert _np(drawn['width_zoom']).ravel().tolist() == pytest.approx([0.8783652, 1.1757381], rel=1e-6)


def test_colour_transformations():
    t = L.RandomContrast(0.5, seed=1).get_random_transformation(np.zeros((2, 5, 6, 3), 'float32'))
    # TF 2.21: {'contrast_factor': (2, 1, 1, 1) [1.439244, 1.2299901]}; not training: zeros
    assert _np(t['contrast_factor']).shape == (2, 1, 1, 1)
    assert _np(t['contrast_factor']).ravel().tolist() == pytest.approx([1.439244, 1.2299901], rel=1e-6)
    idle = L.RandomContrast(0.5).get_random_transformation(np.zeros((2, 5, 6, 3)), training=False)
    assert _np(idle['contrast_factor']).tolist() == [[[[0.]]], [[[0.]]]]
    wide = L.RandomContrast(0.5, seed=1, dtype='float64').get_random_transformation(np.zeros((2, 5, 6, 3)))
    assert _np(wide['contrast_factor']).dtype == np.float64
    b = L.RandomBrightness(0.5, seed=1).get_random_transformation(np.zeros((5, 6, 3), 'float32'))
    # TF 2.21: {'rgb_delta': (1, 1, 1) [96.51449]}
    assert _np(b['rgb_delta']).shape == (1, 1, 1) and _np(b['rgb_delta']).item() == pytest.approx(96.51449, rel=1e-6)
    layer = L.RandomContrast(0.5, seed=1)
    x = np.arange(16, dtype='float32').reshape(2, 2, 2, 2)
    t = layer.get_random_transformation(x)
    assert layer.transform_segmentation_masks(x, t) is x       # TF 2.21: the masks as given
    assert layer.transform_images(x, t, training=False) is x


def test_transform_images_carries_gradients():
    layer = L.RandomContrast(0.5, seed=2)
    x = tf.constant(np.arange(8, dtype='float32').reshape(1, 2, 2, 2))
    t = layer.get_random_transformation(x)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = layer.transform_images(x, t)
        s = tf.reduce_sum(y * y)
    # TF 2.21: [-2.6435256 -3.2442589 1.8366699 4.036916 9.682154 11.8824005 17.527637 19.727882]
    assert _np(tape.gradient(s, x)).ravel().tolist() == pytest.approx(
        [-2.6435256, -3.2442589, 1.8366699, 4.036916, 9.682154, 11.8824005, 17.527637, 19.727882], rel=1e-5)


def test_random_crop_transformation():
    # TF 2.21: (<tf.Tensor: int32 3>, <tf.Tensor: int32 0>) while training, the centered box's ints (0, 0) not
    t = L.RandomCrop(2, 3, seed=1).get_random_transformation(np.zeros((2, 5, 6, 3), 'float32'))
    assert [(_np(v).dtype, _np(v).shape, int(v)) for v in t] == [(np.int32, (), 3), (np.int32, (), 0)]
    assert L.RandomCrop(2, 3, seed=1).get_random_transformation(np.zeros((2, 5, 6, 3)), training=False) == (0, 0)
    assert L.RandomCrop(4, 3, seed=1).get_random_transformation(np.zeros((2, 3, 6, 3))) == (0, 2)
    layer = L.RandomCrop(2, 3)
    seeded = [tuple(int(v) for v in layer.get_random_transformation(np.zeros((2, 9, 9, 1)), seed=4)) for _ in '12']
    assert seeded[0] == seeded[1]


def test_random_crop_transform_images():
    layer = L.RandomCrop(2, 3, seed=1)
    x = np.arange(60, dtype='float32').reshape(2, 5, 6, 1)
    t = layer.get_random_transformation(x)
    # TF 2.21: [18 19 20 24 25 26 48 49 50 54 55 56]; not training: the images as given; masks cropped in any mode
    assert _np(layer.transform_images(x, t)).ravel().tolist() == [18, 19, 20, 24, 25, 26, 48, 49, 50, 54, 55, 56]
    assert layer.transform_images(x, t, training=False) is x
    masks = layer.transform_segmentation_masks(x.astype('int32'), t, training=False)
    assert _np(masks).dtype == np.float32 and _np(masks).shape == (2, 2, 3, 1)
    assert _np(L.RandomCrop(2, 2).transform_images(np.arange(16.).reshape(1, 4, 4, 1), (1, 2))).ravel().tolist() == [
        6, 7, 10, 11]
    x = np.arange(84, dtype='float32').reshape(2, 7, 6, 1)
    layer = L.RandomCrop(3, 2, seed=9)
    assert np.array_equal(_np(layer.transform_images(x, layer.get_random_transformation(x))),
                          _np(L.RandomCrop(3, 2, seed=9)(x)))


def _drawn(layer, shape=(2, 5, 6, 3), **kwargs):
    return layer.get_random_transformation(np.zeros(shape, 'float32'), **kwargs)


def test_colour_layers_transformation_structures():
    # TF 2.21's structures and draws for seed=1 on (2, 5, 6, 3) zeros
    t = _drawn(L.Solarization(0.2, 0.3, seed=1))
    assert sorted(t) == ['additions', 'thresholds'] and _np(t['additions']).shape == (2, 1, 1, 1)
    assert _np(t['additions']).ravel().tolist() == pytest.approx([44.8029, 23.458992], rel=1e-6)
    assert _np(t['thresholds']).ravel().tolist() == pytest.approx([7.5181975, 10.758824], rel=1e-6)
    assert _np(_drawn(L.Solarization(0.2, 0.3, seed=1), (5, 6, 3))['additions']).shape == (1, 1, 1)
    assert _drawn(L.Solarization(0.2, seed=1), training=False) is None
    gray = _drawn(L.RandomGrayscale(0.5, seed=1))          # bare bools, drawn in any mode
    assert _np(gray).dtype == bool and _np(gray).ravel().tolist() == [False, True] and _np(gray).shape == (2, 1, 1, 1)
    assert _np(_drawn(L.RandomGrayscale(0.5, seed=1), (5, 6, 3))).shape == (1, 1, 1, 1)
    assert _np(_drawn(L.RandomGrayscale(0.5, seed=1), training=False)).ravel().tolist() == [False, True]
    hue = _drawn(L.RandomHue(0.2, (0, 255), seed=1))
    assert _np(hue['factor']).tolist() == pytest.approx([-0.0098277, 0.0140638], rel=1e-5)
    assert _np(_drawn(L.RandomHue(0.2, (0, 255), seed=1), (5, 6, 3), training=False)['factor']).shape == (1,)
    assert _np(_drawn(L.RandomSaturation(0.2, seed=1))['factor']).tolist() == pytest.approx([0.1784049, -0.0157557],
                                                                                         rel=1e-5)
    assert _np(_drawn(L.RandomSharpness(0.2, seed=1))['factor']).tolist() == pytest.approx([0.1756976, 0.0919961],
                                                                                        rel=1e-6)
    poster = _drawn(L.RandomPosterization(4, seed=1))
    assert _np(poster['shift_factor']).dtype == np.uint8 and _np(poster['shift_factor']).tolist() == [6, 7]
    assert _np(_drawn(L.RandomPosterization((3, 3)), (5, 6, 3))['shift_factor']).tolist() == [5]
    degen = _drawn(L.RandomColorDegeneration(0.2, seed=1), (5, 6, 3))
    assert _np(degen['factor']).shape == (1, 1, 1, 1)
    assert _np(degen['factor']).item() == pytest.approx(0.1513953, rel=1e-6)
    assert _np(_drawn(L.RandomInvert(0.5, seed=1))['apply_inversion']).tolist() == [True, True]
    assert _drawn(L.RandomInvert(0.5, seed=1), training=False) is None


def test_shear_transformation():
    t = _drawn(L.RandomShear(0.2, 0.3, seed=1))
    # TF 2.21: shear_factor [[-0.1376242, 0.2410338], [-0.1231819, -0.2156171]] (x, y), input_shape
    assert sorted(t) == ['input_shape', 'shear_factor'] and t['input_shape'] == (2, 5, 6, 3)
    assert _np(t['shear_factor']).ravel().tolist() == pytest.approx([-0.1376242, 0.2410338, -0.1231819, -0.2156171],
                                                                    rel=1e-6)
    assert _drawn(L.RandomShear(0.2, 0.3, seed=1), training=False) is None
    layer = L.RandomShear(0.2, 0.3, seed=1)
    x = np.arange(32, dtype='float32').reshape(2, 4, 4, 1)
    t = layer.get_random_transformation(x)
    assert np.array_equal(_np(layer.transform_images(x, t)), _np(L.RandomShear(0.2, 0.3, seed=1)(x)))
    assert _np(layer.transform_images(x, t)).ravel()[:4].tolist() == pytest.approx([0, 1.964135, 3.9282699, 5.892405],
                                                                                   rel=1e-5)


@pytest.mark.parametrize('make', [lambda: L.Solarization(0.2, 0.3, seed=1), lambda: L.RandomGrayscale(0.5, seed=1),
                                  lambda: L.RandomHue(0.4, (0, 255), seed=1), lambda: L.RandomSaturation(0.4, seed=1),
                                  lambda: L.RandomSharpness(0.4, seed=1), lambda: L.RandomPosterization(5, seed=1),
                                  lambda: L.RandomColorDegeneration(0.5, seed=1), lambda: L.RandomInvert(0.7, seed=3)])
def test_colour_transform_images_equals_the_call_and_keeps_masks(make):
    x = np.arange(48, dtype='float32').reshape(2, 2, 4, 3) * 5
    layer = make()
    t = layer.get_random_transformation(x)
    assert np.array_equal(_np(layer.transform_images(x, t)), _np(make()(x)))
    assert layer.transform_segmentation_masks(x, t) is x        # TF 2.21: colour layers hand masks back as given


def test_colour_transform_images_values():
    x = np.arange(8, dtype='float32').reshape(4, 1, 2, 1)
    layer = L.RandomInvert(0.7, seed=3)
    t = layer.get_random_transformation(x)
    # TF 2.21: apply_inversion [False, False, True, True] -> [0 1 2 3 251 250 249 248]; not training: as given
    assert _np(t['apply_inversion']).tolist() == [False, False, True, True]
    assert _np(layer.transform_images(x, t)).ravel().tolist() == [0, 1, 2, 3, 251, 250, 249, 248]
    assert layer.transform_images(x, t, training=False) is x
    layer = L.RandomPosterization(5, seed=1)
    x = np.arange(8, dtype='float32').reshape(2, 2, 2, 1) * 31
    # TF 2.21: shift_factor [6, 7] -> [0 0 0 64 0 128 128 128]
    assert _np(layer.transform_images(x, layer.get_random_transformation(x))).ravel().tolist() == [0, 0, 0, 64, 0, 128,
                                                                                                  128, 128]
    gray = L.RandomGrayscale(0.5, seed=1)
    x = np.arange(24, dtype='float32').reshape(2, 2, 2, 3)
    # a None transformation is drawn there (TF 2.21: the second image grey, 12.8138 ...)
    assert _np(gray.transform_images(x, None)).ravel()[12:14].tolist() == pytest.approx([12.8138, 12.8138], rel=1e-6)


def test_layers_draw_in_keras_order_through_calls():
    keras.utils.set_random_seed(5)
    layer = L.RandomInvert(0.7)
    x = np.arange(8, dtype='float32').reshape(4, 1, 2, 1)
    # TF 2.21: [0 1 253 252 251 250 6 7], then [255 254 2 3 4 5 249 248]
    assert _np(layer(x)).ravel().tolist() == [0, 1, 253, 252, 251, 250, 6, 7]
    assert _np(layer(x)).ravel().tolist() == [255, 254, 2, 3, 4, 5, 249, 248]
    keras.utils.set_random_seed(5)
    layer = L.RandomPosterization(6)
    x = x * 30
    # TF 2.21: [0 24 48 80 0 128 176 208], as given at inference (drawing), then [0 24 0 64 120 144 128 192]
    assert _np(layer(x)).ravel().tolist() == [0, 24, 48, 80, 0, 128, 176, 208]
    assert _np(layer(x, training=False)).ravel().tolist() == list(range(0, 240, 30))
    assert _np(layer(x)).ravel().tolist() == [0, 24, 0, 64, 120, 144, 128, 192]


def test_layers_that_draw_nothing():
    x = np.arange(40, dtype='float32').reshape(2, 4, 5, 1)
    crop = L.CenterCrop(2, 3)
    t = crop.get_random_transformation(x)
    # TF 2.21: {'input_shape': (2, 4, 5, 1)}; cropped in any mode, int masks cast to float32 and cropped
    assert t == {'input_shape': (2, 4, 5, 1)}
    expected = [6, 7, 8, 11, 12, 13, 26, 27, 28, 31, 32, 33]
    assert _np(crop.transform_images(x, t)).ravel().tolist() == expected
    assert _np(crop.transform_images(x, None, training=False)).ravel().tolist() == expected
    masks = crop.transform_segmentation_masks(x.astype('int32'), t)
    assert _np(masks).dtype == np.float32 and _np(masks).ravel().tolist() == expected
    resize = L.Resizing(2, 3)
    assert resize.get_random_transformation(x) == (4, 5)          # TF 2.21: the input's (height, width)
    assert L.Resizing(2, 3, data_format='channels_first').get_random_transformation(np.zeros((1, 4, 5))) == (4, 5)
    assert _np(resize.transform_images(x, (4, 5), training=False)).ravel()[:3].tolist() == pytest.approx(
        [2.8333333, 4.5, 6.166666], rel=1e-6)
    # TF 2.21: masks resized 'nearest' in their dtype: [5 7 9 15 17 19 25 27 29 35 37 39]
    masks = resize.transform_segmentation_masks(x.astype('int32'), (4, 5))
    assert _np(masks).dtype == np.int32 and _np(masks).ravel().tolist() == [5, 7, 9, 15, 17, 19, 25, 27, 29, 35, 37,
                                                                             39]
    auto = L.AutoContrast(value_range=(0, 40))
    images = np.arange(24, dtype='float32').reshape(2, 2, 2, 3)
    assert auto.get_random_transformation(images) is None
    assert np.array_equal(_np(auto.transform_images(images, None, training=False)), _np(auto(images)))
    assert auto.transform_segmentation_masks(images, None) is images
    equal = L.Equalization(bins=16)
    images = np.arange(48, dtype='float32').reshape(1, 4, 4, 3) * 5
    assert equal.get_random_transformation(images) is None
    assert np.array_equal(_np(equal.transform_images(images, None)), _np(equal(images)))
    assert equal.transform_images(images, None, training=False) is images


def test_gaussian_blur_transformation():
    t = _drawn(L.RandomGaussianBlur(0.5, seed=1))
    # TF 2.21: {'should_apply_blur': [True, True], 'blur_factor': [0.8440614, 0.1920463]} (two sigmas per batch)
    assert sorted(t) == ['blur_factor', 'should_apply_blur']
    assert _np(t['should_apply_blur']).tolist() == [True, True]
    assert _np(t['blur_factor']).tolist() == pytest.approx([0.8440614, 0.1920463], rel=1e-6)
    assert _drawn(L.RandomGaussianBlur(0.5, seed=1), training=False) is None
    make = lambda: L.RandomGaussianBlur(1.0, kernel_size=3, sigma=(0.5, 1.5), seed=2)     # noqa: E731
    layer, x = make(), np.arange(32, dtype='float32').reshape(2, 4, 4, 1) * 8
    t = layer.get_random_transformation(x)
    assert np.array_equal(_np(layer.transform_images(x, t)), _np(make()(x)))
    assert _np(layer.transform_images(x, t)).ravel()[:3].tolist() == pytest.approx([8.419033, 15.253757, 20.835838],
                                                                                   rel=1e-5)
    assert layer.transform_segmentation_masks(x, t) is x


def test_perspective_transformation():
    t = _drawn(L.RandomPerspective(0.5, seed=1))
    # TF 2.21: apply_perspective [True, True], start_points the corners (2, 4, 2), end_points moved, input_shape
    assert sorted(t) == ['apply_perspective', 'end_points', 'input_shape', 'start_points']
    assert _np(t['apply_perspective']).tolist() == [True, True] and t['input_shape'] == (2, 5, 6, 3)
    assert _np(t['start_points'])[0].ravel().tolist() == [0, 0, 5, 0, 0, 4, 5, 4]
    assert _np(t['end_points'])[0].ravel().tolist() == pytest.approx([0, 0, 7.4811163, 0, 0, 4.597384, 3.0347223,
                                                                      2.2606497], rel=1e-6)
    assert _drawn(L.RandomPerspective(0.5, seed=1), training=False) is None
    make = lambda: L.RandomPerspective(1.0, scale=0.6, seed=3)        # noqa: E731
    layer, x = make(), np.arange(32, dtype='float32').reshape(2, 4, 4, 1)
    t = layer.get_random_transformation(x)
    assert _np(t['apply_perspective']).tolist() == [False, True]
    assert np.array_equal(_np(layer.transform_images(x, t)), _np(make()(x)))
    # TF 2.21: masks sampled 'nearest' [... 16 17 18 18 20 ...]
    assert _np(layer.transform_segmentation_masks(x, t)).ravel()[16:20].tolist() == [16, 17, 18, 18]


def test_color_jitter_transformation():
    make = lambda: L.RandomColorJitter(value_range=(0, 255), brightness_factor=0.2, contrast_factor=0.3,   # noqa
                                       seed=1)
    layer, x = make(), np.arange(24, dtype='float32').reshape(2, 2, 2, 3) * 9
    # TF 2.21: None; transform_images draws each step's factors as the call does (37.41173 46.41173 ...)
    assert layer.get_random_transformation(x) is None
    out = layer.transform_images(x, None)
    assert np.array_equal(_np(out), _np(make()(x)))
    assert _np(out).ravel()[:2].tolist() == pytest.approx([37.41173, 46.41173], rel=1e-5)
    assert layer.transform_images(x, None, training=False) is x
    assert layer.transform_segmentation_masks(x, None) is x


def test_mix_up_transformation():
    t = _drawn(L.MixUp(seed=1), (3, 5, 6, 3))
    # TF 2.21: {'mix_weight': [0.9986159 0.985729 0.9955057], 'permutation_order': int64 [1 2 0]}, drawn in any mode
    assert sorted(t) == ['mix_weight', 'permutation_order']
    assert _np(t['permutation_order']).dtype == np.int64 and _np(t['permutation_order']).tolist() == [1, 2, 0]
    assert _np(t['mix_weight']).tolist() == pytest.approx([0.9986159, 0.985729, 0.9955057], rel=1e-6)
    assert _np(_drawn(L.MixUp(seed=1), (2, 5, 6, 3), training=False)['permutation_order']).tolist() == [1, 0]
    layer = L.MixUp(0.5, seed=3)
    x, y = np.arange(12, dtype='float32').reshape(3, 2, 2, 1), np.eye(3, dtype='float32')
    t = layer.get_random_transformation(x)
    # TF 2.21: permutation [0 2 1]; labels [[1 0 0] [0 0.51199 0.48801] [0 0.1745732 0.8254268]]
    assert _np(t['permutation_order']).tolist() == [0, 2, 1]
    assert _np(layer.transform_labels(y, t)).ravel().tolist() == pytest.approx(
        [1, 0, 0, 0, 0.51199, 0.48801, 0, 0.1745732, 0.8254268], rel=1e-5, abs=1e-7)
    called = L.MixUp(0.5, seed=3)({'images': x, 'labels': y})
    assert np.array_equal(_np(layer.transform_images(x, t)), _np(called['images']))
    assert layer.transform_images(x, t, training=False) is x


@pytest.mark.parametrize('dtype, name', [('int64', 'int64'), ('float64', 'double'), ('int32', 'int32')])
def test_mix_up_refuses_labels_not_float32(dtype, name):
    # TF 2.21: Keras multiplies its float32 weights by the labels in Mul, which refuses another dtype (in the call's
    # banner when called); tapeflow mixed them (into float64)
    layer = L.MixUp(0.5, seed=3)
    x, labels = np.arange(12, dtype='float32').reshape(3, 2, 2, 1), np.array([[1], [2], [3]], dtype)
    text = ('cannot compute Mul as input #1(zero-based) was expected to be a float tensor but is a %s tensor '
            '[Op:Mul] name: ' % name)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer.transform_labels(labels, layer.get_random_transformation(x))
    assert str(caught.value) == text
    if dtype == 'float64':
        return          # (the call casts float labels to the compute dtype first, in TF 2.21 too)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer({'images': x, 'labels': labels})
    assert text in str(caught.value) and 'Exception encountered when calling MixUp.call()' in str(caught.value)


def test_mix_up_one_image_mixes_its_label_and_masks():
    # TF 2.21 (Keras's transform_single_label / _segmentation_mask): a batch of one, mixed with itself; an int label
    # fails in Mul as above, a scalar label comes back (1,), masks mix with the flattened masks' first value
    image = np.arange(4, dtype='float32').reshape(2, 2, 1)
    out = L.MixUp(0.5, seed=3)({'images': image, 'labels': np.float32(0.3)})
    assert _np(out['labels']).shape == (1,) and _np(out['labels']).item() == pytest.approx(0.3, rel=1e-6)
    out = L.MixUp(0.5, seed=3)({'images': image, 'segmentation_masks': image})
    assert _np(out['segmentation_masks']).ravel().tolist() == pytest.approx([0, 0.0009626, 0.0019251, 0.0028877],
                                                                            rel=1e-4)
    with pytest.raises(tf.errors.InvalidArgumentError):
        L.MixUp(0.5, seed=3)({'images': image, 'labels': np.array([1])})


def test_cut_mix_transformation():
    layer = L.CutMix(seed=3)
    x = np.arange(48, dtype='float32').reshape(3, 4, 4, 1)
    t = layer.get_random_transformation(x)
    # TF 2.21: {'permutation_order': int32 [2 0 1], 'batch_masks': bool (3, 4, 4, 1), 'mix_weight': (3, 1, 1, 1)
    # [1.1920929e-07 1.8933892e-01 9.5427024e-01]}; None while not training or for one image
    assert sorted(t) == ['batch_masks', 'mix_weight', 'permutation_order']
    assert _np(t['permutation_order']).dtype == np.int32 and _np(t['permutation_order']).tolist() == [2, 0, 1]
    assert _np(t['batch_masks']).dtype == bool and _np(t['batch_masks']).shape == (3, 4, 4, 1)
    assert _np(t['batch_masks'])[0].ravel()[:8].tolist() == [False] * 5 + [True] * 3
    assert _np(t['mix_weight']).ravel().tolist() == pytest.approx([1.1920929e-07, 1.8933892e-01, 9.5427024e-01],
                                                                  rel=1e-5)
    assert layer.get_random_transformation(x, training=False) is None and layer.get_random_transformation(x[0]) is None
    mixed = [0, 1, 2, 3, 4, 37, 38, 39, 8, 41, 42, 43, 12, 45, 46, 47]
    assert _np(layer.transform_images(x, t)).ravel()[:16].tolist() == mixed
    assert _np(layer.transform_labels(np.eye(3, dtype='float32'), t))[1].tolist() == pytest.approx(
        [0.81066108, 0.18933892, 0], rel=1e-5)


def test_cut_mix_masks_move_with_the_images():
    # TF 2.21: masks cut as the images are, cast to float32, also at inference and for one image; tapeflow left them
    x = np.arange(48).reshape(3, 4, 4, 1)
    out = L.CutMix(seed=3)({'images': x.astype('float32'), 'segmentation_masks': x})
    assert _np(out['segmentation_masks']).dtype == np.float32
    assert _np(out['segmentation_masks']).ravel()[:16].tolist() == [0, 1, 2, 3, 4, 37, 38, 39, 8, 41, 42, 43, 12, 45,
                                                                     46, 47]
    idle = L.CutMix(seed=3)({'images': x.astype('float32'), 'segmentation_masks': x}, training=False)
    assert _np(idle['segmentation_masks']).dtype == np.float32
    one = L.CutMix(seed=3)({'images': x[0].astype('float32'), 'segmentation_masks': x[0]})
    assert _np(one['segmentation_masks']).dtype == np.float32


def test_cut_mix_boxes_refusals():
    data = lambda: {'images': np.zeros((2, 4, 4, 1), 'float32'),                   # noqa: E731
                    'bounding_boxes': {'boxes': np.zeros((2, 1, 4), 'float32'), 'labels': np.zeros((2, 1))}}
    # TF 2.21: without bounding_box_format the base layer's ValueError, with one Keras's bare NotImplementedError
    with pytest.raises(ValueError, match="you didn't specify a bounding box format"):
        L.CutMix(seed=3)(data(), training=False)
    with pytest.raises(NotImplementedError) as caught:
        L.CutMix(seed=3, bounding_box_format='xyxy')(data())
    assert 'Exception encountered when calling CutMix.call().' in str(caught.value)


def test_random_erasing_transformation():
    layer = L.RandomErasing(seed=3)
    x = np.arange(32, dtype='float32').reshape(2, 4, 4, 1)
    t = layer.get_random_transformation(x)
    # TF 2.21: apply_erasing [True, False]; batch_masks (2, 4, 4, 1) with [10] and [14] set in the first image;
    # fill_value (2, 4, 4, 1) normal * 255 clipped [221.73538 255. 222.65916 0. ...]; erased [... 255 ... 51.23731 ...]
    assert sorted(t) == ['apply_erasing', 'batch_masks', 'fill_value']
    assert _np(t['apply_erasing']).tolist() == [True, False]
    assert np.flatnonzero(_np(t['batch_masks'])[0]).tolist() == [10, 14]
    assert _np(t['fill_value']).ravel()[:3].tolist() == pytest.approx([221.73538, 255, 222.65916], rel=1e-6)
    out = _np(layer.transform_images(x, t)).ravel()
    assert out[10] == 255 and out[14] == pytest.approx(51.23731, rel=1e-6) and out[16:].tolist() == list(range(16, 32))
    assert layer.transform_segmentation_masks(x, t) is x
    assert layer.get_random_transformation(x, training=False) is None
    rgb = L.RandomErasing(1.0, seed=4, fill_value=[10, 20, 30])
    x = np.arange(54, dtype='float32').reshape(2, 3, 3, 3)
    t = rgb.get_random_transformation(x)
    assert _np(t['batch_masks']).shape == (2, 3, 3, 3)          # the box repeated over the channels
    assert np.array_equal(_np(rgb.transform_images(x, t)),
                          _np(L.RandomErasing(1.0, seed=4, fill_value=[10, 20, 30])(x)))
    single = L.RandomErasing(1.0, seed=4)
    image = np.arange(18, dtype='float32').reshape(3, 3, 2)
    t = single.get_random_transformation(image)
    # TF 2.21: a single image's fill_value (3, 3, 2), its masks (1, 3, 3, 2), and transform_images gives (1, 3, 3, 2)
    assert _np(t['fill_value']).shape == (3, 3, 2) and _np(t['batch_masks']).shape == (1, 3, 3, 2)
    assert _np(single.transform_images(image, t)).shape == (1, 3, 3, 2)


def test_elastic_transformation():
    layer = L.RandomElasticTransform(seed=3)
    x = np.arange(32, dtype='float32').reshape(2, 4, 4, 1)
    t = layer.get_random_transformation(x)
    # TF 2.21: {'apply_transform': [False, True], 'distortion_factor': 0.8747889, 'seed': the layer's SeedGenerator}
    assert sorted(t) == ['apply_transform', 'distortion_factor', 'seed']
    assert _np(t['apply_transform']).tolist() == [False, True]
    assert _np(t['distortion_factor']).item() == pytest.approx(0.8747889, rel=1e-6)
    assert isinstance(t['seed'], keras.random.SeedGenerator)
    assert layer.get_random_transformation(x, training=False) is None
    assert L.RandomElasticTransform(scale=0.0).get_random_transformation(x) is None
    make = lambda: L.RandomElasticTransform(factor=1.0, scale=0.5, seed=7)     # noqa: E731
    x = np.arange(50, dtype='float32').reshape(2, 5, 5, 1)
    layer = make()
    assert np.array_equal(_np(layer.transform_images(x, layer.get_random_transformation(x))), _np(make()(x)))


def test_rand_augment_transformation():
    layer = L.RandAugment(seed=1)
    x = np.arange(180, dtype='float32').reshape(2, 5, 6, 3)
    t = layer.get_random_transformation(x)
    # TF 2.21: {'transforms': {each of the eleven operations: its transformation}, 'layer_idxes': int32 (2,)}
    assert list(t['transforms']) == ['random_shear', 'random_translation', 'random_rotation', 'random_brightness',
                                     'random_color_degeneration', 'random_contrast', 'random_sharpness',
                                     'random_posterization', 'solarization', 'auto_contrast', 'equalization']
    assert _np(t['layer_idxes']).dtype == np.int32 and _np(t['layer_idxes']).shape == (2,)
    assert sorted(t['transforms']['random_shear']) == ['input_shape', 'shear_factor']
    assert t['transforms']['auto_contrast'] is None and t['transforms']['equalization'] is None
    assert np.array_equal(_np(layer.transform_images(x, t)), _np(L.RandAugment(seed=1)(x)))
    assert layer.get_random_transformation(x, training=False) is None


def test_aug_mix_transformation():
    keras.utils.set_random_seed(4)
    layer = L.AugMix(value_range=(0, 255))
    x = np.arange(180, dtype='float32').reshape(2, 5, 6, 3)
    t = layer.get_random_transformation(x)
    # TF 2.21: chain_mixing_weights [0.059632 0.5145179 0.42585], weight_sample 0.6288201, the first chain
    # [('equalization', None), ('random_color_degeneration', {'factor': (2, 1, 1, 1)}), ('solarization', {...})]
    assert sorted(t) == ['chain_mixing_weights', 'chain_transforms', 'weight_sample']
    assert _np(t['chain_mixing_weights']).tolist() == pytest.approx([0.059632, 0.5145179, 0.42585], rel=1e-5)
    assert _np(t['weight_sample']).item() == pytest.approx(0.6288201, rel=1e-6)
    first = t['chain_transforms'][0]
    assert [link['layer_name'] for link in first[:3]] == ['equalization', 'random_color_degeneration', 'solarization']
    assert first[0]['transformation'] is None and _np(first[1]['transformation']['factor']).shape == (2, 1, 1, 1)
    out = layer.transform_images(x, t)
    assert _np(out).ravel()[:3].tolist() == pytest.approx([36.998913, 37.62773, 38.256554], rel=1e-5)
    keras.utils.set_random_seed(4)
    assert np.array_equal(_np(out), _np(L.AugMix(value_range=(0, 255))(x)))
    assert layer.get_random_transformation(x, training=False) is None


def test_single_image_forms_and_max_num_boxes():
    layer = L.RandomFlip(seed=1)
    image = np.arange(4, dtype='float32').reshape(2, 2, 1)
    t = layer.get_random_transformation(image[None])
    # TF 2.21: transform_single_image / _label / _segmentation_mask run the batch form on a batch of one
    assert np.array_equal(_np(layer.transform_single_image(image, t)), _np(layer.transform_images(image[None], t))[0])
    assert _np(layer.transform_single_label(np.array([1, 2]), t)).tolist() == [1, 2]
    assert _np(layer.transform_single_segmentation_mask(image, t)).shape == (2, 2, 1)
    assert _np(L.CenterCrop(2, 2).transform_single_image(np.arange(9.).reshape(3, 3, 1), None)).ravel().tolist() == [
        0, 1, 3, 4]
    boxes = L.MaxNumBoundingBoxes(3)
    x = np.zeros((2, 4, 4, 1), 'float32')
    given = {'boxes': np.arange(16, dtype='float32').reshape(2, 2, 4), 'labels': np.array([[1, 2], [3, 4]])}
    # TF 2.21: None; images and masks as given; boxes padded to 3 with -1 in any format
    assert boxes.get_random_transformation(x) is None and boxes.transform_images(x, None) is x
    out = boxes.transform_bounding_boxes(given, None)
    assert _np(out['boxes']).shape == (2, 3, 4) and _np(out['boxes'])[0, 2].tolist() == [-1] * 4
    assert _np(out['labels']).tolist() == [[1, 2, -1], [3, 4, -1]]


def test_zero_seed_draws_from_the_generator_where_keras_says_seed_or():
    # TF 2.21: RandomInvert / RandomGaussianBlur / RandomPerspective / RandomErasing / RandomElasticTransform / AugMix
    # take `seed or` their generator, so seed=0 draws from the layer's generator (RandomFlip's 0 is a seed)
    x = np.zeros((6, 2, 2, 1), 'float32')
    assert _np(L.RandomInvert(0.5, seed=3).get_random_transformation(x, seed=0)['apply_inversion']).tolist() == [
        False] * 6
    blur = L.RandomGaussianBlur(0.5, seed=3).get_random_transformation(np.zeros((4, 2, 2, 1)), seed=0)
    assert _np(blur['blur_factor']).tolist() == pytest.approx([0.8747899, 0.3748606], rel=1e-6)
    mix = L.AugMix(seed=3).get_random_transformation(np.zeros((2, 4, 4, 3), 'float32'), seed=5)
    assert _np(mix['weight_sample']).item() == pytest.approx(0.7063774, rel=1e-6)      # (the seed given)
    elastic = L.RandomElasticTransform(0.5, seed=3).get_random_transformation(np.zeros((3, 4, 4, 1)), seed=0)
    assert isinstance(elastic['seed'], keras.random.SeedGenerator)


@pytest.mark.parametrize('make, expected', [
    (lambda: L.RandomFlip(seed=1, bounding_box_format='xyxy'), [1, 2, 4, 6, 5, 3, 10, 8]),
    (lambda: L.RandomTranslation(0.2, 0.3, seed=1, bounding_box_format='xyxy'),
     [0, 3.211162, 1.5896623, 7.211162, 0, 0, 2.8438294, 4.871937]),
    (lambda: L.RandomRotation(0.2, seed=1, bounding_box_format='xyxy'),
     [1.2464459, 3.0360646, 6.245012, 7.801162, 0, 0, 5.3489122, 5.0426245]),
    (lambda: L.RandomZoom(0.2, seed=1, bounding_box_format='xyxy'),
     [1.46021, 2.197233, 4.0657444, 5.6712785, 0, 0, 5.008134, 5.0244026]),
    (lambda: L.RandomShear(0.2, 0.3, seed=1, bounding_box_format='xyxy'),
     [1.3440604, 1.0296595, 5.0321813, 5.740829, 0, 0, 5.769887, 5.995269]),
    (lambda: L.RandomPerspective(1.0, seed=1, bounding_box_format='xyxy'),
     [1.3100654, 3.8565776, 8.283382, 8, 0, 0, 5.650338, 2.5820332])])
def test_transform_bounding_boxes(make, expected):
    # TF 2.21's boxes for images (2, 8, 10, 3) and boxes [[1 2 4 6]], [[0 0 5 5]] (xyxy)
    layer = make()
    boxes = {'boxes': np.array([[[1, 2, 4, 6]], [[0, 0, 5, 5]]], 'float32'), 'labels': np.array([[1], [2]])}
    t = layer.get_random_transformation(np.zeros((2, 8, 10, 3), 'float32'))
    out = layer.transform_bounding_boxes(boxes, t)
    assert _np(out['boxes']).ravel().tolist() == pytest.approx(expected, rel=1e-5, abs=1e-6)
    assert _np(out['labels']).tolist() == [[1], [2]]
    assert layer.transform_bounding_boxes(boxes, t, training=False) is boxes


def test_colour_layers_keep_bounding_boxes():
    layer = L.RandomContrast(0.2, seed=1, bounding_box_format='xyxy')
    boxes = {'boxes': np.zeros((2, 1, 4), 'float32'), 'labels': np.zeros((2, 1))}
    assert layer.transform_bounding_boxes(boxes, layer.get_random_transformation(np.zeros((2, 4, 4, 3)))) is boxes


def test_shear_draws_in_the_compute_dtype():
    # TF 2.21 (Keras draws the coin and shears in the compute dtype): a float64 layer's shear_factor is float64
    # [[0.1009935 0.1717306] [-0.1879143 -0.0856494]] (tapeflow drew float32 [-0.1376242 ...]) and its images differ
    layer = L.RandomShear(0.2, 0.3, seed=1, dtype='float64')
    t = layer.get_random_transformation(np.zeros((2, 5, 6, 3)))
    assert _np(t['shear_factor']).dtype == np.float64
    assert _np(t['shear_factor']).ravel().tolist() == pytest.approx([0.1009935, 0.1717306, -0.1879143, -0.0856494],
                                                                    rel=1e-6)
    out = L.RandomShear(0.2, 0.3, seed=1, dtype='float64')(np.arange(18, dtype='float64').reshape(2, 3, 3, 1))
    # TF 2.21: [0. 1.5151917 3.0303831 3.1009936 ...]
    assert _np(out).ravel()[:4].tolist() == pytest.approx([0, 1.5151917, 3.0303831, 3.1009936], rel=1e-6)


def test_cut_mix_draws_in_the_compute_dtype():
    x = np.arange(48, dtype='float64').reshape(3, 4, 4, 1)
    t = L.CutMix(seed=3, dtype='float64').get_random_transformation(x)
    # TF 2.21: float64 mix_weight [0.0021317 0.5352404 0.8056151] (tapeflow drew float32 [1.19e-07 0.1893389 ...])
    assert _np(t['mix_weight']).dtype == np.float64
    assert _np(t['mix_weight']).ravel().tolist() == pytest.approx([0.0021317, 0.5352404, 0.8056151], abs=1e-7)
    out = L.CutMix(seed=3, dtype='float64')({'images': x, 'labels': np.eye(3)})       # float64 labels mix there
    assert _np(out['labels'])[0].tolist() == pytest.approx([0.0021317, 0, 0.9978683], abs=1e-7)
    half = L.CutMix(seed=3, dtype='mixed_float16')
    t = half.get_random_transformation(x.astype('float32'))
    # TF 2.21: float16 weights; float32 labels then fail in Mul ('... expected to be a half tensor but is a float ...')
    assert _np(t['mix_weight']).dtype == np.float16
    with pytest.raises(tf.errors.InvalidArgumentError, match='expected to be a half tensor but is a float tensor'):
        half.transform_labels(np.eye(3, dtype='float32'), t)


def test_random_erasing_draws_in_the_compute_dtype():
    # TF 2.21: a float64 layer's fill_value is float64 [0. 255. 0. 0. 0. 0. 6.6997009 ...] (tapeflow float32
    # [221.73538 255. 222.65916 ...]); under mixed_float16 float16
    t = L.RandomErasing(seed=3, dtype='float64').get_random_transformation(np.zeros((2, 4, 4, 1)))
    assert _np(t['fill_value']).dtype == np.float64
    assert _np(t['fill_value']).ravel()[:7].tolist() == pytest.approx([0, 255, 0, 0, 0, 0, 6.6997009], abs=1e-6)
    half = L.RandomErasing(1.0, seed=3, dtype='mixed_float16', fill_value=7.3)
    assert _np(half.get_random_transformation(np.zeros((2, 4, 4, 1), 'float32'))['fill_value']).dtype == np.float16
