"""keras.layers.RandAugment against Keras 3.15 on TensorFlow 2.21 (and RandomContrast's mean,
which RandAugment showed).

Golden values: /opt/tfref/bin/python, the same layers and seeds on X below, np.asarray(out)[...].tolist().
"""
import numpy as np

from framework import keras

X = ((np.arange(2 * 4 * 5 * 3) * 53) % 256).astype('float32').reshape(2, 4, 5, 3)


def test_picks_and_draws_follow_keras():
    out = keras.layers.RandAugment(seed=0)(X)
    assert out.dtype == 'float32'
    np.testing.assert_array_equal(out.numpy()[:, 1, :, 0], np.array(
        [[189.5662078857422, 210.00442504882812, 208.93386840820312, 177.1410675048828, 177.57655334472656],
         [183.6544952392578, 210.255126953125, 239.67111206054688, 253.36541748046875, 248.5002899169922]], 'float32'))
    out = keras.layers.RandAugment(seed=3)(X)
    np.testing.assert_array_equal(out.numpy()[:, 1, :, 0], np.array(
        [[5.655570983886719, 121.34442138671875, 69.65557098388672, 57.34442138671875, 121.34442138671875],
         [74.22341918945312, 84.77658081054688, 10.223419189453125, 106.22341918945312, 52.77658462524414]],
        'float32'))


def test_value_range_num_ops_and_factor_pair():
    layer = keras.layers.RandAugment(value_range=(0, 1), num_ops=3, factor=(0.2, 0.9), interpolation='nearest',
                                     seed=11)
    # picks contrast, auto-contrast, contrast: Keras's contrast averages over height, then width
    np.testing.assert_array_equal(layer(X / 255.0).numpy()[:, 2, :, 1], np.array(
        [[0.3119819164276123, 0.0, 1.0, 0.0, 1.0],
         [0.9710329174995422, 0.4356110394001007, 0.0, 0.7778394818305969, 0.24241766333580017]], 'float32'))
    assert list(layer.get_config())[3:] == ['data_format', 'value_range', 'num_ops', 'factor', 'interpolation',
                                            'seed']
    assert layer.get_config()['factor'] == (0.2, 0.9)
    assert layer(X.astype('uint8'), training=False).dtype == 'float32'


def test_seeded_program_draws_and_initialises_as_keras():
    keras.utils.set_random_seed(7)
    out = keras.layers.RandAugment()(X)
    np.testing.assert_array_equal(out.numpy()[:, 0, :, 2], np.array(
        [[65.67756652832031, 60.8110466003418, 57.84016418457031, 104.57027435302734, 89.4446792602539],
         [159.7626190185547, 119.00283813476562, 68.32754516601562, 131.65357971191406, 92.9442138671875]],
        'float32'))
    dense = keras.layers.Dense(2)
    dense.build((None, 2))      # RandAugment's twelve seed generators took their seeds before it
    np.testing.assert_array_equal(dense.kernel.numpy(), np.array(
        [[-0.014835476875305176, -0.764251708984375], [-0.4653211832046509, -0.26090139150619507]], 'float32'))


def test_masks_follow_geometric_picks():
    masks = (np.arange(2 * 4 * 5) % 3).astype('int32').reshape(2, 4, 5, 1)
    out = keras.layers.RandAugment(seed=3)({'images': X, 'segmentation_masks': masks, 'labels': np.arange(2)})
    assert sorted(out) == ['images', 'labels', 'segmentation_masks'] and out['segmentation_masks'].dtype == 'int32'


def test_random_contrast_averages_height_then_width():
    y = np.random.RandomState(0).uniform(0, 1, (3, 9, 13, 3)).astype('float32')
    out = keras.layers.RandomContrast(0.7, value_range=(0, 1), seed=5)(y)
    np.testing.assert_array_equal(out.numpy()[:, 4, :4, 1], np.array(
        [[0.5728219151496887, 0.706706166267395, 0.8829749822616577, 0.0],
         [0.09826642274856567, 0.248308926820755, 0.6816781759262085, 0.237585186958313],
         [0.27061909437179565, 0.14255836606025696, 1.0, 1.0]], 'float32'))
