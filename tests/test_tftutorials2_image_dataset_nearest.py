"""``image_dataset_from_directory(interpolation='nearest')`` keeps the decoded uint8 pixels, as Keras 3
does (tf.image.resize returns nearest-neighbour pixels in the input's dtype): TF 2.21 gives
TensorSpec(shape=(None, 30, 50, 3), dtype=tf.uint8) for the plain, cropped and padded loaders
(/work/notes/progs/tftutorials2/nearest.py); the other interpolations give float32.
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _folder(tmp_path):
    rng = np.random.RandomState(0)
    for name in ('a', 'b'):
        (tmp_path / name).mkdir(parents=True)
        for i in range(2):
            pixels = rng.randint(0, 256, size=(9 + i, 13, 3)).astype(np.uint8)
            (tmp_path / name / ('%d.png' % i)).write_bytes(tf.io.encode_png(pixels).numpy())
    return str(tmp_path)


@pytest.mark.parametrize('kwargs', [{}, {'crop_to_aspect_ratio': True}, {'pad_to_aspect_ratio': True}])
def test_nearest_keeps_uint8(tmp_path, kwargs):
    ds = keras.utils.image_dataset_from_directory(_folder(tmp_path), image_size=(6, 10), interpolation='nearest',
                                                  batch_size=4, shuffle=False, verbose=False, **kwargs)
    assert ds.element_spec[0].dtype == tf.uint8
    images, _ = next(iter(ds))
    assert images.dtype == tf.uint8 and images.shape == (4, 6, 10, 3)
    floats = keras.utils.image_dataset_from_directory(_folder(tmp_path / 'f'), image_size=(6, 10),
                                                      interpolation='bilinear', batch_size=4, shuffle=False,
                                                      verbose=False, **kwargs)
    assert floats.element_spec[0].dtype == tf.float32


def test_nearest_pixels_are_the_float_loaders_values(tmp_path):
    folder = _folder(tmp_path)
    images, _ = next(iter(keras.utils.image_dataset_from_directory(
        folder, image_size=(6, 10), interpolation='nearest', batch_size=4, shuffle=False, verbose=False)))
    source = tf.io.decode_png(tf.io.read_file(folder + '/a/0.png'))
    np.testing.assert_array_equal(images.numpy()[0], tf.image.resize(source, (6, 10), method='nearest').numpy())
