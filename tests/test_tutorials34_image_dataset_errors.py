"""image_dataset_from_directory refuses bad color_mode / image_size / interpolation with Keras 3.15's
messages (the loader's name goes in a note), and both aspect-ratio options only once files are found,
as Keras's image loader does. Expected texts printed by TF 2.21 / Keras 3.15."""
import os

import numpy as np
import pytest

import framework as tf
from framework import keras


@pytest.fixture
def image_dir(tmp_path):
    rng = np.random.RandomState(0)
    for label in ('cats', 'dogs'):
        os.makedirs(tmp_path / label)
        for i in range(5):
            png = tf.io.encode_png(rng.randint(0, 255, (6, 6, 3)).astype('uint8'))
            tf.io.write_file(str(tmp_path / label / ('%d.png' % i)), png)
    return str(tmp_path)


@pytest.mark.parametrize('kwargs, text', [
    (dict(color_mode='gray'), '`color_mode` must be one of {"rgb", "rgba", "grayscale"}. Received: color_mode=gray'),
    (dict(image_size=(4,)), 'Invalid `image_size` value. Expected a tuple of 2 integers. Received: image_size=(4,)'),
    (dict(interpolation='cubic2'),
     "Argument `interpolation` should be one of ('bilinear', 'nearest', 'bicubic', 'area', 'lanczos3', 'lanczos5', "
     "'gaussian', 'mitchellcubic'). Received: interpolation=cubic2"),
])
def test_bad_arguments_word_keras_messages(image_dir, capsys, kwargs, text):
    with pytest.raises(ValueError) as info:
        keras.utils.image_dataset_from_directory(image_dir, seed=1, **kwargs)
    assert str(info.value) == text
    assert info.value.__notes__ == ['image_dataset_from_directory']
    assert capsys.readouterr().out == ''        # refused before the folder is listed


def test_both_aspect_ratio_options_refused_after_listing(image_dir, capsys):
    with pytest.raises(ValueError) as info:
        keras.utils.image_dataset_from_directory(image_dir, seed=1, crop_to_aspect_ratio=True, pad_to_aspect_ratio=True)
    assert str(info.value) == 'Only one of `pad_to_aspect_ratio`, `crop_to_aspect_ratio` can be set to `True`.'
    assert capsys.readouterr().out == 'Found 10 files belonging to 2 classes.\n'
