"""keras.layers.MaxNumBoundingBoxes against Keras 3.15 on TensorFlow 2.21 (outputs printed there
for the same inputs: padded / cut boxes and labels, dtypes, config, output shapes)."""
import numpy as np
import pytest

from framework import keras

IMAGES = np.random.RandomState(0).randint(0, 255, (2, 4, 4, 3)).astype('uint8')
BOXES = {'boxes': np.array([[[10, 20, 100, 150], [50, 60, 200, 250], [0, 0, 50, 50]],
                            [[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9]]]),
         'labels': np.array([[1, 2, 3], [4, 5, 6]])}


def test_pads_and_cuts_at_training_and_inference():
    layer = keras.layers.MaxNumBoundingBoxes(max_number=5, bounding_box_format='xyxy')
    out = layer({'images': IMAGES, 'bounding_boxes': BOXES, 'labels': np.array([0, 1])})
    assert sorted(out) == ['bounding_boxes', 'images', 'labels'] and out['images'].dtype == 'uint8'
    assert out['bounding_boxes']['boxes'].dtype == 'float32'
    assert out['bounding_boxes']['boxes'].numpy()[1].tolist() == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, 9],
                                                                  [-1, -1, -1, -1], [-1, -1, -1, -1]]
    assert out['bounding_boxes']['labels'].numpy().tolist() == [[1, 2, 3, -1, -1], [4, 5, 6, -1, -1]]
    cut = keras.layers.MaxNumBoundingBoxes(2, bounding_box_format='xyxy')(
        {'images': IMAGES, 'bounding_boxes': BOXES}, training=False)
    assert cut['bounding_boxes']['boxes'].shape == (2, 2, 4)
    single = layer({'images': IMAGES[0], 'bounding_boxes': {'boxes': BOXES['boxes'][0], 'labels': BOXES['labels'][0]}})
    assert single['bounding_boxes']['labels'].numpy().tolist() == [1, 2, 3, -1, -1]
    assert single['images'].shape == (4, 4, 3)


def test_format_config_and_shapes():
    with pytest.raises(ValueError, match='bounding box format'):
        keras.layers.MaxNumBoundingBoxes(2)({'images': IMAGES, 'bounding_boxes': BOXES})
    layer = keras.layers.MaxNumBoundingBoxes(3, fill_value=0.5)
    assert list(layer.get_config())[3:] == ['data_format', 'max_number']      # Keras 3.15 drops fill_value
    assert layer.fill_value == 0
    assert layer(IMAGES).dtype == 'uint8' and layer(IMAGES.astype('float64')).dtype == 'float32'
    assert layer.compute_output_shape({'images': (2, 4, 4, 3), 'bounding_boxes': {'boxes': (2, 7, 4), 'labels': (2, 7)}}) \
        == {'images': (2, 4, 4, 3), 'bounding_boxes': {'boxes': [2, 3, 4], 'labels': [2, 3]}}
