"""keras.utils.image_dataset_from_directory over PNG files (decoded in pure Python), as Keras 3.15."""
import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def image_dir(tmp_path):
    rng = np.random.default_rng(0)
    for name, count in (('cats', 3), ('dogs', 2)):
        (tmp_path / name).mkdir()
        for i in range(count):
            pixels = rng.integers(0, 256, (5 + i, 7, 3), dtype=np.uint8)
            (tmp_path / name / ('%d.png' % i)).write_bytes(tf.io.encode_png(pixels).numpy())
    (tmp_path / 'cats' / 'notes.txt').write_text('not an image')
    return tmp_path


def test_images_come_resized_as_float32_with_labels(image_dir):
    ds = keras.utils.image_dataset_from_directory(str(image_dir), image_size=(4, 6), batch_size=2, shuffle=False,
                                                  verbose=False)
    assert ds.class_names == ['cats', 'dogs'] and len(ds.file_paths) == 5
    assert ds.element_spec[0].shape == (None, 4, 6, 3) and ds.element_spec[1].dtype == tf.int32
    images, labels = [], []
    for x, y in ds:
        images.append(x.numpy())
        labels.extend(y.numpy().tolist())
    assert sorted(labels) == [0, 0, 0, 1, 1] and images[0].dtype == np.float32
    # each image is tf.image.resize of its decoded pixels (bilinear), as Keras's loader makes it
    first = tf.io.decode_png(open(ds.file_paths[0], 'rb').read(), channels=3)
    np.testing.assert_array_equal(images[0][0], tf.image.resize(first, (4, 6)).numpy())


def test_grey_validation_split_with_categorical_labels_and_crop(image_dir):
    train, val = keras.utils.image_dataset_from_directory(
        str(image_dir), image_size=(4, 4), batch_size=8, seed=1, validation_split=0.4, subset='both',
        color_mode='grayscale', label_mode='categorical', crop_to_aspect_ratio=True, verbose=False)
    assert len(train.file_paths) == 3 and len(val.file_paths) == 2
    x, y = next(iter(val))
    assert x.shape == (2, 4, 4, 1) and y.shape == (2, 2)
    assert not np.all(x.numpy() == np.round(x.numpy()))        # resized as floats, as Keras's smart_resize


def test_rgb_to_grey_uses_tensorflows_weights():
    # TF 2.21's decode_png(channels=1) of these RGB pixels
    pixels = np.array([[[95, 130, 194], [217, 207, 235], [15, 163, 33]]], np.uint8)
    grey = tf.io.decode_png(tf.io.encode_png(pixels), channels=1).numpy()[0, :, 0]
    assert grey.tolist() == [126, 213, 103]


def test_bad_arguments_name_the_function(image_dir):
    with pytest.raises(ValueError, match='color_mode'):
        keras.utils.image_dataset_from_directory(str(image_dir), color_mode='cmyk')
    with pytest.raises(ValueError, match='Only one of'):
        keras.utils.image_dataset_from_directory(str(image_dir), crop_to_aspect_ratio=True, pad_to_aspect_ratio=True)
    with pytest.raises(ValueError, match='image_size'):
        keras.utils.image_dataset_from_directory(str(image_dir), image_size=(1, 2, 3))
