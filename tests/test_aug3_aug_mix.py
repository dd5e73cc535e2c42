"""keras.layers.AugMix against Keras 3.15 on TensorFlow 2.21.

Golden values: /opt/tfref/bin/python, the same layers and seeds on X below (after
keras.utils.set_random_seed(3): the chain steps are picked with Python's random), np.asarray(out)[...].tolist().
"""
import numpy as np
import pytest

from framework import keras

X = ((np.arange(2 * 4 * 5 * 3) * 53) % 256).astype('float32').reshape(2, 4, 5, 3)


def test_chains_mix_as_keras():
    keras.utils.set_random_seed(3)
    out = keras.layers.AugMix(seed=0)(X)
    assert out.dtype == 'float32'
    # one chain rotates: the rotation's float32 sin / cos carry TF's bits (Eigen's psincos)
    np.testing.assert_array_equal(out.numpy()[:, 1, :, 0], np.array(
        [[41.077213287353516, 178.86285400390625, 101.98692321777344, 222.57498168945312, 151.35507202148438],
         [132.2562713623047, 50.20610427856445, 197.9008026123047, 104.68621826171875, 11.76603889465332]],
        'float32'))
    layer = keras.layers.AugMix(value_range=(0, 1), num_chains=2, chain_depth=4, factor=(0.1, 0.8), alpha=0.5,
                                all_ops=False, interpolation='nearest', seed=11)
    np.testing.assert_array_equal(layer(X / 255.0).numpy()[:, 2, :, 1], np.array(
        [[0.15545864403247833, 0.2657715976238251, 0.5619930624961853, 0.10460768640041351, 0.4748150408267975],
         [0.4494701027870178, 0.24332746863365173, 0.03051057457923889, 0.3267320394515991, 0.2453751564025879]],
        'float32'))


def test_config_inference_and_boxes():
    layer = keras.layers.AugMix(value_range=(0, 1), num_chains=2, chain_depth=4, factor=(0.1, 0.8), alpha=0.5,
                                all_ops=False, interpolation='nearest', seed=11)
    assert list(layer.get_config().items())[3:] == [
        ('data_format', 'channels_last'), ('value_range', (0, 1)), ('num_chains', 2), ('chain_depth', 4),
        ('factor', (0.1, 0.8)), ('alpha', 0.5), ('all_ops', False), ('interpolation', 'nearest'), ('seed', 11)]
    assert layer(X.astype('uint8'), training=False).dtype == 'float32'
    boxes = {'boxes': np.ones((2, 1, 4), 'float32'), 'labels': np.ones((2, 1))}
    with pytest.raises(ValueError, match='bounding_box_format'):
        layer({'images': X, 'bounding_boxes': boxes})
    out = keras.layers.AugMix(bounding_box_format='xyxy', seed=1)({'images': X, 'bounding_boxes': boxes})
    assert out['bounding_boxes']['boxes'].numpy().tolist() == [[[1.0] * 4]] * 2        # kept, as Keras keeps them
