"""keras.layers.ContrastLimitedAdaptiveHistogramEqualization against Keras 3.15 on TensorFlow 2.21.

Golden values: /opt/tfref/bin/python, the same layer on X below, np.asarray(out)[...].tolist().
"""
import numpy as np
import pytest

from framework import keras

X = (np.arange(2 * 5 * 6 * 2) * 37 % 256).astype('float32').reshape(2, 5, 6, 2)


def test_padded_tiles_and_clip_limit():
    layer = keras.layers.ContrastLimitedAdaptiveHistogramEqualization(tile_grid_size=(2, 3), clip_limit=2.0)
    out = layer(X)
    assert out.dtype == 'float32' and out.shape == (2, 5, 6, 2)
    np.testing.assert_array_equal(out.numpy()[0, :, :, 0], np.array(
        [[0.0, 75.10651397705078, 148.61634826660156, 223.5526580810547, 40.11762619018555, 114.63517761230469],
         [188.63229370117188, 7.778326988220215, 80.55233001708984, 156.75244140625, 228.27053833007812,
          47.834957122802734],
         [121.12596893310547, 195.99447631835938, 13.177364349365234, 87.51082611083984, 161.2220001220703,
          234.93316650390625],
         [52.16453170776367, 127.55690002441406, 200.5531768798828, 19.293922424316406, 92.39208984375,
          167.49000549316406],
         [240.49090576171875, 59.770668029785156, 132.76712036132812, 207.3318634033203, 25.01752471923828,
          100.3356704711914]], 'float32'))
    np.testing.assert_array_equal(out.numpy()[1, 1, :, 1], np.array(
        [140.3648223876953, 216.8820037841797, 33.44697570800781, 109.96416473388672, 180.48245239257812, 255.0],
        'float32'))
    # integer images come back truncated in their dtype; training=False equalizes too (not random)
    ints = layer(X.astype('uint8'), training=False)
    assert ints.dtype == 'uint8'
    assert ints.numpy()[0, :2, :, 0].tolist() == [[0, 75, 148, 223, 40, 114], [188, 7, 80, 156, 228, 47]]


def test_value_range_and_single_image():
    layer = keras.layers.ContrastLimitedAdaptiveHistogramEqualization(value_range=(0, 1), tile_grid_size=(2, 2))
    out = layer(X[0] / 255.0)
    np.testing.assert_array_equal(out.numpy()[:2, :, 0], np.array(
        [[0.0, 0.3010016977787018, 0.5952045321464539, 0.8722852468490601, 0.15346106886863708, 0.4466899633407593],
         [0.7548062205314636, 0.036458659917116165, 0.33135268092155457, 0.6098158955574036, 0.8957514762878418,
          0.1862943172454834]], 'float32'))


def test_config_and_refusals():
    layer = keras.layers.ContrastLimitedAdaptiveHistogramEqualization(clip_limit=2.0, tile_grid_size=(3, 4))
    config = layer.get_config()
    assert list(config)[-4:] == ['data_format', 'value_range', 'clip_limit', 'tile_grid_size']
    assert (config['value_range'], config['clip_limit'], config['tile_grid_size']) == ((0, 255), 2.0, (3, 4))
    clone = type(layer).from_config(config)
    np.testing.assert_array_equal(clone(X).numpy(), layer(X).numpy())
    with pytest.raises(NotImplementedError, match='labels'):
        layer({'images': X, 'labels': np.array([0, 1])})
    with pytest.raises(ValueError, match='tile_grid_size'):
        keras.layers.ContrastLimitedAdaptiveHistogramEqualization(tile_grid_size=(0, 2))
